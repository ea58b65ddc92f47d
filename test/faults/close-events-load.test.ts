// close() with events in flight on the in-memory transport: HTTP requests still running publish
// their events after close() was called, the consumers are running when the transport is told to
// close, and each of them publishes a follow-up event. close() lets all of it finish: every event
// is handled once and nothing fails.
import { type Delivery, inMemoryTransport, type Transport } from 'fw';
import type { Context } from 'fw/context';
import { type DomainEvent, publishEvents } from 'fw/publish';
import { describe, expect, it } from 'vitest';
import { deferred, serve } from '../http/support.js';
import { countdown } from './support.js';

const REQUESTS = 50; // HTTP requests running when close() is called
const EVENTS_PER_REQUEST = 10;
const EVENTS = REQUESTS * EVENTS_PER_REQUEST;

interface Order extends DomainEvent {
  readonly id: number;
}

const order = (name: string, id: number): Order => ({ name, occurredAt: new Date(), id });

/** The in-memory transport, telling the test when the app has begun to close it. */
function watched(onError: (err: unknown, d: Delivery) => void) {
  // Every consumer runs at once, so that all of them are in flight when close() is called.
  const inner = inMemoryTransport({ onError, concurrency: EVENTS });
  const closing = deferred();
  const transport: Transport = {
    start: (names, handle) => inner.start(names, handle),
    publish: (name, payload) => inner.publish(name, payload),
    close: () => {
      closing.resolve();
      return inner.close();
    },
  };
  return { transport, closing: closing.promise };
}

describe('close() with events in flight', () => {
  it('delivers every event published by requests and consumers in flight; none lost', async () => {
    const failures: string[] = [];
    const { transport, closing: transportClosing } = watched((err) =>
      failures.push((err as Error).message),
    );
    const requestsIn = countdown(REQUESTS);
    const consumersIn = countdown(EVENTS);
    const requestGate = deferred();
    const consumerGate = deferred();
    const placed: number[] = [];
    const shipped: number[] = [];
    const served = await serve(
      [
        {
          method: 'POST',
          path: '/orders/:r',
          params: ['r:number', 'ctx:fw/context#Context'],
          handle: async (r: number, ctx: Context) => {
            requestsIn.tick();
            await requestGate.promise;
            for (let k = 0; k < EVENTS_PER_REQUEST; k++) {
              publishEvents(ctx, order('order.placed', r * EVENTS_PER_REQUEST + k));
            }
            return 'accepted';
          },
        },
        {
          method: 'EVENT',
          path: 'order.placed',
          params: ['payload:fw/core#ConsumerRequestContext', 'ctx:fw/context#Context'],
          handle: async (msg: { payload(): Uint8Array }, ctx: Context) => {
            const { id } = JSON.parse(new TextDecoder().decode(msg.payload())) as Order;
            consumersIn.tick();
            await consumerGate.promise;
            placed.push(id);
            publishEvents(ctx, order('order.shipped', id));
          },
        },
        {
          method: 'EVENT',
          path: 'order.shipped',
          params: ['payload:fw/core#ConsumerRequestContext'],
          handle: (msg: { payload(): Uint8Array }) => {
            shipped.push((JSON.parse(new TextDecoder().decode(msg.payload())) as Order).id);
          },
        },
      ],
      { transport },
    );

    const responses = Array.from({ length: REQUESTS }, (_, r) =>
      fetch(served.url(`/orders/${r}`), { method: 'POST' }).then((res) => res.status),
    );
    await requestsIn.reached;
    const closing = served.app.close();
    requestGate.resolve();
    const statuses = await Promise.all(responses);
    await consumersIn.reached;
    await transportClosing; // the HTTP side has closed; the consumers are still running
    consumerGate.resolve();
    await closing;

    const all = Array.from({ length: EVENTS }, (_, id) => id);
    expect(statuses).toEqual(Array(REQUESTS).fill(200));
    expect(failures).toEqual([]);
    expect(placed.sort((a, b) => a - b)).toEqual(all); // each once: none lost, none doubled
    expect(shipped.sort((a, b) => a - b)).toEqual(all);
    expect(served.logger.entries).toEqual([]);
  });
});
