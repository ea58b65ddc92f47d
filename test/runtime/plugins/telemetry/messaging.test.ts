// With `telemetry`, an event sent by a request has a PRODUCER span under the request's, its
// context travels with the message, and each delivery has a CONSUMER span whose parent is the
// producer's (with a link to it): one trace from the request to the consumer. On the in-memory
// transport here; test/examples/telemetry.test.ts follows the same trace through RabbitMQ and NATS.
import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import { createApp } from 'fw';
import type { Context } from 'fw/context';
import { publishEvents } from 'fw/publish';
import { describe, expect, it, onTestFinished } from 'vitest';
import { bindingsOf, recordingLogger, type TestRoute } from '../../../http/support.js';
import { parentOf, testSdk } from './support.js';

const sdk = testSdk();

function app(consumed: string[]) {
  const routes: TestRoute[] = [
    {
      method: 'POST',
      path: '/orders',
      params: ['ctx:fw/context#Context'],
      handle: (ctx: Context) => {
        publishEvents(ctx, { name: 'order.placed', occurredAt: new Date() });
        return { placed: true };
      },
    },
    { method: 'EVENT', path: 'order.placed', handle: () => void consumed.push('order.placed') },
    {
      method: 'EVENT',
      path: 'order.refused',
      handle: () => {
        throw new Error('out of stock');
      },
    },
  ];
  const logger = recordingLogger();
  const created = createApp({ bindings: bindingsOf(routes), logger, telemetry: sdk.telemetry });
  onTestFinished(async () => {
    await created.close();
    sdk.reset();
  });
  return { app: created, logger };
}

describe('event spans', () => {
  it('follow an event from the request that sent it to its consumer, in one trace', async () => {
    const consumed: string[] = [];
    const { app: a } = app(consumed);
    expect((await a.inject({ method: 'POST', url: '/orders' })).status).toBe(200);
    await expect.poll(() => sdk.spans().map((s) => s.name)).toContain('process order.placed');

    const request = sdk.span('POST /orders');
    const send = sdk.span('send order.placed');
    const process = sdk.span('process order.placed');
    const traceId = request.spanContext().traceId;
    expect(send.kind).toBe(SpanKind.PRODUCER);
    expect(send.spanContext().traceId).toBe(traceId);
    expect(parentOf(send)).toBe(request.spanContext().spanId);
    expect(send.attributes).toMatchObject({
      'messaging.system': 'fw_memory',
      'messaging.operation.type': 'send',
      'messaging.destination.name': 'order.placed',
    });
    expect(process.kind).toBe(SpanKind.CONSUMER);
    expect(process.spanContext().traceId).toBe(traceId);
    expect(parentOf(process)).toBe(send.spanContext().spanId);
    expect(process.links.map((l) => l.context.spanId)).toEqual([send.spanContext().spanId]);
    expect(process.attributes['messaging.message.id']).toBe(
      send.attributes['messaging.message.id'],
    );
    expect(process.attributes).toMatchObject({
      'messaging.system': 'fw_memory',
      'messaging.operation.type': 'process',
      'messaging.destination.name': 'order.placed',
      'fw.messaging.outcome': 'ack',
    });
    expect(consumed).toEqual(['order.placed']);
  });

  it('gives app.emit a producer span too, and marks a failed consumer ERROR', async () => {
    const { app: a } = app([]);
    await expect(a.emit('order.refused', { name: 'order.refused' })).rejects.toThrow(
      'out of stock',
    );
    const send = sdk.span('send order.refused');
    const process = sdk.span('process order.refused');
    expect(parentOf(process)).toBe(send.spanContext().spanId);
    expect(process.status).toEqual({ code: SpanStatusCode.ERROR, message: 'out of stock' });
    expect(process.attributes['error.type']).toBe('Error');
    expect(send.status.code).toBe(SpanStatusCode.ERROR);
  });

  it('records messaging.process.duration by event and outcome', async () => {
    const { app: a } = app([]);
    const count = async (outcome: string) =>
      (await sdk.points('messaging.process.duration'))
        .filter(
          (p) =>
            p.attributes['messaging.destination.name'] === 'order.placed' &&
            p.attributes['fw.messaging.outcome'] === outcome,
        )
        .reduce((n, p) => n + p.count, 0);
    const before = await count('ack');
    await a.emit('order.placed', { name: 'order.placed' });
    expect(await count('ack')).toBe(before + 1);
    const [point] = (await sdk.points('messaging.process.duration')).filter(
      (p) => p.attributes['messaging.destination.name'] === 'order.placed',
    );
    expect(point?.attributes).toEqual({
      'messaging.system': 'fw_memory',
      'messaging.operation.name': 'process',
      'messaging.destination.name': 'order.placed',
      'fw.messaging.outcome': 'ack',
    });
  });
});
