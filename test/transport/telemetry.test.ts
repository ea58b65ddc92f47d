// Telemetry through the real brokers: the context of the span that sent an event travels in the
// message's headers, each delivery attempt of it has its own CONSUMER span in the same trace, with
// its attempt number and what became of it, the last one dead-lettered.
import type { ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { createApp, type Transport } from 'fw';
import type { Context } from 'fw/context';
import { publishEvents } from 'fw/publish';
import { afterEach, describe, expect, it } from 'vitest';
import { bindingsOf, type TestRoute } from '../http/support.js';
import { parentOf, testSdk } from '../runtime/plugins/telemetry/support.js';
import * as nats from './nats/support.js';
import * as rabbitmq from './rabbitmq/support.js';
import { quietLogger } from './support.js';

const sdk = testSdk();

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  sdk.reset();
});

/** A transport of each broker under names no other test uses, delivering a message 3 times at most. */
const brokers: [string, () => Transport][] = [
  [
    'rabbitmq',
    () => {
      const names = rabbitmq.uniqueNames();
      cleanups.push(() =>
        rabbitmq.deleteAll([names.group, names.deadQueue], [names.exchange, names.deadExchange]),
      );
      return rabbitmq.testTransport(names, { maxDeliveries: 3 });
    },
  ],
  [
    'nats',
    () => {
      const names = nats.uniqueNames();
      cleanups.push(() => nats.deleteStream(names.stream));
      return nats.testTransport(names, { maxDeliver: 3, ackWait: 1000 });
    },
  ],
];

/** An app whose POST /orders/:outcome publishes the event of that name, and its consumers. */
async function app(transport: Transport, calls: Map<string, number>) {
  const consume = (name: string, failures: number) => () => {
    const n = (calls.get(name) ?? 0) + 1;
    calls.set(name, n);
    if (n <= failures) throw new Error(`attempt ${n} failed`);
  };
  const routes: TestRoute[] = [
    {
      method: 'POST',
      path: '/orders/:kind',
      params: ['kind:string', 'ctx:fw/context#Context'],
      handle: (kind: string, ctx: Context) => {
        publishEvents(ctx, { name: `order.${kind}`, occurredAt: new Date() });
        return { sent: kind };
      },
    },
    { method: 'EVENT', path: 'order.flaky', handle: consume('order.flaky', 2) },
    { method: 'EVENT', path: 'order.doomed', handle: consume('order.doomed', 99) },
  ];
  const created = createApp({
    bindings: bindingsOf(routes),
    transport,
    logger: quietLogger(),
    telemetry: sdk.telemetry,
  });
  cleanups.push(() => created.close());
  await created.start();
  return created;
}

/** The spans named `name`, in the order of their attempts. */
function attempts(name: string): ReadableSpan[] {
  return sdk
    .spans()
    .filter((s) => s.name === name)
    .sort(
      (a, b) =>
        Number(a.attributes['fw.messaging.attempt']) - Number(b.attributes['fw.messaging.attempt']),
    );
}

describe.each(brokers)('telemetry on %s', (system, transport) => {
  it('gives each delivery attempt its own span in the request trace, until one succeeds', async () => {
    const calls = new Map<string, number>();
    const made = transport();
    const group = made.group;
    expect(group).toEqual(expect.any(String));
    const a = await app(made, calls);
    expect((await a.inject({ method: 'POST', url: '/orders/flaky' })).status).toBe(200);
    await expect.poll(() => attempts('process order.flaky').length, { timeout: 15_000 }).toBe(3);

    const request = sdk.span('POST /orders/:kind');
    const send = sdk.span('send order.flaky');
    expect(send.attributes['messaging.system']).toBe(system);
    expect(parentOf(send)).toBe(request.spanContext().spanId);
    const spans = attempts('process order.flaky');
    expect(spans.map((s) => s.attributes['fw.messaging.attempt'])).toEqual([1, 2, 3]);
    expect(spans.map((s) => s.attributes['fw.messaging.outcome'])).toEqual([
      'redelivered',
      'redelivered',
      'ack',
    ]);
    // Every attempt names the message the producer sent, and the app's consumer group.
    const ids = new Set(spans.map((s) => s.attributes['messaging.message.id']));
    expect([...ids]).toEqual([send.attributes['messaging.message.id']]);
    expect(new Set(spans.map((s) => s.attributes['messaging.consumer.group.name']))).toEqual(
      new Set([group]),
    );
    for (const s of spans) {
      expect(s.spanContext().traceId).toBe(request.spanContext().traceId);
      expect(parentOf(s)).toBe(send.spanContext().spanId);
      expect(s.attributes['messaging.system']).toBe(system);
    }
  });

  it('ends a message that fails every attempt with the dead-lettered outcome', async () => {
    const calls = new Map<string, number>();
    const a = await app(transport(), calls);
    await a.inject({ method: 'POST', url: '/orders/doomed' });
    await expect.poll(() => attempts('process order.doomed').length, { timeout: 15_000 }).toBe(3);
    const outcomes = attempts('process order.doomed').map(
      (s) => s.attributes['fw.messaging.outcome'],
    );
    expect(outcomes).toEqual(['redelivered', 'redelivered', 'dead-lettered']);
    const last = attempts('process order.doomed')[2];
    expect(last?.status.message).toBe('attempt 3 failed');
  });
});
