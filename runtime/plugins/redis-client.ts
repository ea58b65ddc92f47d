/**
 * The few Redis commands fw's plug-ins need, as a structural interface: a client of the `redis`
 * package (node-redis 4 or 5, `createClient()`, connected) fits it as it is, and so does any
 * object with these methods (a cluster client, a test double). fw never opens the connection:
 * the app creates, connects and closes its client, and may share it with its own code.
 */

/** The options of `SET` that fw uses, spelled as node-redis takes them. */
export interface RedisSetOptions {
  /** Only when the key does not exist. */
  readonly NX?: boolean;
  /** Expires after this many milliseconds. */
  readonly PX?: number;
  /** Answers the value the key held before (Redis 6.2; with `NX`, Redis 7.0). */
  readonly GET?: boolean;
}

/** The keys and arguments of a script, spelled as node-redis 4 and 5 take them. */
export interface RedisScriptOptions {
  readonly keys: string[];
  readonly arguments: string[];
}

/**
 * A connected Redis client.
 * @example
 * import { createClient } from 'redis';
 * const redis = await createClient({ url: 'redis://127.0.0.1:6379' }).connect();
 */
export interface RedisClient {
  get(key: string): Promise<unknown>;
  set(key: string, value: string, options?: RedisSetOptions): Promise<unknown>;
  del(key: string): Promise<unknown>;
  /** Runs a Lua script (`EVAL`); the rate limiter's Redis store needs it. */
  eval?(script: string, options: RedisScriptOptions): Promise<unknown>;
  /** Runs a script Redis has cached by its SHA-1 (`EVALSHA`); fails with `NOSCRIPT` when it has not. */
  evalSha?(sha1: string, options: RedisScriptOptions): Promise<unknown>;
}
