/**
 * Which broker the example's events travel through: `FW_TRANSPORT=memory` (the default),
 * `rabbitmq` or `nats`, at `FW_RABBITMQ_URL` / `FW_NATS_URL` (the local servers by default).
 */
import { inMemoryTransport, type Logger, type Transport } from 'fw';
import { natsTransport } from 'fw/transport/nats';
import { rabbitmqTransport } from 'fw/transport/rabbitmq';

/** The transports the example can run on. */
export const TRANSPORTS = ['memory', 'rabbitmq', 'nats'] as const;

/** The transport named by `env`, for the consumer group `example`; it logs to the app's logger. */
export function transportFromEnv(
  env: Readonly<Record<string, string | undefined>>,
  logger?: Logger,
): Transport {
  const name = env['FW_TRANSPORT'] ?? 'memory';
  switch (name) {
    case 'memory':
      return inMemoryTransport({ logger });
    case 'rabbitmq':
      return rabbitmqTransport({
        url: env['FW_RABBITMQ_URL'] ?? 'amqp://guest:guest@127.0.0.1:5672',
        group: 'example',
        exchange: 'fw.example',
        logger,
      });
    case 'nats':
      return natsTransport({
        url: env['FW_NATS_URL'] ?? 'nats://127.0.0.1:4222',
        group: 'example',
        stream: 'FW_EXAMPLE',
        subjectPrefix: 'fw.example',
        logger,
      });
    default:
      throw new Error(`FW_TRANSPORT=${name} is not one of ${TRANSPORTS.join(', ')}`);
  }
}
