import {
  type Bindings,
  createApp,
  defineController,
  FwError,
  HttpError,
  isUnprocessable,
  jsonLogger,
  reply,
} from 'fw';
import type { Context } from 'fw/context';
import type { Interceptor, ParameterMeta, Validated } from 'fw/core';
import { type DomainEvent, publishEvents } from 'fw/publish';
import { describe, expect, it } from 'vitest';

interface OrderPlaced {
  name: string;
  orderId: number;
  occurredAt?: string;
}

/** The validator fwgen would generate for `OrderPlaced`. */
function validateOrderPlaced(input: unknown): Validated<OrderPlaced> {
  const o = (typeof input === 'object' && input !== null ? input : {}) as Record<string, unknown>;
  if (typeof o['orderId'] !== 'number') {
    return { ok: false, issues: [{ path: 'orderId', message: 'expected a number' }] };
  }
  const value: OrderPlaced = { name: String(o['name']), orderId: o['orderId'] };
  if (typeof o['occurredAt'] === 'string') value.occurredAt = o['occurredAt'];
  return { ok: true, value };
}

const eventParam: ParameterMeta = {
  index: 0,
  name: 'event',
  type: 'test/orders#OrderPlaced',
  optional: false,
  validate: validateOrderPlaced,
};
const contextParam = (index: number): ParameterMeta => ({
  index,
  name: 'ctx',
  type: 'fw/context#Context',
  optional: false,
});

/** The HTTP side: publishes `order.placed` unless the order is 0, which fails after publishing. */
class Orders {
  place(id: number, ctx: Context) {
    publishEvents(ctx, {
      name: 'order.placed',
      occurredAt: new Date(0),
      orderId: id,
    } as DomainEvent);
    if (id === 0) throw new HttpError(409, 'Order 0 is taken');
    return reply({ orderId: id }, { status: 202 });
  }
}

/** The consumers: record what they got; a negative order fails; order 1 publishes a follow-up. */
class OrderEvents {
  readonly seen: string[] = [];
  readonly waiters: ((e: OrderPlaced) => void)[] = [];
  placed(e: OrderPlaced, ctx: Context) {
    if (e.orderId < 0) throw new Error(`cannot ship order ${e.orderId}`);
    this.seen.push(`placed ${e.orderId}`);
    if (e.orderId === 1) {
      publishEvents(ctx, {
        name: 'invoice.due',
        occurredAt: new Date(0),
        orderId: 1,
      } as DomainEvent);
    }
    this.waiters.shift()?.(e);
  }
  audit(e: OrderPlaced) {
    this.seen.push(`audit ${e.orderId}`);
  }
  invoice(e: OrderPlaced) {
    this.seen.push(`invoice ${e.orderId}`);
    this.waiters.shift()?.(e);
  }
  /** Resolves with the next event a waiting consumer handles. */
  next(): Promise<OrderPlaced> {
    return new Promise((resolve) => this.waiters.push(resolve));
  }
}

const bindings: Bindings = {
  version: 1,
  controllers: [
    defineController({
      type: Orders,
      name: 'Orders',
      interceptors: [],
      handlers: [
        {
          name: 'place',
          method: 'POST',
          path: '/orders/:id',
          interceptors: [],
          params: [
            { index: 0, name: 'id', type: 'number', pathKey: 'id', optional: false },
            contextParam(1),
          ],
          invoke: (c, a) => c.place(a[0] as number, a[1] as Context),
        },
      ],
    }),
    defineController({
      type: OrderEvents,
      name: 'OrderEvents',
      interceptors: [],
      handlers: [
        {
          name: 'placed',
          method: 'EVENT',
          path: 'order.placed',
          interceptors: [],
          params: [eventParam, contextParam(1)],
          invoke: (c, a) => c.placed(a[0] as OrderPlaced, a[1] as Context),
        },
        {
          name: 'audit',
          method: 'EVENT',
          path: 'order.placed',
          interceptors: [],
          params: [eventParam],
          invoke: (c, a) => c.audit(a[0] as OrderPlaced),
        },
        {
          name: 'invoice',
          method: 'EVENT',
          path: 'invoice.due',
          interceptors: [],
          params: [eventParam],
          invoke: (c, a) => c.invoice(a[0] as OrderPlaced),
        },
      ],
    }),
  ],
};

function setup(interceptors: Interceptor[] = [], options: { maxPayloadBytes?: number } = {}) {
  const consumer = new OrderEvents();
  const app = createApp({
    ...options,
    bindings,
    providers: [consumer],
    interceptors,
    logger: jsonLogger({ level: 'silent' }),
  });
  return { app, consumer };
}

