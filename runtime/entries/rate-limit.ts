/** `fw/rate-limit`: limits on requests per client, user or API key, and the stores that count them. */

export { RateLimit, rateLimit } from '../plugins/rate-limit/rate-limit.js';
export type {
  RateLimitContext,
  RateLimitOptions,
} from '../plugins/rate-limit/rate-limit-options.js';
export {
  type RedisRateLimitStoreOptions,
  redisRateLimitStore,
} from '../plugins/rate-limit/redis-store.js';
export {
  type MemoryRateLimitStoreOptions,
  memoryRateLimitStore,
  type RateLimitHit,
  type RateLimitStore,
} from '../plugins/rate-limit/store.js';
export type { RedisClient, RedisScriptOptions } from '../plugins/redis-client.js';
