// Retries with delays (the retry option): JetStream holds a failed message for the wait
// (nak with a delay), counts its deliveries, and the transport dead-letters it after the last;
// the wait outlives the instance that failed.
import { performance } from 'node:perf_hooks';
import type { Delivery } from 'fw';
import { DEAD_LETTER_HEADERS } from 'fw/transport/nats';
import { afterEach, describe, expect, it } from 'vitest';
import {
  backlog,
  type Names,
  payload,
  Resources,
  storedOn,
  testTransport,
  waitFor,
} from './support.js';

// JetStream redelivers no sooner than the wait; the slack above is generous (a loaded host).
const SLACK_MS = 3000;
const EVENT = 'order.placed';

const res = new Resources();
afterEach(() => res.release());

/** Each delivery's attempt and when it started. */
function recording() {
  const seen: { at: number; attempt: Delivery['attempt'] }[] = [];
  const record = (d: Delivery) => void seen.push({ at: performance.now(), attempt: d.attempt });
  const gaps = () => seen.slice(1).map((s, i) => s.at - (seen[i]?.at ?? 0));
  return { seen, record, gaps };
}

const settled = (n: Names) => async () => {
  const b = await backlog(n);
  return b.ackPending === 0 && b.pending === 0;
};

describe('nats transport: retry with delays', () => {
  it('waits each backoff between deliveries, then dead-letters after the last', async () => {
    const n = res.names();
    const consumer = res.track(testTransport(n, { retry: { attempts: 3, backoff: [200, 400] } }));
    const { seen, record, gaps } = recording();
    await consumer.start([EVENT], async (d) => {
      record(d);
      throw new Error('dependency down');
    });
    await consumer.publish(EVENT, payload(7));
    await waitFor(
      'the dead letter',
      async () => (await storedOn(n, n.deadLetterSubject)).length === 1,
    );
    expect(seen.map((s) => s.attempt)).toEqual([
      { number: 1, max: 3, deadLetter: true },
      { number: 2, max: 3, deadLetter: true },
      { number: 3, max: 3, deadLetter: true },
    ]);
    const [first, second] = gaps();
    expect(first).toBeGreaterThanOrEqual(200);
    expect(first).toBeLessThan(200 + SLACK_MS);
    expect(second).toBeGreaterThanOrEqual(400);
    expect(second).toBeLessThan(400 + SLACK_MS);
    console.log(`nats retry gaps (ms) for backoff 200, 400: ${gaps().map(Math.round)}`);
    await waitFor('the message terminated', settled(n));
    const failures = consumer.logger.records.filter((r) => r.msg === 'event failed');
    expect(failures.map((r) => r.fields['disposition'])).toEqual([
      'redelivered',
      'redelivered',
      'dead-lettered',
    ]);
    const [dead] = await storedOn(n, n.deadLetterSubject);
    expect(dead?.header.get(DEAD_LETTER_HEADERS.deliveries)).toBe('3');
    expect(new TextDecoder().decode(dead?.data)).toBe(new TextDecoder().decode(payload(7)));
  });

  it('rejects maxDeliver beside retry, naming it', () => {
    const n = res.names();
    const make = () => testTransport(n, { maxDeliver: 3, retry: { attempts: 3, backoff: [1] } });
    expect(make).toThrow(
      "natsTransport option 'maxDeliver' must be left out with retry (retry.attempts counts the deliveries); got 3",
    );
  });

  // JetStream holds the wait: the instance that failed stops, the next one gets the retry.
  it('keeps a waiting retry across a restart of the app', async () => {
    const n = res.names();
    const retry = { attempts: 2, backoff: [1500] };
    const first = res.track(testTransport(n, { retry }));
    const { seen, record, gaps } = recording();
    await first.start([EVENT], async (d) => {
      record(d);
      throw new Error('dependency down');
    });
    await first.publish(EVENT, payload(2));
    await waitFor('the first delivery', () => seen.length === 1);
    await first.close();
    const second = res.track(testTransport(n, { retry }));
    await second.start([EVENT], async (d) => record(d));
    await waitFor('the retry', () => seen.length === 2);
    expect(seen.map((s) => s.attempt?.number)).toEqual([1, 2]);
    expect(gaps()[0]).toBeGreaterThanOrEqual(1500);
    expect(gaps()[0]).toBeLessThan(1500 + SLACK_MS);
    console.log(`nats retry gap (ms) across a restart for backoff 1500: ${gaps().map(Math.round)}`);
    await waitFor('the retry acknowledged', settled(n));
    expect(await storedOn(n, n.deadLetterSubject)).toEqual([]);
  });
});
