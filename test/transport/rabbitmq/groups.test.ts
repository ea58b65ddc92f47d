// Consumer groups: every group gets every message; the instances of one group share them.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  deleteAll,
  type Names,
  publishRange,
  Recorder,
  type TestTransport,
  testTransport,
  uniqueNames,
  waitFor,
} from './support.js';

let names: Names;
let other: Names;
let open: TestTransport[];

beforeEach(() => {
  names = uniqueNames();
  other = { ...names, group: `${names.group}.b`, deadQueue: `${names.group}.b.dead` };
  open = [];
});

afterEach(async () => {
  await Promise.all(open.map((t) => t.close()));
  await deleteAll(
    [names.group, names.deadQueue, other.group, other.deadQueue],
    [names.exchange, names.deadExchange],
  );
});

function transport(n: Names, options?: Parameters<typeof testTransport>[1]): TestTransport {
  const t = testTransport(n, options);
  open.push(t);
  return t;
}

/** A handler that takes a little while, so that several messages are in flight at once. */
const slowly = (seen: Recorder) => async (d: Parameters<Recorder['record']>[0]) => {
  seen.record(d);
  await new Promise((resolve) => setTimeout(resolve, 2));
};

describe('rabbitmq transport: consumer groups', () => {
  it('gives every message to each group, once', async () => {
    const [a, b] = [new Recorder(), new Recorder()];
    await transport(names).start(['order.placed'], slowly(a));
    await transport(other).start(['order.placed'], slowly(b));
    await publishRange(transport(names), 'order.placed', 50);
    await waitFor('both groups to have every message', () => a.hasAll(50) && b.hasAll(50));
    expect([a.total, b.total]).toEqual([50, 50]);
  });

  it('splits a group between its instances, each message handled once', async () => {
    const [a, b] = [new Recorder(), new Recorder()];
    await transport(names, { prefetch: 2 }).start(['order.placed'], slowly(a));
    await transport(names, { prefetch: 2 }).start(['order.placed'], slowly(b));
    await publishRange(transport(names), 'order.placed', 60);
    await waitFor('every message', () => a.total + b.total >= 60);
    const both = new Map([...a.counts]);
    for (const [id, n] of b.counts) both.set(id, (both.get(id) ?? 0) + n);
    expect([...both.values()].every((n) => n === 1)).toBe(true);
    expect(both.size).toBe(60);
    expect(a.total).toBeGreaterThan(0);
    expect(b.total).toBeGreaterThan(0);
  });
});