describe('emit', () => {
  // Runs every consumer of the event once, with the payload validated; rejects when any fails.
  it('runs the consumers of the event in order, with the validated payload', async () => {
    const { app, consumer } = setup();
    await app.emit('order.placed', { name: 'order.placed', orderId: 7, extra: 'dropped' });
    expect(consumer.seen).toEqual(['placed 7', 'audit 7']);
    await app.close();
  });

  it('rejects with the validation error of an invalid payload', async () => {
    const { app, consumer } = setup();
    const err = await app.emit('order.placed', { orderId: 'seven' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AggregateError);
    const codes = (err as AggregateError).errors.map((e: FwError) => [e.code, e.message]);
    expect(codes).toEqual([
      ['FW_ERR_PAYLOAD_INVALID', 'Invalid payload: orderId: expected a number'],
      ['FW_ERR_PAYLOAD_INVALID', 'Invalid payload: orderId: expected a number'],
    ]);
    expect(consumer.seen).toEqual([]);
    await app.close();
  });

  it('rejects with a malformed payload', async () => {
    const { app } = setup();
    const err = await app.emit('invoice.due', '{"orderId":').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(FwError);
    expect((err as FwError).code).toBe('FW_ERR_PAYLOAD_MALFORMED');
    await app.close();
  });

  it('rejects with the error of a failing consumer, after running the others', async () => {
    const { app, consumer } = setup();
    await expect(app.emit('order.placed', { orderId: -1 })).rejects.toThrow('cannot ship order -1');
    expect(consumer.seen).toEqual(['audit -1']);
    await app.close();
  });

  it('refuses a payload past maxPayloadBytes before any consumer runs, as unprocessable', async () => {
    const { app, consumer } = setup([], { maxPayloadBytes: 16 });
    await app.emit('invoice.due', '{"orderId":1234}'); // 16 bytes
    const err = await app.emit('invoice.due', '{"orderId":12345}').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(FwError);
    expect([(err as FwError).code, (err as FwError).message]).toEqual([
      'FW_ERR_PAYLOAD_TOO_LARGE',
      'The payload of 17 bytes exceeds the limit of 16 bytes (maxPayloadBytes)',
    ]);
    expect(isUnprocessable(err)).toBe(true);
    expect(consumer.seen).toEqual(['invoice 1234']);
    await app.close();
  });

  it('takes payloads up to 1 MiB by default', async () => {
    const { app, consumer } = setup();
    const pad = 'x'.repeat(1024 * 1024 - '{"orderId":1,"pad":""}'.length);
    await app.emit('invoice.due', `{"orderId":1,"pad":"${pad}"}`);
    const err = await app.emit('invoice.due', `{"orderId":2,"pad":"${pad}x"}`).catch((e) => e);
    expect((err as FwError).code).toBe('FW_ERR_PAYLOAD_TOO_LARGE');
    expect(consumer.seen).toEqual(['invoice 1']);
    await app.close();
  });

  it('rejects when no consumer handles the event', async () => {
    const { app } = setup();
    const err = await app.emit('order.cancelled', {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(FwError);
    expect([(err as FwError).code, (err as FwError).message]).toEqual([
      'FW_ERR_NO_CONSUMER',
      "No consumer handles event 'order.cancelled'; declare one with @OnEvent('order.cancelled')",
    ]);
    await app.close();
  });

  it('runs the global interceptors on the consumer pipeline', async () => {
    const log: string[] = [];
    const { app } = setup([
      {
        preHandle: (ctx, meta) =>
          void log.push(`pre ${ctx.method()} ${ctx.path()} ${meta.method?.name}`),
        afterCompletion: (ctx, meta, err) =>
          void log.push(`after ${ctx.method()} ${meta.method?.name} ${err?.message ?? 'ok'}`),
      },
    ]);
    await app.emit('invoice.due', { orderId: 3 });
    expect(log).toEqual(['pre EVENT invoice.due undefined', 'after EVENT invoice ok']);
    await app.close();
  });
});

describe('events published by handlers', () => {
  // The in-memory transport carries an event published while handling a request to its consumers.
  it('an HTTP handler event reaches the consumer as the JSON of the event', async () => {
    const { app, consumer } = setup();
    const delivered = consumer.next();
    const res = await app.inject({ method: 'POST', url: '/orders/7' });
    expect([res.status, res.body]).toEqual([202, '{"orderId":7}']);
    expect(await delivered).toEqual({
      name: 'order.placed',
      occurredAt: '1970-01-01T00:00:00.000Z',
      orderId: 7,
    });
    await app.close();
    expect(consumer.seen).toEqual(['placed 7', 'audit 7']);
  });

  it('a failed request publishes nothing', async () => {
    const { app, consumer } = setup();
    expect((await app.inject({ method: 'POST', url: '/orders/0' })).status).toBe(409);
    const delivered = consumer.next();
    await app.inject({ method: 'POST', url: '/orders/8' });
    await delivered;
    await app.close();
    expect(consumer.seen).toEqual(['placed 8', 'audit 8']);
  });

  it('an event published by a consumer reaches its own consumers', async () => {
    const { app, consumer } = setup();
    const placed = consumer.next();
    const invoiced = consumer.next();
    await app.inject({ method: 'POST', url: '/orders/1' });
    await placed;
    expect(await invoiced).toEqual({
      name: 'invoice.due',
      occurredAt: '1970-01-01T00:00:00.000Z',
      orderId: 1,
    });
    await app.close();
    expect(consumer.seen).toEqual(['placed 1', 'audit 1', 'invoice 1']);
  });

  it('close() waits for the deliveries in flight', async () => {
    const { app, consumer } = setup();
    await app.inject({ method: 'POST', url: '/orders/5' });
    expect(consumer.seen).toEqual([]);
    await app.close();
    expect(consumer.seen).toEqual(['placed 5', 'audit 5']);
  });
});
