/**
 * The per-request key/value store every execution context shares, with fw's reserved keys kept in
 * fields so `params()` and `get(PARAMS_KEY)` always answer the same content.
 */
import { DefaultEventBus } from '../core/event-bus.js';
import { HAS_EVENT_BUS, PARAMS_KEY, PATH_KEYS_KEY, RESPONSE_WRITER_KEY } from '../core/keys.js';
import type { EventBus, ResponseWriter } from '../core/types.js';

const NO_PARAMS: Readonly<Record<string, string>> = Object.freeze(Object.create(null));
const NO_KEYS: readonly string[] = Object.freeze([]);

/** @internal The store behind `set`, `get` and `has`; the base of the concrete contexts. */
export class ContextStore {
  #values: Map<string, unknown> | undefined;
  #params: Readonly<Record<string, string>> | undefined;
  #pathKeys: readonly string[] | undefined;
  #writer: ResponseWriter | undefined;
  #bus: EventBus | undefined;

  constructor(writer?: ResponseWriter) {
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
    return this.#params ?? NO_PARAMS;
  }

  pathKeys(): readonly string[] {
    return this.#pathKeys ?? NO_KEYS;
  }

  set(key: string, value: unknown): void {
    switch (key) {
      case PARAMS_KEY:
        this.#params = Object.freeze(Object.assign(Object.create(null), value));
        return;
      case PATH_KEYS_KEY:
        this.#pathKeys = Object.freeze([...(value as string[])]);
        return;
      case RESPONSE_WRITER_KEY:
        this.#writer = value as ResponseWriter;
        return;
      default:
        (this.#values ??= new Map()).set(key, value);
    }
  }

  get<T = unknown>(key: string): T | undefined {
    switch (key) {
      case PARAMS_KEY:
        return this.#params as T | undefined;
      case PATH_KEYS_KEY:
        return this.#pathKeys as T | undefined;
      case RESPONSE_WRITER_KEY:
        return this.#writer as T | undefined;
      default:
        return this.#values?.get(key) as T | undefined;
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
        return this.#values?.has(key) ?? false;
    }
  }

  /** @internal Sets the route's params (frozen here) and its frozen keys: the router's fast path. */
  route(params: Record<string, string>, keys: readonly string[]): void {
    this.#params = Object.freeze(params);
    this.#pathKeys = keys;
  }
}
