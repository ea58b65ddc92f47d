// A generated event publisher (the example app's) on its own transport connection, publishing to a
// running app on real RabbitMQ and NATS JetStream: the consumer gets the payload and the request id
// the publisher gave, as from the app's own publishEvents, and a payload that fails the app's check
// is refused before the broker: the consumer only ever sees the valid one.
import { type App, createApp, FwError, type Transport } from 'fw';
import { afterEach, describe, expect, it } from 'vitest';
import { createPublisher } from '../../examples/app/events-client.js';
import { bindingsOf } from '../http/support.js';
import * as nats from './nats/support.js';
import * as rabbitmq from './rabbitmq/support.js';
import { requestIdRoutes, waitFor } from './support.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Two transports of one broker under names no other test uses: the app's and the publisher's. */
const brokers: [string, () => () => Transport][] = [
  [
    'rabbitmq',
    () => {
      const names = rabbitmq.uniqueNames();
      cleanups.push(() =>
        rabbitmq.deleteAll([names.group, names.deadQueue], [names.exchange, names.deadExchange]),
      );
      return () => rabbitmq.testTransport(names);
    },
  ],
  [
    'nats',
    () => {
      const names = nats.uniqueNames();
      cleanups.push(() => nats.deleteStream(names.stream));
      return () => nats.testTransport(names);
    },
  ],
];

describe('a generated publisher on a broker', () => {
  it.each(brokers)(
    '%s: the consumer gets the checked payload and its request id',
    async (_, of) => {
      const transport = of();
      const { seen, routes } = requestIdRoutes();
      const app: App = createApp({ bindings: bindingsOf(routes), transport: transport() });
      cleanups.push(() => app.close());
      await app.start();
      const publisher = createPublisher({ transport: transport() });
      cleanups.push(() => publisher.close());

      const order = { name: 'order.placed', orderId: 7, sku: 'A-1', qty: 2 } as const;
      const refused = await publisher
        .publish('order.placed', { ...order, qty: Number.NaN, occurredAt: new Date() })
        .catch((err: unknown) => err);
      expect(refused).toBeInstanceOf(FwError);
      expect((refused as FwError).extensions['errors']).toEqual([
        { path: 'qty', message: 'expected a number' },
      ]);
      await publisher.publish(
        'order.placed',
        { ...order, occurredAt: new Date() },
        { requestId: 'trace-7' },
      );
      await publisher.publish('order.placed', { ...order, orderId: 8, occurredAt: new Date() });

      await waitFor('both orders consumed', () => seen.length === 2);
      expect(seen[0]).toEqual({ orderId: 7, requestId: 'trace-7' });
      expect(seen[1]?.orderId).toBe(8);
      expect(seen[1]?.requestId).toMatch(/^[A-Za-z0-9._:+/=-]{1,128}$/);
    },
  );
});
