// Retries with delays (the retry option): the waits held in delay queues on the broker, the
// attempt count carried by the copies, the dead letter after the last, and a wait that outlives
// the instance that failed.
import { performance } from 'node:perf_hooks';
import type { Channel, ChannelModel } from 'amqplib';
import type { Delivery } from 'fw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  admin,
  deleteAll,
  type Names,
  payload,
  type TestTransport,
  testTransport,
  uniqueNames,
  waitFor,
} from './support.js';

// The broker expires a message no sooner than its TTL; the slack above is generous (a loaded host).
const SLACK_MS = 3000;
const EVENT = 'order.placed';

let names: Names;
let open: TestTransport[];
let model: ChannelModel;
let channel: Channel;
let retryQueues: string[];

beforeEach(async () => {
  names = uniqueNames();
  open = [];
  retryQueues = [];
  model = await admin();
  channel = await model.createChannel();
});

afterEach(async () => {
  await Promise.all(open.map((t) => t.close()));
  await model.close();
  const queues = [names.group, names.deadQueue, ...retryQueues];
  await deleteAll(queues, [names.exchange, names.deadExchange]);
});

function transport(options: Parameters<typeof testTransport>[1]): TestTransport {
  const t = testTransport(names, options);
  open.push(t);
  return t;
}

/** Each delivery's attempt and when it started. */
function recording() {
  const seen: { at: number; attempt: Delivery['attempt']; eventName: string }[] = [];
  const record = (d: Delivery) => {
    seen.push({ at: performance.now(), attempt: d.attempt, eventName: d.eventName });
  };
  const gaps = () => seen.slice(1).map((s, i) => s.at - (seen[i]?.at ?? 0));
  return { seen, record, gaps };
}

const ready = async (queue: string) => (await channel.checkQueue(queue)).messageCount;

describe('rabbitmq transport: retry with delays', () => {
  it('waits each backoff between deliveries, then dead-letters after the last', async () => {
    retryQueues = [`${names.group}.retry.200`, `${names.group}.retry.400`];
    const consumer = transport({ retry: { attempts: 3, backoff: [200, 400] } });
    const { seen, record, gaps } = recording();
    await consumer.start([EVENT], async (d) => {
      record(d);
      throw new Error('dependency down');
    });
    await consumer.publish(EVENT, payload(7));
    await waitFor('the dead letter', async () => (await ready(names.deadQueue)) === 1);
    expect(seen.map((s) => [s.eventName, s.attempt])).toEqual([
      [EVENT, { number: 1, max: 3, deadLetter: true }],
      [EVENT, { number: 2, max: 3, deadLetter: true }],
      [EVENT, { number: 3, max: 3, deadLetter: true }],
    ]);
    const [first, second] = gaps();
    expect(first).toBeGreaterThanOrEqual(200);
    expect(first).toBeLessThan(200 + SLACK_MS);
    expect(second).toBeGreaterThanOrEqual(400);
    expect(second).toBeLessThan(400 + SLACK_MS);
    console.log(`rabbitmq retry gaps (ms) for backoff 200, 400: ${gaps().map(Math.round)}`);
    expect(consumer.logger.records.map((r) => r.fields['disposition'])).toEqual([
      'redelivered',
      'redelivered',
      'dead-lettered',
    ]);
    const dead = await channel.get(names.deadQueue, { noAck: true });
    if (dead === false) throw new Error('no dead letter');
    expect(JSON.parse(dead.content.toString())).toEqual(
      JSON.parse(Buffer.from(payload(7)).toString()),
    );
    expect(dead.properties.headers?.['x-fw-attempt']).toBe(3);
    expect(dead.properties.headers?.['x-fw-event']).toBe(EVENT);
    for (const queue of [names.group, ...retryQueues]) expect(await ready(queue)).toBe(0);
  });

  it('acknowledges a message whose retry succeeds, keeping its message id', async () => {
    retryQueues = [`${names.group}.retry.100`];
    const consumer = transport({ retry: { attempts: 4, backoff: [100] } });
    const { seen, record } = recording();
    const ids: (string | undefined)[] = [];
    await consumer.start([EVENT], async (d) => {
      record(d);
      ids.push(d.messageId);
      if (seen.length < 3) throw new Error('dependency down');
    });
    await consumer.publish(EVENT, payload(1));
    await waitFor('the third delivery', () => seen.length === 3);
    await consumer.close();
    expect(seen.map((s) => s.attempt?.number)).toEqual([1, 2, 3]);
    expect(new Set(ids).size).toBe(1);
    for (const queue of [names.group, names.deadQueue, ...retryQueues]) {
      expect(await ready(queue)).toBe(0);
    }
  });

  // The wait is on the broker: the instance that failed stops, the next one gets the retry.
  it('keeps a waiting retry across a restart of the app', async () => {
    retryQueues = [`${names.group}.retry.1500`];
    const retry = { attempts: 2, backoff: [1500] };
    const first = transport({ retry });
    const { seen, record, gaps } = recording();
    await first.start([EVENT], async (d) => {
      record(d);
      throw new Error('dependency down');
    });
    await first.publish(EVENT, payload(2));
    await waitFor(
      'the copy in the delay queue',
      async () => (await ready(retryQueues[0] ?? '')) === 1,
    );
    await first.close();
    const second = transport({ retry });
    await second.start([EVENT], async (d) => record(d));
    await waitFor('the retry', () => seen.length === 2);
    expect(seen.map((s) => s.attempt?.number)).toEqual([1, 2]);
    expect(gaps()[0]).toBeGreaterThanOrEqual(1500);
    expect(gaps()[0]).toBeLessThan(1500 + SLACK_MS);
    console.log(
      `rabbitmq retry gap (ms) across a restart for backoff 1500: ${gaps().map(Math.round)}`,
    );
    await second.close();
    for (const queue of [names.group, names.deadQueue, ...retryQueues]) {
      expect(await ready(queue)).toBe(0);
    }
  });

  // The copy returns to the queue of the group that failed, not to the other groups of the event.
  it('retries within the group that failed', async () => {
    const other = `${names.group}.other`;
    retryQueues = [`${names.group}.retry.100`, `${other}.retry.100`, other, `${other}.dead`];
    const consumer = transport({ retry: { attempts: 3, backoff: [100] } });
    const app: (number | undefined)[] = [];
    const billing: (number | undefined)[] = [];
    const subscriptions = [
      { eventNames: [EVENT], handle: async (d: Delivery) => void app.push(d.attempt?.number) },
      {
        delivery: { group: other },
        eventNames: [EVENT],
        handle: async (d: Delivery) => {
          billing.push(d.attempt?.number);
          if (billing.length === 1) throw new Error('dependency down');
        },
      },
    ];
    await consumer.start([EVENT], async () => {}, { subscriptions });
    await consumer.publish(EVENT, payload(3));
    await waitFor('the retry in the other group', () => billing.length === 2);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await consumer.close();
    expect([app, billing]).toEqual([[1], [1, 2]]);
  });

  it('names the retry option it rejects', () => {
    const make = () => transport({ retry: { attempts: 2, backoff: [-5] } });
    expect(make).toThrow(
      "rabbitmqTransport option 'retry.backoff[0]' must be an integer from 0 to 86400000; got -5",
    );
  });
});
