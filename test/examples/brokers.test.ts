// The example app on each real broker: an order placed over HTTP is published through RabbitMQ or
// NATS JetStream, consumed, and pushed to a WebSocket subscriber; `FW_TRANSPORT` picks the broker.
import type { Transport } from 'fw';
import { NatsTransport } from 'fw/transport/nats';
import { RabbitMqTransport } from 'fw/transport/rabbitmq';
import { afterEach, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { exampleApp } from '../../examples/app/app.js';
import { OrderLog } from '../../examples/app/store.js';
import { transportFromEnv } from '../../examples/app/transport.js';
import * as nats from '../transport/nats/support.js';
import * as rabbitmq from '../transport/rabbitmq/support.js';
import { quietLogger } from '../transport/support.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A transport of each broker under names no other test uses, removed afterwards. */
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

describe('the example app on a broker', () => {
  it.each(brokers)('%s: HTTP publishes, the consumer pushes to WebSocket', async (_, transport) => {
    const logger = quietLogger();
    const app = exampleApp({ transport: transport(), logger });
    const orders = app.get(OrderLog);
    cleanups.push(() => app.close());
    const { port } = await app.listen();
    const ws = new WebSocket(`ws://127.0.0.1:${port}/ws/orders`);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', resolve);
      ws.once('error', reject);
    });
    ws.send('subscribe me');
    expect(await next(ws)).toBe('subscribed');

    const pushed = next(ws);
    const res = await fetch(`http://127.0.0.1:${port}/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userId: 1, sku: 'pen', qty: 3 }),
    });
    expect(res.status).toBe(202);
    expect(await pushed).toBe(
      JSON.stringify({ event: 'order.placed', orderId: 1, sku: 'pen', qty: 3 }),
    );
    ws.close();
    // The push comes from the broadcast feed; OrderEvents, the shared consumer, takes the same
    // message from its own queue and may record it just after.
    await vi.waitFor(() => expect(orders.entries).toEqual(['order 1: 3 x pen']));
    expect(logger.records.filter((r) => r.level !== 'info')).toEqual([]);
  });
});

describe('FW_TRANSPORT', () => {
  it.each<[string, Record<string, string>, new (...args: never[]) => Transport]>([
    ['rabbitmq', { FW_TRANSPORT: 'rabbitmq' }, RabbitMqTransport],
    ['nats', { FW_TRANSPORT: 'nats', FW_NATS_URL: 'nats://127.0.0.1:4222' }, NatsTransport],
  ])('%s builds that transport, not yet connected', (_, env, type) => {
    expect(transportFromEnv(env)).toBeInstanceOf(type);
  });

  it('defaults to the in-memory transport', async () => {
    const app = exampleApp({ transport: transportFromEnv({}) });
    const orders = app.get(OrderLog);
    await app.inject({
      method: 'POST',
      url: '/orders',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userId: 1, sku: 'book', qty: 1 }),
    });
    await orders.waitFor(1);
    await app.close();
    expect(orders.entries).toEqual(['order 1: 1 x book']);
  });

  it('refuses a name it does not know, listing the ones it does', () => {
    expect(() => transportFromEnv({ FW_TRANSPORT: 'kafka' })).toThrow(
      'FW_TRANSPORT=kafka is not one of memory, rabbitmq, nats',
    );
  });
});
