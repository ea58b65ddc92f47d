/**
 * `npm run bench:startup`: how long an app takes from process start to its first answered HTTP
 * request, for fw (the synthetic project of bench/fwgen with its service graph, bindings generated
 * with the graph), the same routes in Fastify 5, Hono 4 and NestJS 11, fw's example app, and raw
 * `node:http` as the floor. Each app is started `--runs` times, interleaved with the others in a
 * rotating order, pinned to core 0; the time is from spawn until the answer of one
 * `GET /res<last>/7` (the example app: `GET /users/1`) has been read. Prints Markdown; see
 * bench/README.md. `--large` is the 2,000-route size (200 controllers).
 *
 *   npm run bench:startup -- [--runs 10] [--controllers 20] [--handlers 10] [--large]
 *     [--apps raw,fw,fastify,hono,nest,example]
 */
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { parseArgs } from 'node:util';
import { describeCommit, environment, fmtMiB, fmtMs, range } from '../fwgen/report.js';
import { REPO, type SynthSize } from '../fwgen/synth.js';
import { graphCounts, graphSize } from '../fwgen/synth-services.js';
import { CAN_PIN, startServer } from '../lib/processes.js';
import { median, table } from '../lib/stats.js';
import { prepare } from '../prepare.js';
import {
  type App,
  type Ask,
  buildExampleApp,
  buildFwApp,
  buildNestApp,
  buildPeerApp,
  EXAMPLE_ASK,
  RAW,
} from './apps.js';

const { values: flags } = parseArgs({
  options: {
    runs: { type: 'string', default: '10' },
    controllers: { type: 'string' },
    handlers: { type: 'string', default: '10' },
    large: { type: 'boolean', default: false },
    apps: { type: 'string', default: 'raw,fw,fastify,hono,nest,example' },
  },
});
const positive = (name: string, raw: string | undefined) => {
  const n = Number(raw);
  if (!Number.isSafeInteger(n) || n < 1) throw new Error(`--${name} must be a positive integer`);
  return n;
};
const runs = positive('runs', flags.runs);
const size: SynthSize = {
  // 20 controllers × 10 handlers, 200 routes; --large: 200 controllers, 2,000 routes.
  controllers: positive('controllers', flags.controllers ?? (flags.large ? '200' : '20')),
  handlers: positive('handlers', flags.handlers),
  services: true,
};
const wanted = new Set(flags.apps.split(','));
const CORE = 0;
const ID = 7;
const PATH = `/res${size.controllers - 1}/${ID}`;
/** What the synthetic apps are asked. */
const SYNTH_ASK: Ask = { path: PATH, headers: {}, id: ID };
const log = (line: string) => process.stderr.write(`${line}\n`);

/** One start of one app. */
interface Sample {
  /** Spawn → the answer to the first request read. */
  readonly answerMs: number;
  /** Spawn → the app reported its port (it listens). */
  readonly listenMs: number;
  /** The CPU time (user + system) the app had used when the answer came, ms (10 ms ticks). */
  readonly cpuMs: number;
  /** Peak resident set size when the answer came, KiB (`VmHWM`). */
  readonly rssKiB: number;
}

/** `GET path` on `port` with `headers`: the status and the body. */
function get(port: number, { path, headers }: Ask): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** The peak RSS of `pid` so far, KiB, from `/proc/<pid>/status`. */
function peakRssKiB(pid: number): number {
  try {
    const m = /^VmHWM:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m === null ? Number.NaN : Number(m[1]);
  } catch {
    return Number.NaN;
  }
}

/** Starts `app`, asks it once, checks the answer, stops it. */
async function startOnce(app: App): Promise<Sample> {
  const t0 = performance.now();
  const server = await startServer(CORE, app.args, {}, 120_000);
  const listenMs = performance.now() - t0;
  try {
    const ask = app.ask ?? SYNTH_ASK;
    const { status, body } = await get(server.port, ask);
    const answerMs = performance.now() - t0;
    const rssKiB = peakRssKiB(server.pid);
    const cpuMs = server.cpuMs();
    const answer = status === 200 ? (JSON.parse(body) as { id?: unknown }) : undefined;
    if (answer?.id !== ask.id) {
      throw new Error(`${app.name}: GET ${ask.path} answered ${status} ${body}`);
    }
    return { answerMs, listenMs, cpuMs, rssKiB };
  } finally {
    await server.stop();
  }
}

