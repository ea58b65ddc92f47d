/**
 * `fw/transport/rabbitmq`: events through RabbitMQ (amqplib), at least once, shared by the
 * instances of a consumer group. See docs/transport-rabbitmq.md.
 */

export type { RetryOptions } from '../events/retry-policy.js';
export type { DeadLetterOptions, RabbitMqTransportOptions } from '../transport/rabbitmq/options.js';
export { RabbitMqTransport, rabbitmqTransport } from '../transport/rabbitmq/rabbitmq-transport.js';
export type { ReconnectOptions } from '../transport/shared/reconnect.js';
