// A lost connection: the client reconnects by itself (through a proxy the test cuts), pulls
// resume, and messages published meanwhile are delivered.
import { afterEach, describe, expect, it } from 'vitest';
import {
  backlog,
  type Names,
  payload,
  publishRange,
  Recorder,
  Resources,
  testTransport,
  waitFor,
} from './support.js';

const res = new Resources();
afterEach(() => res.release());

/** The record of a lost connection: a warning, as the client reconnects by itself. */
const lost = (n: Names) => ({
  level: 'warn',
  msg: 'nats connection lost; reconnecting',
  fields: { group: n.group, server: expect.any(String) },
});

/** The record of a connection back. */
const restored = (n: Names) => ({
  level: 'info',
  msg: 'nats connection restored',
  fields: { group: n.group, server: expect.any(String) },
});

describe('nats transport reconnection', () => {
  it('resumes consuming after the connection is cut and comes back', async () => {
    const n = res.names();
    const proxy = res.proxy();
    // A short ackWait: a message on the wire when the connection died comes back quickly.
    const consumer = testTransport(n, { url: await proxy.listen(), ackWait: 1000 });
    res.track(consumer);
    const recorder = new Recorder();
    await consumer.start(['order.placed'], async (d) => void recorder.record(d));
    const publisher = testTransport(n);
    res.track(publisher);
    await publishRange(publisher, 'order.placed', 10);
    await waitFor('the messages before the cut', () => recorder.hasAll(10));

    proxy.down = true;
    proxy.cut();
    await waitFor('the loss noticed', () => consumer.logger.messages.includes(lost(n).msg));
    expect(consumer.logger.records).toContainEqual(lost(n));
    await publishRange(publisher, 'order.placed', 30, 10); // stored while the consumer is away
    proxy.down = false;

    await waitFor('the messages published while disconnected', () => recorder.hasAll(30));
    await publishRange(consumer, 'order.placed', 40, 30); // and its own publishing works again
    await waitFor('the messages after the reconnection', () => recorder.hasAll(40));
    await waitFor('everything acknowledged', async () => {
      const b = await backlog(n);
      return b.ackPending === 0 && b.pending === 0;
    });
    expect(proxy.accepted).toBeGreaterThan(1);
    expect(consumer.logger.records).toContainEqual(restored(n));
    expect(consumer.logger.records.filter((r) => r.level === 'error')).toEqual([]);
  });

  it('publishes while the connection is down, acknowledged once it is back', async () => {
    const n = res.names();
    const proxy = res.proxy();
    const publisher = testTransport(n, { url: await proxy.listen() });
    res.track(publisher);
    const recorder = new Recorder();
    const consumer = testTransport(n);
    res.track(consumer);
    await consumer.start(['order.placed'], async (d) => void recorder.record(d));
    await publishRange(publisher, 'order.placed', 5);
    proxy.down = true;
    proxy.cut();
    await waitFor('the loss noticed', () => publisher.logger.messages.includes(lost(n).msg));
    expect(publisher.logger.records).toContainEqual(lost(n));
    const sending = publishRange(publisher, 'order.placed', 15, 5);
    setTimeout(() => {
      proxy.down = false;
    }, 300);
    await sending;
    await waitFor('every message', () => recorder.hasAll(15));
    expect(recorder.total).toBe(15); // resent with the same id: no duplicates in the stream
  });

  it('gives up after reconnect.maxAttempts: consuming stops, publish rejects', async () => {
    const n = res.names();
    const proxy = res.proxy();
    const consumer = testTransport(n, {
      url: await proxy.listen(),
      reconnect: { initialDelayMs: 1, maxDelayMs: 5, maxAttempts: 2 },
    });
    res.track(consumer);
    await consumer.start(['order.placed'], async () => {});
    const accepted = proxy.accepted;
    proxy.down = true;
    proxy.cut();
    const stopped = {
      level: 'error',
      msg: 'nats consumer stopped: connection closed',
      fields: { group: n.group, err: expect.any(Error) },
    };
    await waitFor('the consumer stopped', () => consumer.logger.messages.includes(stopped.msg));
    expect(consumer.logger.records).toContainEqual(stopped);
    expect(consumer.logger.records).toContainEqual({
      level: 'error',
      msg: 'nats connection closed for good',
      fields: { group: n.group, err: expect.any(Error) },
    });
    await expect(consumer.publish('order.placed', payload(0))).rejects.toThrow(
      'was not acknowledged by JetStream',
    );
    proxy.down = false;
    expect(proxy.accepted).toBe(accepted); // the attempts were refused, none got through
  });
});
