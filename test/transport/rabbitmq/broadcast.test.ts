// A broadcast subscription on RabbitMQ: a queue of this connection alone, gone with it. After a cut
// the transport declares a new one and receives what is published from then on.
import type { Subscription } from 'fw';
import { afterEach, describe, expect, it } from 'vitest';
import {
  admin,
  breakConnection,
  broadcastQueues,
  deleteAll,
  publishRange,
  queueExists,
  Recorder,
  testTransport,
  uniqueNames,
  waitFor,
} from './support.js';

const EVENT = 'order.placed';
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('rabbitmq broadcast queue', () => {
  it('is exclusive, replaced after a cut, and deleted with the connection', async () => {
    const names = uniqueNames();
    cleanups.push(() => deleteAll([], [names.exchange]));
    const seen = new Recorder();
    const transport = testTransport(names);
    const publisher = testTransport(names);
    cleanups.push(() => publisher.close());
    cleanups.push(() => transport.close());
    const subscriptions: Subscription[] = [
      {
        delivery: { broadcast: true },
        eventNames: [EVENT],
        handle: async (d) => void seen.record(d),
      },
    ];
    await transport.start([EVENT], async () => {}, { subscriptions });
    const [first] = broadcastQueues(transport);
    expect(first).toMatch(
      new RegExp(`^${names.group.replaceAll('.', '\\.')}\\.broadcast\\.[0-9a-f-]{36}$`),
    );
    expect(await queueExists(String(first))).toBe(true);
    // Exclusive: another connection cannot consume from it.
    const other = await admin();
    const channel = await other.createChannel();
    channel.on('error', () => {});
    await expect(channel.consume(String(first), () => {})).rejects.toThrow(/RESOURCE_LOCKED/);
    await other.close().catch(() => {});
    await publishRange(publisher, EVENT, 5);
    await waitFor('the first five', () => seen.counts.size === 5);

    breakConnection(transport);
    await waitFor('a new broadcast queue', () => broadcastQueues(transport).length === 2);
    const second = broadcastQueues(transport)[1];
    expect(second).not.toBe(first);
    await waitFor('the cut queue to be deleted', async () => !(await queueExists(String(first))));
    await publishRange(publisher, EVENT, 10, 5);
    await waitFor('the next five', () => seen.counts.size === 10);

    await transport.close();
    expect(await queueExists(String(second))).toBe(false);
    expect(seen.total).toBe(10);
    // No group queue: the app has no consumer of its own group.
    expect(await queueExists(names.group)).toBe(false);
  });
});
