/** In-memory data for the example. */
import { randomUUID } from 'node:crypto';
import type { ExampleConfig } from './config.js';

export interface User {
  readonly id: number;
  readonly name: string;
  readonly email: string;
  readonly tags: readonly string[];
}

export class UserStore {
  readonly #users = new Map<number, User>();
  readonly #config: ExampleConfig;

  constructor(config: ExampleConfig) {
    this.#config = config;
  }

  /** Called once by `listen()`/`start()` before traffic: creates the configured admin. */
  onInit(): void {
    const { name, email } = this.#config.admin;
    if (this.#users.size === 0) this.add(name, email, ['admin']);
  }

  add(name: string, email: string, tags: readonly string[]): User {
    const user: User = { id: this.#users.size + 1, name, email, tags: [...tags] };
    this.#users.set(user.id, user);
    return user;
  }

  find(id: number): User | undefined {
    return this.#users.get(id);
  }

  findByEmail(email: string): User | undefined {
    return this.list().find((u) => u.email === email);
  }

  list(): User[] {
    return [...this.#users.values()];
  }
}

/** Who signed in, by session id: the value of the page's HttpOnly `sid` cookie. */
export class Sessions {
  readonly #users = new Map<string, User>();

  /** A new session of `user`; its id is unguessable. */
  open(user: User): string {
    const id = randomUUID();
    this.#users.set(id, user);
    return id;
  }

  find(id: string | undefined): User | undefined {
    return id === undefined ? undefined : this.#users.get(id);
  }

  close(id: string | undefined): void {
    if (id !== undefined) this.#users.delete(id);
  }
}

/** What the order consumer has seen, newest last. */
export class OrderLog {
  readonly entries: string[] = [];
  readonly #waiters: (() => void)[] = [];
  readonly #listeners: ((entry: string) => void)[] = [];

  /** Calls `listener` with every entry recorded from now on. */
  listen(listener: (entry: string) => void): void {
    this.#listeners.push(listener);
  }

  record(entry: string): void {
    this.entries.push(entry);
    for (const listener of this.#listeners) listener(entry);
    for (const wake of this.#waiters.splice(0)) wake();
  }

  /** Resolves once `count` entries were recorded. */
  async waitFor(count: number): Promise<void> {
    while (this.entries.length < count) await new Promise<void>((r) => this.#waiters.push(r));
  }
}
