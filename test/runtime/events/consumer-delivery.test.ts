// Per-consumer delivery without a broker: the subscriptions the app hands its transport
// (one per delivery, each running only its consumers), how a broker transport merges them by
// group, and the in-memory transport, where the one instance receives every message as before.
import {
  createApp,
  type Delivery,
  type DeliveryHandler,
  defineController,
  type EventDelivery,
  inMemoryTransport,
  type Subscription,
  type Transport,
  type TransportStartOptions,
} from 'fw';
import type { ConsumerRequestContext } from 'fw/core';
import { describe, expect, it } from 'vitest';
import { brokerSubscriptions } from '../../../runtime/events/subscriptions.js';

/** A consumer class per delivery, recording the order ids it handled. */
class Feed {
  readonly seen: number[] = [];
}
class Billing {
  readonly seen: number[] = [];
}
class Audit {
  readonly seen: number[] = [];
}

const consumer = (type: typeof Feed, events: string[], delivery?: EventDelivery) =>
  defineController({
    type,
    name: type.name,
    interceptors: [],
    ...(delivery === undefined ? {} : { delivery }),
    handlers: events.map((path) => ({
      name: 'on',
      method: 'EVENT',
      path,
      interceptors: [],
      params: [{ index: 0, name: 'msg', type: 'fw/core#ConsumerRequestContext', optional: false }],
      invoke: (c: Feed, a: readonly unknown[]) => {
        const msg = a[0] as ConsumerRequestContext;
        c.seen.push((JSON.parse(new TextDecoder().decode(msg.payload())) as { id: number }).id);
      },
    })),
  });

const bindings = {
  version: 2 as const,
  controllers: [
    consumer(Feed, ['order.placed'], { broadcast: true }),
    consumer(Billing, ['order.placed', 'order.paid'], { group: 'billing' }),
    consumer(Audit, ['order.placed']),
  ],
};

/** A transport that keeps what `start` was given. */
class Spy implements Transport {
  started: { eventNames: readonly string[]; options: TransportStartOptions } | undefined;
  async start(eventNames: readonly string[], _h: DeliveryHandler, options = {}) {
    this.started = { eventNames, options };
  }
  async publish() {}
  async close() {}
}

const delivery = (eventName: string, id: number): Delivery => ({
  eventName,
  payload: new TextEncoder().encode(JSON.stringify({ id })),
});

describe('the subscriptions an app hands its transport', () => {
  it('one per delivery, sorted, each running only its own consumers', async () => {
    const spy = new Spy();
    const app = createApp({ bindings, transport: spy });
    await app.start();
    const subs = spy.started?.options.subscriptions ?? [];
    expect(spy.started?.eventNames).toEqual(['order.paid', 'order.placed']);
    expect(subs.map((s) => [s.delivery, s.eventNames])).toEqual([
      [undefined, ['order.placed']],
      [{ broadcast: true }, ['order.placed']],
      [{ group: 'billing' }, ['order.paid', 'order.placed']],
    ]);
    await subs[1]?.handle(delivery('order.placed', 7));
    await subs[2]?.handle(delivery('order.paid', 8));
    expect([app.get(Feed).seen, app.get(Billing).seen, app.get(Audit).seen]).toEqual([
      [7],
      [8],
      [],
    ]);
    await app.close();
  });
});

describe('brokerSubscriptions', () => {
  const handled: string[] = [];
  const sub = (name: string, eventNames: string[], d?: EventDelivery): Subscription => ({
    eventNames,
    ...(d === undefined ? {} : { delivery: d }),
    handle: async (x) => void handled.push(`${name}:${x.eventName}`),
  });

  it('merges a group named as the transport names its own into it, and leaves out empty ones', async () => {
    const subscriptions = [
      sub('app', ['b', 'a']),
      sub('named', ['c', 'a'], { group: 'orders' }),
      sub('feed', ['a'], { broadcast: true }),
      sub('none', [], { group: 'other' }),
    ];
    const found = brokerSubscriptions('orders', [], async () => {}, { subscriptions });
    expect(found.map(({ group, broadcast, eventNames }) => [group, broadcast, eventNames])).toEqual(
      [
        ['orders', false, ['a', 'b', 'c']],
        ['orders', true, ['a']],
      ],
    );
    await found[0]?.handle(delivery('a', 1));
    await found[0]?.handle(delivery('c', 1));
    expect(handled.splice(0)).toEqual(['app:a', 'named:a', 'named:c']);
  });

  it('without subscriptions, the app group over every event name', () => {
    const found = brokerSubscriptions('orders', ['x'], async () => {}, {});
    expect(found.map(({ group, broadcast, eventNames }) => [group, broadcast, eventNames])).toEqual(
      [['orders', false, ['x']]],
    );
  });
});

describe('the in-memory transport with both kinds of consumer', () => {
  it('gives every consumer each event once: one instance is every instance', async () => {
    const app = createApp({ bindings, transport: inMemoryTransport() });
    await app.start();
    for (const id of [1, 2, 3]) await app.emit('order.placed', { id });
    await app.emit('order.paid', { id: 4 });
    expect([app.get(Feed).seen, app.get(Billing).seen, app.get(Audit).seen]).toEqual([
      [1, 2, 3],
      [1, 2, 3, 4],
      [1, 2, 3],
    ]);
    await app.close();
  });
});
