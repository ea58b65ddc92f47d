/**
 * `npm run soak`: sustained load on one fw server over HTTP, WebSocket and events at once, at a
 * fixed rate, for `--minutes`; prints each window's throughput, p50/p99 per channel, errors and the
 * server's memory after `gc()`, then the totals (sent, ok, errors, lost per channel) and the memory
 * growth. With `--pin`, the server runs on core 0 and the load process on core 1. See
 * bench/README.md.
 *   npm run soak -- [--minutes 10] [--rate 2000] [--ws-clients 20] [--interval 30] [--warmup 30]
 *                   [--drain 10] [--pin] [--heap-snapshots] [--write]
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { CAN_PIN, cpuMs, stop } from '../lib/processes.js';
import { format } from '../lib/stats.js';
import { hostBusyMs } from './host.js';
import { ask, ofType, startNode } from './ipc.js';
import {
  CHANNELS,
  type Channel,
  type LoadDone,
  type LoadWindow,
  type ServerSample,
  type StartLoad,
} from './protocol.js';
import { eventTotals, growth, markdown, type SoakRun, type Window, windowLine } from './report.js';

const { values: flags } = parseArgs({
  options: {
    minutes: { type: 'string', default: '10' },
    rate: { type: 'string', default: '2000' },
    'ws-clients': { type: 'string', default: '20' },
    interval: { type: 'string', default: '30' },
    warmup: { type: 'string', default: '30' },
    drain: { type: 'string', default: '10' },
    pin: { type: 'boolean', default: false },
    'heap-snapshots': { type: 'boolean', default: false },
    write: { type: 'boolean', default: false },
  },
});
/** Measured minutes, after the warm-up. */
const minutes = positive('minutes');
/** Requests and messages per second in all, a third each to GET, POST (each one event) and WebSocket. */
const rate = positive('rate');
const wsClients = positive('ws-clients');
const interval = positive('interval');
const warmup = positive('warmup');
const drain = positive('drain');
const ROOT = join(import.meta.dirname, '..', '..');
const SOAK = import.meta.dirname;
/** Pinned only when asked: on a shared host, an unpinned server can move off a busy core. */
const pin = flags.pin && CAN_PIN;
const SERVER_CORE = pin ? 0 : undefined;
const LOAD_CORE = pin ? 1 : undefined;

function positive(name: keyof typeof flags): number {
  const value = Number(flags[name]);
  if (!(value > 0)) throw new Error(`--${name} must be a positive number, got '${flags[name]}'`);
  return value;
}

