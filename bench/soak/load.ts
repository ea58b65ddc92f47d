/**
 * The soak's load process (on its own core with `--pin`): sends at a fixed rate per channel (open loop:
 * each tick sends what the clock says is due, whether or not earlier requests were answered),
 * reports a window of counts when the runner asks, and on `stop` waits for what is in flight,
 * then reports the totals. Started and driven over IPC by `run.ts`.
 */
import { ChannelStats } from './channel-stats.js';
import { httpTarget, sendGet, sendPost } from './http-load.js';
import {
  CHANNELS,
  type Channel,
  type LoadDone,
  type LoadWindow,
  type StartLoad,
} from './protocol.js';
import { EchoClients } from './ws-load.js';

const TICK_MS = 5;
const HTTP_SOCKETS = 32;

type Command = StartLoad | { type: 'window' } | { type: 'stop'; drainMs: number };

const stats = Object.fromEntries(CHANNELS.map((c) => [c, new ChannelStats()])) as Record<
  Channel,
  ChannelStats
>;
let ticker: NodeJS.Timeout | undefined;
let cpu = process.cpuUsage();
let clients: EchoClients | undefined;

async function start(command: StartLoad): Promise<void> {
  const get = httpTarget(command.port, HTTP_SOCKETS);
  const post = httpTarget(command.port, HTTP_SOCKETS);
  clients = new EchoClients(`ws://127.0.0.1:${command.port}/echo`, command.wsClients, stats.ws);
  await clients.connect();
  const ws = clients;
  const send: Record<Channel, (seq: number) => void> = {
    get: (seq) => sendGet(get, stats.get, seq),
    post: (seq) => sendPost(post, stats.post, seq),
    ws: (seq) => ws.send(seq),
  };
  const sent: Record<Channel, number> = { get: 0, post: 0, ws: 0 };
  const t0 = performance.now();
  ticker = setInterval(() => {
    const elapsed = (performance.now() - t0) / 1000;
    for (const c of CHANNELS) {
      const due = Math.floor(command.rates[c] * elapsed);
      while (sent[c] < due) send[c](sent[c]++);
    }
  }, TICK_MS);
  process.send?.({ type: 'started' });
}

function window(): LoadWindow {
  const used = process.cpuUsage(cpu);
  cpu = process.cpuUsage();
  const channels = Object.fromEntries(CHANNELS.map((c) => [c, stats[c].takeWindow()]));
  return {
    type: 'window',
    channels: channels as LoadWindow['channels'],
    cpuMs: (used.user + used.system) / 1000,
  };
}

/**
 * Stops sending, then waits while answers keep coming: until nothing is in flight, or `drainMs`
 * passed without a single answer. What is still in flight then is lost.
 */
async function stop(drainMs: number): Promise<void> {
  clearInterval(ticker);
  const pending = () => CHANNELS.reduce((n, c) => n + stats[c].pending, 0);
  let last = pending();
  let progressAt = performance.now();
  while (last > 0 && performance.now() - progressAt < drainMs) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    const now = pending();
    if (now < last) progressAt = performance.now();
    last = now;
  }
  const channels = Object.fromEntries(CHANNELS.map((c) => [c, stats[c].totals()]));
  const done: LoadDone = { type: 'done', channels: channels as LoadDone['channels'] };
  process.send?.(done, () => {
    clients?.close();
    process.disconnect();
    setTimeout(() => process.exit(0), 1000).unref();
  });
}

process.on('message', (command: Command) => {
  if (command.type === 'start') {
    start(command).catch((err: unknown) => {
      console.error('soak load: cannot start', err);
      process.exit(1);
    });
  } else if (command.type === 'window') process.send?.(window());
  else if (command.type === 'stop') void stop(command.drainMs);
});
