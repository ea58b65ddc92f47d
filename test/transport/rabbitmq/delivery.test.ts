// Delivery and publisher confirms, with the transport used directly.
import type { ChannelModel } from 'amqplib';
import type { Delivery } from 'fw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  admin,
  deleteAll,
  type Names,
  payload,
  publishRange,
  readyCount,
  type TestTransport,
  testTransport,
  uniqueNames,
  waitFor,
} from './support.js';

let names: Names;
let open: TestTransport[];
let extraQueues: string[];

beforeEach(() => {
  names = uniqueNames();
  open = [];
  extraQueues = [];
});

afterEach(async () => {
  await Promise.all(open.map((t) => t.close()));
  await deleteAll(
    [names.group, names.deadQueue, ...extraQueues],
    [names.exchange, names.deadExchange],
  );
});

function transport(options?: Parameters<typeof testTransport>[1]): TestTransport {
  const t = testTransport(names, options);
  open.push(t);
  return t;
}

describe('rabbitmq transport: delivery', () => {
  it('delivers a published message with its event name and payload, once; acks it', async () => {
    const consumer = transport();
    const got: Delivery[] = [];
    await consumer.start(['order.placed'], async (d) => void got.push(d));
    await consumer.publish('order.placed', payload(7));
    await waitFor('the delivery', () => got.length === 1);
    expect(got[0]?.eventName).toBe('order.placed');
    expect(JSON.parse(Buffer.from(got[0]?.payload ?? []).toString())).toEqual({ id: 7 });
    await consumer.close();
    expect(await readyCount(names.group)).toBe(0);
    expect(got).toHaveLength(1);
  });

  it('delivers only the event names the app consumes', async () => {
    const consumer = transport();
    const got: string[] = [];
    await consumer.start(['order.placed'], async (d) => void got.push(d.eventName));
    await consumer.publish('order.cancelled', payload(1));
    await consumer.publish('order.placed', payload(2));
    await waitFor('order.placed', () => got.length > 0);
    // One queue, one consumer, in order: had order.cancelled been routed, it would have come first.
    expect(got).toEqual(['order.placed']);
  });

  it('resolves publish only once the broker has the message', async () => {
    const consumer = transport();
    await consumer.start(['order.placed'], async () => {});
    await consumer.close(); // the group's queue stays, with nobody consuming
    const publisher = transport();
    await publishRange(publisher, 'order.placed', 25);
    expect(await readyCount(names.group)).toBe(25);
  });

  it('rejects publish when the broker refuses the message', async () => {
    const full = `${names.group}.full`;
    extraQueues.push(full);
    const model: ChannelModel = await admin();
    try {
      const channel = await model.createChannel();
      await channel.assertExchange(names.exchange, 'topic', { durable: true });
      await channel.assertQueue(full, {
        arguments: { 'x-max-length': 0, 'x-overflow': 'reject-publish' },
      });
      await channel.bindQueue(full, names.exchange, 'order.placed');
    } finally {
      await model.close();
    }
    const publisher = transport();
    await expect(publisher.publish('order.placed', payload(1))).rejects.toThrow(
      'rabbitmq: the broker refused event order.placed (nack)',
    );
  });

  it('rejects publish after close, naming the event', async () => {
    const publisher = transport();
    await publisher.publish('order.placed', payload(1));
    await publisher.close();
    await expect(publisher.publish('order.placed', payload(2))).rejects.toThrow(
      'rabbitmq transport is closed; event order.placed not sent',
    );
  });

  it('rejects start, naming the cause, when the exchange exists with another type', async () => {
    const model: ChannelModel = await admin();
    try {
      await (await model.createChannel()).assertExchange(names.exchange, 'fanout');
    } finally {
      await model.close();
    }
    const t = transport();
    await expect(t.start(['order.placed'], async () => {})).rejects.toThrow(
      /PRECONDITION_FAILED - inequivalent arg 'type' for exchange/,
    );
  });

  it("rejects start, saying what to do, when the group's queue exists with other arguments", async () => {
    const model: ChannelModel = await admin();
    try {
      await (await model.createChannel()).assertQueue(names.group); // a classic queue
    } finally {
      await model.close();
    }
    const t = transport();
    for (let attempt = 0; attempt < 2; attempt++) {
      await expect(t.start(['order.placed'], async () => {})).rejects.toThrow(
        `rabbitmq: cannot declare queue '${names.group}': Operation failed: QueueDeclare; ` +
          '406 (PRECONDITION-FAILED)',
      );
    }
  });

  it('rejects start when the broker cannot be reached', async () => {
    const t = transport({ url: 'amqp://guest:guest@127.0.0.1:1' });
    await expect(t.start(['order.placed'], async () => {})).rejects.toThrow(/ECONNREFUSED/);
  });
});
