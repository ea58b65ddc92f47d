// Publishing and delivery through the transport directly: publish acks, payloads and event names,
// acknowledgement, and events the app does not consume.
import { afterEach, describe, expect, it } from 'vitest';
import {
  backlog,
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

describe('nats transport delivery', () => {
  it('resolves publish once the stream holds the message', async () => {
    const n = res.names();
    const publisher = testTransport(n);
    res.track(publisher);
    await publishRange(publisher, 'order.placed', 5);
    const stored = await storedOn(n, `${n.subjectPrefix}.order.placed`);
    expect(stored.map((m) => m.json<{ id: number }>().id)).toEqual([0, 1, 2, 3, 4]);
  });

  it('delivers each message with its event name and payload, and acknowledges it', async () => {
    const n = res.names();
    const recorder = new Recorder();
    const consumer = testTransport(n);
    res.track(consumer);
    await consumer.start(['order.placed'], async (d) => void recorder.record(d));
    await publishRange(consumer, 'order.placed', 20);
    await waitFor('20 messages', () => recorder.hasAll(20));
    expect([...recorder.counts.values()].every((c) => c === 1)).toBe(true);
    expect(new Set(recorder.names)).toEqual(new Set(['order.placed']));
    await waitFor('no unacknowledged message', async () => {
      const b = await backlog(n);
      return b.ackPending === 0 && b.pending === 0;
    });
  });

  it('delivers only the events the app consumes, and keeps the others in the stream', async () => {
    const n = res.names();
    const recorder = new Recorder();
    const consumer = testTransport(n);
    res.track(consumer);
    await consumer.start(['order.placed', 'order.cancelled'], async (d) => {
      recorder.record(d);
    });
    await consumer.publish('invoice.due', payload(100));
    await consumer.publish('order.placed', payload(0));
    await consumer.publish('order.cancelled', payload(1));
    await consumer.publish('invoice.due', payload(101));
    await consumer.publish('order.placed', payload(2));
    await waitFor('the consumed events', () => recorder.hasAll(3));
    await waitFor('every message settled', async () => (await backlog(n)).pending === 0);
    expect(recorder.counts.has(100) || recorder.counts.has(101)).toBe(false);
    expect(recorder.names.filter((e) => e === 'order.cancelled')).toEqual(['order.cancelled']);
    expect(await storedOn(n, `${n.subjectPrefix}.invoice.due`)).toHaveLength(2);
  });

  it('publishes before start, and a group created later starts from new messages', async () => {
    const n = res.names();
    const publisher = testTransport(n);
    res.track(publisher);
    await publisher.publish('order.placed', payload(99));
    const recorder = new Recorder();
    const consumer = testTransport(n);
    res.track(consumer);
    await consumer.start(['order.placed'], async (d) => void recorder.record(d));
    await publisher.publish('order.placed', payload(0));
    await waitFor('the new message', () => recorder.hasAll(1));
    await waitFor('every message settled', async () => (await backlog(n)).ackPending === 0);
    expect(recorder.counts.has(99)).toBe(false);
  });

  it('rejects an event name that is not a subject, naming it', async () => {
    const n = res.names();
    const transport = testTransport(n);
    res.track(transport);
    await expect(transport.publish('order placed', payload(0))).rejects.toThrow(
      'nats transport: event name "order placed" is not a valid subject',
    );
    await expect(transport.start(['orders.>'], async () => {})).rejects.toThrow(
      'event name "orders.>" is not a valid subject',
    );
  });

  it('rejects publish after close', async () => {
    const n = res.names();
    const transport = testTransport(n);
    await transport.publish('order.placed', payload(0));
    await transport.close();
    await expect(transport.publish('order.placed', payload(1))).rejects.toThrow(
      'nats transport is closed; event order.placed not sent',
    );
  });
});
