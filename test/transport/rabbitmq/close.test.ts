// close(): stop taking messages, finish and acknowledge those in flight, disconnect; nothing lost.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  deleteAll,
  type Names,
  publishRange,
  Recorder,
  readyCount,
  type TestTransport,
  testTransport,
  uniqueNames,
  waitFor,
} from './support.js';

let names: Names;
let open: TestTransport[];

beforeEach(() => {
  names = uniqueNames();
  open = [];
});

afterEach(async () => {
  await Promise.all(open.map((t) => t.close()));
  await deleteAll([names.group, names.deadQueue], [names.exchange, names.deadExchange]);
});

function transport(options?: Parameters<typeof testTransport>[1]): TestTransport {
  const t = testTransport(names, options);
  open.push(t);
  return t;
}

describe('rabbitmq transport: close', () => {
  it('finishes the handler in flight and acks its message before disconnecting', async () => {
    const consumer = transport();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const seen = new Recorder();
    let finished = false;
    await consumer.start(['order.placed'], async (d) => {
      seen.record(d);
      await gate;
      finished = true;
    });
    await publishRange(consumer, 'order.placed', 1);
    await waitFor('the handler to start', () => seen.total === 1);
    const closed = consumer.close();
    release();
    await closed;
    expect(finished).toBe(true);
    // Acknowledged: another instance of the group gets nothing, and the queue is empty.
    const next = transport();
    const later = new Recorder();
    await next.start(['order.placed'], async (d) => void later.record(d));
    await next.close();
    expect([later.total, await readyCount(names.group)]).toEqual([0, 0]);
  });

  it('loses nothing when one of two instances closes while consuming', async () => {
    const n = 400;
    const [a, b] = [new Recorder(), new Recorder()];
    const work = (seen: Recorder) => async (d: Parameters<Recorder['record']>[0]) => {
      seen.record(d);
      await new Promise((resolve) => setImmediate(resolve));
    };
    const first = transport({ prefetch: 8 });
    await first.start(['order.placed'], work(a));
    await transport({ prefetch: 8 }).start(['order.placed'], work(b));
    const sent = publishRange(transport(), 'order.placed', n);
    await waitFor('the first instance to be busy', () => a.total >= 20);
    await first.close();
    const handledByA = a.total;
    await sent;
    await waitFor('every message', () => {
      for (let id = 0; id < n; id++) if (!a.counts.has(id) && !b.counts.has(id)) return false;
      return true;
    });
    expect(a.total).toBe(handledByA); // nothing after close
    expect(await readyCount(names.group)).toBe(0);
  });
});
