// A lost connection: the client reconnects by itself (through a proxy the test cuts), pulls
// resume, and messages published meanwhile are delivered.
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
    await waitFor('the loss noticed', () =>
      consumer.logger.messages.some((m) => m.includes('lost; reconnecting')),
    );
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
    expect(consumer.logger.messages.some((m) => m.includes('restored'))).toBe(true);
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
    await waitFor('the loss noticed', () =>
      publisher.logger.messages.some((m) => m.includes('lost; reconnecting')),
    );
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
    await waitFor('the consumer stopped', () =>
      consumer.logger.messages.some((m) => m.includes('stopped: connection closed')),
    );
    expect(consumer.logger.messages).toContain('fw: nats connection closed for good');
    await expect(consumer.publish('order.placed', payload(0))).rejects.toThrow(
      'was not acknowledged by JetStream',
    );
    proxy.down = false;
    expect(proxy.accepted).toBe(accepted); // the attempts were refused, none got through
  });
});
