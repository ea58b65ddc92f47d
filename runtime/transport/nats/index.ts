/**
 * `fw/transport/nats`: events through NATS JetStream, at least once, shared by the instances of
 * a consumer group. See docs/transport-nats.md.
 */
import type { Transport } from '../../events/transport.js';
import { NatsTransport } from './nats-transport.js';
import type { NatsTransportOptions } from './options.js';

export type { ReconnectOptions } from '../shared/reconnect.js';
export { DEAD_LETTER_HEADERS } from './dead-letter.js';
export { NatsTransport } from './nats-transport.js';
export type { NatsTransportOptions } from './options.js';

/**
 * A {@link Transport} over NATS JetStream for `createApp({ transport })`.
 * @example
 * const transport = natsTransport({ url: 'nats://127.0.0.1:4222', group: 'billing' });
 * const app = createApp({ bindings, transport });
 * @see docs/transport-nats.md
 */
export function natsTransport(options: NatsTransportOptions): Transport {
  return new NatsTransport(options);
}
