// Retries with Idempotency-Key while the link to the broker is frozen, on each broker: every
// order is placed once and consumed once, however often its client retries. While the link is
// frozen the first try answers 503 (outcome unknown) and the retries 409 (still pending); once it
// thaws and the broker confirms, every retry gets the first answer, the handler's 202, again.
import { idempotency } from 'fw/idempotency';
import { describe, expect, it } from 'vitest';
import { BROKERS, orderApp } from './frozen-broker.js';
import { waitFor } from './support.js';

const ORDERS = 5;
const RETRIES_WHILE_FROZEN = 3;
const RETRIES_AFTER = 3;

describe.each(BROKERS)('Idempotency-Key retries across a frozen link to %s', (_name, open) => {
  it('places and delivers every order once, and replays its first answer', async () => {
    const broker = await open();
    const shop = await orderApp(broker.transport, [idempotency()]);
    try {
      // A first order while the link works: the consumer is subscribed.
      expect((await shop.post({ sku: 'warm-up' }, { 'Idempotency-Key': 'warm-up' })).status).toBe(
        202,
      );
      await waitFor('the warm-up order consumed', () => shop.consumed.get(1) === 1, 15_000);

      broker.proxy.freeze();
      const frozen: number[][] = [];
      for (let i = 0; i < ORDERS; i++) {
        const statuses: number[] = [];
        for (let attempt = 0; attempt < RETRIES_WHILE_FROZEN; attempt++) {
          const res = await shop.post({ sku: `sku-${i}` }, { 'Idempotency-Key': `order-${i}` });
          const problem = (await res.json()) as { code: string };
          expect(res.headers.get('retry-after')).not.toBeNull();
          statuses.push(res.status);
          expect(problem.code).toBe(
            res.status === 503
              ? 'FW_ERR_PUBLISH_OUTCOME_UNKNOWN'
              : 'FW_ERR_IDEMPOTENCY_KEY_IN_FLIGHT',
          );
        }
        frozen.push(statuses);
      }
      // Each order's first try waited for the broker; every retry found it still pending.
      expect(frozen).toEqual(Array.from({ length: ORDERS }, () => [503, 409, 409]));

      broker.proxy.thaw();
      const answers = new Map<number, { orderId: number; sku: string }>();
      for (let i = 0; i < ORDERS; i++) {
        const key = { 'Idempotency-Key': `order-${i}` };
        let res = await shop.post({ sku: `sku-${i}` }, key);
        const deadline = Date.now() + 20_000;
        while (res.status === 409 && Date.now() < deadline) {
          await new Promise((resolve) => setTimeout(resolve, 50));
          res = await shop.post({ sku: `sku-${i}` }, key);
        }
        expect(res.status).toBe(202);
        expect(res.headers.get('idempotent-replayed')).toBe('true');
        const first = (await res.json()) as { orderId: number; sku: string };
        expect(res.headers.get('location')).toBe(`/orders/${first.orderId}`);
        expect(first.sku).toBe(`sku-${i}`);
        answers.set(i, first);
        for (let attempt = 0; attempt < RETRIES_AFTER; attempt++) {
          const again = await shop.post({ sku: `sku-${i}` }, key);
          expect(again.status).toBe(202);
          expect(await again.json()).toEqual(first);
        }
      }

      // One fresh order after everything: the deliveries before it have had their chance.
      const last = await shop.post({ sku: 'last' }, { 'Idempotency-Key': 'last' });
      const { orderId: lastId } = (await last.json()) as { orderId: number };
      await waitFor('the last order consumed', () => shop.consumed.get(lastId) === 1, 15_000);
      await waitFor('every order consumed', () => shop.consumed.size === ORDERS + 2, 15_000);
      // The handler ran once per key, and the consumer saw each order once.
      expect(shop.placed()).toBe(ORDERS + 2);
      expect(new Set([...answers.values()].map((a) => a.orderId)).size).toBe(ORDERS);
      expect([...shop.consumed.values()]).toEqual(Array(ORDERS + 2).fill(1));
    } finally {
      await shop.app.close();
      await broker.cleanup();
    }
  }, 90_000);
});
