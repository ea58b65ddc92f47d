// A request's id travels with the events it publishes (docs/operations.md): through the in-memory
// transport into the consumer's requestId() and its 'event failed' record, onward to the events
// the consumer publishes, and from app.emit's metadata. Brokers: test/transport/*/request-id.test.ts.
import { createApp } from 'fw';
import { type Context, requestIdOf } from 'fw/context';
import type { ConsumerRequestContext, WebSocketMessageContext } from 'fw/core';
import { type DomainEvent, publishEvents } from 'fw/publish';
import { describe, expect, it, onTestFinished } from 'vitest';
import { WebSocket } from 'ws';
import {
  bindingsOf,
  deferred,
  type LogRecord,
  type RecordingLogger,
  recordingLogger,
  type TestRoute,
} from '../../http/support.js';

const TOKEN = /^[A-Za-z0-9._:+/=-]{1,128}$/;

/** What a consumer saw of one message. */
interface Seen {
  readonly event: string;
  readonly orderId: number;
  /** `ctx.requestId()` */
  readonly id: string;
  /** `requestIdOf` the consumer's `Context` parameter. */
  readonly ofContext: string | undefined;
}

const placed = (orderId: number) =>
  ({ name: 'order.placed', occurredAt: new Date(0), orderId }) as DomainEvent;

/**
 * An app whose `POST /orders/:id` and WebSocket `/ws/orders` publish `order.placed`; its consumer
 * fails for a negative order and publishes `invoice.due` for order 1. Closed after the test.
 */
function orders() {
  const logger = recordingLogger();
  const seen: Seen[] = [];
  let waiting: { count: number; resolve: () => void } | undefined;
  const record = (ctx: ConsumerRequestContext, context: Context) => {
    const { orderId } = JSON.parse(Buffer.from(ctx.payload()).toString('utf8'));
    const event = ctx.eventName();
    seen.push({ event, orderId, id: ctx.requestId(), ofContext: requestIdOf(context) });
    if (waiting !== undefined && seen.length >= waiting.count) waiting.resolve();
    return orderId as number;
  };
  const routes: TestRoute[] = [
    {
      method: 'POST',
      path: '/orders/:id',
      params: ['id:number', 'ctx:fw/context#Context'],
      handle: (id: number, ctx: Context) => {
        publishEvents(ctx, placed(id));
        return { orderId: id };
      },
    },
    {
      method: 'WS',
      path: '/ws/orders',
      params: ['ctx:fw/core#WebSocketMessageContext', 'context:fw/context#Context'],
      handle: (ctx: WebSocketMessageContext, context: Context) => {
        publishEvents(context, placed(Number(Buffer.from(ctx.payload()).toString('utf8'))));
        return 'sent';
      },
    },
    {
      method: 'EVENT',
      path: 'order.placed',
      params: ['ctx:fw/core#ConsumerRequestContext', 'context:fw/context#Context'],
      handle: (ctx: ConsumerRequestContext, context: Context) => {
        const orderId = record(ctx, context);
        if (orderId < 0) throw new Error(`cannot ship order ${orderId}`);
        if (orderId === 1) publishEvents(context, { ...placed(1), name: 'invoice.due' });
      },
    },
    {
      method: 'EVENT',
      path: 'invoice.due',
      params: ['ctx:fw/core#ConsumerRequestContext', 'context:fw/context#Context'],
      handle: (ctx: ConsumerRequestContext, context: Context) => void record(ctx, context),
    },
  ];
  const app = createApp({ bindings: bindingsOf(routes), logger });
  onTestFinished(() => app.close());
  /** Resolves once the consumers have seen `count` messages in all. */
  const consumed = (count: number) => {
    const done = deferred();
    if (seen.length >= count) done.resolve();
    else waiting = { count, resolve: done.resolve };
    return done.promise;
  };
  return { app, logger, seen, consumed };
}

const eventFailures = (logger: RecordingLogger): LogRecord[] =>
  logger.records.filter((r) => r.msg === 'event failed');

