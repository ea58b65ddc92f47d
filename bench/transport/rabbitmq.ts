/**
 * The RabbitMQ transport under load (not a test): sends messages through two instances of one
 * consumer group with injected handler failures, closes one instance and starts a new one
 * mid-stream, cuts the other's connection, then accounts for every message.
 *
 *   node --conditions=source --import tsx bench/transport/rabbitmq.ts [--messages 10000]
 *     [--url amqp://guest:guest@127.0.0.1:5672] [--prefetch 32]
 *
 * Every 50th message fails once (then succeeds on redelivery); every 1000th always fails and is
 * dead-lettered after maxDeliveries (3). "lost" counts messages neither handled nor dead-lettered.
 */
import { randomBytes } from 'node:crypto';
import type { Socket } from 'node:net';
import { parseArgs } from 'node:util';
import { type ChannelModel, connect } from 'amqplib';
import type { Delivery } from 'fw';
import { RabbitMqTransport } from 'fw/transport/rabbitmq';

const { values: flags } = parseArgs({
  options: {
    messages: { type: 'string', default: '10000' },
    url: { type: 'string', default: 'amqp://guest:guest@127.0.0.1:5672' },
    prefetch: { type: 'string', default: '32' },
  },
});
const total = Number(flags.messages);
const prefetch = Number(flags.prefetch);
const url = flags.url;
const maxDeliveries = 3;
const id = randomBytes(4).toString('hex');
const exchange = `fw.bench.${id}`;
const group = `fw.bench.${id}`;
const deadQueue = `${group}.dead`;

const failsOnce = (n: number) => n % 50 === 7;
const poison = (n: number) => n % 1000 === 999;

const calls = new Map<number, number>();
const succeeded = new Map<number, number>();
const log: string[] = [];
const record = (_fields: object, message: string): void => void log.push(message);
const connections = new Map<RabbitMqTransport, ChannelModel[]>();

function instance(): RabbitMqTransport {
  const models: ChannelModel[] = [];
  const transport = new RabbitMqTransport({
    url,
    group,
    exchange,
    prefetch,
    maxDeliveries,
    reconnect: { initialDelayMs: 50, maxDelayMs: 1000 },
    logger: { error: record, warn: record, info: record },
    connect: async (u) => {
      const model = await connect(u);
      models.push(model);
      return model;
    },
  });
  connections.set(transport, models);
  return transport;
}

async function handle(delivery: Delivery): Promise<void> {
  const n = (JSON.parse(Buffer.from(delivery.payload).toString('utf8')) as { n: number }).n;
  const call = (calls.get(n) ?? 0) + 1;
  calls.set(n, call);
  await new Promise((resolve) => setImmediate(resolve));
  if (poison(n) || (failsOnce(n) && call === 1)) throw new Error(`injected failure of ${n}`);
  succeeded.set(n, (succeeded.get(n) ?? 0) + 1);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
async function until(condition: () => boolean | Promise<boolean>, what: string, ms = 120_000) {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`bench: timed out waiting for ${what}`);
    await sleep(5);
  }
}

const admin = await connect(url);
const channel = await admin.createChannel();
const deadCount = async () => (await channel.checkQueue(deadQueue)).messageCount;

let a = instance();
const b = instance();
await a.start(['bench.message'], handle);
await b.start(['bench.message'], handle);
const publisher = instance();

const started = performance.now();
const publishing = (async () => {
  const window = new Set<Promise<void>>();
  for (let n = 0; n < total; n++) {
    const sent: Promise<void> = publisher
      .publish('bench.message', new TextEncoder().encode(JSON.stringify({ n })))
      .finally(() => window.delete(sent));
    window.add(sent);
    if (window.size >= 500) await Promise.race(window);
  }
  await Promise.all(window);
})();

await until(() => succeeded.size >= total * 0.3, '30 % handled');
await a.close(); // graceful: in-flight messages finish and are acknowledged
const restarted = instance();
await restarted.start(['bench.message'], handle);
a = restarted;
await until(() => succeeded.size >= total * 0.6, '60 % handled');
const socket = connections.get(b)?.at(-1)?.connection as unknown as { stream: Socket };
socket.stream.destroy(Object.assign(new Error('read ECONNRESET (bench)'), { code: 'ECONNRESET' }));

await publishing;
const published = performance.now();
const expectedDead = Array.from({ length: total }, (_, n) => n).filter(poison).length;
await until(
  async () => succeeded.size + expectedDead >= total && (await deadCount()) >= expectedDead,
  'every message to be handled or dead-lettered',
);
const finished = performance.now();

const dead = new Set<number>();
for (;;) {
  const message = await channel.get(deadQueue, { noAck: true });
  if (message === false) break;
  dead.add((JSON.parse(message.content.toString()) as { n: number }).n);
}
let lost = 0;
for (let n = 0; n < total; n++) if (!succeeded.has(n) && !dead.has(n)) lost++;
let redelivered = 0;
for (const c of calls.values()) redelivered += c - 1;
let duplicates = 0;
for (const c of succeeded.values()) if (c > 1) duplicates++;

await Promise.all([a.close(), b.close(), publisher.close()]);
for (const queue of [group, deadQueue]) await channel.deleteQueue(queue);
for (const name of [exchange, `${exchange}.dead`]) await channel.deleteExchange(name);
await admin.close();

const seconds = (finished - started) / 1000;
const rows: [string, string | number][] = [
  ['messages sent (confirmed)', total],
  ['handled (distinct messages)', succeeded.size],
  ['handler calls', [...calls.values()].reduce((x, y) => x + y, 0)],
  ['redelivered (calls after the first)', redelivered],
  ['handled more than once (duplicates)', duplicates],
  ['dead-lettered', dead.size],
  ['lost', lost],
  ['publish rate (msgs/s)', Math.round(total / ((published - started) / 1000))],
  ['end-to-end rate (msgs/s)', Math.round(total / seconds)],
  ['connections lost and reopened', log.filter((m) => m.includes('connection lost')).length],
];
for (const [what, value] of rows) console.log(`${what.padEnd(38)} ${value}`);
if (lost > 0 || dead.size !== expectedDead) process.exitCode = 1;
