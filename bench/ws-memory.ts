/**
 * `npm run bench:ws-memory`: the memory each WebSocket server holds per idle connection. Each
 * server runs in its own process (`--expose-gc`, a probe preloaded that answers `memory` over IPC
 * with a full GC then `process.memoryUsage()`); a client process (this file with `--client`) opens
 * `--connections` connections to it without compression, waits until they are idle, and the server
 * is measured at start-up and with them all open:
 *   npm run bench:ws-memory -- [--servers 'raw ws,fw'] [--connections 10000] [--idle-ms 2000]
 *
 * Per connection = (RSS with N − RSS at start) / N, and the same for heapUsed; the ratio is to
 * raw `ws`. Both processes raise their open-file limit to the hard one (`ulimit -n`).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { parseArgs } from 'node:util';
import WebSocket from 'ws';
import { table } from './lib/stats.js';
import { WS_PATH, WS_SERVERS } from './lib/ws-servers.js';
import { prepare } from './prepare.js';

const { values: flags } = parseArgs({
  options: {
    servers: { type: 'string', default: WS_SERVERS.map((s) => s.name).join(',') },
    connections: { type: 'string', default: '10000' },
    'idle-ms': { type: 'string', default: '2000' },
    client: { type: 'string' },
  },
});
const connections = Number(flags.connections);
const idleMs = Number(flags['idle-ms']);
const log = (line: string) => process.stderr.write(`${line}\n`);

interface Memory {
  readonly rss: number;
  readonly heapUsed: number;
}

// Preloaded into each server: on `memory`, two full GCs, then the figures back over IPC.
const PROBE = `process.on('message', (m) => {
  if (m !== 'memory') return;
  globalThis.gc(); globalThis.gc();
  setTimeout(() => { const u = process.memoryUsage(); process.send({ memory: { rss: u.rss, heapUsed: u.heapUsed } }); }, 200);
});`;

/** Runs `argv` with the open-file limit raised to the hard one. */
function spawnUnlimited(argv: readonly string[], env: NodeJS.ProcessEnv): ChildProcess {
  return spawn('sh', ['-c', 'ulimit -n "$(ulimit -Hn)"; exec "$@"', 'sh', ...argv], {
    env,
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
}

function nextMessage<T>(child: ChildProcess, key: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`a process exited with ${code}`));
    const onMessage = (message: Record<string, unknown>) => {
      if (message?.[key] === undefined) return;
      child.off('message', onMessage);
      child.off('exit', onExit);
      resolve(message[key] as T);
    };
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
}

function measure(server: ChildProcess): Promise<Memory> {
  const reply = nextMessage<Memory>(server, 'memory');
  server.send('memory');
  return reply;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Result {
  readonly start: Memory;
  readonly open: Memory;
}

async function measureServer(args: readonly string[]): Promise<Result> {
  const server = spawnUnlimited(
    [
      process.execPath,
      '--expose-gc',
      `--import=data:text/javascript,${encodeURIComponent(PROBE)}`,
      ...args,
    ],
    {
      ...process.env,
      PORT: '0',
      NODE_ENV: 'production',
      // fw refuses connections beyond `maxConnections` (default 1024) with 503.
      BENCH_WS_MAX_CONNECTIONS: String(connections + 100),
    },
  );
  try {
    const port = await nextMessage<number>(server, 'port');
    await wait(500);
    const start = await measure(server);
    const client = spawnUnlimited(
      [
        process.execPath,
        '--import',
        'tsx',
        import.meta.filename,
        '--client',
        String(port),
        '--connections',
        String(connections),
      ],
      process.env,
    );
    try {
      await nextMessage<number>(client, 'open');
      await wait(idleMs);
      const open = await measure(server);
      return { start, open };
    } finally {
      client.kill();
    }
  } finally {
    server.kill();
  }
}

/** Client mode: opens the connections, 100 handshakes at a time, then reports and stays idle. */
async function runClient(port: number): Promise<void> {
  const sockets: WebSocket[] = [];
  const openOne = () =>
    new Promise<void>((resolve, reject) => {
      const ws = new WebSocket(`ws://127.0.0.1:${port}${WS_PATH}`, { perMessageDeflate: false });
      ws.once('open', () => resolve());
      ws.once('error', reject);
      ws.once('close', (code) => log(`a connection closed with ${code}`));
      sockets.push(ws);
    });
  for (let i = 0; i < connections; i += 100) {
    await Promise.all(Array.from({ length: Math.min(100, connections - i) }, openOne));
  }
  process.send?.({ open: sockets.length });
  setInterval(() => {}, 1 << 30);
}

async function main(): Promise<void> {
  prepare(log);
  const names = flags.servers.split(',');
  const specs = WS_SERVERS.filter((s) => names.includes(s.name));
  const results: Array<[string, Result]> = [];
  for (const spec of specs) {
    log(`${spec.name}: ${connections} idle connections…`);
    results.push([spec.name, await measureServer(spec.args)]);
  }
  const mb = (n: number) => (n / 1048576).toFixed(1);
  const per = (r: Result, key: keyof Memory) => (r.open[key] - r.start[key]) / connections;
  const floor = results.find(([name]) => name === 'raw ws')?.[1];
  console.log(`\nWebSocket memory: ${connections} idle connections (after a full GC)\n`);
  console.log(
    table(
      ['server', 'RSS start MB', 'RSS open MB', 'RSS B/conn', 'heap B/conn', 'RSS/conn vs raw ws'],
      results.map(([name, r]) => [
        name,
        mb(r.start.rss),
        mb(r.open.rss),
        per(r, 'rss').toFixed(0),
        per(r, 'heapUsed').toFixed(0),
        floor ? (per(r, 'rss') / per(floor, 'rss')).toFixed(2) : '-',
      ]),
    ),
  );
}

if (flags.client !== undefined) await runClient(Number(flags.client));
else await main();
