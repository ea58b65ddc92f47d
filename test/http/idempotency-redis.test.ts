// redisIdempotencyStore() with the `redis` package (node-redis) on the local Redis: two instances
// of an app on one Redis agree on every key. A retry sent to the other instance gets the first
// answer, and one sent while the first still runs gets 409; the handler runs once in all.
import { randomBytes } from 'node:crypto';
import { reply } from 'fw';
import { idempotency, redisIdempotencyStore } from 'fw/idempotency';
import { createClient } from 'redis';
import { describe, expect, it, onTestFinished } from 'vitest';
import { deferred, serve, type TestRoute } from './support.js';

const REDIS_URL = 'redis://127.0.0.1:6379';

async function redis() {
  const client = createClient({ url: REDIS_URL });
  client.on('error', () => {});
  await client.connect();
  onTestFinished(() => client.close());
  return client;
}

describe('redisIdempotencyStore()', () => {
  it('makes two app instances on one Redis answer a retry alike', async () => {
    const prefix = `fw:test:${randomBytes(5).toString('hex')}:`;
    let placed = 0;
    const gate = deferred();
    let holding = false;
    const routes: TestRoute[] = [
      {
        method: 'POST',
        path: '/orders',
        params: [{ name: 'order', type: 'test#Order', validate: (v) => ({ ok: true, value: v }) }],
        handle: async (order: { sku: string }) => {
          if (holding) await gate.promise;
          const orderId = ++placed;
          return reply({ orderId, sku: order.sku }, { status: 202 });
        },
      },
    ];
    const instances = [];
    for (let i = 0; i < 2; i++) {
      const store = redisIdempotencyStore({ client: await redis(), prefix });
      instances.push(await serve(routes, { interceptors: [idempotency({ store })] }));
    }
    const [one, two] = instances as [(typeof instances)[0], (typeof instances)[0]];
    const send = (to: typeof one, key: string, sku = 'pen') =>
      fetch(to.url('/orders'), {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': key },
        body: JSON.stringify({ sku }),
      });

    const first = await send(one, 'order-1');
    expect(first.status).toBe(202);
    const replayed = await send(two, 'order-1');
    expect(replayed.status).toBe(202);
    expect(replayed.headers.get('idempotent-replayed')).toBe('true');
    expect(await replayed.json()).toEqual(await first.json());
    expect((await send(two, 'order-1', 'ink')).status).toBe(422);

    holding = true;
    const slow = send(two, 'order-2');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await send(one, 'order-2')).status).toBe(409);
    gate.resolve();
    expect((await slow).status).toBe(202);
    expect((await send(one, 'order-2')).headers.get('idempotent-replayed')).toBe('true');
    expect(placed).toBe(2);

    // The record expires with the answer's time in Redis.
    const client = await redis();
    const ttl = await client.pTTL(`${prefix}order-1`);
    expect(ttl).toBeGreaterThan(86_000_000);
    await client.del([`${prefix}order-1`, `${prefix}order-2`]);
  });

  it('checks its options', () => {
    expect(() => redisIdempotencyStore({ client: {} as never })).toThrow(
      "redisIdempotencyStore option 'client' must be a connected Redis client (node-redis createClient()); got an empty object",
    );
  });
});
