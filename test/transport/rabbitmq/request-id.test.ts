// Request ids over a real RabbitMQ (docs/operations.md): the id of the request that published an
// event travels in the AMQP header `x-request-id` into the consumer's requestId() and its
// 'event failed' record; an id that is not a short token is not sent, and a message that arrives
// without one (another publisher) gets a fresh id.
import type { Channel, ChannelModel, GetMessage } from 'amqplib';
import { type App, createApp } from 'fw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bindingsOf } from '../../http/support.js';
import { EVENT, requestIdRoutes, type Seen } from '../support.js';
import {
  admin,
  deleteAll,
  type Names,
  type TestTransport,
  testTransport,
  uniqueNames,
  waitFor,
} from './support.js';

const TOKEN = /^[A-Za-z0-9._:+/=-]{1,128}$/;
const encode = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));

let names: Names;
let spyQueue: string;
let apps: App[];
let model: ChannelModel;
let channel: Channel;

beforeEach(async () => {
  names = uniqueNames();
  spyQueue = `${names.group}.spy`;
  apps = [];
  model = await admin();
  channel = await model.createChannel();
});

afterEach(async () => {
  await Promise.all(apps.map((a) => a.close()));
  await model.close();
  await deleteAll([names.group, names.deadQueue, spyQueue], [names.exchange, names.deadExchange]);
});

/**
 * A started app on the broker whose `POST /orders/:id` publishes `order.placed` and whose consumer
 * records each message's request id, failing for a negative order (dead-lettered at once). A
 * queue bound beside the group's keeps a copy of every message for the test to read.
 */
async function startApp(): Promise<{ app: App; transport: TestTransport; seen: Seen[] }> {
  const { seen, routes } = requestIdRoutes();
  const transport = testTransport(names, { maxDeliveries: 1 });
  const app = createApp({ bindings: bindingsOf(routes), transport, logger: transport.logger });
  apps.push(app);
  await app.start(); // declares the exchange and the group's queue
  await channel.assertQueue(spyQueue, { exclusive: true });
  await channel.bindQueue(spyQueue, names.exchange, EVENT);
  return { app, transport, seen };
}

/** The copy of the next message on the spy queue. */
async function nextCopy(): Promise<GetMessage> {
  let got: GetMessage | false = false;
  await waitFor('a copy of the message', async () => {
    got = await channel.get(spyQueue, { noAck: true });
    return got !== false;
  });
  return got as unknown as GetMessage;
}

describe('request ids over rabbitmq', () => {
  it("carries the request's id in header x-request-id to the consumer's requestId()", async () => {
    const { app, seen } = await startApp();

    const res = await app.inject({
      method: 'POST',
      url: '/orders/7',
      headers: { 'X-Request-Id': 'checkout-7' },
    });
    await waitFor('the consumer', () => seen.length === 1);

    expect(res.headers['x-request-id']).toBe('checkout-7');
    expect(seen).toEqual([{ orderId: 7, requestId: 'checkout-7' }]);
    expect((await nextCopy()).properties.headers?.['x-request-id']).toBe('checkout-7');
  });

  it('carries a generated id of a request that came without one', async () => {
    const { app, seen } = await startApp();

    const res = await app.inject({ method: 'POST', url: '/orders/8' });
    await waitFor('the consumer', () => seen.length === 1);

    const id = res.headers['x-request-id'];
    expect(id).toMatch(TOKEN);
    expect(seen).toEqual([{ orderId: 8, requestId: id }]);
    expect((await nextCopy()).properties.headers?.['x-request-id']).toBe(id);
  });

  it("puts the id in the 'event failed' record of a consumer that fails", async () => {
    const { app, transport, seen } = await startApp();

    await app.inject({ method: 'POST', url: '/orders/-1', headers: { 'X-Request-Id': 'bad-1' } });
    await waitFor('the failure record', () =>
      transport.logger.records.some((r) => r.msg === 'event failed'),
    );

    expect(seen).toEqual([{ orderId: -1, requestId: 'bad-1' }]);
    expect(transport.logger.records.filter((r) => r.msg === 'event failed')).toEqual([
      {
        level: 'error',
        msg: 'event failed',
        fields: expect.objectContaining({
          event: EVENT,
          requestId: 'bad-1',
          group: names.group,
          attempt: 1,
          maxAttempts: 1,
          disposition: 'dead-lettered',
          deadLetterTo: names.deadExchange,
          err: expect.objectContaining({ message: 'cannot ship order -1' }),
        }),
      },
    ]);
  });

  it.each<[string, string]>([
    ['129 characters', 'r'.repeat(129)],
    ['a space', 'two words'],
    ['CR LF', 'a\r\nb'],
  ])('does not send an id of %s; the consumer gets a fresh one', async (_name, requestId) => {
    const { transport, seen } = await startApp();

    await transport.publish(EVENT, encode({ orderId: 9 }), { requestId });
    await waitFor('the consumer', () => seen.length === 1);

    expect(seen[0]?.requestId).toMatch(TOKEN);
    expect(seen[0]?.requestId).not.toBe(requestId);
    expect((await nextCopy()).properties.headers?.['x-request-id']).toBeUndefined();
  });

  it.each<[string, Record<string, unknown> | undefined]>([
    ['no headers', undefined],
    ['other headers only', { 'x-tenant': 'acme' }],
    ['an x-request-id that is no token', { 'x-request-id': 'has space' }],
    ['an x-request-id that is a number', { 'x-request-id': 42 }],
  ])('gives a message published with %s a fresh id', async (_name, headers) => {
    const { seen } = await startApp();

    const published = channel.publish(names.exchange, EVENT, Buffer.from('{"orderId":10}'), {
      ...(headers === undefined ? {} : { headers }),
    });
    await waitFor('the consumer', () => seen.length === 1);

    expect(published).toBe(true);
    expect(seen[0]?.requestId).toMatch(TOKEN);
    expect(seen[0]?.requestId).not.toBe(headers?.['x-request-id']);
  });

  // Every delivery of such a message then logs the same id.
  it('gives a message published without an id its AMQP message id', async () => {
    const { seen } = await startApp();

    channel.publish(names.exchange, EVENT, Buffer.from('{"orderId":12}'), { messageId: 'msg-77' });
    await waitFor('the consumer', () => seen.length === 1);

    expect(seen).toEqual([{ orderId: 12, requestId: 'msg-77' }]);
  });

  it('keeps the id of a message another publisher sent with a token in x-request-id', async () => {
    const { seen } = await startApp();

    channel.publish(names.exchange, EVENT, Buffer.from('{"orderId":11}'), {
      headers: { 'x-request-id': 'from-another-service' },
    });
    await waitFor('the consumer', () => seen.length === 1);

    expect(seen).toEqual([{ orderId: 11, requestId: 'from-another-service' }]);
  });
});
