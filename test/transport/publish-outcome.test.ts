// A publish the broker does not confirm in time, on each broker behind a frozen link: the request
// answers 503 with Retry-After and FW_ERR_PUBLISH_OUTCOME_UNKNOWN (not a 500), since the event may
// still arrive; once the link thaws it does, once.
import { describe, expect, it } from 'vitest';
import { BROKERS, orderApp } from './frozen-broker.js';
import { waitFor } from './support.js';

describe.each(BROKERS)('a publish not confirmed in time on %s', (_name, open) => {
  it('answers 503 outcome-unknown with Retry-After, and the event is delivered once the link thaws', async () => {
    const broker = await open();
    const shop = await orderApp(broker.transport);
    try {
      // The link works: an order is placed and consumed.
      expect((await shop.post({ sku: 'pen' })).status).toBe(202);
      await waitFor('the first order consumed', () => shop.consumed.get(1) === 1, 15_000);

      broker.proxy.freeze();
      const res = await shop.post({ sku: 'ink' });
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('1');
      expect(res.headers.get('content-type')).toBe('application/problem+json');
      expect(await res.json()).toEqual({
        type: 'about:blank',
        title: 'Service Unavailable',
        status: 503,
        detail:
          'The broker did not confirm event order.placed within 400 ms: it may still be delivered. ' +
          'Retry with the same Idempotency-Key, or find out whether the request took effect first',
        code: 'FW_ERR_PUBLISH_OUTCOME_UNKNOWN',
      });

      broker.proxy.thaw();
      await waitFor('the order of the 503 consumed', () => shop.consumed.get(2) === 1, 15_000);
      // One more order after the thaw shows every earlier delivery has had its chance to come.
      expect((await shop.post({ sku: 'nib' })).status).toBe(202);
      await waitFor('the third order consumed', () => shop.consumed.get(3) === 1, 15_000);
      expect([...shop.consumed]).toEqual([
        [1, 1],
        [2, 1],
        [3, 1],
      ]);
    } finally {
      await shop.app.close();
      await broker.cleanup();
    }
  }, 60_000);
});
