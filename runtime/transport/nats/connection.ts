/**
 * Opening the NATS connection: the client reconnects by itself, here with exponential backoff
 * and jitter between attempts (`reconnect.ts`), and reports what happens
 * to the connection to the logger, keeping whether it is connected now.
 */
import type { ConnectionOptions, NatsConnection } from '@nats-io/transport-node';
import { log } from '../../core/log/logger.js';
import { reconnectDelay } from '../shared/reconnect.js';
import { loadNatsLibrary } from './library.js';
import type { ResolvedOptions } from './options.js';

/** An open connection and whether it reaches the server now. @internal */
export interface Connection {
  readonly nc: NatsConnection;
  /** False from a disconnection until the client has reconnected, and once closed. */
  connected(): boolean;
}

/** Connects to `options.url`; rejects if the first connection fails. @internal */
export async function openConnection(options: ResolvedOptions): Promise<Connection> {
  const { reconnect } = options;
  const state = { attempts: 0, connected: true };
  const settings: ConnectionOptions = {
    servers: options.url.split(',').map((s) => s.trim()),
    name: `fw:${options.group}`,
    reconnect: reconnect.maxAttempts > 0,
    // The client's "never give up" is -1.
    maxReconnectAttempts: Number.isFinite(reconnect.maxAttempts) ? reconnect.maxAttempts : -1,
    reconnectDelayHandler: () => reconnectDelay(reconnect, ++state.attempts),
  };
  const nc = await (await loadNatsLibrary()).nats.connect(settings);
  void watch(nc, options, state);
  return { nc, connected: () => state.connected && !nc.isClosed() };
}

async function watch(
  nc: NatsConnection,
  options: ResolvedOptions,
  state: { attempts: number; connected: boolean },
): Promise<void> {
  const group = options.group;
  for await (const status of nc.status()) {
    if (status.type === 'disconnect') {
      state.connected = false;
      const fields = { group, server: status.server };
      log(options.logger, 'warn', fields, 'nats connection lost; reconnecting');
    } else if (status.type === 'reconnect') {
      state.attempts = 0;
      state.connected = true;
      const fields = { group, server: status.server };
      log(options.logger, 'info', fields, 'nats connection restored');
    } else if (status.type === 'error') {
      log(options.logger, 'warn', { group, err: status.error }, 'nats connection error');
    }
  }
  state.connected = false;
  const err = await nc.closed();
  if (err !== undefined) {
    log(options.logger, 'error', { group, err }, 'nats connection closed for good');
  }
}
