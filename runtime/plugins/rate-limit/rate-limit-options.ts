/**
 * The options of `rateLimit()`, their defaults and their checks: every mistake fails `rateLimit()`
 * itself with `FW_ERR_INVALID_OPTION` naming `rateLimit.<option>`, before the app starts.
 */
import { jsonLogger } from '../../core/log/json-logger.js';
import type { Logger } from '../../core/log/logger.js';
import { optionChecks, shown } from '../../core/options.js';
import type { ExecutionContext } from '../../core/pipeline/execution-context.js';
import type { WebSocketHandshakeContext } from '../../core/request/ws-request-snapshot.js';
import { memoryRateLimitStore, type RateLimitStore } from './store.js';

/** What a `key` function is given: a request or message, or a WebSocket upgrade request. */
export type RateLimitContext = ExecutionContext | WebSocketHandshakeContext;

/** What `rateLimit()` takes. */
export interface RateLimitOptions {
  /** How many requests one key may make in a window. */
  readonly limit: number;
  /** The window, in milliseconds: a key's count starts at its first request and ends with it. */
  readonly windowMs: number;
  /**
   * Whose requests count together: a user id, an API key. Undefined or `''` falls back to the
   * client's address (`clientAddress()`, which `trustProxy` decides), also the default.
   */
  readonly key?: (ctx: RateLimitContext) => string | undefined;
  /** Where the counts are kept. @default memoryRateLimitStore() */
  readonly store?: RateLimitStore;
  /**
   * What a request gets while the store fails or does not answer within `storeTimeoutMs`: served
   * without a limit (`'allow'`), or 503 `FW_ERR_RATE_LIMIT_STORE` (`'refuse'`). @default 'allow'
   */
  readonly onStoreError?: 'allow' | 'refuse';
  /** How long a request waits for the store. @default 1000 */
  readonly storeTimeoutMs?: number;
  /** Where an outage of the store, and its end, are logged (once each). @default jsonLogger() */
  readonly logger?: Logger;
}

/** The options checked, with their defaults and the texts built once. */
export interface RateLimitConfig {
  readonly limit: number;
  readonly limitText: string;
  readonly windowMs: number;
  /** The window as the 429's detail says it: `60 s`. */
  readonly windowText: string;
  readonly key: ((ctx: RateLimitContext) => string | undefined) | undefined;
  readonly store: RateLimitStore;
  readonly refuse: boolean;
  readonly storeTimeoutMs: number;
  readonly logger: Logger;
}

const KEYS = ['limit', 'windowMs', 'key', 'store', 'onStoreError', 'storeTimeoutMs', 'logger'];
/** The longest delay `setTimeout` keeps. */
const MAX_TIMER_MS = 2_147_483_647;

/** Checks `options`, throwing `FW_ERR_INVALID_OPTION` for the first thing wrong. */
export function rateLimitConfig(options: RateLimitOptions): RateLimitConfig {
  const check = optionChecks('rateLimit');
  check.record('options', options, 'an object with limit and windowMs', KEYS);
  const limit = check.integer('limit', options.limit, 1, 2 ** 31);
  const windowMs = check.integer('windowMs', options.windowMs, 1, MAX_TIMER_MS);
  const { key, store = memoryRateLimitStore(), onStoreError = 'allow', logger } = options;
  if (key !== undefined && typeof key !== 'function') {
    check.invalid('key', 'a function of the request context', shown(key));
  }
  if (typeof store?.hit !== 'function') {
    check.invalid(
      'store',
      'a rate limit store (memoryRateLimitStore(), redisRateLimitStore())',
      shown(store),
    );
  }
  if (onStoreError !== 'allow' && onStoreError !== 'refuse') {
    check.invalid('onStoreError', "'allow' or 'refuse'", shown(onStoreError));
  }
  if (logger !== undefined && (typeof logger !== 'object' || typeof logger?.warn !== 'function')) {
    check.invalid(
      'logger',
      'a logger with warn and info methods (pino, jsonLogger())',
      shown(logger),
    );
  }
  const seconds = windowMs / 1000;
  return {
    limit,
    limitText: String(limit),
    windowMs,
    windowText: Number.isInteger(seconds) ? `${seconds} s` : `${windowMs} ms`,
    key,
    store,
    refuse: onStoreError === 'refuse',
    storeTimeoutMs: check.integer(
      'storeTimeoutMs',
      options.storeTimeoutMs ?? 1000,
      1,
      MAX_TIMER_MS,
    ),
    logger: logger ?? jsonLogger(),
  };
}
