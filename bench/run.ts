/**
 * `npm run bench`: fw and its peers on the same jobs in one run, in interleaved rounds, each server
 * pinned to core 0 and the load generator to core 1. Every figure is also given as a ratio to the
 * floor (raw node:http, raw ws, a bare EventEmitter) measured in the same round. See bench/README.md.
 *   npm run bench -- [--rounds 3] [--seconds 8] [--warmup 2] [--connections 50]
 *                    [--jobs get,post,ws,events] [--servers fw,Fastify] [--write]
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import {
  HTTP_JOBS,
  HTTP_SERVERS,
  type HttpJob,
  type ServerSpec,
  serversOf,
  verify,
} from './http/jobs.js';
import { HTTP_TOOL, httpLoad, type LoadResult, wsLoad } from './lib/load.js';
import { CAN_PIN, pinned, startServer } from './lib/processes.js';
import { format, median, table } from './lib/stats.js';
import { WS_SERVERS } from './lib/ws-servers.js';
import { prepare } from './prepare.js';

const { values: flags } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    seconds: { type: 'string', default: '8' },
    warmup: { type: 'string', default: '2' },
    connections: { type: 'string', default: '50' },
    jobs: { type: 'string', default: 'get,post,ws,events' },
    servers: { type: 'string' },
    write: { type: 'boolean', default: false },
  },
});
const rounds = Number(flags.rounds);
const seconds = Number(flags.seconds);
const warmup = Number(flags.warmup);
const connections = Number(flags.connections);
const jobs = new Set(flags.jobs.split(','));
const only = flags.servers?.split(',');
const ROOT = join(import.meta.dirname, '..');
const SERVER_CORE = 0;
const LOAD_CORE = 1;

/** One measurement of one server in one round. */
interface Sample extends LoadResult {
  readonly round: number;
  /** Server CPU per request, µs. */
  readonly cpuUs: number;
}

const log = (line: string) => process.stderr.write(`${line}\n`);

/** Starts `spec`, checks its answer, warms it up, measures it, stops it. */
async function measure(
  spec: ServerSpec,
  round: number,
  check: (port: number) => Promise<void>,
  load: (port: number, seconds: number) => Promise<LoadResult>,
): Promise<Sample> {
  const server = await startServer(SERVER_CORE, spec.args, spec.env);
  try {
    await check(server.port);
    await load(server.port, warmup);
    const before = server.cpuMs();
    const result = await load(server.port, seconds);
    const cpuUs = ((server.cpuMs() - before) * 1000) / result.requests;
    if (result.errors > result.requests / 1000) {
      throw new Error(`${spec.name}: ${result.errors} of ${result.requests} requests failed`);
    }
    log(
      `  round ${round} ${spec.name}: ${format(result.rps)}/s, p99 ${format(result.p99, 2)} ms, ` +
        `${format(cpuUs, 1)} µs CPU/req${result.errors > 0 ? `, ${result.errors} errors` : ''}`,
    );
    return { ...result, round, cpuUs };
  } finally {
    await server.stop();
  }
}

/** The servers in round `r`'s order: rotated, so none always runs first or last. */
function rotated<T>(list: readonly T[], r: number): T[] {
  const k = r % list.length;
  return [...list.slice(k), ...list.slice(0, k)];
}

type Results = Map<string, Sample[]>;

async function httpJob(job: HttpJob): Promise<Results> {
  log(`job ${job.id}: ${job.title}`);
  // raw node:http, the floor, runs whenever it serves the job; the others when asked for.
  const servers = serversOf(job, HTTP_SERVERS).filter(
    (s) => s.name === 'raw node:http' || only === undefined || only.includes(s.name),
  );
  const results: Results = new Map(servers.map((s) => [s.name, []]));
  for (let r = 1; r <= rounds; r++) {
    for (const spec of rotated(servers, r)) {
      const sample = await measure(
        spec,
        r,
        (port) => verify(spec.name, port, job),
        (port, s) =>
          httpLoad(LOAD_CORE, {
            url: `http://127.0.0.1:${port}${job.path}`,
            method: job.method,
            headers: job.headers,
            ...(job.body === undefined ? {} : { body: job.body }),
            connections,
            seconds: s,
          }),
      );
      results.get(spec.name)?.push(sample);
    }
  }
  return results;
}

