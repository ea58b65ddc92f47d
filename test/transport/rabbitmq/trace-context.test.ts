// Trace context over a real RabbitMQ: the W3C fields of `metadata.trace` travel as AMQP headers of
// their names into the consumer's `delivery.metadata.trace`, and stay on the dead-lettered copy;
// nothing else is sent or given back. Every delivery names the message (`messageId`, the same on a
// redelivery) and which delivery it is (`attempt`).
import type { Channel, ChannelModel, GetMessage } from 'amqplib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  type Carried,
  carriedBy,
  MAX_FIELD,
  MIXED_TRACE,
  MIXED_TRACE_KEPT,
  TRACE,
} from '../trace-support.js';
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

const EVENT = 'order.placed';

let names: Names;
let spyQueue: string;
let open: TestTransport[];
let model: ChannelModel;
let channel: Channel;

beforeEach(async () => {
  names = uniqueNames();
  spyQueue = `${names.group}.spy`;
  open = [];
  model = await admin();
  channel = await model.createChannel();
});

afterEach(async () => {
  await Promise.all(open.map((t) => t.close()));
  await model.close();
  await deleteAll([names.group, names.deadQueue, spyQueue], [names.exchange, names.deadExchange]);
});

/** A started transport whose handler records each delivery; a spy queue keeps a copy of each. */
async function started(
  seen: Carried[],
  options: Parameters<typeof testTransport>[1] = {},
  then?: (carried: Carried) => void,
): Promise<TestTransport> {
  const transport = testTransport(names, options);
  open.push(transport);
  await transport.start([EVENT], carriedBy(seen, then));
  await channel.assertQueue(spyQueue, { exclusive: true });
  await channel.bindQueue(spyQueue, names.exchange, EVENT);
  return transport;
}

/** The next message on `queue`. */
async function next(queue: string): Promise<GetMessage> {
  let got: GetMessage | false = false;
  await waitFor(`a message on ${queue}`, async () => {
    got = await channel.get(queue, { noAck: true });
    return got !== false;
  });
  return got as unknown as GetMessage;
}

describe('trace context over rabbitmq', () => {
  it("is the 'rabbitmq' system", () => {
    expect(testTransport(names).system).toBe('rabbitmq');
  });

  it('carries traceparent, tracestate and baggage as AMQP headers to the consumer', async () => {
    const seen: Carried[] = [];
    const transport = await started(seen);

    await transport.publish(EVENT, payload(1), { requestId: 'req-1', trace: TRACE });
    await waitFor('the consumer', () => seen.length === 1);

    expect(seen[0]?.metadata).toEqual({ requestId: 'req-1', trace: TRACE });
    expect((await next(spyQueue)).properties.headers).toEqual({
      'x-request-id': 'req-1',
      ...TRACE,
    });
  });

  it('sends only the trace fields, each a string of at most 8192 characters', async () => {
    const seen: Carried[] = [];
    const transport = await started(seen);

    await transport.publish(EVENT, payload(2), { requestId: 'req-2', trace: MIXED_TRACE });
    await waitFor('the consumer', () => seen.length === 1);

    expect(seen[0]?.metadata).toEqual({ requestId: 'req-2', trace: MIXED_TRACE_KEPT });
    expect((await next(spyQueue)).properties.headers).toEqual({
      'x-request-id': 'req-2',
      ...MIXED_TRACE_KEPT,
    });
  });

  it('gives back no foreign, over-long or non-string header of another publisher', async () => {
    const seen: Carried[] = [];
    await started(seen);

    channel.publish(names.exchange, EVENT, Buffer.from(payload(3)), {
      headers: {
        traceparent: TRACE.traceparent,
        tracestate: 't'.repeat(MAX_FIELD + 1),
        baggage: 42,
        'x-tenant': 'acme',
      },
    });
    channel.publish(names.exchange, EVENT, Buffer.from(payload(4)), {
      headers: { traceparent: Buffer.from(TRACE.traceparent), tracestate: '' },
    });
    await waitFor('the consumer', () => seen.length === 2);

    const byId = new Map(seen.map((c) => [c.id, c.metadata]));
    expect(byId.get(3)?.trace).toEqual({ traceparent: TRACE.traceparent });
    expect(byId.get(4)).not.toHaveProperty('trace');
  });

  it('names the message the same on every delivery and counts the attempts', async () => {
    const seen: Carried[] = [];
    const transport = await started(seen, { maxDeliveries: 3 }, () => {
      throw new Error('out of stock');
    });

    await transport.publish(EVENT, payload(5), { trace: TRACE });
    await waitFor('three deliveries', () => seen.length === 3);

    const [first] = seen;
    expect(first?.messageId).toEqual(expect.any(String));
    expect(seen.map((c) => [c.messageId, c.attempt])).toEqual(
      [1, 2, 3].map((number) => [first?.messageId, { number, max: 3, deadLetter: true }]),
    );
    expect(seen.map((c) => c.metadata?.trace)).toEqual([TRACE, TRACE, TRACE]);
    // The broker dead-letters the message with its headers: the trace goes on with it.
    const dead = await next(names.deadQueue);
    expect(dead.properties.messageId).toBe(first?.messageId);
    expect(dead.properties.headers).toMatchObject(TRACE);
  });

  it('gives a transport without dead letters attempts that end in a drop', async () => {
    const seen: Carried[] = [];
    const transport = await started(seen, { maxDeliveries: 2, deadLetter: false }, () => {
      throw new Error('out of stock');
    });

    await transport.publish(EVENT, payload(6));
    await waitFor('two deliveries', () => seen.length === 2);
    await waitFor('the failure records', () => transport.logger.records.length === 2);

    expect(seen.map((c) => c.attempt)).toEqual([
      { number: 1, max: 2, deadLetter: false },
      { number: 2, max: 2, deadLetter: false },
    ]);
    expect(transport.logger.records.map((r) => r.fields['disposition'])).toEqual([
      'redelivered',
      'dropped',
    ]);
  });

  it('gives a broadcast delivery its only attempt, which drops the message', async () => {
    const seen: Carried[] = [];
    const transport = testTransport(names);
    open.push(transport);
    const handle = carriedBy(seen, () => {
      throw new Error('feed down');
    });
    const subscriptions = [{ delivery: { broadcast: true } as const, eventNames: [EVENT], handle }];
    await transport.start([EVENT], async () => {}, { subscriptions });

    await transport.publish(EVENT, payload(7), { trace: TRACE });
    await waitFor('the failure record', () =>
      transport.logger.records.some((r) => r.msg === 'event failed'),
    );

    expect(seen.map((c) => [c.attempt, c.metadata?.trace])).toEqual([
      [{ number: 1, max: 1, deadLetter: false }, TRACE],
    ]);
    const failed = transport.logger.records.filter((r) => r.msg === 'event failed');
    expect(failed.map((r) => r.fields['disposition'])).toEqual(['dropped']);
  });
});
