// Per-consumer delivery on each real broker, at the transport: two instances started with three subscriptions
// (the app's group, another group, broadcast). Each group handles every message once over both
// instances; each instance's broadcast handler gets every message, and one it fails is dropped,
// neither retried nor dead-lettered.
import type { Delivery, Subscription, Transport } from 'fw';
import { afterEach, describe, expect, it } from 'vitest';
import * as nats from './nats/support.js';
import * as rabbitmq from './rabbitmq/support.js';
import { eventFailed, publishRange, type QuietRecord, Recorder, waitFor } from './support.js';

const EVENT = 'order.placed';
const COUNT = 12;
const FAILS = 3;

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

type Logged = Transport & { readonly logger: { readonly records: QuietRecord[] } };

/** Two transports of one group on fresh names, and the name of another group. */
const brokers: [string, () => { transports: Logged[]; billing: string }][] = [
  [
    'rabbitmq',
    () => {
      const names = rabbitmq.uniqueNames();
      const billing = `${names.group}.billing`;
      cleanups.push(() =>
        rabbitmq.deleteAll(
          [names.group, names.deadQueue, billing, `${billing}.dead`],
          [names.exchange, names.deadExchange],
        ),
      );
      return {
        transports: [rabbitmq.testTransport(names), rabbitmq.testTransport(names)],
        billing,
      };
    },
  ],
  [
    'nats',
    () => {
      const names = nats.uniqueNames();
      cleanups.push(() => nats.deleteStream(names.stream));
      return {
        transports: [nats.testTransport(names), nats.testTransport(names)],
        billing: `${names.group}_billing`,
      };
    },
  ],
];

describe('per-consumer delivery on a broker', () => {
  it.each(brokers)(
    '%s: groups share, broadcast reaches every instance, its failure is dropped',
    async (_, setup) => {
      const { transports, billing } = setup();
      const shared = new Recorder();
      const billed = new Recorder();
      const feeds = [new Recorder(), new Recorder()];
      for (const [i, transport] of transports.entries()) {
        const feed = async (d: Delivery) => {
          const id = feeds[i]!.record(d);
          if (i === 0 && id === FAILS) throw new Error(`feed of ${id} failed`);
        };
        const subscriptions: Subscription[] = [
          { eventNames: [EVENT], handle: async (d) => void shared.record(d) },
          {
            delivery: { group: billing },
            eventNames: [EVENT],
            handle: async (d) => void billed.record(d),
          },
          { delivery: { broadcast: true }, eventNames: [EVENT], handle: feed },
        ];
        cleanups.push(() => transport.close());
        await transport.start([EVENT], async () => {}, { subscriptions });
      }

      await publishRange(transports[0]!, EVENT, COUNT);
      await waitFor(
        'every delivery',
        () =>
          [shared, billed].every((r) => r.counts.size === COUNT) &&
          feeds.every((r) => r.counts.size === COUNT),
      );
      await Promise.all(transports.map((t) => t.close()));

      const once = new Map(Array.from({ length: COUNT }, (_, id) => [id, 1]));
      for (const recorder of [shared, billed, ...feeds]) expect(recorder.counts).toEqual(once);
      const failures = transports.map((t) => t.logger.records.filter((r) => r.level !== 'info'));
      expect(failures[1]).toEqual([]);
      expect(failures[0]).toEqual([
        eventFailed({
          event: EVENT,
          attempt: 1,
          maxAttempts: 1,
          disposition: 'dropped',
          group: expect.stringContaining('broadcast'),
          err: new Error(`feed of ${FAILS} failed`),
        }),
      ]);
    },
  );
});
