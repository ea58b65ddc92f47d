/**
 * The per-request key/value store every execution context shares, with fw's reserved keys kept in
 * fields so `params()` and `get(PARAMS_KEY)` always answer the same content.
 */

import type { EventBus } from './event-bus.js';
import { DefaultEventBus } from './event-bus.js';
import {
  HAS_EVENT_BUS,
  PARAMS_KEY,
  PATH_KEYS_KEY,
  PATH_PARAM,
  RESPONSE_WRITER_KEY,
} from './keys.js';

const NO_PARAMS: Readonly<Record<string, string>> = Object.freeze(Object.create(null));
const NO_KEYS: readonly string[] = Object.freeze([]);

/** @internal The store behind `set`, `get` and `has`; the base of the concrete contexts. */
export class ContextStore {
  /**
   * The values set, as `[key, value, key, value, …]`: a request sets a few, and a list costs less
   * than a `Map` to make and to search at that size.
   */
  #values: unknown[] | undefined;
  /** Frozen, unless `route()` set it and nothing has handed it out yet (`#open`). */
  #params: Readonly<Record<string, string>> | undefined;
  #open = false;
  #pathKeys: readonly string[] | undefined;
  /** An HTTP request's `ResponseWriter` (`RESPONSE_WRITER_KEY`); the store only keeps it. */
  #writer: unknown;
  #bus: EventBus | undefined;

  constructor(writer?: unknown) {
    this.#writer = writer;
  }

  /** The execution's event bus, the same one on every call; created on first use. */
  eventBus(): EventBus {
    return (this.#bus ??= new DefaultEventBus());
  }

  /** @internal Whether `eventBus()` was ever called: when not, nothing can have been published. */
  [HAS_EVENT_BUS](): boolean {
    return this.#bus !== undefined;
  }

  params(): Readonly<Record<string, string>> {
    return this.#frozenParams() ?? NO_PARAMS;
  }

  /** @internal One path parameter, without freezing the params: see {@link PATH_PARAM}. */
  [PATH_PARAM](key: string): string | undefined {
    const params = this.#params;
    // Own properties only: a params object with a prototype must not answer `constructor`.
    return params !== undefined && Object.hasOwn(params, key) ? params[key] : undefined;
  }

  #frozenParams(): Readonly<Record<string, string>> | undefined {
    if (this.#open) {
      this.#open = false;
      Object.freeze(this.#params);
    }
    return this.#params;
  }

  pathKeys(): readonly string[] {
    return this.#pathKeys ?? NO_KEYS;
  }

  set(key: string, value: unknown): void {
    switch (key) {
      case PARAMS_KEY:
        this.#params = Object.freeze(Object.assign(Object.create(null), value));
        this.#open = false;
        return;
      case PATH_KEYS_KEY:
        this.#pathKeys = Object.freeze([...(value as string[])]);
        return;
      case RESPONSE_WRITER_KEY:
        this.#writer = value;
        return;
      default:
        this.#put(key, value);
    }
  }

  get<T = unknown>(key: string): T | undefined {
    switch (key) {
      case PARAMS_KEY:
        return this.#frozenParams() as T | undefined;
      case PATH_KEYS_KEY:
        return this.#pathKeys as T | undefined;
      case RESPONSE_WRITER_KEY:
        return this.#writer as T | undefined;
      default: {
        const at = this.#find(key);
        return (at === -1 ? undefined : this.#values?.[at + 1]) as T | undefined;
      }
    }
  }

  has(key: string): boolean {
    switch (key) {
      case PARAMS_KEY:
        return this.#params !== undefined;
      case PATH_KEYS_KEY:
        return this.#pathKeys !== undefined;
      case RESPONSE_WRITER_KEY:
        return this.#writer !== undefined;
      default:
        return this.#find(key) !== -1;
    }
  }

  /** Where `key` is in `#values`; -1 when it was never set. */
  #find(key: string): number {
    const values = this.#values;
    if (values === undefined) return -1;
    for (let i = 0; i < values.length; i += 2) if (values[i] === key) return i;
    return -1;
  }

  #put(key: string, value: unknown): void {
    const values = this.#values;
    // The first value makes a list of exactly two: pushing onto `[]` would grow it at once.
    if (values === undefined) this.#values = [key, value];
    else {
      const at = this.#find(key);
      if (at !== -1) values[at + 1] = value;
      else values.push(key, value);
    }
  }

  /**
   * @internal Sets the route's params and its frozen keys: the router's fast path. The params are
   * the router's fresh object, which nothing else holds: frozen when first handed out.
   */
  route(params: Record<string, string>, keys: readonly string[]): void {
    this.#params = params;
    this.#open = true;
    this.#pathKeys = keys;
  }
}