describe('the id of a request that publishes an event', () => {
  it("is the consumer's requestId(), and its Context's", async () => {
    const { app, seen, consumed } = orders();

    const res = await app.inject({
      method: 'POST',
      url: '/orders/7',
      headers: { 'X-Request-Id': 'checkout-7' },
    });
    await consumed(1);

    expect(res.headers['x-request-id']).toBe('checkout-7');
    expect(seen).toEqual([
      { event: 'order.placed', orderId: 7, id: 'checkout-7', ofContext: 'checkout-7' },
    ]);
  });

  it('is the generated one when the request came without one', async () => {
    const { app, seen, consumed } = orders();

    const res = await app.inject({ method: 'POST', url: '/orders/8' });
    await consumed(1);

    const id = res.headers['x-request-id'];
    expect(id).toMatch(TOKEN);
    expect(seen).toEqual([{ event: 'order.placed', orderId: 8, id, ofContext: id }]);
  });

  it('travels on to the events the consumer publishes', async () => {
    const { app, seen, consumed } = orders();

    await app.inject({ method: 'POST', url: '/orders/1', headers: { 'X-Request-Id': 'chain-1' } });
    await consumed(2);

    expect(seen.map((s) => [s.event, s.id, s.ofContext])).toEqual([
      ['order.placed', 'chain-1', 'chain-1'],
      ['invoice.due', 'chain-1', 'chain-1'],
    ]);
  });

  it('keeps two requests apart', async () => {
    const { app, seen, consumed } = orders();

    await Promise.all([
      app.inject({ method: 'POST', url: '/orders/20', headers: { 'X-Request-Id': 'a-20' } }),
      app.inject({ method: 'POST', url: '/orders/21', headers: { 'X-Request-Id': 'b-21' } }),
    ]);
    await consumed(2);

    expect(seen.map((s) => [s.orderId, s.id]).sort()).toEqual([
      [20, 'a-20'],
      [21, 'b-21'],
    ]);
  });

  it("is in the 'event failed' record of a consumer that fails", async () => {
    const { app, logger, seen, consumed } = orders();

    await app.inject({ method: 'POST', url: '/orders/-3', headers: { 'X-Request-Id': 'bad-3' } });
    await consumed(1);
    await app.close(); // waits for the delivery in flight, and its log

    expect(seen.map((s) => s.id)).toEqual(['bad-3']);
    expect(eventFailures(logger)).toEqual([
      {
        level: 'error',
        msg: 'event failed',
        fields: {
          event: 'order.placed',
          requestId: 'bad-3',
          attempt: 1,
          maxAttempts: 1,
          disposition: 'dropped',
          durationMs: expect.any(Number),
          code: undefined,
          err: expect.objectContaining({ message: 'cannot ship order -3' }),
        },
      },
    ]);
    expect(logger.records.filter((r) => r.msg === 'request failed')).toEqual([]);
  });

  it("is the upgrade request's for an event a WebSocket message publishes", async () => {
    const { app, seen, consumed } = orders();
    const { port } = await app.listen({ port: 0, host: '127.0.0.1' });
    const ws = new WebSocket(`ws://127.0.0.1:${port}/ws/orders`, {
      headers: { 'X-Request-Id': 'live-socket' },
    });
    onTestFinished(() => ws.terminate());
    const replied = new Promise((resolve) => ws.once('message', resolve));
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));

    ws.send('11');
    await replied;
    await consumed(1);

    expect(seen).toEqual([
      { event: 'order.placed', orderId: 11, id: 'live-socket', ofContext: 'live-socket' },
    ]);
  });
});

describe('app.emit(name, payload, metadata)', () => {
  it("gives the consumer the metadata's requestId", async () => {
    const { app, seen } = orders();

    await app.emit('order.placed', { orderId: 5 }, { requestId: 'replayed-5' });

    expect(seen).toEqual([
      { event: 'order.placed', orderId: 5, id: 'replayed-5', ofContext: 'replayed-5' },
    ]);
  });

  it.each<[string, { requestId?: string } | undefined]>([
    ['no metadata', undefined],
    ['metadata without an id', {}],
    ['an id of 129 characters', { requestId: 'r'.repeat(129) }],
    ['an id with a space', { requestId: 'two words' }],
    ['an id with CR LF', { requestId: 'a\r\nb' }],
    ['an empty id', { requestId: '' }],
  ])('gives the consumer a generated id for %s', async (_name, metadata) => {
    const { app, seen } = orders();

    await app.emit('order.placed', { orderId: 6 }, metadata);

    const [one] = seen;
    expect(one?.id).toMatch(TOKEN);
    expect(one?.id).not.toBe(metadata?.requestId);
    expect(one?.ofContext).toBe(one?.id);
  });

  it('passes a generated id on to what its consumer publishes, and gives each message its own', async () => {
    const { app, seen, consumed } = orders();

    await app.emit('order.placed', { orderId: 1 }); // its consumer publishes invoice.due
    await app.emit('order.placed', { orderId: 2 });
    await consumed(3);

    const [first, invoice, second] = [
      seen.find((s) => s.orderId === 1 && s.event === 'order.placed'),
      seen.find((s) => s.event === 'invoice.due'),
      seen.find((s) => s.orderId === 2),
    ];
    expect(invoice?.id).toBe(first?.id);
    expect(second?.id).not.toBe(first?.id);
  });

  it('passes the id on to the events the consumer publishes', async () => {
    const { app, seen, consumed } = orders();

    await app.emit('order.placed', { orderId: 1 }, { requestId: 'batch-1' });
    await consumed(2);

    expect(seen.map((s) => [s.event, s.id])).toEqual([
      ['order.placed', 'batch-1'],
      ['invoice.due', 'batch-1'],
    ]);
  });
});
