// The in-memory transport runs each subscription on its own, over real sockets: a broadcast
// consumer that never finishes does not hold up the app's group, nor a consumer of the app's group
// another group; and a queue at its bound refuses the publish (503 with Retry-After and
// FW_ERR_EVENT_QUEUE_FULL), logged once, its messages held never more than the bound.
import {
  type Bindings,
  createApp,
  defineController,
  type EventDelivery,
  type FwError,
  inMemoryTransport,
  type Transport,
} from 'fw';
import type { Context } from 'fw/context';
import type { ConsumerRequestContext } from 'fw/core';
import { type DomainEvent, publishEvents } from 'fw/publish';
import { afterEach, describe, expect, it } from 'vitest';
import { bindingsOf, recordingLogger } from '../http/support.js';
import { waitFor } from './support.js';

const EVENT = 'order.placed';
const ORDERS = 300;

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A promise that stays pending until the test releases it. */
function gate() {
  let release!: () => void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { held, release };
}

/** The order id of a consumed message. */
const orderOf = (ctx: ConsumerRequestContext): number =>
  (JSON.parse(new TextDecoder().decode(ctx.payload())) as { orderId: number }).orderId;

class Shared {}
class Feed {}
class Billing {}

/** An `@EventConsumer` class `type` of {@link EVENT} with `delivery`, running `handle`. */
function consumer(
  type: typeof Shared,
  handle: (orderId: number) => void | Promise<void>,
  delivery?: EventDelivery,
) {
  return defineController({
    type,
    name: type.name,
    interceptors: [],
    ...(delivery === undefined ? {} : { delivery }),
    handlers: [
      {
        name: 'on',
        method: 'EVENT',
        path: EVENT,
        interceptors: [],
        params: [
          { index: 0, name: 'msg', type: 'fw/core#ConsumerRequestContext', optional: false },
        ],
        invoke: (_c: unknown, a: readonly unknown[]) =>
          handle(orderOf(a[0] as ConsumerRequestContext)),
      },
    ],
  });
}

/** `POST /orders/:id` publishes {@link EVENT}; the consumers are `consumers`. */
function bindingsWith(consumers: ReturnType<typeof consumer>[]): Bindings {
  const http = bindingsOf([
    {
      method: 'POST',
      path: '/orders/:id',
      params: ['id:number', 'ctx:fw/context#Context'],
      handle: (id: number, ctx: Context) => {
        publishEvents(ctx, { name: EVENT, occurredAt: new Date(0), orderId: id } as DomainEvent);
        return { orderId: id };
      },
    },
  ]);
  return { ...http, controllers: [...http.controllers, ...consumers] };
}

/** Starts an app on `transport` over a real port; closed after the test, after `release`. */
async function serve(bindings: Bindings, transport: Transport, release: () => void) {
  const logger = recordingLogger();
  const app = createApp({ bindings, transport, logger });
  const { port } = await app.listen({ port: 0 });
  cleanups.push(async () => {
    release();
    await app.close();
  });
  return { logger, base: `http://127.0.0.1:${port}` };
}

/** Places orders 0 to `count - 1`, one after another; the responses' statuses and Retry-After. */
async function placeOrders(base: string, count: number) {
  const answers: { status: number; retryAfter: string | null; code?: string }[] = [];
  for (let id = 0; id < count; id++) {
    const res = await fetch(`${base}/orders/${id}`, { method: 'POST' });
    const body = (await res.json()) as { code?: string };
    answers.push({
      status: res.status,
      retryAfter: res.headers.get('retry-after'),
      ...(body.code === undefined ? {} : { code: body.code }),
    });
  }
  return answers;
}

describe('in-memory transport: each subscription on its own', () => {
  it('a broadcast consumer that never finishes leaves the shared consumer all 300 orders', async () => {
    const stuck = gate();
    const shared = new Set<number>();
    let feedEntered = 0;
    // The feed is listed first: run one after the other, it would hold every shared delivery.
    const bindings = bindingsWith([
      consumer(
        Feed,
        async () => {
          feedEntered++;
          await stuck.held;
        },
        { broadcast: true },
      ),
      consumer(Shared, (id) => void shared.add(id)),
    ]);
    const { base } = await serve(bindings, inMemoryTransport(), stuck.release);

    const answers = await placeOrders(base, ORDERS);

    expect(answers.filter((a) => a.status === 200)).toHaveLength(ORDERS);
    await waitFor(
      'the shared consumer to handle every order',
      () => shared.size === ORDERS,
      30_000,
    );
    expect(shared.size).toBe(ORDERS);
    // The feed holds its own 16 slots (the default concurrency), no more.
    expect(feedEntered).toBe(16);
  });

  it('a consumer of the app group that never finishes leaves another group all 300 orders', async () => {
    const stuck = gate();
    const billed = new Set<number>();
    const bindings = bindingsWith([
      consumer(Shared, () => stuck.held),
      consumer(Billing, (id) => void billed.add(id), { group: 'billing' }),
    ]);
    const { base } = await serve(bindings, inMemoryTransport(), stuck.release);

    const answers = await placeOrders(base, ORDERS);

    expect(answers.filter((a) => a.status === 200)).toHaveLength(ORDERS);
    await waitFor('billing to handle every order', () => billed.size === ORDERS, 15_000);
    expect(billed.size).toBe(ORDERS);
  });

  it('two consumers of one message in the app group run side by side', async () => {
    const stuck = gate();
    const audited: number[] = [];
    class Audit {}
    const bindings = bindingsWith([
      consumer(Shared, () => stuck.held),
      consumer(Audit, (id) => void audited.push(id)),
    ]);
    const { base } = await serve(bindings, inMemoryTransport({ concurrency: 4 }), stuck.release);

    await placeOrders(base, 10);

    // The group runs 4 messages at once: their other consumer is done with each of them.
    await waitFor('the audit of the 4 messages running', () => audited.length === 4, 15_000);
    expect(audited.sort((a, b) => a - b)).toEqual([0, 1, 2, 3]);
  });
});

