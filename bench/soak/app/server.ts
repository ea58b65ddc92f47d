/**
 * The soak's server: the app of this folder from its generated bindings, fw from its built `dist/`
 * (as `bench/app/server.ts`). Run with `--expose-gc`. Reports its port over IPC, then answers
 * `sample` (memory after a full collection, event counts) and `snapshot` (a heap snapshot).
 */
import { writeHeapSnapshot } from 'node:v8';
import { createApp } from 'fw';
import type { SampleRequest, ServerSample, SnapshotRequest } from '../protocol.js';
import { bindings } from './bindings.js';
import { SoakCounters } from './counters.js';
import { EchoGateway } from './echo.js';
import { ItemController } from './items.js';
import { OrderController, OrderEvents } from './orders.js';

const counters = new SoakCounters();
let loggedErrors = 0;
let eventErrors = 0;
const firstErrors: string[] = [];

const app = createApp({
  bindings,
  providers: [
    new ItemController(),
    new OrderController(counters),
    new OrderEvents(counters),
    new EchoGateway(),
  ],
  logger: {
    error(fields, message) {
      loggedErrors++;
      if (message === 'event failed') eventErrors++;
      if (firstErrors.length < 5) firstErrors.push(`${message}: ${String(fields['err'])}`);
      console.error(JSON.stringify({ ...fields, msg: message }));
    },
    warn: (fields, message) => console.error(JSON.stringify({ ...fields, msg: message })),
    info: () => {},
  },
});

const gc = (globalThis as { gc?: () => void }).gc;

function sample(request: SampleRequest): ServerSample {
  const start = performance.now();
  if (request.gc && gc !== undefined) gc();
  const gcMs = performance.now() - start;
  const m = process.memoryUsage();
  const eventWindow = counters.eventWindow.summary();
  counters.eventWindow.reset();
  return {
    type: 'sample',
    rss: m.rss,
    heapUsed: m.heapUsed,
    heapTotal: m.heapTotal,
    external: m.external,
    arrayBuffers: m.arrayBuffers,
    published: counters.published,
    consumed: counters.consumed,
    eventErrors,
    loggedErrors,
    firstErrors,
    eventWindow,
    eventTotal: counters.eventTotal.summary(),
    gcMs,
  };
}

const { port } = await app.listen({ port: Number(process.env['PORT'] ?? 0), host: '127.0.0.1' });
if (process.send) {
  process.send({ port });
  process.on('message', (message: SampleRequest | SnapshotRequest) => {
    if (message.type === 'sample') process.send?.(sample(message));
    else if (message.type === 'snapshot') {
      writeHeapSnapshot(message.path);
      process.send?.({ type: 'snapshot', path: message.path });
    }
  });
} else console.log(`listening on 127.0.0.1:${port}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void app.close().then(() => process.exit(0)));
}