const log = (line: string) => process.stderr.write(`${line}\n`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/** Builds fw's `dist/` and brings the soak app's bindings up to date (fwgen writes only on change). */
function prepare(): void {
  log('building fw (npm run build)…');
  execFileSync('npm', ['run', '-s', 'build'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const fwgen = [
    'run',
    '-s',
    'fwgen',
    '--',
    '--src',
    'bench/soak/app',
    '--out',
    'bench/soak/app/bindings.ts',
  ];
  execFileSync('npm', fwgen, { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
}

function machine(): string {
  const model = cpus()[0]?.model ?? 'unknown CPU';
  const where = pin
    ? 'server on core 0, load on core 1 (taskset)'
    : 'server and load not pinned to cores';
  return (
    `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ${model}, ${cpus().length} cores, ` +
    `Node ${process.version}, ${process.platform}; ${where}`
  );
}

/** The commit the build came from, and whether runtime/ had changes not yet committed. */
function revision(): string {
  const git = (...args: string[]) =>
    execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim();
  try {
    const dirty = git('status', '--porcelain', '--', 'runtime') !== '';
    return `${git('rev-parse', '--short', 'HEAD')}${dirty ? ' with uncommitted changes under runtime/' : ''}`;
  } catch {
    return 'unknown (not a git checkout)';
  }
}

const isPort = (m: unknown): m is { port: number } =>
  typeof (m as { port?: unknown } | null)?.port === 'number';

const built = revision();
prepare();
const load1 = loadavg();
const server = startNode(SERVER_CORE, [
  '--expose-gc',
  '--import',
  'tsx',
  join(SOAK, 'app', 'server.ts'),
]);
const loader = startNode(LOAD_CORE, ['--import', 'tsx', join(SOAK, 'load.ts')]);
try {
  const { port } = await ask(server, undefined, isPort, 30_000);
  const sample = (gc = true) => ask(server, { type: 'sample', gc }, ofType<ServerSample>('sample'));
  const snapshot = async (name: string) => {
    if (!flags['heap-snapshots']) return;
    const path = join(tmpdir(), `fw-soak-${process.pid}-${name}.heapsnapshot`);
    await ask(server, { type: 'snapshot', path }, ofType('snapshot'), 120_000);
    log(`heap snapshot: ${path}`);
  };
  const idle = await sample();
  const third = rate / 3;
  const rates: Record<Channel, number> = { get: third, post: third, ws: third };
  const start: StartLoad = { type: 'start', port, rates, wsClients };
  await ask(loader, start, ofType('started'));
  log(
    `soak: ${format(rate)} requests and messages/s (${format(third)}/s each GET, POST → event, ` +
      `WebSocket over ${wsClients} connections), ${warmup} s warm-up, then ${minutes} min, ` +
      `a line every ${interval} s`,
  );

  const windows: Window[] = [];
  const t0 = performance.now();
  let lastAt = 0;
  let lastCpu = cpuMs(server.pid as number);
  let lastHost = hostBusyMs();
  let lastConsumed = idle.consumed;
  /** Ends a window at `at` s: the load's counts and the server's sample, taken together. */
  const take = async (at: number, isWarmup: boolean): Promise<Window> => {
    await sleep(t0 + at * 1000 - performance.now());
    const [loadWindow, serverSample] = await Promise.all([
      ask(loader, { type: 'window' }, ofType<LoadWindow>('window')),
      sample(),
    ]);
    const cpu = cpuMs(server.pid as number);
    const host = hostBusyMs();
    const seconds = at - lastAt;
    const percent = (ms: number) => (ms / (seconds * 1000)) * 100;
    const w: Window = {
      at,
      seconds,
      warmup: isWarmup,
      load: loadWindow,
      server: serverSample,
      consumed: serverSample.consumed - lastConsumed,
      serverCpu: percent(cpu - lastCpu),
      otherCpu: percent(host - lastHost - (cpu - lastCpu) - loadWindow.cpuMs),
    };
    lastHost = host;
    lastAt = at;
    lastCpu = cpu;
    lastConsumed = serverSample.consumed;
    windows.push(w);
    log(windowLine(w));
    return w;
  };

  const startSample = (await take(warmup, true)).server;
  await snapshot('start');
  const end = warmup + minutes * 60;
  for (let at = warmup + interval; at < end + interval; at += interval) {
    await take(Math.min(at, end), false);
  }
  const endSample = (windows.at(-1) as Window).server;
  await snapshot('end');

  log(`stopping the load; waiting for answers while they come (${drain} s without one ends it)…`);
  const done = await ask(loader, { type: 'stop', drainMs: drain * 1000 }, ofType<LoadDone>('done'));
  // Events still queued in the server: wait until every published one is consumed or failed.
  let drained = await sample();
  for (
    let i = 0;
    i < drain * 10 && drained.consumed + drained.eventErrors < drained.published;
    i++
  ) {
    await sleep(100);
    drained = await sample(false);
  }
  drained = await sample();

  const run: SoakRun = {
    revision: built,
    command: [
      'npm run soak',
      ...(process.argv.length > 2 ? ['--', ...process.argv.slice(2)] : []),
    ].join(' '),
    machine: `${machine()}; load average ${load1.map((l) => l.toFixed(2)).join(' ')} before, ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} after`,
    settings:
      `${format(rate)}/s in all, a third each GET, POST and WebSocket; ${wsClients} WebSocket ` +
      `connections; ${warmup} s warm-up, ${minutes} min measured, windows of ${interval} s; drain ends after ${drain} s without an answer`,
    windows,
    idle,
    start: startSample,
    end: endSample,
    drained,
    totals: done,
  };
  log('');
  for (const c of CHANNELS) {
    const t = done.channels[c];
    log(
      `${c.padEnd(6)} sent ${format(t.sent)} ok ${format(t.ok)} errors ${format(t.errors)} lost ${format(t.lost)}`,
    );
  }
  const ev = eventTotals(drained);
  log(
    `events published ${format(ev.sent)} consumed ${format(ev.ok)} errors ${format(ev.errors)} lost ${format(ev.lost)}`,
  );
  log(
    `memory start → end: RSS ${growth(startSample.rss, endSample.rss)}, heapUsed ${growth(startSample.heapUsed, endSample.heapUsed)}`,
  );
  const report = markdown(run);
  process.stdout.write(`\n${report}`);
  if (flags.write) {
    writeFileSync(join(ROOT, 'bench', 'soak-results.md'), report);
    log('wrote bench/soak-results.md');
  }
} finally {
  await Promise.all([stop(loader), stop(server)]);
}
