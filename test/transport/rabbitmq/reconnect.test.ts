// Reconnection after the connection is cut: consumers resume, what was in flight is redelivered,
// and a publish made meanwhile waits for the new connection.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { anError } from '../../http/support.js';
import {
  admin,
  breakConnection,
  deleteAll,
  type Names,
  payload,
  publishRange,
  Recorder,
  type TestTransport,
  testTransport,
  uniqueNames,
  waitFor,
} from './support.js';

let names: Names;
let open: TestTransport[];

beforeEach(() => {
  names = uniqueNames();
  open = [];
});

afterEach(async () => {
  await Promise.all(open.map((t) => t.close()));
  await deleteAll([names.group, names.deadQueue], [names.exchange, names.deadExchange]);
});

function transport(options?: Parameters<typeof testTransport>[1]): TestTransport {
  const t = testTransport(names, options);
  open.push(t);
  return t;
}

/** The record of a connection lost for `err`: a warning, as the transport reconnects. */
const lost = (n: Names, err: unknown) => ({
  level: 'warn',
  msg: 'rabbitmq connection lost; reconnecting',
  fields: { group: n.group, err },
});

/** The record of a connection opened again. */
const restored = (n: Names) => ({
  level: 'info',
  msg: 'rabbitmq connection restored',
  fields: { group: n.group },
});

/** Why {@link breakConnection} ended the connection. */
const CUT = anError('read ECONNRESET (cut by the test)');

describe('rabbitmq transport: reconnection', () => {
  it('reconnects after the connection is cut and goes on consuming', async () => {
    const consumer = transport();
    const seen = new Recorder();
    await consumer.start(['order.placed'], async (d) => void seen.record(d));
    await publishRange(consumer, 'order.placed', 1);
    await waitFor('the first message', () => seen.hasAll(1));
    breakConnection(consumer);
    await waitFor('a new connection', () => consumer.connections.length === 2);
    const publisher = transport();
    await publishRange(publisher, 'order.placed', 3, 1);
    await waitFor('the messages after the reconnection', () => seen.hasAll(3));
    expect(consumer.logger.records).toEqual([lost(names, CUT), restored(names)]);
  });

  it('redelivers the message that was in flight when the connection was cut', async () => {
    const consumer = transport();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const seen = new Recorder();
    await consumer.start(['order.placed'], async (d) => {
      if (seen.record(d) === 0 && seen.counts.get(0) === 1) await gate;
    });
    await publishRange(consumer, 'order.placed', 1);
    await waitFor('the handler to start', () => seen.total === 1);
    breakConnection(consumer);
    release(); // its ack goes nowhere: the broker still holds the message
    await waitFor('the redelivery', () => seen.counts.get(0) === 2);
  });

  it('holds a publish made while the connection is down and sends it when back', async () => {
    const consumer = transport();
    const seen = new Recorder();
    await consumer.start(['order.placed'], async (d) => void seen.record(d));
    breakConnection(consumer);
    await consumer.publish('order.placed', payload(0));
    await waitFor('the message', () => seen.hasAll(1));
    expect(consumer.connections.length).toBe(2);
  });

  it('declares its queue again and resumes when the queue was deleted under it', async () => {
    const consumer = transport();
    const seen = new Recorder();
    await consumer.start(['order.placed'], async (d) => void seen.record(d));
    const model = await admin();
    try {
      await (await model.createChannel()).deleteQueue(names.group);
      // The broker cancels the consumer; the transport reconnects and declares the queue again.
      await waitFor('the queue to be back', async () => {
        const channel = await model.createChannel();
        channel.on('error', () => {});
        const found = await channel.checkQueue(names.group).then(
          (q) => q.consumerCount === 1,
          () => false,
        );
        await channel.close().catch(() => {});
        return found;
      });
    } finally {
      await model.close();
    }
    await publishRange(consumer, 'order.placed', 1);
    await waitFor('the message', () => seen.hasAll(1));
    const cancelled = `rabbitmq: the broker cancelled the consumer of '${names.group}'`;
    expect(consumer.logger.records).toEqual([lost(names, anError(cancelled)), restored(names)]);
  });

  it('gives up after reconnect.maxAttempts and rejects publish with the reason', async () => {
    const consumer = transport({
      reconnect: { initialDelayMs: 1, maxDelayMs: 5, maxAttempts: 2 },
    });
    await consumer.start(['order.placed'], async () => {});
    consumer.broker.down = true;
    breakConnection(consumer);
    const gaveUp = 'rabbitmq: gave up reconnecting after 2 attempts: broker unreachable';
    await expect(consumer.publish('order.placed', payload(0))).rejects.toThrow(gaveUp);
    const group = names.group;
    const attemptFailed = (attempt: number) => ({
      level: 'warn',
      msg: 'rabbitmq reconnection attempt failed',
      fields: { group, attempt, err: anError('broker unreachable') },
    });
    expect(consumer.logger.records).toEqual([
      lost(names, CUT),
      attemptFailed(1),
      attemptFailed(2),
      {
        level: 'error',
        msg: 'rabbitmq transport stopped',
        fields: { group, err: anError(gaveUp) },
      },
    ]);
  });
});
