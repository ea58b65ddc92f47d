// A consumer's own group (`@EventConsumer({ group })`) dead-letters apart from the app's group: on
// RabbitMQ into `${group}.dead`, on NATS to `${subjectPrefix}-dead.${group}`, after the transport's
// delivery limit, like the app's group.
import type { Subscription } from 'fw';
import { afterEach, describe, expect, it } from 'vitest';
import * as nats from './nats/support.js';
import * as rabbitmq from './rabbitmq/support.js';
import { publishRange, Recorder, waitFor } from './support.js';

const EVENT = 'order.placed';
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A billing group whose handler fails for message 0, and its recorder. */
function billing(group: string): { subscriptions: Subscription[]; seen: Recorder } {
  const seen = new Recorder();
  const handle = async (d: Parameters<Subscription['handle']>[0]) => {
    if (seen.record(d) === 0) throw new Error('billing of 0 failed');
  };
  return { subscriptions: [{ delivery: { group }, eventNames: [EVENT], handle }], seen };
}

describe("a consumer's own group dead-letters apart", () => {
  it('rabbitmq: into its own dead-letter queue', async () => {
    const names = rabbitmq.uniqueNames();
    const group = `${names.group}.billing`;
    cleanups.push(() =>
      rabbitmq.deleteAll(
        [group, `${group}.dead`, names.deadQueue],
        [names.exchange, names.deadExchange],
      ),
    );
    const transport = rabbitmq.testTransport(names, { maxDeliveries: 2 });
    cleanups.push(() => transport.close());
    const { subscriptions, seen } = billing(group);
    await transport.start([EVENT], async () => {}, { subscriptions });
    await publishRange(transport, EVENT, 3);
    await waitFor(
      'the dead letter',
      async () => (await rabbitmq.readyCount(`${group}.dead`)) === 1,
    );
    expect(seen.counts).toEqual(
      new Map([
        [0, 2],
        [1, 1],
        [2, 1],
      ]),
    );
    expect(await rabbitmq.queueExists(names.group)).toBe(false);
  });

  it('nats: to its own dead-letter subject', async () => {
    const names = nats.uniqueNames();
    const group = `${names.group}_billing`;
    cleanups.push(() => nats.deleteStream(names.stream));
    const transport = nats.testTransport(names, { maxDeliver: 2 });
    cleanups.push(() => transport.close());
    const { subscriptions, seen } = billing(group);
    await transport.start([EVENT], async () => {}, { subscriptions });
    await publishRange(transport, EVENT, 3);
    const subject = `${names.subjectPrefix}-dead.${group}`;
    await waitFor(
      'the dead letter',
      async () => (await nats.storedOn(names, subject)).length === 1,
    );
    const [dead] = await nats.storedOn(names, subject);
    expect(dead?.header.get('Fw-Group')).toBe(group);
    expect(seen.counts).toEqual(
      new Map([
        [0, 2],
        [1, 1],
        [2, 1],
      ]),
    );
  });
});
