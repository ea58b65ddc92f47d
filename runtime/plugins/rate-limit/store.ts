/**
 * Where `rateLimit()` counts requests: the interface every store implements, and the default store
 * in the process's memory, bounded in keys and swept of the windows that have ended.
 */
import { optionChecks } from '../../core/options.js';

/** A key's count in its current window. */
export interface RateLimitHit {
  /** The requests counted in the window, this one included. */
  readonly count: number;
  /** Milliseconds until the window ends and the count starts again. */
  readonly resetMs: number;
}

/**
 * Counts requests per key in fixed windows. A store shared by several app instances (Redis) makes
 * them enforce one limit; {@link RateLimitStore.hit} must count and answer in one atomic step.
 */
export interface RateLimitStore {
  /**
   * Counts one request of `key`: the first one starts a window of `windowMs`. Answers the count
   * and the time left, at once (memory) or as a promise (a store over the network).
   */
  hit(key: string, windowMs: number): RateLimitHit | Promise<RateLimitHit>;
}

/** What {@link memoryRateLimitStore} takes. */
export interface MemoryRateLimitStoreOptions {
  /**
   * The most keys counted at once; past it the window that started first is forgotten (that key
   * starts again from 0).
   * @default 100000
   */
  readonly maxKeys?: number;
}

interface Window {
  count: number;
  readonly endsAt: number;
}

class MemoryStore implements RateLimitStore {
  /** In the order the windows started, so the first ends first (for one `windowMs`). */
  readonly #windows = new Map<string, Window>();
  readonly #max: number;

  constructor(max: number) {
    this.#max = max;
  }

  hit(key: string, windowMs: number): RateLimitHit {
    const now = Date.now();
    const windows = this.#windows;
    const open = windows.get(key);
    if (open !== undefined && open.endsAt > now) {
      open.count++;
      return { count: open.count, resetMs: open.endsAt - now };
    }
    if (open !== undefined) windows.delete(key);
    this.#sweep(now);
    windows.set(key, { count: 1, endsAt: now + windowMs });
    return { count: 1, resetMs: windowMs };
  }

  /**
   * Drops the windows that have ended from the front, where they are (each new window costs the
   * sweep of the one it outlives, no more); then, at the cap, the oldest one open.
   */
  #sweep(now: number): void {
    const windows = this.#windows;
    for (const [key, window] of windows) {
      if (window.endsAt > now) break;
      windows.delete(key);
    }
    if (windows.size < this.#max) return;
    const oldest = windows.keys().next();
    if (oldest.done !== true) windows.delete(oldest.value);
  }
}

/**
 * The store of one process, and `rateLimit()`'s default: right for one instance; several instances
 * behind a load balancer share one limit through {@link redisRateLimitStore}.
 * @example rateLimit({ limit: 100, windowMs: 60_000, store: memoryRateLimitStore({ maxKeys: 50_000 }) })
 */
export function memoryRateLimitStore(options: MemoryRateLimitStoreOptions = {}): RateLimitStore {
  const check = optionChecks('memoryRateLimitStore');
  check.record('options', options, 'an object', ['maxKeys']);
  return new MemoryStore(check.integer('maxKeys', options.maxKeys ?? 100_000, 1, 2 ** 30));
}
