/**
 * A {@link RateLimitStore} on Redis, for several app instances: each request is one round trip, a
 * Lua script that counts (`INCR`), starts the window on the first request (`PEXPIRE`) and answers
 * the count with the time left (`PTTL`), atomically, so instances on one Redis enforce one limit.
 */
import { createHash } from 'node:crypto';
import { optionChecks, shown } from '../../core/options.js';
import type { RedisClient } from '../redis-client.js';
import type { RateLimitHit, RateLimitStore } from './store.js';

/** What {@link redisRateLimitStore} takes. */
export interface RedisRateLimitStoreOptions {
  /** A connected client (node-redis `createClient()`, or anything of {@link RedisClient}'s shape). */
  readonly client: RedisClient;
  /**
   * Put before every key, to keep them apart from the app's own, and one limiter's from another's.
   * @default 'fw:rate-limit:'
   */
  readonly prefix?: string;
}

/**
 * The count and the milliseconds left. A key without an expiry (left by something else, or whose
 * `PEXPIRE` was lost) is given the window again, so that no count lasts for ever.
 */
const SCRIPT = `local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) return {1, tonumber(ARGV[1])} end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) ttl = tonumber(ARGV[1]) end
return {n, ttl}`;
const SHA = createHash('sha1').update(SCRIPT).digest('hex');

class RedisStore implements RateLimitStore {
  readonly #client: RedisClient;
  readonly #prefix: string;

  constructor(client: RedisClient, prefix: string) {
    this.#client = client;
    this.#prefix = prefix;
  }

  async hit(key: string, windowMs: number): Promise<RateLimitHit> {
    const options = { keys: [this.#prefix + key], arguments: [String(windowMs)] };
    const client = this.#client as Required<RedisClient>;
    let answer: unknown;
    try {
      answer = await client.evalSha(SHA, options);
    } catch (err) {
      // Redis has not cached the script yet (a new or restarted server): once per server.
      if (!String((err as Error | undefined)?.message).startsWith('NOSCRIPT')) throw err;
      answer = await client.eval(SCRIPT, options);
    }
    if (!Array.isArray(answer) || answer.length !== 2) {
      throw new Error(`the rate limit script answered ${shown(answer)}, not [count, ttl]`);
    }
    return { count: Number(answer[0]), resetMs: Math.max(0, Number(answer[1])) };
  }
}

/**
 * Counts `rateLimit()`'s requests in Redis, so every instance of the app enforces one limit. The
 * app owns the client: it connects it before and closes it after the app. Give each limiter its
 * own `prefix`. With node-redis, `disableOfflineQueue: true` makes a request fail at once while
 * Redis is away, instead of waiting for `storeTimeoutMs` and being counted after it comes back.
 * @example
 * const redis = await createClient({ url: process.env.REDIS_URL, disableOfflineQueue: true }).connect();
 * rateLimit({ limit: 100, windowMs: 60_000, store: redisRateLimitStore({ client: redis }) });
 */
export function redisRateLimitStore(options: RedisRateLimitStoreOptions): RateLimitStore {
  const check = optionChecks('redisRateLimitStore');
  check.record('options', options, 'an object with client', ['client', 'prefix']);
  const { client } = options;
  if (
    typeof client !== 'object' ||
    client === null ||
    typeof client.eval !== 'function' ||
    typeof client.evalSha !== 'function'
  ) {
    check.invalid(
      'client',
      'a connected Redis client with eval and evalSha (node-redis createClient())',
      shown(client),
    );
  }
  const prefix = options.prefix ?? 'fw:rate-limit:';
  if (typeof prefix !== 'string') check.invalid('prefix', 'a string', shown(prefix));
  return new RedisStore(client, prefix);
}
