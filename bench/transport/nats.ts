/**
 * The NATS JetStream transport under load (not a test): sends messages through two instances of
 * one consumer group with injected handler failures, closes one instance and starts a new one
 * mid-stream, cuts the other's connection (through a TCP proxy), then accounts for every message.
 *
 *   node --conditions=source --import tsx bench/transport/nats.ts [--messages 10000]
 *     [--url nats://127.0.0.1:4222] [--concurrency 32]
 *
 * Every 50th message fails once (then succeeds on redelivery); every 1000th always fails and is
 * dead-lettered after maxDeliver (3). "lost" counts messages neither handled nor dead-lettered.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type Socket, connect as tcpConnect } from 'node:net';
import { parseArgs } from 'node:util';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import type { Delivery } from 'fw';
import { NatsTransport } from 'fw/transport/nats';

const { values: flags } = parseArgs({
  options: {
    messages: { type: 'string', default: '10000' },
    url: { type: 'string', default: 'nats://127.0.0.1:4222' },
    concurrency: { type: 'string', default: '32' },
  },
});
const total = Number(flags.messages);
const concurrency = Number(flags.concurrency);
const url = flags.url;
const maxDeliver = 3;
const id = randomBytes(4).toString('hex');
const stream = `FW_BENCH_${id}`;
const subjectPrefix = `fwbench.${id}`;
const group = `bench_${id}`;
const deadLetterSubject = `${subjectPrefix}-dead.${group}`;

const failsOnce = (n: number) => n % 50 === 7;
const poison = (n: number) => n % 1000 === 999;

const calls = new Map<number, number>();
const succeeded = new Map<number, number>();
const log: string[] = [];
const record = (_fields: object, message: string): void => void log.push(message);

function instance(through = url): NatsTransport {
  return new NatsTransport({
    url: through,
    group,
    stream,
    subjectPrefix,
    maxDeliver,
    concurrency,
    // Messages on the wire when a connection dies come back after ackWait.
    ackWait: 5000,
    reconnect: { initialDelayMs: 50, maxDelayMs: 1000 },
    logger: { error: record, warn: record, info: record },
  });
}

async function handle(delivery: Delivery): Promise<void> {
  const { n } = JSON.parse(Buffer.from(delivery.payload).toString('utf8')) as { n: number };
  const call = (calls.get(n) ?? 0) + 1;
  calls.set(n, call);
  await new Promise<void>((resolve) => setImmediate(resolve));
  if (poison(n) || (failsOnce(n) && call === 1)) throw new Error(`injected failure of ${n}`);
  succeeded.set(n, (succeeded.get(n) ?? 0) + 1);
}

/** A TCP proxy to the server whose connections can be cut, as a network failure would. */
async function cuttableProxy(): Promise<{ url: string; cut(): void; close(): void }> {
  const target = new URL(url.replace(/^nats:/, 'http:'));
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = tcpConnect(Number(target.port || 4222), target.hostname);
    for (const s of [client, upstream]) {
      s.setNoDelay(true);
      sockets.add(s);
      s.on('error', () => {});
      s.on('close', () => {
        sockets.delete(s);
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  const cut = () => {
    for (const s of sockets) s.destroy();
  };
  const close = () => {
    cut();
    server.close();
  };
  return { url: `nats://127.0.0.1:${port}`, cut, close };
}

async function until(condition: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return true;
}

async function deadLettered(): Promise<Set<number>> {
  const nc = await connect({ servers: url });
  try {
    const jsm = await jetstreamManager(nc);
    const info = await jsm.streams.info(stream, { subjects_filter: deadLetterSubject });
    const count = info.state.subjects?.[deadLetterSubject] ?? 0;
    const ids = new Set<number>();
    if (count === 0) return ids;
    const reader = await jsm.jetstream().consumers.get(stream, {
      filter_subjects: deadLetterSubject,
    });
    const batch = await reader.fetch({ max_messages: count, expires: 5000 });
    for await (const m of batch) ids.add(m.json<{ n: number }>().n);
    return ids;
  } finally {
    await nc.close();
  }
}

async function main(): Promise<void> {
  const proxy = await cuttableProxy();
  const publisher = instance();
  let a = instance();
  const b = instance(proxy.url);
  await a.start(['bench.order'], handle);
  await b.start(['bench.order'], handle);

  const started = Date.now();
  const encoder = new TextEncoder();
  let sentAt = 0;
  const sending = (async () => {
    const window = 500;
    for (let from = 0; from < total; from += window) {
      const sends: Promise<void>[] = [];
      for (let n = from; n < Math.min(total, from + window); n++) {
        sends.push(publisher.publish('bench.order', encoder.encode(JSON.stringify({ n }))));
      }
      await Promise.all(sends);
    }
    sentAt = Date.now();
  })();

  await until(() => succeeded.size >= total / 3, 60_000);
  await a.close(); // the instance goes away mid-stream, finishing what it had started
  a = instance();
  await a.start(['bench.order'], handle); // and a new one takes its place
  await until(() => succeeded.size >= (total * 2) / 3, 60_000);
  proxy.cut(); // the other one loses its connection and reconnects by itself
  await sending;

  const poisoned = Array.from({ length: total }, (_, n) => n).filter(poison).length;
  await until(() => succeeded.size >= total - poisoned, 120_000);
  const handledAt = Date.now();
  let dead = await deadLettered();
  for (let i = 0; i < 50 && succeeded.size + dead.size < total; i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    dead = await deadLettered();
  }
  await Promise.all([a.close(), b.close(), publisher.close()]);
  proxy.close();

  let lost = 0;
  let duplicates = 0;
  for (let n = 0; n < total; n++) {
    if (!succeeded.has(n) && !dead.has(n)) lost++;
    duplicates += Math.max(0, (succeeded.get(n) ?? 0) - 1);
  }
  const deliveries = [...calls.values()].reduce((sum, c) => sum + c, 0);
  const seconds = (handledAt - started) / 1000;
  console.log(
    JSON.stringify(
      {
        messages: total,
        sent: total,
        handled: succeeded.size,
        deliveries,
        redelivered: deliveries - calls.size,
        'handled twice': duplicates,
        'dead-lettered': dead.size,
        lost,
        'publish s (all acknowledged)': (sentAt - started) / 1000,
        'seconds (until all handled or dead-lettered)': seconds,
        'msgs/s': Math.round(total / seconds),
        'log lines': log.length,
      },
      null,
      2,
    ),
  );
  const cleanup = await connect({ servers: url });
  await (await jetstreamManager(cleanup)).streams.delete(stream);
  await cleanup.close();
  if (lost > 0) process.exitCode = 1;
}

await main();
