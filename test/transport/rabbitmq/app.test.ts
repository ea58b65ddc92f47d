// The transport under createApp: events a request publishes travel through the broker to the
// @OnEvent consumers of every app of the group, and a consumer's own events too.

import type { Channel, ChannelModel, GetMessage } from 'amqplib';
import { type App, createApp } from 'fw';
import type { Context } from 'fw/context';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { anError } from '../../http/support.js';
import { eventFailed } from '../support.js';
import { bindings, type OrderEvent, OrderEvents } from './app-bindings.js';
import {
  admin,
  deleteAll,
  type Names,
  quietLogger,
  type TestTransport,
  testTransport,
  uniqueNames,
  waitFor,
} from './support.js';

let names: Names;
let apps: App[];
let transports: TestTransport[];
let model: ChannelModel;
let channel: Channel;

beforeEach(async () => {
  names = uniqueNames();
  apps = [];
  transports = [];
  model = await admin();
  channel = await model.createChannel();
});

afterEach(async () => {
  await Promise.all([...apps.map((a) => a.close()), ...transports.map((t) => t.close())]);
  await model.close();
  await deleteAll([names.group, names.deadQueue], [names.exchange, names.deadExchange]);
});

/** Consumers whose `order.placed` one starts, then waits until the test calls `open()`. */
function gatedOrderEvents() {
  const consumer = new OrderEvents();
  const gate = { started: false, open: () => {} };
  const opened = new Promise<void>((resolve) => {
    gate.open = resolve;
  });
  const onPlaced = consumer.onPlaced.bind(consumer);
  consumer.onPlaced = (async (event: OrderEvent, ctx: Context) => {
    gate.started = true;
    await opened;
    onPlaced(event, ctx);
  }) as unknown as typeof consumer.onPlaced;
  return { consumer, gate };
}

/** An app of the test's group; `inject` starts its transport, as `listen` would. */
async function startApp(
  options?: Parameters<typeof testTransport>[1],
  maxPayloadBytes?: number,
  consumer = new OrderEvents(),
) {
  const transport = testTransport(names, options);
  const app = createApp({
    bindings,
    providers: [consumer],
    transport,
    logger: quietLogger(),
    ...(maxPayloadBytes === undefined ? {} : { maxPayloadBytes }),
  });
  apps.push(app);
  await app.inject({ method: 'GET', url: '/' });
  return { app, consumer, transport };
}

const encode = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));

describe('rabbitmq transport under createApp', () => {
  it("delivers a request's event to the consumers, and the consumer's follow-up", async () => {
    const { app, consumer } = await startApp();
    const res = await app.inject({ method: 'POST', url: '/orders/5' });
    expect(res.status).toBe(202);
    await waitFor('the follow-up event', () => consumer.invoiced.includes(5));
    expect([consumer.placed, consumer.invoiced]).toEqual([[5], [5]]);
  });

  it('dead-letters a payload that fails validation at once, without redelivering it', async () => {
    const { consumer, transport } = await startApp({ maxDeliveries: 2 });
    await transport.publish('order.placed', encode({ name: 'order.placed', orderId: 'five' }));
    await waitFor('the dead letter', async () => {
      return (await channel.checkQueue(names.deadQueue)).messageCount === 1;
    });
    const dead = (await channel.get(names.deadQueue, { noAck: true })) as GetMessage;
    expect(JSON.parse(dead.content.toString())).toEqual({ name: 'order.placed', orderId: 'five' });
    expect(consumer.placed).toEqual([]);
    // Its payload can never be handled: dead-lettered at the first delivery of two.
    expect(transport.logger.records).toEqual([
      eventFailed({
        event: 'order.placed',
        group: names.group,
        attempt: 1,
        maxAttempts: 2,
        disposition: 'dead-lettered',
        deadLetterTo: names.deadExchange,
        code: 'FW_ERR_PAYLOAD_INVALID',
        err: anError('Invalid payload: orderId: expected a number'),
      }),
    ]);
  });

  it('dead-letters a payload over maxPayloadBytes at once, before any consumer runs', async () => {
    const { consumer, transport } = await startApp({ maxDeliveries: 3 }, 1024);
    const big = { name: 'order.placed', orderId: 6, note: 'x'.repeat(1024) };
    await transport.publish('order.placed', encode(big));
    await transport.publish('order.placed', encode({ name: 'order.placed', orderId: 7 }));
    await waitFor('the dead letter', async () => {
      return (await channel.checkQueue(names.deadQueue)).messageCount === 1;
    });
    await waitFor('the next event', () => consumer.placed.includes(7));
    const dead = (await channel.get(names.deadQueue, { noAck: true })) as GetMessage;
    expect(JSON.parse(dead.content.toString())).toEqual(big);
    expect(consumer.placed).toEqual([7]);
    expect(transport.logger.records).toEqual([
      eventFailed({
        event: 'order.placed',
        group: names.group,
        attempt: 1,
        maxAttempts: 3,
        disposition: 'dead-lettered',
        deadLetterTo: names.deadExchange,
        code: 'FW_ERR_PAYLOAD_TOO_LARGE',
        err: anError(
          `The payload of ${encode(big).length} bytes exceeds the limit of 1024 bytes (maxPayloadBytes)`,
        ),
      }),
    ]);
  });

  it('loses no event when one of two apps of a group closes while consuming', async () => {
    const n = 200;
    const a = await startApp({ prefetch: 4 });
    const b = await startApp({ prefetch: 4 });
    const publisher = testTransport(names);
    transports.push(publisher);
    const sent = Promise.all(
      Array.from({ length: n }, (_, id) =>
        publisher.publish('order.placed', encode({ name: 'order.placed', orderId: id })),
      ),
    );
    await waitFor('the first app to be busy', () => a.consumer.placed.length >= 10);
    await a.app.close();
    await sent;
    const handled = () => new Set([...a.consumer.placed, ...b.consumer.placed]);
    await waitFor('every event', () => handled().size === n);
    // Each app's follow-ups went through the broker too, to whichever app was still running.
    await waitFor('every follow-up', () => {
      return new Set([...a.consumer.invoiced, ...b.consumer.invoiced]).size === n;
    });
  });

  // On a broker, app.idle() waits for the deliveries this process has started and for its own
  // publishes to be confirmed; a message still in the broker has not started.
  it('app.idle() waits for a delivery the app has started, and its confirmed follow-up', async () => {
    const { consumer, gate } = gatedOrderEvents();
    const { app } = await startApp(undefined, undefined, consumer);
    await app.inject({ method: 'POST', url: '/orders/6' });
    await waitFor('the consumer to start', () => gate.started);
    setTimeout(gate.open, 20);
    await app.idle();
    expect(consumer.placed).toEqual([6]);
    await waitFor('the follow-up event', () => consumer.invoiced.includes(6));
  });
});
