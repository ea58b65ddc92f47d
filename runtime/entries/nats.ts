/**
 * `fw/transport/nats`: events through NATS JetStream, at least once, shared by the instances of
 * a consumer group. See docs/transport-nats.md.
 */

export type { RetryOptions } from '../events/retry-policy.js';
export { DEAD_LETTER_HEADERS } from '../transport/nats/dead-letter-headers.js';
export { NatsTransport, natsTransport } from '../transport/nats/nats-transport.js';
export type { NatsTransportOptions } from '../transport/nats/options.js';
export type { ReconnectOptions } from '../transport/shared/reconnect.js';
