/** In-memory data for the example. */
export interface User {
  readonly id: number;
  readonly name: string;
  readonly email: string;
  readonly tags: readonly string[];
}

export class UserStore {
  readonly #users = new Map<number, User>();

  add(name: string, email: string, tags: readonly string[]): User {
    const user: User = { id: this.#users.size + 1, name, email, tags: [...tags] };
    this.#users.set(user.id, user);
    return user;
  }

  find(id: number): User | undefined {
    return this.#users.get(id);
  }

  list(): User[] {
    return [...this.#users.values()];
  }
}

/** What the order consumer has seen, newest last. */
export class OrderLog {
  readonly entries: string[] = [];
  readonly #waiters: (() => void)[] = [];
  readonly #onRecord: (entry: string) => void;

  constructor(onRecord: (entry: string) => void = () => {}) {
    this.#onRecord = onRecord;
  }

  record(entry: string): void {
    this.entries.push(entry);
    this.#onRecord(entry);
    for (const wake of this.#waiters.splice(0)) wake();
  }

  /** Resolves once `count` entries were recorded. */
  async waitFor(count: number): Promise<void> {
    while (this.entries.length < count) await new Promise<void>((r) => this.#waiters.push(r));
  }
}
