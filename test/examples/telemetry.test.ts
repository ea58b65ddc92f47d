// The example app's order flow as one trace, on each real broker: the POST that places an order
// (its parent the caller's traceparent), the event it sends, each consumer that processes it, and
// the push of the order to a WebSocket subscriber, span by span.
import { SpanKind } from '@opentelemetry/api';
import type { Transport } from 'fw';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { exampleApp } from '../../examples/app/app.js';
import { parentOf, testSdk, traceparent } from '../runtime/plugins/telemetry/support.js';
import * as nats from '../transport/nats/support.js';
import * as rabbitmq from '../transport/rabbitmq/support.js';
import { quietLogger } from '../transport/support.js';

const sdk = testSdk();

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  sdk.reset();
});

const brokers: [string, () => Transport][] = [
  [
    'rabbitmq',
    () => {
      const names = rabbitmq.uniqueNames();
      cleanups.push(() =>
        rabbitmq.deleteAll([names.group, names.deadQueue], [names.exchange, names.deadExchange]),
      );
      return rabbitmq.testTransport(names);
    },
  ],
  [
    'nats',
    () => {
      const names = nats.uniqueNames();
      cleanups.push(() => nats.deleteStream(names.stream));
      return nats.testTransport(names);
    },
  ],
];

/** The next text message of `ws`. */
function next(ws: WebSocket): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    ws.once('message', (data) => resolve(String(data)));
    ws.once('close', (code) => reject(new Error(`closed with ${code}`)));
  });
}

describe('the example app traced', () => {
  it.each(brokers)(
    '%s: POST → send → process → WebSocket push, one trace',
    async (system, make) => {
      const app = exampleApp({
        transport: make(),
        logger: quietLogger(),
        telemetry: sdk.telemetry,
      });
      cleanups.push(() => app.close());
      const { port } = await app.listen();
      const ws = new WebSocket(`ws://127.0.0.1:${port}/ws/orders`);
      await new Promise<void>((resolve, reject) => {
        ws.once('open', resolve);
        ws.once('error', reject);
      });
      cleanups.push(async () => ws.terminate());
      ws.send('subscribe me');
      expect(await next(ws)).toBe('subscribed');

      const caller = { traceId: '5b8efff798038103d269b633813fc60c', spanId: 'eee19b7ec3c1b174' };
      const pushed = next(ws);
      const res = await fetch(`http://127.0.0.1:${port}/orders`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', traceparent: traceparent(caller) },
        body: JSON.stringify({ userId: 1, sku: 'pen', qty: 3 }),
      });
      expect(res.status).toBe(202);
      await pushed;
      // Two consumers take the message: the app's group (the order log) and the broadcast feed.
      await expect
        .poll(() => sdk.spans().filter((s) => s.name === 'process order.placed').length)
        .toBe(2);
      await expect.poll(() => sdk.spans().map((s) => s.name)).toContain('WS send /ws/orders');

      const post = sdk.span('POST /orders');
      expect(post.kind).toBe(SpanKind.SERVER);
      expect(post.spanContext().traceId).toBe(caller.traceId);
      expect(parentOf(post)).toBe(caller.spanId);
      expect(post.attributes['http.response.status_code']).toBe(202);

      const send = sdk.span('send order.placed');
      expect(send.kind).toBe(SpanKind.PRODUCER);
      expect(send.attributes['messaging.system']).toBe(system);
      expect(send.spanContext().traceId).toBe(caller.traceId);
      expect(parentOf(send)).toBe(post.spanContext().spanId);

      const processes = sdk.spans().filter((s) => s.name === 'process order.placed');
      for (const p of processes) {
        expect(p.kind).toBe(SpanKind.CONSUMER);
        expect(p.spanContext().traceId).toBe(caller.traceId);
        expect(parentOf(p)).toBe(send.spanContext().spanId);
        expect(p.links.map((l) => l.context.spanId)).toEqual([send.spanContext().spanId]);
        expect(p.attributes['fw.messaging.outcome']).toBe('ack');
      }

      const push = sdk.span('WS send /ws/orders');
      expect(push.spanContext().traceId).toBe(caller.traceId);
      expect(processes.map((p) => p.spanContext().spanId)).toContain(parentOf(push));

      // The subscription itself is the WebSocket's own trace: the upgrade, then its message.
      const upgrade = sdk.span('GET /ws/orders');
      const subscribe = sdk.span('WS /ws/orders');
      expect(upgrade.attributes['http.response.status_code']).toBe(101);
      expect(parentOf(subscribe)).toBe(upgrade.spanContext().spanId);
    },
  );
});
