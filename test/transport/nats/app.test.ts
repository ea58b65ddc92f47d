// Through createApp: the fixtures' generated bindings (fixtures/events) consume over NATS, a failed
// execution is redelivered, a payload that never validates or is over maxPayloadBytes is
// dead-lettered at once, and close() closes the transport.
import { createApp } from 'fw';
import type { ConsumerRequestContext, ExecutionContext, Interceptor } from 'fw/core';
import { natsTransport } from 'fw/transport/nats';
import { afterEach, describe, expect, it } from 'vitest';
import { bindings } from '../../../fixtures/events/expected/bindings.js';
import { OrderEvents } from '../../../fixtures/events/input/orders.js';
import { anError } from '../../http/support.js';
import { type Disposition, eventFailed } from '../support.js';
import {
  backlog,
  quietLogger,
  Resources,
  storedOn,
  testTransport,
  URL,
  waitFor,
} from './support.js';

const res = new Resources();
afterEach(() => res.release());

/**
 * Fails the first execution of each message of an order id divisible by 4. The message runs
 * `OrderAudit.placed`, then `OrderEvents.placed` (the bindings' order): the first fails, so the
 * message is redelivered and `OrderEvents` sees that order twice (at least once).
 */
class FlakyOnce implements Interceptor {
  readonly failed = new Set<number>();

  preHandle(ctx: ExecutionContext): Error | undefined {
    if (ctx.path() !== 'order.placed') return;
    const payload = (ctx as unknown as ConsumerRequestContext).payload();
    const { orderId } = JSON.parse(Buffer.from(payload).toString('utf8')) as { orderId: unknown };
    if (typeof orderId !== 'number' || orderId % 4 !== 0 || this.failed.has(orderId)) return;
    this.failed.add(orderId);
    return new Error(`order ${orderId} fails once`);
  }
}

const encoder = new TextEncoder();
// OrderEvents.cancelled records the payload's length (28), which is no order id of the test.
const CANCELLED = encoder.encode('{"why":"the customer asked"}');
const placed = (orderId: unknown) =>
  encoder.encode(
    JSON.stringify({ name: 'order.placed', occurredAt: '2026-11-01', orderId, lines: [] }),
  );

const TOO_BIG = encoder.encode(
  JSON.stringify({ name: 'order.placed', orderId: 99, lines: [], note: 'x'.repeat(1024) }),
);

describe('an app on the nats transport', () => {
  it('runs its consumers for published events, redelivers failures, dead-letters bad payloads', async () => {
    const n = res.names();
    const events = new OrderEvents();
    const flaky = new FlakyOnce();
    const logger = quietLogger();
    // The transport logs to its own logger; the app only that it listens.
    const appLogger = quietLogger();
    const transport = natsTransport({
      url: URL,
      group: n.group,
      stream: n.stream,
      subjectPrefix: n.subjectPrefix,
      maxDeliver: 2,
      logger,
    });
    const app = createApp({
      bindings,
      providers: [events],
      interceptors: [flaky],
      transport,
      maxPayloadBytes: 1024,
      logger: appLogger,
    });
    res.track(app);
    await app.listen(); // starts the transport

    const publisher = res.track(testTransport(n));
    const sends: Promise<void>[] = [];
    for (let id = 0; id < 20; id++) sends.push(publisher.publish('order.placed', placed(id)));
    sends.push(publisher.publish('order.placed', placed('nine')));
    sends.push(publisher.publish('order.placed', TOO_BIG));
    sends.push(publisher.publish('order.cancelled', CANCELLED));
    await Promise.all(sends);

    const ids = Array.from({ length: 20 }, (_, id) => id);
    await waitFor('every order placed and the cancellation', () =>
      [...ids, CANCELLED.length].every((id) => events.seen.includes(id)),
    );
    await waitFor('the bad payloads dead-lettered', async () => {
      return (await storedOn(n, n.deadLetterSubject)).length === 2;
    });
    await app.close();

    const failing = [0, 4, 8, 12, 16];
    expect([...flaky.failed].sort((a, b) => a - b)).toEqual(failing);
    const orders = events.seen.filter((id) => id !== CANCELLED.length);
    expect(orders.sort((a, b) => a - b)).toEqual([...ids, ...failing].sort((a, b) => a - b));
    const dead = await storedOn(n, n.deadLetterSubject);
    const why = dead.map((d) => d.header.get('Fw-Error')).sort();
    expect(why[0]).toContain('orderId: expected a number');
    expect(why[1]).toContain(
      `The payload of ${TOO_BIG.length} bytes exceeds the limit of 1024 bytes`,
    );
    // Neither is retried: one can never validate, the other is always too big.
    expect(dead.map((d) => d.header.get('Fw-Deliveries'))).toEqual(['1', '1']);
    // Logged once each: a failed order at its first delivery of two, to be redelivered; a bad
    // payload at its first too, dead-lettered at once.
    const failed = (fields: { code?: string; err: unknown }, disposition: Disposition) =>
      eventFailed({
        event: 'order.placed',
        group: n.group,
        attempt: 1,
        maxAttempts: 2,
        disposition,
        ...(disposition === 'dead-lettered' ? { deadLetterTo: n.deadLetterSubject } : {}),
        ...fields,
      });
    // Both consumers of order.placed refuse the invalid one: its error joins theirs.
    const invalid = 'Invalid payload: orderId: expected a number';
    const tooBig = `The payload of ${TOO_BIG.length} bytes exceeds the limit of 1024 bytes (maxPayloadBytes)`;
    const records = [
      ...failing.map((id) => failed({ err: anError(`order ${id} fails once`) }, 'redelivered')),
      failed(
        { code: 'FW_ERR_PAYLOAD_INVALID', err: anError(`${invalid}\n${invalid}`) },
        'dead-lettered',
      ),
      failed({ code: 'FW_ERR_PAYLOAD_TOO_LARGE', err: anError(tooBig) }, 'dead-lettered'),
    ];
    expect(logger.records).toHaveLength(records.length);
    expect(logger.records).toEqual(expect.arrayContaining(records));
    expect(appLogger.records.map((r) => r.msg)).toEqual(['listening']);
    expect(await backlog(n)).toEqual({ ackPending: 0, pending: 0 });
  });
});
