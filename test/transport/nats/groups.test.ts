// Consumer groups: every group gets every message; the instances of one group share them, each
// message handled once.
import { afterEach, describe, expect, it } from 'vitest';
import { backlog, publishRange, Recorder, Resources, testTransport, waitFor } from './support.js';

const res = new Resources();
afterEach(() => res.release());

const tick = () => new Promise((resolve) => setTimeout(resolve, 2));

describe('nats transport groups', () => {
  it('gives every message to each of two groups', async () => {
    const n = res.names();
    const billing = new Recorder();
    const shipping = new Recorder();
    const a = testTransport(n, { group: `${n.group}_billing` });
    const b = testTransport(n, { group: `${n.group}_shipping` });
    res.track(a);
    res.track(b);
    await a.start(['order.placed'], async (d) => void billing.record(d));
    await b.start(['order.placed'], async (d) => void shipping.record(d));
    await publishRange(a, 'order.placed', 100);
    await waitFor('both groups', () => billing.hasAll(100) && shipping.hasAll(100));
    await waitFor('both groups acknowledged everything', async () => {
      const both = await Promise.all([
        backlog(n, `${n.group}_billing`),
        backlog(n, `${n.group}_shipping`),
      ]);
      return both.every((x) => x.ackPending === 0 && x.pending === 0);
    });
    expect([billing.total, shipping.total]).toEqual([100, 100]);
  });

  it('splits the messages between two instances of one group, each handled once', async () => {
    const n = res.names();
    const shared = new Recorder();
    const byInstance = [0, 0];
    const instances = [0, 1].map((i) => {
      const t = testTransport(n, { concurrency: 4 });
      res.track(t);
      return t.start(['order.placed'], async (d) => {
        shared.record(d);
        byInstance[i] = (byInstance[i] ?? 0) + 1;
        await tick(); // a handler that takes a moment, so one instance cannot take everything
      });
    });
    await Promise.all(instances);
    const publisher = testTransport(n);
    res.track(publisher);
    await publishRange(publisher, 'order.placed', 200);
    await waitFor('every message', () => shared.hasAll(200));
    await waitFor('everything acknowledged', async () => {
      const b = await backlog(n);
      return b.ackPending === 0 && b.pending === 0;
    });
    expect(shared.total).toBe(200);
    expect([...shared.counts.values()].every((c) => c === 1)).toBe(true);
    expect(byInstance.every((count) => count > 0)).toBe(true);
  });
});
