/** `fw/idempotency`: safe retries with the `Idempotency-Key` request header, and its stores. */

export type { PublishSettlement } from '../core/pipeline/publish-outcome.js';
export { PublishOutcomeUnknownError } from '../core/pipeline/publish-outcome.js';
export { idempotency, REPLAYED_HEADER } from '../plugins/idempotency/idempotency.js';
export type { IdempotencyOptions } from '../plugins/idempotency/idempotency-options.js';
export {
  type RedisIdempotencyStoreOptions,
  redisIdempotencyStore,
} from '../plugins/idempotency/redis-store.js';
export {
  type IdempotencyStore,
  type MemoryIdempotencyStoreOptions,
  memoryIdempotencyStore,
} from '../plugins/idempotency/store.js';
export type { RedisClient, RedisSetOptions } from '../plugins/redis-client.js';
