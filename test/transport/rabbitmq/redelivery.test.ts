// Redelivery after a handler error, and dead-lettering after maxDeliveries.
import type { Channel, ChannelModel, GetMessage } from 'amqplib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { anError } from '../../http/support.js';
import { type Disposition, eventFailed } from '../support.js';
import {
  admin,
  deleteAll,
  type Names,
  publishRange,
  Recorder,
  type TestTransport,
  testTransport,
  uniqueNames,
  waitFor,
} from './support.js';

let names: Names;
let open: TestTransport[];
let model: ChannelModel;
let channel: Channel;

beforeEach(async () => {
  names = uniqueNames();
  open = [];
  model = await admin();
  channel = await model.createChannel();
});

afterEach(async () => {
  await Promise.all(open.map((t) => t.close()));
  await model.close();
  await deleteAll([names.group, names.deadQueue], [names.exchange, names.deadExchange]);
});

function transport(options?: Parameters<typeof testTransport>[1]): TestTransport {
  const t = testTransport(names, options);
  open.push(t);
  return t;
}

const ready = async (queue: string) => (await channel.checkQueue(queue)).messageCount;

describe('rabbitmq transport: redelivery and dead letters', () => {
  it('redelivers a message whose handler failed until it succeeds', async () => {
    const consumer = transport({ maxDeliveries: 5 });
    const seen = new Recorder();
    await consumer.start(['order.placed'], async (d) => {
      const id = seen.record(d);
      if (id === 1 && (seen.counts.get(1) ?? 0) < 3) throw new Error(`order ${id} not yet`);
    });
    await publishRange(consumer, 'order.placed', 3);
    await waitFor('order 1 to succeed', () => seen.counts.get(1) === 3 && seen.hasAll(3));
    await consumer.close();
    expect([...seen.counts].sort()).toEqual([
      [0, 1],
      [1, 3],
      [2, 1],
    ]);
    expect([await ready(names.group), await ready(names.deadQueue)]).toEqual([0, 0]);
    const failed = (attempt: number) =>
      eventFailed({
        event: 'order.placed',
        group: names.group,
        attempt,
        maxAttempts: 5,
        disposition: 'redelivered',
        err: anError('order 1 not yet'),
      });
    expect(consumer.logger.records).toEqual([failed(1), failed(2)]);
  });

  it('dead-letters a message after maxDeliveries failed deliveries; the others go on', async () => {
    const consumer = transport({ maxDeliveries: 3 });
    const seen = new Recorder();
    await consumer.start(['order.placed'], async (d) => {
      if (seen.record(d) === 0) throw new Error('poison');
    });
    await publishRange(consumer, 'order.placed', 5);
    await waitFor('the dead letter', async () => (await ready(names.deadQueue)) === 1);
    await waitFor('the other orders', () => seen.hasAll(5));
    await consumer.close();
    expect(seen.counts.get(0)).toBe(3);
    expect(seen.total).toBe(7);
    const dead = (await channel.get(names.deadQueue, { noAck: true })) as GetMessage;
    expect(JSON.parse(dead.content.toString())).toEqual({ id: 0 });
    const death = dead.properties.headers?.['x-death']?.[0];
    expect([death?.reason, death?.['routing-keys']]).toEqual(['delivery_limit', ['order.placed']]);
    const failed = (attempt: number, disposition: Disposition) =>
      eventFailed({
        event: 'order.placed',
        group: names.group,
        attempt,
        maxAttempts: 3,
        disposition,
        ...(disposition === 'dead-lettered' ? { deadLetterTo: names.deadExchange } : {}),
        err: anError('poison'),
      });
    expect(consumer.logger.records).toEqual([
      failed(1, 'redelivered'),
      failed(2, 'redelivered'),
      failed(3, 'dead-lettered'),
    ]);
    expect(await ready(names.group)).toBe(0);
  });

  it('dead-letters at the first failure with maxDeliveries 1', async () => {
    const consumer = transport({ maxDeliveries: 1 });
    const seen = new Recorder();
    await consumer.start(['order.placed'], async (d) => {
      seen.record(d);
      throw new Error('always');
    });
    await publishRange(consumer, 'order.placed', 2);
    await waitFor('both dead letters', async () => (await ready(names.deadQueue)) === 2);
    expect([seen.counts.get(0), seen.counts.get(1)]).toEqual([1, 1]);
  });
});
