/**
 * An {@link IdempotencyStore} on Redis, for several app instances: a key is reserved with one
 * `SET key record NX PX ttl GET`, which answers what the key held when it was taken already, so
 * that two instances never both run the request of one key.
 */
import { optionChecks, shown } from '../../core/options.js';
import type { RedisClient } from '../redis-client.js';
import type { IdempotencyStore } from './store.js';

/** What {@link redisIdempotencyStore} takes. */
export interface RedisIdempotencyStoreOptions {
  /** A connected client (node-redis `createClient()`, or anything of {@link RedisClient}'s shape). */
  readonly client: RedisClient;
  /** Put before every key, to keep them apart from the app's own. @default 'fw:idempotency:' */
  readonly prefix?: string;
}

class RedisStore implements IdempotencyStore {
  readonly #client: RedisClient;
  readonly #prefix: string;

  constructor(client: RedisClient, prefix: string) {
    this.#client = client;
    this.#prefix = prefix;
  }

  async reserve(key: string, record: string, ttlMs: number): Promise<string | undefined> {
    const held = await this.#client.set(this.#prefix + key, record, {
      NX: true,
      PX: ttlMs,
      GET: true,
    });
    return typeof held === 'string' ? held : undefined;
  }

  async save(key: string, record: string, ttlMs: number): Promise<void> {
    await this.#client.set(this.#prefix + key, record, { PX: ttlMs });
  }

  async release(key: string): Promise<void> {
    await this.#client.del(this.#prefix + key);
  }
}

/**
 * Keeps `idempotency()`'s keys in Redis (7.0 or later), so every instance of the app answers a
 * retry alike. The app owns the client: it connects it before and closes it after the app.
 * @example
 * const redis = await createClient({ url: process.env.REDIS_URL }).connect();
 * idempotency({ store: redisIdempotencyStore({ client: redis }) });
 */
export function redisIdempotencyStore(options: RedisIdempotencyStoreOptions): IdempotencyStore {
  const check = optionChecks('redisIdempotencyStore');
  check.record('options', options, 'an object with client', ['client', 'prefix']);
  const { client } = options;
  if (
    typeof client !== 'object' ||
    client === null ||
    typeof client.set !== 'function' ||
    typeof client.del !== 'function'
  ) {
    check.invalid('client', 'a connected Redis client (node-redis createClient())', shown(client));
  }
  const prefix = options.prefix ?? 'fw:idempotency:';
  if (typeof prefix !== 'string') check.invalid('prefix', 'a string', shown(prefix));
  return new RedisStore(client, prefix);
}
