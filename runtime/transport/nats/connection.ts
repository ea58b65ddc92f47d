/**
 * Opening the NATS connection: the client reconnects by itself, here with exponential backoff
 * and jitter between attempts (Spine v0.5.1's consumer rebuild policy), and reports what happens
 * to the connection to the logger.
 */
import type { ConnectionOptions, NatsConnection } from '@nats-io/transport-node';
import { connect } from '@nats-io/transport-node';
import { reconnectDelay } from '../shared/reconnect.js';
import type { ResolvedOptions } from './options.js';

/** Connects to `options.url`; rejects if the first connection fails. @internal */
export async function openConnection(options: ResolvedOptions): Promise<NatsConnection> {
  const { reconnect } = options;
  const attempts = { made: 0 };
  const settings: ConnectionOptions = {
    servers: options.url.split(',').map((s) => s.trim()),
    name: `fw:${options.group}`,
    reconnect: reconnect.maxAttempts > 0,
    // The client's "never give up" is -1.
    maxReconnectAttempts: Number.isFinite(reconnect.maxAttempts) ? reconnect.maxAttempts : -1,
    reconnectDelayHandler: () => reconnectDelay(reconnect, ++attempts.made),
  };
  const nc = await connect(settings);
  void watch(nc, options, attempts);
  return nc;
}

async function watch(
  nc: NatsConnection,
  options: ResolvedOptions,
  attempts: { made: number },
): Promise<void> {
  const { logger } = options;
  for await (const status of nc.status()) {
    if (status.type === 'disconnect') {
      logger.error(`fw: nats connection to ${status.server} lost; reconnecting`, undefined);
    } else if (status.type === 'reconnect') {
      attempts.made = 0;
      logger.error(`fw: nats connection to ${status.server} restored`, undefined);
    } else if (status.type === 'error') {
      logger.error('fw: nats connection error', status.error);
    }
  }
  const err = await nc.closed();
  if (err !== undefined) logger.error('fw: nats connection closed for good', err);
}
