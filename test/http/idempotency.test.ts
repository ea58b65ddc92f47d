// idempotency() from fw/idempotency over a real socket, on the in-memory store: a retry with the
// same key gets the first answer and runs nothing; a retry while the first still runs gets 409;
// the same key with another request 422; a request without the key runs as usual (or gets 400
// when the key is required); a server failure frees the key.
import { HttpError, reply } from 'fw';
import { type IdempotencyOptions, idempotency, memoryIdempotencyStore } from 'fw/idempotency';
import { describe, expect, it } from 'vitest';
import { deferred, problem, serve, type TestRoute } from './support.js';

/** A shop whose orders count how often the handler ran, with a gate a test may hold shut. */
function shop() {
  let placed = 0;
  let gate: Promise<void> | undefined;
  let failNext = false;
  const routes: TestRoute[] = [
    {
      method: 'POST',
      path: '/orders',
      params: [{ name: 'order', type: 'test#Order', validate: (v) => ({ ok: true, value: v }) }],
      handle: async (order: { sku: string }) => {
        await gate;
        if (failNext) {
          failNext = false;
          throw new Error('database down');
        }
        if (order.sku === 'gone') throw new HttpError(404, 'No such product');
        const orderId = ++placed;
        return reply(
          { orderId, sku: order.sku },
          { status: 201, headers: { Location: `/orders/${orderId}`, 'X-Trace': 'first' } },
        );
      },
    },
    { method: 'PUT', path: '/orders', handle: () => ({ put: ++placed }) },
  ];
  return {
    routes,
    placed: () => placed,
    hold() {
      const d = deferred();
      gate = d.promise;
      return () => {
        gate = undefined;
        d.resolve();
      };
    },
    failOnce() {
      failNext = true;
    },
  };
}

async function served(options: IdempotencyOptions = {}) {
  const s = shop();
  const server = await serve(s.routes, { interceptors: [idempotency(options)] });
  const send = (body: unknown, key?: string | string[], method = 'POST') => {
    const headers = new Headers({ 'content-type': 'application/json' });
    for (const k of typeof key === 'string' ? [key] : (key ?? []))
      headers.append('Idempotency-Key', k);
    return fetch(server.url('/orders'), { method, headers, body: JSON.stringify(body) });
  };
  return { ...s, send };
}

