/**
 * The consumers' fan-out on a real broker (not a test): two instances of the example app, each with
 * its own HTTP and WebSocket server and one `ws` subscriber; `--events` orders are placed through
 * instance A's HTTP API. Every subscriber should receive every order (`OrderFeedEvents`, a
 * broadcast consumer) and `OrderEvents` (the app's group) should record each order once over both
 * instances. Prints, per subscriber and for the shared consumer, what arrived, twice, and never.
 *
 *   node --conditions=source --import tsx bench/transport/fanout.ts --broker rabbitmq|nats
 *     [--events 10000] [--concurrency 64]
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect as natsConnect } from '@nats-io/transport-node';
import { connect as amqpConnect } from 'amqplib';
import type { App, Logger, Transport } from 'fw';
import { natsTransport } from 'fw/transport/nats';
import { rabbitmqTransport } from 'fw/transport/rabbitmq';
import WebSocket from 'ws';
import { exampleApp } from '../../examples/app/app.js';
import { OrderLog } from '../../examples/app/store.js';

const { values: flags } = parseArgs({
  options: {
    broker: { type: 'string', default: 'rabbitmq' },
    events: { type: 'string', default: '10000' },
    concurrency: { type: 'string', default: '64' },
  },
});
const total = Number(flags.events);
const concurrency = Number(flags.concurrency);
const broker = flags.broker;
if (broker !== 'rabbitmq' && broker !== 'nats') throw new Error('--broker is rabbitmq or nats');
const id = randomBytes(4).toString('hex');
const RABBITMQ = 'amqp://guest:guest@127.0.0.1:5672';
const NATS = 'nats://127.0.0.1:4222';

/** What the apps and transports log above info: none expected. */
const problems: string[] = [];
const keep = (fields: object, msg: string) =>
  void problems.push(`${msg} ${JSON.stringify(fields)}`);
const logger: Logger = { error: keep, warn: keep, info: () => {} };

function transport(): Transport {
  return broker === 'rabbitmq'
    ? rabbitmqTransport({ url: RABBITMQ, group: `fw.fanout.${id}`, exchange: `fw.fanout.${id}` })
    : natsTransport({
        url: NATS,
        group: `fanout_${id}`,
        stream: `FW_FANOUT_${id}`,
        subjectPrefix: `fwfanout.${id}`,
      });
}

/** Deletes what the group left on the broker (the broadcast queues and consumers are gone). */
async function cleanUp(): Promise<void> {
  if (broker === 'rabbitmq') {
    const model = await amqpConnect(RABBITMQ);
    const channel = await model.createChannel();
    for (const queue of [`fw.fanout.${id}`, `fw.fanout.${id}.dead`])
      await channel.deleteQueue(queue);
    for (const name of [`fw.fanout.${id}`, `fw.fanout.${id}.dead`]) {
      await channel.deleteExchange(name);
    }
    await model.close();
  } else {
    const nc = await natsConnect({ servers: NATS });
    await (await jetstreamManager(nc)).streams.delete(`FW_FANOUT_${id}`);
    await nc.close();
  }
}

/** One instance with a subscribed client: the order ids that client received, in arrival order. */
async function instance() {
  const app: App = exampleApp({ transport: transport(), logger });
  const { port } = await app.listen();
  const ws = new WebSocket(`ws://127.0.0.1:${port}/ws/orders`);
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  const received: number[] = [];
  const subscribed = new Promise<void>((resolve) =>
    ws.on('message', (data) => {
      const text = String(data);
      if (text === 'subscribed') resolve();
      else received.push((JSON.parse(text) as { orderId: number }).orderId);
    }),
  );
  ws.send('subscribe');
  await subscribed;
  return { app, port, ws, received, log: app.get(OrderLog) };
}

const a = await instance();
const b = await instance();
const handled = () => a.log.entries.length + b.log.entries.length;
const started = performance.now();
let next = 0;
const place = async () => {
  while (next < total) {
    next++;
    const res = await fetch(`http://127.0.0.1:${a.port}/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userId: 1, sku: 'pen', qty: 1 }),
    });
    if (res.status !== 202) problems.push(`POST /orders answered ${res.status}`);
    await res.arrayBuffer();
  }
};
await Promise.all(Array.from({ length: concurrency }, place));
const published = performance.now();

// Done when everything arrived, or when nothing more arrived for 10 s (what is missing is lost).
let last = -1;
let quietSince = performance.now();
for (;;) {
  const seen = a.received.length + b.received.length + handled();
  if (seen >= 3 * total) break;
  if (seen !== last) [last, quietSince] = [seen, performance.now()];
  else if (performance.now() - quietSince > 10_000) break;
  await new Promise((resolve) => setTimeout(resolve, 20));
}
const finished = performance.now();
await a.app.close();
await b.app.close();
a.ws.close();
b.ws.close();
await cleanUp();

const orderOf = (entry: string) => Number(/^order (\d+):/.exec(entry)?.[1]);
/** [arrived, distinct, duplicates, lost] of the ids 1..total. */
function account(ids: readonly number[]): [number, number, number, number] {
  const distinct = new Set(ids.filter((n) => n >= 1 && n <= total)).size;
  return [ids.length, distinct, ids.length - distinct, total - distinct];
}
const rows: [string, [number, number, number, number]][] = [
  ['subscriber on A (broadcast)', account(a.received)],
  ['subscriber on B (broadcast)', account(b.received)],
  ['OrderEvents, A + B (group)', account([...a.log.entries, ...b.log.entries].map(orderOf))],
];
console.log(`fan-out on ${broker}: ${total} orders through A's HTTP API, two instances`);
console.log(
  `${''.padEnd(30)} ${['arrived', 'distinct', 'twice', 'lost'].map((h) => h.padStart(9)).join('')}`,
);
for (const [what, values] of rows) {
  console.log(`${what.padEnd(30)} ${values.map((v) => String(v).padStart(9)).join('')}`);
}
console.log(`OrderEvents split: A ${a.log.entries.length}, B ${b.log.entries.length}`);
console.log(
  `placed at ${Math.round(total / ((published - started) / 1000))} orders/s; all delivered after ${((finished - started) / 1000).toFixed(1)} s`,
);
console.log(`warnings and errors logged: ${problems.length}`);
for (const p of problems.slice(0, 5)) console.log(`  ${p}`);
if (rows.some(([, v]) => v[2] > 0 || v[3] > 0) || problems.length > 0) process.exitCode = 1;
