/**
 * Job events, one variant per process (`fw` or `floor`): `messages` events through the consumer
 * pipeline of an app on the in-memory transport, or through the least an app could do (a Node
 * EventEmitter on a later turn of the event loop, the JSON parsed and checked by hand). Prints
 * `{ messages, seconds, cpuUs }` as JSON. Messages go in windows of 1,000, each consumed before the
 * next is sent: a steady stream, not one burst that would mostly measure the garbage collector.
 *   node --import tsx bench/events/measure.ts fw 200000
 */
import { EventEmitter } from 'node:events';
import { createApp, inMemoryTransport } from 'fw';
import { bindings } from '../app/bindings.js';
import { type OrderShipped, ShippedCounter, ShippingEvents } from '../app/shipping.js';

const [variant = 'fw', count = '200000'] = process.argv.slice(2);
const messages = Number(count);
const payload = new TextEncoder().encode(
  JSON.stringify({
    name: 'order.shipped',
    occurredAt: '2026-11-23T12:00:00.000Z',
    orderId: 42,
    carrier: 'DHL',
  }),
);
const counter = new ShippedCounter();

/** Sends `n` messages and resolves when all were consumed. */
type Send = (n: number) => Promise<void>;

async function fw(): Promise<Send> {
  const transport = inMemoryTransport();
  const app = createApp({
    bindings,
    providers: [new ShippingEvents(counter)],
    transport,
  });
  await app.start();
  return (n) => {
    const done = counter.until(n);
    for (let i = 0; i < n; i++) void transport.publish('order.shipped', payload);
    return done;
  };
}

function floor(): Send {
  const decoder = new TextDecoder();
  const emitter = new EventEmitter();
  emitter.on('order.shipped', (bytes: Uint8Array) => {
    const e = JSON.parse(decoder.decode(bytes)) as Partial<OrderShipped>;
    if (typeof e.orderId !== 'number' || typeof e.carrier !== 'string') throw new Error('invalid');
    counter.add({
      name: 'order.shipped',
      occurredAt: new Date(e.occurredAt as unknown as string),
      orderId: e.orderId,
      carrier: e.carrier,
    });
  });
  return (n) => {
    const done = counter.until(n);
    for (let i = 0; i < n; i++) setImmediate(() => emitter.emit('order.shipped', payload));
    return done;
  };
}

const WINDOW = 1000;
const sendOnce = variant === 'fw' ? await fw() : floor();
const send = async (n: number) => {
  for (let sent = 0; sent < n; sent += WINDOW) await sendOnce(Math.min(WINDOW, n - sent));
};
await send(Math.min(50_000, messages)); // warm-up
const cpu = process.cpuUsage();
const started = performance.now();
await send(messages);
const seconds = (performance.now() - started) / 1000;
const used = process.cpuUsage(cpu);
console.log(JSON.stringify({ messages, seconds, cpuUs: used.user + used.system }));
process.exit(0);
