// The example app's POST /orders with Idempotency-Key on each broker, the link frozen by a proxy
// and a short publish timeout: however often the client retries, one order is placed and its
// consumer records it once; after the thaw every retry gets the first 202 and its order id.
import { describe, expect, it } from 'vitest';
import { exampleApp } from '../../examples/app/app.js';
import { OrderLog } from '../../examples/app/store.js';
import { BROKERS } from '../transport/frozen-broker.js';
import { quietLogger, waitFor } from '../transport/support.js';

describe.each(BROKERS)('the example app on %s with a frozen link', (_name, open) => {
  it('places one order however often the client retries it with one key', async () => {
    const broker = await open();
    const app = exampleApp({ transport: broker.transport, logger: quietLogger() });
    const orders = app.get(OrderLog);
    try {
      const { port } = await app.listen({ port: 0, host: '127.0.0.1' });
      const place = (key: string) =>
        fetch(`http://127.0.0.1:${port}/orders`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            authorization: 'Bearer ada',
            'idempotency-key': key,
          },
          body: JSON.stringify({ userId: 1, sku: 'pen', qty: 2 }),
        });
      expect((await place('warm-up')).status).toBe(202);
      await waitFor('the warm-up order recorded', () => orders.entries.length === 1, 15_000);

      broker.proxy.freeze();
      const frozen: number[] = [];
      for (let i = 0; i < 4; i++) frozen.push((await place('order-a')).status);
      expect(frozen).toEqual([503, 409, 409, 409]);
      broker.proxy.thaw();

      let res = await place('order-a');
      for (let i = 0; i < 400 && res.status === 409; i++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        res = await place('order-a');
      }
      expect(res.status).toBe(202);
      expect(res.headers.get('idempotent-replayed')).toBe('true');
      const { orderId } = (await res.json()) as { orderId: number };
      expect(orderId).toBe(2);
      expect(await (await place('order-a')).json()).toEqual({ orderId });

      expect((await place('after')).status).toBe(202);
      await waitFor('both later orders recorded', () => orders.entries.length === 3, 15_000);
      expect([...orders.entries].sort()).toEqual([
        'order 1: 2 x pen',
        'order 2: 2 x pen',
        'order 3: 2 x pen',
      ]);
    } finally {
      await app.close();
      await broker.cleanup();
    }
  }, 90_000);
});