describe('in-memory transport: a full queue refuses the publish', () => {
  it('answers 503 with Retry-After, logs once, and holds no more than the bound', async () => {
    const stuck = gate();
    const shared: number[] = [];
    const fed: number[] = [];
    const bindings = bindingsWith([
      consumer(Shared, (id) => void shared.push(id)),
      consumer(
        Feed,
        async (id) => {
          await stuck.held;
          fed.push(id);
        },
        { broadcast: true },
      ),
    ]);
    const transport = inMemoryTransport({ maxQueued: 50, concurrency: 2 });
    const { base, logger } = await serve(bindings, transport, stuck.release);

    const answers = await placeOrders(base, ORDERS);

    // 2 running and 50 waiting in the feed's queue; every later order is refused, for both
    // subscriptions, so that the client's retry does not deliver it twice to the shared one.
    const accepted = 52;
    expect(answers.slice(0, accepted).every((a) => a.status === 200)).toBe(true);
    expect(answers.slice(accepted)).toEqual(
      Array(ORDERS - accepted).fill({
        status: 503,
        retryAfter: '1',
        code: 'FW_ERR_EVENT_QUEUE_FULL',
      }),
    );
    await waitFor('the shared consumer', () => shared.length === accepted, 15_000);
    expect(shared).toEqual([...Array(accepted).keys()]);
    const full = logger.records.filter((r) => r.msg === 'event queue full; publishing refused');
    expect(full).toEqual([
      {
        level: 'warn',
        msg: 'event queue full; publishing refused',
        fields: { subscription: 'broadcast', event: EVENT, maxQueued: 50 },
      },
    ]);
    // Each refused request is logged at info, not as a server error.
    const refusals = logger.records.filter((r) => r.fields['code'] === 'FW_ERR_EVENT_QUEUE_FULL');
    expect(refusals.map((r) => r.level)).toEqual(Array(ORDERS - accepted).fill('info'));

    stuck.release();
    await waitFor('the feed to drain', () => fed.length === accepted, 15_000);
    expect(logger.records.filter((r) => r.msg === 'event queue accepting again')).toEqual([
      {
        level: 'info',
        msg: 'event queue accepting again',
        fields: { subscription: 'broadcast', refused: ORDERS - accepted },
      },
    ]);
    const again = await placeOrders(base, 1);
    expect(again).toEqual([{ status: 200, retryAfter: null }]);
    await waitFor('the feed to take the new order', () => fed.length === accepted + 1, 15_000);
  });

  it('rejects publish with FW_ERR_EVENT_QUEUE_FULL and queues the message nowhere', async () => {
    const stuck = gate();
    const transport = inMemoryTransport({ maxQueued: 3, concurrency: 1 });
    const took: string[] = [];
    await transport.start([EVENT], async () => {}, {
      subscriptions: [
        { eventNames: [EVENT], handle: async () => void took.push('shared') },
        {
          delivery: { broadcast: true },
          eventNames: [EVENT],
          handle: async () => {
            took.push('feed');
            await stuck.held;
          },
        },
      ],
      logger: recordingLogger(),
    });
    const bytes = new TextEncoder().encode('{}');
    await transport.publish(EVENT, bytes);
    await new Promise((resolve) => setImmediate(resolve));
    // A turn after each: the shared subscription has run them, the feed still waits.
    for (let i = 0; i < 3; i++) {
      await transport.publish(EVENT, bytes);
      await new Promise((resolve) => setImmediate(resolve));
    }
    const refused = await transport.publish(EVENT, bytes).then(
      () => undefined,
      (err: unknown) => err as FwError,
    );
    expect([refused?.code, refused?.status, refused?.headers, refused?.message]).toEqual([
      'FW_ERR_EVENT_QUEUE_FULL',
      503,
      { 'Retry-After': '1' },
      "Event 'order.placed' was not published: the in-memory queue of the broadcast consumers " +
        'holds 3 messages waiting (maxQueued); retry later',
    ]);
    stuck.release();
    await transport.close();
    expect(took.filter((t) => t === 'shared')).toHaveLength(4);
    expect(took.filter((t) => t === 'feed')).toHaveLength(4);
  });

  it.each([
    ['maxQueued', { maxQueued: 0 }, 'an integer from 1 to 10000000', '0'],
    ['concurrency', { concurrency: 1.5 }, 'an integer from 1 to 65535', '1.5'],
  ])('validates %s', (option, options, expected, got) => {
    expect(() => inMemoryTransport(options)).toThrow(
      `inMemoryTransport option '${option}' must be ${expected}; got ${got}`,
    );
  });
});