// What is built, read before the build: the sources may change while the benchmark runs.
const measured = describeCommit(REPO, ['runtime', 'cli', 'templates']);
log('preparing: the peers (bench/peers) and fw (npm run build)');
prepare(log);
log(`building the apps (${size.controllers} controllers × ${size.handlers} handlers)`);
const apps: App[] = [];
if (wanted.has('raw')) apps.push(RAW);
if (wanted.has('fw')) apps.push(buildFwApp(size, log));
if (wanted.has('fastify')) apps.push(buildPeerApp('fastify', size));
if (wanted.has('hono')) apps.push(buildPeerApp('hono', size));
if (wanted.has('nest')) apps.push(buildNestApp(size, log));
if (wanted.has('example')) apps.push(buildExampleApp(log));
if (apps.length === 0) throw new Error('--apps: none of raw, fw, fastify, hono, nest, example');

log('one start of each, not timed');
for (const app of apps) await startOnce(app);
const samples = new Map<string, Sample[]>(apps.map((a) => [a.name, []]));
for (let r = 0; r < runs; r++) {
  // The order rotates, so no app always starts first or after the same neighbour.
  const order = [...apps.slice(r % apps.length), ...apps.slice(0, r % apps.length)];
  const line: string[] = [];
  for (const app of order) {
    const s = await startOnce(app);
    samples.get(app.name)?.push(s);
    line.push(`${app.name} ${s.answerMs.toFixed(0)} ms`);
  }
  log(`  run ${r + 1}/${runs}: ${line.join(', ')}`);
}

const of = (name: string, pick: (s: Sample) => number) => (samples.get(name) ?? []).map(pick);
const answer = (name: string) => median(of(name, (s) => s.answerMs));
const times = (x: number, y: number) => (Number.isFinite(x / y) ? `${(x / y).toFixed(2)}×` : '–');
const rows = apps.map((a) => [
  a.name,
  fmtMs(answer(a.name)),
  range(of(a.name, (s) => s.answerMs)),
  fmtMs(median(of(a.name, (s) => s.listenMs))),
  fmtMs(median(of(a.name, (s) => s.cpuMs))),
  fmtMiB(median(of(a.name, (s) => s.rssKiB))),
  times(answer(a.name), answer(RAW.name)),
]);
const report = [
  `## Start-up: spawn → first answered request, ${size.controllers} controllers × ${size.handlers} handlers`,
  '',
  ...environment(),
  `- fw and fwgen: ${measured} when built`,
  `- apps: ${graphCounts(graphSize(size.controllers))}; ${size.controllers * size.handlers} routes (fw, Fastify, Hono, NestJS)`,
  `- ${runs} starts of each app, interleaved in a rotating order after one untimed start each; ${CAN_PIN ? `each pinned to core ${CORE}` : 'not pinned (no taskset)'}, \`NODE_ENV=production\``,
  `- timed: spawn → the answer to \`GET ${PATH}\` (the example app: \`GET ${EXAMPLE_ASK.path}\` as ada) read (the app reports its port over IPC once it listens)`,
  '- CPU used: user + system time of the app when its answer came (`/proc`, 10 ms ticks), steadier than the wall clock on a loaded host',
  '',
  table(
    [
      'app',
      'spawn → first answer (median)',
      'min – max',
      'spawn → listening',
      'CPU used',
      'peak RSS',
      'vs raw node:http',
    ],
    rows,
  ),
  '',
  ...apps.map((a) => `- ${a.name}: ${a.note}`),
  '',
  ...['Fastify', 'Hono', 'NestJS']
    .filter((peer) => samples.has('fw') && samples.has(peer))
    .map(
      (peer) =>
        `${peer} / fw: **${times(answer(peer), answer('fw'))}** (spawn → first answer, medians)`,
    ),
  '',
].join('\n');
process.stdout.write(report);
