/**
 * `fw/transport/rabbitmq`: events through RabbitMQ (amqplib), at least once, shared by the
 * instances of a consumer group. See docs/transport-rabbitmq.md.
 */
import type { Transport } from '../../events/transport.js';
import type { RabbitMqTransportOptions } from './options.js';
import { RabbitMqTransport } from './rabbitmq-transport.js';

export type { ReconnectOptions } from '../shared/reconnect.js';
export type { DeadLetterOptions, RabbitMqTransportOptions } from './options.js';
export { RabbitMqTransport } from './rabbitmq-transport.js';

/**
 * A {@link Transport} over RabbitMQ for `createApp({ transport })`.
 * @example
 * const transport = rabbitmqTransport({ url: 'amqp://127.0.0.1:5672', group: 'billing' });
 * const app = createApp({ bindings, transport });
 * @see docs/transport-rabbitmq.md
 */
export function rabbitmqTransport(options: RabbitMqTransportOptions): Transport {
  return new RabbitMqTransport(options);
}
