// Request ids over a real NATS JetStream (docs/operations.md): the id of the request that published
// an event travels in the message header `X-Request-Id` into the consumer's requestId(), its
// 'event failed' record and the dead letter; an id that is not a short token is not sent, and a
// message that arrives without one (another publisher) gets a fresh id.
import { jetstream } from '@nats-io/jetstream';
import { headers as natsHeaders } from '@nats-io/transport-node';
import { type App, createApp } from 'fw';
import { afterEach, describe, expect, it } from 'vitest';
import { bindingsOf } from '../../http/support.js';
import { EVENT, requestIdRoutes } from '../support.js';
import { admin, type Names, Resources, storedOn, testTransport, waitFor } from './support.js';

const TOKEN = /^[A-Za-z0-9._:+/=-]{1,128}$/;
const encode = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));

const res = new Resources();
afterEach(() => res.release());

/**
 * A started app on the server whose `POST /orders/:id` publishes `order.placed` and whose consumer
 * records each message's request id, failing for a negative order (dead-lettered at once).
 */
async function startApp() {
  const names = res.names();
  const { seen, routes } = requestIdRoutes();
  const transport = testTransport(names, { maxDeliver: 1 });
  const app: App = res.track(
    createApp({ bindings: bindingsOf(routes), transport, logger: transport.logger }),
  );
  await app.start(); // declares the stream and the group's consumer
  return { app, transport, seen, names };
}

/** The `X-Request-Id` header of the one message stored on `subject`. */
async function storedRequestId(names: Names, subject: string): Promise<string | undefined> {
  const stored = await storedOn(names, subject);
  expect(stored).toHaveLength(1);
  const value = stored[0]?.header.get('X-Request-Id');
  return value === '' || value === undefined ? undefined : value;
}

/** Publishes raw bytes to the stream as another service would, with `headers` if given. */
async function publishRaw(subject: string, data: string, headers?: Record<string, string>) {
  const { nc } = await admin();
  try {
    const h = natsHeaders();
    for (const [name, value] of Object.entries(headers ?? {})) h.set(name, value);
    await jetstream(nc).publish(subject, data, headers === undefined ? {} : { headers: h });
  } finally {
    await nc.close();
  }
}

describe('request ids over nats', () => {
  it("carries the request's id in header X-Request-Id to the consumer's requestId()", async () => {
    const { app, seen, names } = await startApp();

    const answer = await app.inject({
      method: 'POST',
      url: '/orders/7',
      headers: { 'X-Request-Id': 'checkout-7' },
    });
    await waitFor('the consumer', () => seen.length === 1);

    expect(answer.headers['x-request-id']).toBe('checkout-7');
    expect(seen).toEqual([{ orderId: 7, requestId: 'checkout-7' }]);
    expect(await storedRequestId(names, `${names.subjectPrefix}.${EVENT}`)).toBe('checkout-7');
  });

  it('carries a generated id of a request that came without one', async () => {
    const { app, seen, names } = await startApp();

    const answer = await app.inject({ method: 'POST', url: '/orders/8' });
    await waitFor('the consumer', () => seen.length === 1);

    const id = answer.headers['x-request-id'];
    expect(id).toMatch(TOKEN);
    expect(seen).toEqual([{ orderId: 8, requestId: id }]);
    expect(await storedRequestId(names, `${names.subjectPrefix}.${EVENT}`)).toBe(id);
  });

  it("puts the id in the 'event failed' record and on the dead letter", async () => {
    const { app, transport, seen, names } = await startApp();

    await app.inject({ method: 'POST', url: '/orders/-1', headers: { 'X-Request-Id': 'bad-1' } });
    await waitFor('the dead letter', async () => {
      return (await storedOn(names, names.deadLetterSubject)).length === 1;
    });

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
          deadLetterTo: names.deadLetterSubject,
          err: expect.objectContaining({ message: 'cannot ship order -1' }),
        }),
      },
    ]);
    expect(await storedRequestId(names, names.deadLetterSubject)).toBe('bad-1');
  });

  it.each<[string, string]>([
    ['129 characters', 'n'.repeat(129)],
    ['a space', 'two words'],
    ['CR LF', 'a\r\nb'],
  ])('does not send an id of %s; the consumer gets a fresh one', async (_name, requestId) => {
    const { transport, seen, names } = await startApp();

    await transport.publish(EVENT, encode({ orderId: 9 }), { requestId });
    await waitFor('the consumer', () => seen.length === 1);

    expect(seen[0]?.requestId).toMatch(TOKEN);
    expect(seen[0]?.requestId).not.toBe(requestId);
    expect(await storedRequestId(names, `${names.subjectPrefix}.${EVENT}`)).toBeUndefined();
  });

  it.each<[string, Record<string, string> | undefined]>([
    ['no headers', undefined],
    ['other headers only', { 'X-Tenant': 'acme' }],
    ['an X-Request-Id that is no token', { 'X-Request-Id': 'has space' }],
  ])('gives a message published with %s its place in the stream as id', async (_name, headers) => {
    const { seen, names } = await startApp();

    await publishRaw(`${names.subjectPrefix}.${EVENT}`, '{"orderId":10}', headers);
    await waitFor('the consumer', () => seen.length === 1);

    // The first message of a new stream: the same id at every delivery of it.
    expect(seen).toEqual([{ orderId: 10, requestId: `${names.stream}:1` }]);
    expect(seen[0]?.requestId).toMatch(TOKEN);
  });

  it('keeps the id of a message another publisher sent with a token in X-Request-Id', async () => {
    const { seen, names } = await startApp();

    await publishRaw(`${names.subjectPrefix}.${EVENT}`, '{"orderId":11}', {
      'X-Request-Id': 'from-another-service',
    });
    await waitFor('the consumer', () => seen.length === 1);

    expect(seen).toEqual([{ orderId: 11, requestId: 'from-another-service' }]);
  });
});
