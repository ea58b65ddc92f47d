// close(): it stops taking messages, finishes and acknowledges those in flight, and hands back
// the rest, so that closing one of two instances mid-stream loses nothing.
import { afterEach, describe, expect, it } from 'vitest';
import {
  backlog,
  payload,
  publishRange,
  Recorder,
  Resources,
  testTransport,
  waitFor,
} from './support.js';

const res = new Resources();
afterEach(() => res.release());

const tick = () => new Promise((resolve) => setTimeout(resolve, 2));

describe('nats transport close', () => {
  it('loses no message when one of two instances closes while consuming', async () => {
    const n = res.names();
    const N = 400;
    const handled = new Recorder();
    const first = { started: 0, finished: 0 };
    const a = testTransport(n, { concurrency: 8 });
    const b = testTransport(n, { concurrency: 8 });
    res.track(a);
    res.track(b);
    await a.start(['order.placed'], async (d) => {
      first.started++;
      await tick();
      handled.record(d);
      first.finished++;
    });
    await b.start(['order.placed'], async (d) => {
      await tick();
      handled.record(d);
    });
    const publishing = publishRange(a, 'order.placed', N);
    await waitFor('the first instance at work', () => first.finished >= 20);
    await a.close();
    // Everything the closed instance started, it finished (and acknowledged) before close resolved.
    expect(first.finished).toBe(first.started);
    const taken = first.started;
    await publishing;
    await waitFor('every message handled by someone', () => handled.hasAll(N), 15_000);
    await waitFor('everything acknowledged', async () => {
      const x = await backlog(n);
      return x.ackPending === 0 && x.pending === 0;
    });
    expect(first.started).toBe(taken); // nothing reached it after close
  });

  it('waits for a running handler, then acknowledges its message', async () => {
    const n = res.names();
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let done = false;
    const t = testTransport(n);
    await t.start(['order.placed'], async () => {
      await held;
      done = true;
    });
    await t.publish('order.placed', payload(1));
    await waitFor('the handler running', async () => (await backlog(n)).ackPending === 1);
    const closed = t.close();
    setTimeout(release, 50);
    await closed;
    expect(done).toBe(true);
    await waitFor('the message acknowledged', async () => (await backlog(n)).ackPending === 0);
  });
});
