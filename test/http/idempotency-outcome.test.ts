// idempotency() when the broker did not confirm an event in time (a transport whose publish the
// test settles by hand): the first request answers 503 FW_ERR_PUBLISH_OUTCOME_UNKNOWN and its key
// stays reserved (409) until the outcome is known. Confirmed, retries get the handler's own
// answer; refused, the key is freed and a retry runs again; unknown, retries get the 503 again.
import { reply, type Transport } from 'fw';
import type { Context } from 'fw/context';
import { idempotency, PublishOutcomeUnknownError, type PublishSettlement } from 'fw/idempotency';
import { type DomainEvent, publishEvents } from 'fw/publish';
import { describe, expect, it } from 'vitest';
import { serve, type TestRoute } from './support.js';

/** A transport whose next publish times out, its outcome settled by `settle`. */
function lateTransport() {
  let settle: (s: PublishSettlement) => void = () => {};
  let late = true;
  const transport: Transport = {
    start: async () => {},
    close: async () => {},
    publish: (eventName) => {
      if (!late) return Promise.resolve();
      const settled = new Promise<PublishSettlement>((resolve) => (settle = resolve));
      return Promise.reject(new PublishOutcomeUnknownError(eventName, 2500, settled));
    },
  };
  return {
    transport,
    settle: (s: PublishSettlement) => {
      late = false;
      settle(s);
    },
  };
}

async function shop() {
  let placed = 0;
  const routes: TestRoute[] = [
    {
      method: 'POST',
      path: '/orders',
      params: ['ctx:fw/context#Context'],
      handle: (ctx: Context) => {
        const orderId = ++placed;
        publishEvents(ctx, {
          name: 'order.placed',
          occurredAt: new Date(0),
          orderId,
        } as DomainEvent);
        return reply({ orderId }, { status: 202 });
      },
    },
  ];
  const late = lateTransport();
  const server = await serve(routes, { transport: late.transport, interceptors: [idempotency()] });
  const send = async (key?: string) => {
    const res = await fetch(server.url('/orders'), {
      method: 'POST',
      headers: key === undefined ? {} : { 'idempotency-key': key },
    });
    return {
      status: res.status,
      replayed: res.headers.get('idempotent-replayed'),
      retryAfter: res.headers.get('retry-after'),
      body: (await res.json()) as { orderId?: number; code?: string },
    };
  };
  /** Retries until the key is no longer pending. */
  const settled = async (key: string) => {
    for (let i = 0; i < 200; i++) {
      const res = await send(key);
      if (res.status !== 409) return res;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error(`key ${key} still pending`);
  };
  return { send, settled, settle: late.settle, placed: () => placed };
}

describe('idempotency() and a publish whose outcome is unknown', () => {
  it('answers 503 with Retry-After without a key', async () => {
    const s = await shop();
    const res = await s.send();
    expect(res.status).toBe(503);
    expect(res.retryAfter).toBe('3');
    expect(res.body.code).toBe('FW_ERR_PUBLISH_OUTCOME_UNKNOWN');
  });

  it('holds the key until the broker confirms, then replays the handler’s own answer', async () => {
    const s = await shop();
    const first = await s.send('k');
    expect(first.status).toBe(503);
    expect(first.body.code).toBe('FW_ERR_PUBLISH_OUTCOME_UNKNOWN');
    const pending = await s.send('k');
    expect(pending.status).toBe(409);
    expect(pending.body.code).toBe('FW_ERR_IDEMPOTENCY_KEY_IN_FLIGHT');
    s.settle('confirmed');
    const after = await s.settled('k');
    expect(after).toEqual({
      status: 202,
      replayed: 'true',
      retryAfter: null,
      body: { orderId: 1 },
    });
    expect(s.placed()).toBe(1);
  });

  it('frees the key when the broker refused the event, so that a retry runs again', async () => {
    const s = await shop();
    expect((await s.send('k')).status).toBe(503);
    s.settle('failed');
    const after = await s.settled('k');
    expect(after).toEqual({ status: 202, replayed: null, retryAfter: null, body: { orderId: 2 } });
    expect(s.placed()).toBe(2);
  });

  it('keeps the 503 as the answer when the outcome stays unknown', async () => {
    const s = await shop();
    expect((await s.send('k')).status).toBe(503);
    s.settle('unknown');
    const after = await s.settled('k');
    expect(after.status).toBe(503);
    expect(after.replayed).toBe('true');
    expect(after.retryAfter).toBe('3');
    expect(after.body.code).toBe('FW_ERR_PUBLISH_OUTCOME_UNKNOWN');
    expect(s.placed()).toBe(1);
  });
});
