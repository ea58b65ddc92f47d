/**
 * Which broker the example's events travel through: `FW_TRANSPORT=memory` (the default),
 * `rabbitmq` or `nats`, at `FW_RABBITMQ_URL` / `FW_NATS_URL` (the local servers by default). The
 * broker's names can be moved too, so that several copies of the example share a broker:
 * `FW_RABBITMQ_EXCHANGE` (`fw.example`), `FW_NATS_STREAM` (`FW_EXAMPLE`), `FW_NATS_SUBJECT_PREFIX`
 * (`fw.example`) and the consumer group `FW_EVENTS_GROUP` (`example`).
 */
import { inMemoryTransport, type Logger, type Transport } from 'fw';
import { natsTransport } from 'fw/transport/nats';
import { rabbitmqTransport } from 'fw/transport/rabbitmq';

/** The transports the example can run on. */
export const TRANSPORTS = ['memory', 'rabbitmq', 'nats'] as const;

/** The transport named by `env`; it logs to the app's logger. */
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
        group: env['FW_EVENTS_GROUP'] ?? 'example',
        exchange: env['FW_RABBITMQ_EXCHANGE'] ?? 'fw.example',
        logger,
      });
    case 'nats':
      return natsTransport({
        url: env['FW_NATS_URL'] ?? 'nats://127.0.0.1:4222',
        group: env['FW_EVENTS_GROUP'] ?? 'example',
        stream: env['FW_NATS_STREAM'] ?? 'FW_EXAMPLE',
        subjectPrefix: env['FW_NATS_SUBJECT_PREFIX'] ?? 'fw.example',
        logger,
      });
    default:
      throw new Error(`FW_TRANSPORT=${name} is not one of ${TRANSPORTS.join(', ')}`);
  }
}