async function wsJob(): Promise<Results> {
  log('job ws: WebSocket echo, 64-byte binary messages');
  const results: Results = new Map(WS_SERVERS.map((s) => [s.name, []]));
  for (let r = 1; r <= rounds; r++) {
    for (const spec of rotated(WS_SERVERS, r)) {
      const sample = await measure(
        spec,
        r,
        async () => {},
        (port, s) =>
          wsLoad(LOAD_CORE, { url: `ws://127.0.0.1:${port}/echo`, connections, seconds: s }),
      );
      results.get(spec.name)?.push(sample);
    }
  }
  return results;
}

async function eventsJob(): Promise<Results> {
  log('job events: in-memory events through the consumer pipeline');
  const messages = 200_000;
  const variants = [
    { name: 'EventEmitter (floor)', variant: 'floor' },
    { name: 'fw', variant: 'fw' },
  ];
  const results: Results = new Map(variants.map((v) => [v.name, []]));
  for (let r = 1; r <= rounds; r++) {
    for (const { name, variant } of rotated(variants, r)) {
      const script = join(ROOT, 'bench', 'events', 'measure.ts');
      const [cmd, args] = pinned(SERVER_CORE, process.execPath, [
        '--import',
        'tsx',
        script,
        variant,
        String(messages),
      ]);
      const out = execFileSync(cmd, args, { encoding: 'utf8', cwd: ROOT });
      const m = JSON.parse(out) as { messages: number; seconds: number; cpuUs: number };
      const rps = m.messages / m.seconds;
      log(
        `  round ${r} ${name}: ${format(rps)} msgs/s, ${format(m.cpuUs / m.messages, 2)} µs CPU/msg`,
      );
      results.get(name)?.push({
        round: r,
        requests: m.messages,
        rps,
        p99: Number.NaN,
        errors: 0,
        cpuUs: m.cpuUs / m.messages,
      });
    }
  }
  return results;
}

/** The table of one job: medians, and ratios to the first row taken round by round. */
function report(title: string, unit: string, results: Results): string {
  const [floorName] = results.keys();
  const floor = results.get(floorName as string) ?? [];
  const ratio = (samples: Sample[], pick: (s: Sample) => number) =>
    median(
      samples.map((s) => {
        const f = floor.find((x) => x.round === s.round);
        return f === undefined ? Number.NaN : pick(s) / pick(f);
      }),
    );
  const rows = [...results].map(([name, samples]) => [
    name === 'fw' ? '**fw**' : name,
    format(median(samples.map((s) => s.rps))),
    format(
      ratio(samples, (s) => s.rps),
      2,
    ),
    format(median(samples.map((s) => s.p99)), 2),
    format(median(samples.map((s) => s.cpuUs)), 1),
    format(
      ratio(samples, (s) => s.cpuUs),
      2,
    ),
    String(samples.reduce((sum, s) => sum + s.errors, 0)),
  ]);
  const head = [
    '',
    `${unit}/s`,
    `vs ${floorName}`,
    'p99 ms',
    `CPU µs/${unit === 'msgs' ? 'msg' : 'req'}`,
    'CPU vs floor',
    'errors',
  ];
  return `### ${title}\n\n${table(head, rows)}\n`;
}

function machine(): string {
  const model = cpus()[0]?.model ?? 'unknown CPU';
  let kernel = '';
  try {
    kernel = readFileSync('/proc/sys/kernel/osrelease', 'utf8').trim();
  } catch {}
  const pin = CAN_PIN ? 'server on core 0, load on core 1 (taskset)' : 'not pinned (no taskset)';
  return (
    `${new Date().toISOString().slice(0, 10)}, ${model}, ${cpus().length} cores, ` +
    `Linux ${kernel}, Node ${process.version}; ${pin}; HTTP load: ${HTTP_TOOL}, ` +
    `${connections} connections; ${rounds} interleaved rounds of ${seconds} s after ${warmup} s ` +
    'of warm-up; medians'
  );
}

prepare(log);
const sections: string[] = [];
for (const job of HTTP_JOBS) {
  if (jobs.has(job.id))
    sections.push(report(`Job ${job.id}: ${job.title}`, 'req', await httpJob(job)));
}
if (jobs.has('ws')) {
  sections.push(
    report('Job ws: WebSocket echo (64-byte binary, closed loop)', 'msgs', await wsJob()),
  );
}
if (jobs.has('events')) {
  sections.push(
    report('Job events: in-memory events, consumer pipeline', 'msgs', await eventsJob()),
  );
}
const markdown = `# fw benchmark results\n\n${machine()}.\n\n${sections.join('\n')}`;
process.stdout.write(`${markdown}\n`);
if (flags.write) {
  writeFileSync(join(ROOT, 'bench', 'results.md'), `${markdown}`);
  log('wrote bench/results.md');
}
