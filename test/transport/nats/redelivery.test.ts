// A handler that rejects: the message comes back, and after maxDeliver deliveries it is
// dead-lettered with why, then terminated.
import { DEAD_LETTER_HEADERS } from 'fw/transport/nats';
import { afterEach, describe, expect, it } from 'vitest';
import { anError } from '../../http/support.js';
import { type Disposition, eventFailed } from '../support.js';
import {
  backlog,
  type Names,
  payload,
  publishRange,
  Recorder,
  Resources,
  storedOn,
  testTransport,
  waitFor,
} from './support.js';

const res = new Resources();
afterEach(() => res.release());

const settled = (n: Names) => async () => {
  const b = await backlog(n);
  return b.ackPending === 0 && b.pending === 0;
};

describe('nats transport redelivery', () => {
  it('redelivers a message whose handler failed, until it succeeds', async () => {
    const n = res.names();
    const recorder = new Recorder();
    const consumer = testTransport(n);
    res.track(consumer);
    await consumer.start(['order.placed'], async (d) => {
      const id = recorder.record(d);
      if (id % 3 === 0 && recorder.counts.get(id) === 1) throw new Error(`fail ${id} once`);
    });
    await publishRange(consumer, 'order.placed', 12);
    await waitFor('every failed message redelivered', () =>
      [0, 3, 6, 9].every((id) => recorder.counts.get(id) === 2),
    );
    await waitFor('every message acknowledged', settled(n));
    expect(recorder.hasAll(12)).toBe(true);
    expect(recorder.total).toBe(16);
    // Once for each failed message, each at its first delivery of five.
    const failed = [0, 3, 6, 9].map((id) =>
      eventFailed({
        event: 'order.placed',
        group: n.group,
        attempt: 1,
        maxAttempts: 5,
        disposition: 'redelivered',
        err: anError(`fail ${id} once`),
      }),
    );
    expect(consumer.logger.records).toHaveLength(failed.length);
    expect(consumer.logger.records).toEqual(expect.arrayContaining(failed));
    expect(await storedOn(n, n.deadLetterSubject)).toEqual([]);
  });

  it('dead-letters a message after maxDeliver failed deliveries, with why', async () => {
    const n = res.names();
    const recorder = new Recorder();
    const consumer = testTransport(n, { maxDeliver: 3 });
    res.track(consumer);
    await consumer.start(['order.placed'], async (d) => {
      const id = recorder.record(d);
      if (id === 7) throw new Error('no stock\nfor order 7');
    });
    await consumer.publish('order.placed', payload(7));
    await consumer.publish('order.placed', payload(8));
    await waitFor('a dead letter', async () => (await storedOn(n, n.deadLetterSubject)).length > 0);
    await waitFor('every message settled', settled(n));
    expect(recorder.counts.get(7)).toBe(3);
    expect(recorder.counts.get(8)).toBe(1);
    const [dead, ...more] = await storedOn(n, n.deadLetterSubject);
    expect(more).toEqual([]);
    expect(dead?.json()).toEqual({ id: 7 });
    expect(Object.values(DEAD_LETTER_HEADERS).map((h) => [h, dead?.header.get(h)])).toEqual([
      ['Fw-Event', 'order.placed'],
      ['Fw-Group', n.group],
      ['Fw-Deliveries', '3'],
      ['Fw-Error', 'no stock for order 7'],
      ['Fw-Stream-Sequence', '1'],
    ]);
    const failed = (attempt: number, disposition: Disposition) =>
      eventFailed({
        event: 'order.placed',
        group: n.group,
        attempt,
        maxAttempts: 3,
        disposition,
        ...(disposition === 'dead-lettered' ? { deadLetterTo: n.deadLetterSubject } : {}),
        err: anError('no stock\nfor order 7'),
      });
    expect(consumer.logger.records).toEqual([
      failed(1, 'redelivered'),
      failed(2, 'redelivered'),
      failed(3, 'dead-lettered'),
    ]);
  });

  it('drops a message after maxDeliver failures when deadLetterSubject is false', async () => {
    const n = res.names();
    const recorder = new Recorder();
    const consumer = testTransport(n, { maxDeliver: 2, deadLetterSubject: false });
    res.track(consumer);
    await consumer.start(['order.placed'], async (d) => {
      recorder.record(d);
      throw new Error('always');
    });
    await consumer.publish('order.placed', payload(1));
    await waitFor('two deliveries, then nothing pending', async () => {
      return recorder.counts.get(1) === 2 && (await settled(n)());
    });
    const failed = (attempt: number, disposition: Disposition) =>
      eventFailed({
        event: 'order.placed',
        group: n.group,
        attempt,
        maxAttempts: 2,
        disposition,
        err: anError('always'),
      });
    expect(consumer.logger.records).toEqual([failed(1, 'redelivered'), failed(2, 'dropped')]);
  });

  it('dead-letters, without running it again, a message whose last delivery was lost', async () => {
    const n = res.names();
    const proxy = res.proxy();
    // The first instance takes the message, then its connection dies before it answers.
    const first = testTransport(n, {
      url: await proxy.listen(),
      maxDeliver: 1,
      ackWait: 1000,
      reconnect: false,
    });
    res.track(first);
    const recorder = new Recorder();
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await first.start(['order.placed'], async (d) => {
      recorder.record(d);
      await held;
    });
    const second = testTransport(n, { maxDeliver: 1, ackWait: 1000 });
    res.track(second);
    await second.publish('order.placed', payload(5));
    await waitFor('the first delivery', () => recorder.total === 1);
    proxy.down = true;
    proxy.cut();
    release();
    await second.start(['order.placed'], async (d) => void recorder.record(d));
    await waitFor('a dead letter', async () => (await storedOn(n, n.deadLetterSubject)).length > 0);
    await waitFor('every message settled', settled(n));
    expect(recorder.total).toBe(1);
    const [dead] = await storedOn(n, n.deadLetterSubject);
    expect(dead?.header.get('Fw-Error')).toBe('not acknowledged after 1 deliveries');
    expect(second.logger.records).toEqual([
      eventFailed({
        event: 'order.placed',
        group: n.group,
        attempt: 2,
        maxAttempts: 1,
        disposition: 'dead-lettered',
        deadLetterTo: n.deadLetterSubject,
        err: anError('not acknowledged after 1 deliveries'),
      }),
    ]);
  });
});
