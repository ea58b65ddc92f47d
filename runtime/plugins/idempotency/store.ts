/**
 * Where `idempotency()` keeps its keys: the interface every store implements, and the default
 * store in the process's memory, bounded in entries and in time.
 */
import { optionChecks } from '../../core/options.js';

/**
 * Keeps one text record per key, each until its time runs out. A store shared by several app
 * instances (Redis) makes them agree on every key; {@link IdempotencyStore.reserve} must be atomic.
 */
export interface IdempotencyStore {
  /**
   * Stores `record` under `key` for `ttlMs` if the key holds nothing, and answers undefined; else
   * leaves the key as it is and answers what it holds. One atomic step.
   */
  reserve(key: string, record: string, ttlMs: number): Promise<string | undefined>;
  /** Stores `record` under `key` for `ttlMs`, replacing what it held. */
  save(key: string, record: string, ttlMs: number): Promise<void>;
  /** Forgets `key`. */
  release(key: string): Promise<void>;
}

/** What {@link memoryIdempotencyStore} takes. */
export interface MemoryIdempotencyStoreOptions {
  /**
   * The most keys kept; past it the oldest is forgotten first (a retry of its request then runs
   * again).
   * @default 10000
   */
  readonly maxEntries?: number;
}

interface Entry {
  readonly record: string;
  readonly expiresAt: number;
}

class MemoryStore implements IdempotencyStore {
  readonly #entries = new Map<string, Entry>();
  readonly #max: number;

  constructor(max: number) {
    this.#max = max;
  }

  async reserve(key: string, record: string, ttlMs: number): Promise<string | undefined> {
    const held = this.#live(key);
    if (held !== undefined) return held.record;
    this.#put(key, record, ttlMs);
    return undefined;
  }

  async save(key: string, record: string, ttlMs: number): Promise<void> {
    this.#put(key, record, ttlMs);
  }

  async release(key: string): Promise<void> {
    this.#entries.delete(key);
  }

  #live(key: string): Entry | undefined {
    const entry = this.#entries.get(key);
    if (entry === undefined || entry.expiresAt > Date.now()) return entry;
    this.#entries.delete(key);
    return undefined;
  }

  /** Stores the entry last in the map's order, so the map's first entry is always the oldest. */
  #put(key: string, record: string, ttlMs: number): void {
    const entries = this.#entries;
    entries.delete(key);
    if (entries.size >= this.#max) this.#evict();
    entries.set(key, { record, expiresAt: Date.now() + ttlMs });
  }

  /** Drops what has expired; when nothing has, the oldest entry. */
  #evict(): void {
    const now = Date.now();
    const entries = this.#entries;
    for (const [key, entry] of entries) if (entry.expiresAt <= now) entries.delete(key);
    if (entries.size < this.#max) return;
    const oldest = entries.keys().next();
    if (oldest.done !== true) entries.delete(oldest.value);
  }
}

/**
 * The store of one process, and `idempotency()`'s default: right for a single instance; several
 * instances behind a load balancer need a shared store ({@link redisIdempotencyStore}).
 * @example idempotency({ store: memoryIdempotencyStore({ maxEntries: 50_000 }) })
 */
export function memoryIdempotencyStore(
  options: MemoryIdempotencyStoreOptions = {},
): IdempotencyStore {
  const check = optionChecks('memoryIdempotencyStore');
  check.record('options', options, 'an object', ['maxEntries']);
  return new MemoryStore(check.integer('maxEntries', options.maxEntries ?? 10_000, 1, 2 ** 30));
}
