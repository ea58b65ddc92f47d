// A server for in-memory-memory.test.ts, run in a process of its own so that its memory can be
// read: `POST /orders/:id` publishes an order of about 64 KiB, which a shared consumer counts and
// a broadcast consumer never finishes with. Prints `port <n>` once listening.

import type { Context } from '../../runtime/entries/context.js';
import { type DomainEvent, publishEvents } from '../../runtime/entries/publish.js';
import {
  createApp,
  defineController,
  inMemoryTransport,
  type Logger,
} from '../../runtime/index.js';

const maxQueued = Number(process.argv[2]);
const BLOB = 'x'.repeat(64 * 1024);
const quiet: Logger = { error() {}, warn() {}, info() {} };
let shared = 0;
const stuck: ((value: unknown) => void)[] = [];

class Orders {}
class Shared {}
class Feed {}

const consumer = (type: typeof Shared, invoke: () => unknown) =>
  defineController({
    type,
    name: type.name,
    interceptors: [],
    ...(type === Feed ? { delivery: { broadcast: true as const } } : {}),
    handlers: [
      { name: 'on', method: 'EVENT', path: 'order.placed', interceptors: [], params: [], invoke },
    ],
  });

const bindings = {
  version: 2 as const,
  controllers: [
    defineController({
      type: Orders,
      name: 'Orders',
      interceptors: [],
      handlers: [
        {
          name: 'place',
          method: 'POST',
          path: '/orders/:id',
          interceptors: [],
          params: [{ index: 0, name: 'ctx', type: 'fw/context#Context', optional: false }],
          invoke: (_c: unknown, a: readonly unknown[]) => {
            const event = {
              name: 'order.placed',
              occurredAt: new Date(0),
              blob: `${BLOB}${Math.random()}`,
            };
            publishEvents(a[0] as Context, event as DomainEvent);
            return 'accepted';
          },
        },
        {
          name: 'stats',
          method: 'GET',
          path: '/stats',
          interceptors: [],
          params: [],
          invoke: () => ({ shared }),
        },
      ],
    }),
    // Held as a socket would hold it: a promise nothing references would be collected with all
    // it waits for.
    consumer(Feed, () => new Promise((resolve) => stuck.push(resolve))),
    consumer(Shared, () => {
      shared++;
    }),
  ],
};

const transport = Number.isFinite(maxQueued)
  ? inMemoryTransport({ maxQueued })
  : inMemoryTransport();
const app = createApp({ bindings, transport, logger: quiet });
const { port } = await app.listen({ port: 0 });
console.log(`port ${port}`);
