// Two instances of the example app on one real broker, each with its own HTTP and
// WebSocket server and a `ws` subscriber. Orders placed through instance A reach both subscribers
// (OrderFeedEvents is a broadcast consumer), while OrderEvents, of the app's group, records each
// order once across the two; and each instance's broadcast queue or consumer is gone once it closed.
import type { App, Transport } from 'fw';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { exampleApp } from '../../examples/app/app.js';
import { OrderLog } from '../../examples/app/store.js';
import * as nats from '../transport/nats/support.js';
import * as rabbitmq from '../transport/rabbitmq/support.js';
import { type QuietRecord, quietLogger, waitFor } from '../transport/support.js';

const ORDERS = 30;

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A broker: a transport per instance on shared names, and whether a broadcast resource exists. */
interface Broker {
  transport(): Transport & { readonly logger: { readonly records: QuietRecord[] } };
  /** The message the transport logs, with the name of its broadcast queue or consumer. */
  readonly declared: string;
  exists(name: string): Promise<boolean>;
}

const brokers: [string, () => Broker][] = [
  [
    'rabbitmq',
    () => {
      const names = rabbitmq.uniqueNames();
      cleanups.push(() =>
        rabbitmq.deleteAll([names.group, names.deadQueue], [names.exchange, names.deadExchange]),
      );
      return {
        transport: () => rabbitmq.testTransport(names),
        declared: 'rabbitmq broadcast queue declared',
        exists: rabbitmq.queueExists,
      };
    },
  ],
  [
    'nats',
    () => {
      const names = nats.uniqueNames();
      cleanups.push(() => nats.deleteStream(names.stream));
      return {
        transport: () => nats.testTransport(names),
        declared: 'nats broadcast consumer created',
        exists: async (consumer) => {
          const { nc, jsm } = await nats.admin();
          try {
            const list = await jsm.consumers.list(names.stream).next();
            return list.some((c) => c.name === consumer);
          } finally {
            await nc.close();
          }
        },
      };
    },
  ],
];

/** One instance: the app on its own port, with a subscribed `ws` client and what it received. */
async function instance(transport: Transport) {
  const logger = quietLogger();
  const app: App = exampleApp({ transport, logger });
  cleanups.push(() => app.close());
  const { port } = await app.listen();
  const ws = new WebSocket(`ws://127.0.0.1:${port}/ws/orders`);
  cleanups.push(async () => ws.close());
  const received: string[] = [];
  await new Promise<void>((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  const subscribed = new Promise<void>((resolve) => {
    ws.on('message', (data) => {
      const text = String(data);
      if (text === 'subscribed') resolve();
      else received.push(text);
    });
  });
  ws.send('subscribe me');
  await subscribed;
  return { app, port, logger, received, orders: app.get(OrderLog) };
}

const orderIds = (pushes: readonly string[]) =>
  pushes.map((p) => (JSON.parse(p) as { orderId: number }).orderId).sort((x, y) => x - y);
const logged = (entries: readonly string[]) =>
  entries.map((e) => Number(/^order (\d+):/.exec(e)?.[1])).sort((x, y) => x - y);

describe('two instances of the example app on a broker', () => {
  it.each(brokers)(
    '%s: every subscriber gets every order, OrderEvents records each once',
    async (_, setup) => {
      const broker = setup();
      const transports = [broker.transport(), broker.transport()];
      const [a, b] = [await instance(transports[0]!), await instance(transports[1]!)];
      const all = Array.from({ length: ORDERS }, (_, i) => i + 1);

      for (let i = 0; i < ORDERS; i++) {
        const res = await fetch(`http://127.0.0.1:${a.port}/orders`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ userId: 1, sku: 'pen', qty: i + 1 }),
        });
        expect(res.status).toBe(202);
      }
      const handled = () => a.orders.entries.length + b.orders.entries.length;
      await waitFor('both subscribers and the log', () => {
        return a.received.length >= ORDERS && b.received.length >= ORDERS && handled() >= ORDERS;
      });

      // Each instance has its own broadcast queue or consumer while it runs.
      const names = transports.map((t) =>
        t.logger.records
          .filter((r) => r.msg === broker.declared)
          .map((r) => r.fields['queue'] ?? r.fields['consumer']),
      );
      expect(names.map((n) => n.length)).toEqual([1, 1]);
      expect(names[0]).not.toEqual(names[1]);
      for (const [name] of names) expect(await broker.exists(String(name))).toBe(true);

      await a.app.close();
      await b.app.close();
      expect(orderIds(a.received)).toEqual(all);
      expect(orderIds(b.received)).toEqual(all);
      // The shared consumer: each order once over both instances, none twice, none lost.
      expect(logged([...a.orders.entries, ...b.orders.entries])).toEqual(all);
      for (const [name] of names) expect(await broker.exists(String(name))).toBe(false);
      const problems = [a.logger, b.logger, ...transports.map((t) => t.logger)].flatMap((l) =>
        l.records.filter((r) => r.level !== 'info'),
      );
      expect(problems).toEqual([]);
    },
  );
});