describe('idempotency()', () => {
  it('replays the first answer to a retry with the same key, and runs the handler once', async () => {
    const s = await served();
    const first = await s.send({ sku: 'pen' }, 'k-1');
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const body = await first.json();
    for (let i = 0; i < 3; i++) {
      const again = await s.send({ sku: 'pen' }, 'k-1');
      expect(again.status).toBe(201);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(again.headers.get('location')).toBe('/orders/1');
      expect(again.headers.get('content-type')).toBe('application/json; charset=utf-8');
      // Only the listed headers are replayed.
      expect(again.headers.get('x-trace')).toBeNull();
      expect(again.headers.get('x-request-id')).not.toBe(first.headers.get('x-request-id'));
      expect(await again.json()).toEqual(body);
    }
    expect(s.placed()).toBe(1);
    // Another key is another order; a quoted key (a Structured Field string) is the same key.
    expect((await s.send({ sku: 'pen' }, 'k-2')).status).toBe(201);
    expect((await s.send({ sku: 'pen' }, '"k-2"')).headers.get('idempotent-replayed')).toBe('true');
    expect(s.placed()).toBe(2);
  });

  it('answers 409 with Retry-After while the first request with the key still runs', async () => {
    const s = await served();
    const open = s.hold();
    const first = s.send({ sku: 'pen' }, 'slow');
    // The first request holds the key once the handler waits at the gate.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const retry = await s.send({ sku: 'pen' }, 'slow');
    expect(retry.status).toBe(409);
    expect(retry.headers.get('retry-after')).toBe('1');
    expect(await retry.json()).toEqual(
      problem(
        409,
        'Conflict',
        'A request with this Idempotency-Key is still being processed; retry after Retry-After seconds to get its answer',
        'FW_ERR_IDEMPOTENCY_KEY_IN_FLIGHT',
      ),
    );
    open();
    expect((await first).status).toBe(201);
    expect((await s.send({ sku: 'pen' }, 'slow')).status).toBe(201);
    expect(s.placed()).toBe(1);
  });

  it('answers 422 when the key comes again with another body or method', async () => {
    const s = await served({ methods: ['POST', 'PUT'] });
    expect((await s.send({ sku: 'pen' }, 'k')).status).toBe(201);
    const other = await s.send({ sku: 'ink' }, 'k');
    expect(other.status).toBe(422);
    expect(await other.json()).toEqual(
      problem(
        422,
        'Unprocessable Content',
        'This Idempotency-Key was used for another request (method, path or body differ); use a new key for a new operation',
        'FW_ERR_IDEMPOTENCY_KEY_REUSED',
      ),
    );
    expect((await s.send({ sku: 'pen' }, 'k', 'PUT')).status).toBe(422);
    expect(s.placed()).toBe(1);
  });

  it('keeps a client error as the answer, and frees the key after a server failure', async () => {
    const s = await served();
    expect((await s.send({ sku: 'gone' }, 'lost')).status).toBe(404);
    const replayed = await s.send({ sku: 'gone' }, 'lost');
    expect(replayed.status).toBe(404);
    expect(replayed.headers.get('idempotent-replayed')).toBe('true');

    s.failOnce();
    expect((await s.send({ sku: 'pen' }, 'retry-me')).status).toBe(500);
    const retried = await s.send({ sku: 'pen' }, 'retry-me');
    expect(retried.status).toBe(201);
    expect(retried.headers.get('idempotent-replayed')).toBeNull();
    expect(s.placed()).toBe(1);
  });

  it('keeps the key past requestTimeoutMs, and replays what the late handler answered', async () => {
    const s = shop();
    const server = await serve(s.routes, { interceptors: [idempotency()], requestTimeoutMs: 200 });
    const send = () =>
      fetch(server.url('/orders'), {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': 'late' },
        body: '{"sku":"pen"}',
      });
    const open = s.hold();
    expect((await send()).status).toBe(503);
    expect((await send()).status).toBe(409);
    open();
    let res = await send();
    for (let i = 0; i < 200 && res.status === 409; i++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      res = await send();
    }
    expect(res.status).toBe(201);
    expect(res.headers.get('idempotent-replayed')).toBe('true');
    expect(await res.json()).toEqual({ orderId: 1, sku: 'pen' });
    expect(s.placed()).toBe(1);
  });

  it('lets a request without the key run as usual, and other methods ignore it', async () => {
    const s = await served();
    expect((await s.send({ sku: 'pen' })).status).toBe(201);
    expect((await s.send({ sku: 'pen' })).status).toBe(201);
    expect((await s.send({}, 'k', 'PUT')).status).toBe(200);
    expect((await s.send({}, 'k', 'PUT')).status).toBe(200);
    expect(s.placed()).toBe(4);
  });

  it('refuses a request without the key with 400 when the key is required', async () => {
    const s = await served({ required: true });
    const res = await s.send({ sku: 'pen' });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual(
      problem(
        400,
        'Bad Request',
        'This request needs an Idempotency-Key header; send a new unique key with each operation',
        'FW_ERR_IDEMPOTENCY_KEY_MISSING',
      ),
    );
    expect(s.placed()).toBe(0);
  });

  it('refuses a key that is too long, not visible ASCII, or sent twice, with 400', async () => {
    const s = await served({ maxKeyLength: 8 });
    const detail =
      'The Idempotency-Key must be 1 to 8 visible ASCII characters (a UUID fits), optionally in double quotes';
    for (const key of ['123456789', 'a b', '""', ['a', 'b']]) {
      const res = await s.send({ sku: 'pen' }, key);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual(
        problem(400, 'Bad Request', detail, 'FW_ERR_IDEMPOTENCY_KEY_INVALID'),
      );
    }
    expect((await s.send({ sku: 'pen' }, '12345678')).status).toBe(201);
    expect(s.placed()).toBe(1);
  });

  it('keeps keys of one scope apart from another', async () => {
    const s = shop();
    const server = await serve(s.routes, {
      interceptors: [idempotency({ scope: (ctx) => ctx.header('authorization') })],
    });
    const send = (who: string) =>
      fetch(server.url('/orders'), {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: who, 'idempotency-key': 'k' },
        body: '{"sku":"pen"}',
      });
    expect((await send('alice')).status).toBe(201);
    expect((await send('bob')).headers.get('idempotent-replayed')).toBeNull();
    expect((await send('alice')).headers.get('idempotent-replayed')).toBe('true');
    expect(s.placed()).toBe(2);
  });

  it('answers 503 and runs nothing when the store fails', async () => {
    const s = shop();
    const store = memoryIdempotencyStore();
    const broken = {
      reserve: () => Promise.reject(new Error('store down')),
      save: store.save.bind(store),
      release: store.release.bind(store),
    };
    const server = await serve(s.routes, { interceptors: [idempotency({ store: broken })] });
    const res = await fetch(server.url('/orders'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': 'k' },
      body: '{"sku":"pen"}',
    });
    expect(res.status).toBe(503);
    expect(((await res.json()) as { code: string }).code).toBe('FW_ERR_IDEMPOTENCY_STORE');
    expect(s.placed()).toBe(0);
  });

  it('checks its options', () => {
    expect(() => idempotency({ maxKeyLength: 0 })).toThrow(
      "idempotency option 'maxKeyLength' must be an integer from 1 to 1024; got 0",
    );
    expect(() => idempotency({ methods: ['PO ST'] })).toThrow(
      "idempotency option 'methods' must be an array of header field tokens; got an array",
    );
    expect(() => idempotency({ store: {} as never })).toThrow(
      "idempotency option 'store' must be an IdempotencyStore (reserve, save, release); got an empty object",
    );
    expect(() => idempotency({ ttl: 5 } as never)).toThrow(
      "idempotency option 'options.ttl' must be one of store, required, methods, maxKeyLength, ttlMs, pendingTtlMs, replayHeaders, scope; got 'ttl'",
    );
  });
});
