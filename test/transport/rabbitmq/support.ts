// Shared by the RabbitMQ transport tests: unique broker names per test, their cleanup, a
// transport whose connections the test can break, and waiting on a condition.
import { randomBytes } from 'node:crypto';
import type { Socket } from 'node:net';
import { type ChannelModel, connect } from 'amqplib';
import { RabbitMqTransport, type RabbitMqTransportOptions } from 'fw/transport/rabbitmq';
import { quietLogger } from '../support.js';

export { payload, publishRange, quietLogger, Recorder, waitFor } from '../support.js';

/** The broker `.ci/services` starts. */
export const URL = 'amqp://guest:guest@127.0.0.1:5672';

/** Exchange and queue names no other test uses. */
export interface Names {
  readonly exchange: string;
  readonly group: string;
  readonly deadExchange: string;
  readonly deadQueue: string;
}

/** Fresh names; `groups` extra group names share the exchange. */
export function uniqueNames(): Names {
  const id = randomBytes(5).toString('hex');
  const exchange = `fw.test.${id}`;
  const group = `fw.test.${id}.group`;
  return { exchange, group, deadExchange: `${exchange}.dead`, deadQueue: `${group}.dead` };
}

/** Opens a plain connection for looking at and cleaning up the broker. */
export async function admin(): Promise<ChannelModel> {
  const model = await connect(URL);
  model.on('error', () => {});
  return model;
}

/** Deletes the queues and exchanges. Each on its own channel: a missing one closes a channel. */
export async function deleteAll(queues: string[], exchanges: string[]): Promise<void> {
  const model = await admin();
  try {
    for (const queue of queues) {
      const channel = await model.createChannel();
      channel.on('error', () => {});
      await channel.deleteQueue(queue).catch(() => {});
      await channel.close().catch(() => {});
    }
    for (const exchange of exchanges) {
      const channel = await model.createChannel();
      channel.on('error', () => {});
      await channel.deleteExchange(exchange).catch(() => {});
      await channel.close().catch(() => {});
    }
  } finally {
    await model.close();
  }
}

/** How many ready messages `queue` holds (not counting those delivered and unacknowledged). */
export async function readyCount(queue: string): Promise<number> {
  const model = await admin();
  try {
    const channel = await model.createChannel();
    return (await channel.checkQueue(queue)).messageCount;
  } finally {
    await model.close();
  }
}

/** Whether `queue` exists (an exclusive queue of another connection exists too). */
export async function queueExists(queue: string): Promise<boolean> {
  const model = await admin();
  try {
    const channel = await model.createChannel();
    channel.on('error', () => {});
    return await channel.checkQueue(queue).then(
      () => true,
      (err: Error) => !err.message.includes('NOT_FOUND'),
    );
  } finally {
    await model.close().catch(() => {});
  }
}

/** The broadcast queues `transport` declared, as it logged them, oldest first. */
export function broadcastQueues(transport: TestTransport): string[] {
  return transport.logger.records
    .filter((r) => r.msg === 'rabbitmq broadcast queue declared')
    .map((r) => String(r.fields['queue']));
}

/** A transport for `names`, reconnecting fast, whose connections the test can cut or refuse. */
export function testTransport(
  names: Names,
  options: Partial<RabbitMqTransportOptions> = {},
): TestTransport {
  const connections: ChannelModel[] = [];
  const logger = quietLogger();
  const broker = { down: false };
  const transport = new RabbitMqTransport({
    url: URL,
    group: names.group,
    exchange: names.exchange,
    reconnect: { initialDelayMs: 20, maxDelayMs: 200 },
    logger,
    connect: async (url) => {
      if (broker.down) throw new Error('broker unreachable');
      const model = await connect(url);
      connections.push(model);
      return model;
    },
    ...options,
  });
  return Object.assign(transport, { connections, logger, broker });
}

/** A {@link RabbitMqTransport} that records its connections and log. */
export type TestTransport = RabbitMqTransport & {
  readonly connections: ChannelModel[];
  readonly logger: ReturnType<typeof quietLogger>;
  /** While `down`, opening a connection fails as if the broker could not be reached. */
  readonly broker: { down: boolean };
};

/**
 * Cuts the transport's newest connection as a network failure would: the socket is destroyed with
 * an error (a bare `destroy()` emits neither `error` nor `end`, so nobody would notice until the
 * heartbeat timed out).
 */
export function breakConnection(transport: TestTransport): void {
  const model = transport.connections.at(-1);
  if (model === undefined) throw new Error('the transport has no connection to break');
  const socket = (model.connection as unknown as { stream: Socket }).stream;
  socket.destroy(
    Object.assign(new Error('read ECONNRESET (cut by the test)'), { code: 'ECONNRESET' }),
  );
}
