// Shared by the tests of publishes whose confirm is late: each broker behind a proxy that can
// freeze the link, with a short publish timeout, and an app whose POST /orders places an order
// (a new id each time the handler runs) and publishes `order.placed`, whose consumer counts each
// order's deliveries.
import { type App, createApp, reply, type Transport } from 'fw';
import type { Context } from 'fw/context';
import type { ConsumerRequestContext, Interceptor } from 'fw/core';
import { type DomainEvent, publishEvents } from 'fw/publish';
import { bindingsOf } from '../http/support.js';
import { type FreezeProxy, freezeProxy } from '../support/freeze-proxy.js';
import * as nats from './nats/support.js';
import * as rabbitmq from './rabbitmq/support.js';
import { quietLogger } from './support.js';

/** The publish timeout of these tests: short, so that a frozen link answers soon. */
export const PUBLISH_TIMEOUT_MS = 400;

/** A broker reached through a {@link FreezeProxy}. */
export interface FrozenBroker {
  readonly proxy: FreezeProxy;
  readonly transport: Transport;
  /** Closes the proxy and deletes what the test declared on the broker. */
  cleanup(): Promise<void>;
}

/** Each broker by name, opened behind its own proxy. */
export const BROKERS: readonly (readonly [string, () => Promise<FrozenBroker>])[] = [
  [
    'RabbitMQ',
    async () => {
      const proxy = await freezeProxy(5672);
      const names = rabbitmq.uniqueNames();
      const transport = rabbitmq.testTransport(names, {
        url: `amqp://guest:guest@127.0.0.1:${proxy.port}`,
        publishTimeoutMs: PUBLISH_TIMEOUT_MS,
      });
      const cleanup = async () => {
        await proxy.close();
        await rabbitmq.deleteAll(
          [names.group, names.deadQueue],
          [names.exchange, names.deadExchange],
        );
      };
      return { proxy, transport, cleanup };
    },
  ],
  [
    'NATS JetStream',
    async () => {
      const proxy = await freezeProxy(4222);
      const names = nats.uniqueNames();
      const transport = nats.testTransport(names, {
        url: `nats://127.0.0.1:${proxy.port}`,
        publishTimeoutMs: PUBLISH_TIMEOUT_MS,
      });
      const cleanup = async () => {
        await proxy.close();
        await nats.deleteStream(names.stream);
      };
      return { proxy, transport, cleanup };
    },
  ],
];

/** The event an order publishes. */
export const ORDER_PLACED = 'order.placed';

/** An app placing orders on `transport`, listening on 127.0.0.1 port 0. */
export interface OrderApp {
  readonly app: App;
  /** How many times the handler ran: each run places an order. */
  placed(): number;
  /** Each order's deliveries to the consumer, by id. */
  readonly consumed: Map<number, number>;
  /** Sends `POST /orders` with `body` and the headers given. */
  post(body: unknown, headers?: Record<string, string>): Promise<Response>;
}

/** Starts an {@link OrderApp}; `close` it when done. */
export async function orderApp(
  transport: Transport,
  interceptors: readonly Interceptor[] = [],
): Promise<OrderApp> {
  let next = 0;
  const consumed = new Map<number, number>();
  const app = createApp({
    transport,
    interceptors: [...interceptors],
    logger: quietLogger(),
    bindings: bindingsOf([
      {
        method: 'POST',
        path: '/orders',
        params: [
          { name: 'order', type: 'test#Order', validate: (v) => ({ ok: true, value: v }) },
          'ctx:fw/context#Context',
        ],
        handle: (order: { sku: string }, ctx: Context) => {
          const orderId = ++next;
          const event = { name: ORDER_PLACED, occurredAt: new Date(0), orderId, sku: order.sku };
          publishEvents(ctx, event as DomainEvent);
          const location = `/orders/${orderId}`;
          return reply(
            { orderId, sku: order.sku },
            { status: 202, headers: { Location: location } },
          );
        },
      },
      {
        method: 'EVENT',
        path: ORDER_PLACED,
        params: ['ctx:fw/core#ConsumerRequestContext'],
        handle: (ctx: ConsumerRequestContext) => {
          const { orderId } = JSON.parse(Buffer.from(ctx.payload()).toString('utf8'));
          consumed.set(orderId, (consumed.get(orderId) ?? 0) + 1);
        },
      },
    ]),
  });
  const { port } = await app.listen({ port: 0, host: '127.0.0.1' });
  const post = (body: unknown, headers: Record<string, string> = {}) =>
    fetch(`http://127.0.0.1:${port}/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
  return { app, placed: () => next, consumed, post };
}
