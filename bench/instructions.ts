/**
 * `npm run bench:instructions`: the instructions each server runs per request, counted by
 * `valgrind --tool=callgrind`. A count does not move with what else the host is doing, where
 * `npm run bench`'s req/s move ±20 % on a shared host; runs of one build still differ by 0.1–8 %
 * when a garbage collection falls in one counted window and not another, so repeat them. Each
 * server is warmed up until its code is optimised, its counters are zeroed, then exactly
 * `--requests` requests are sent (one at a time, on a kept-alive connection) and counted. Servers
 * run side by side: contention slows them, it does not change their counts.
 *   npm run bench:instructions -- [--jobs get,post] [--servers fw,Fastify] [--warmup 15000]
 *                                 [--requests 5000] [--repeat 1] [--young-mb 16] [--profile 40]
 *                                 [--baseline ../fw-before]
 *
 * `--servers` also takes `fw (telemetry)` and `Fastify (@fastify/otel)`: OpenTelemetry on, on
 * one SDK both preload (bench/README.md, "Telemetry"); `fw (security headers)`,
 * `fw (security headers off)` and `Fastify (@fastify/helmet)`: helmet's headers (bench/README.md,
 * "Security headers"); and `fw (rate limit)` and `Fastify (@fastify/rate-limit)`: a rate limit
 * in memory on every request ("Rate limits").
 *
 * `--baseline <dir>` also counts the fw of another checkout (a worktree of the commit before a
 * change, with its own `npm ci`), built first, as the server `fw (baseline)`: an A/B in one run.
 *
 * `--profile N` runs node with `--perf-basic-prof` and prints, per server, the N functions that ran
 * the most instructions per request in the counted window (exclusive cost), JavaScript included
 * (bench/lib/callgrind-profile.ts): what to read when two servers' counts differ.
 *
 * `--young-mb` gives every server the same young generation (V8's `--min-semi-space-size` and
 * `--max-semi-space-size`). Without it V8 sizes each from what survived its start-up, not from
 * its requests: Fastify allocates 6.7 MB between scavenges and fw 3.4 MB, and under valgrind
 * fw 1.6 MB, so there fw scavenges three to four times as often for the same bytes per request.
 * Pinned, the garbage collection a server pays follows only from what its requests allocate; V8's
 * memory reducer is off too (see `v8Flags` in lib/callgrind.ts).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { buildBenchApp } from './app-build.js';
import {
  HTTP_JOBS,
  HTTP_SERVERS,
  type HttpJob,
  RATE_LIMIT_SERVERS,
  SECURITY_HEADER_SERVERS,
  type ServerSpec,
  serversOf,
  TELEMETRY_SERVERS,
  verify,
} from './http/jobs.js';
import {
  countPerUnit,
  countTable,
  requireValgrind,
  v8Flags,
  youngLabel,
  youngMbOf,
} from './lib/callgrind.js';
import { type ProfileLine, profileOf } from './lib/callgrind-profile.js';
import { format, table } from './lib/stats.js';
import { prepare } from './prepare.js';

const { values: flags } = parseArgs({
  options: {
    jobs: { type: 'string', default: 'get' },
    servers: { type: 'string', default: 'raw node:http,fw,Fastify' },
    repeat: { type: 'string', default: '1' },
    warmup: { type: 'string', default: '15000' },
    requests: { type: 'string', default: '5000' },
    'young-mb': { type: 'string' },
    profile: { type: 'string' },
    baseline: { type: 'string' },
  },
});
const warmup = Number(flags.warmup);
const requests = Number(flags.requests);
const youngMb = youngMbOf(flags['young-mb']);
const profileTop = flags.profile === undefined ? 0 : Number(flags.profile);
/** With `--profile`: the perf map to /tmp/perf-<pid>.map, the V8 log the flag also opens nowhere. */
const PROFILE_FLAGS = ['--perf-basic-prof', '--no-logfile-per-isolate', '--logfile=/dev/null'];
/**
 * One request at a time: each is then its own turn of the server's event loop, with the same reads
 * and writes every time. With several in flight, how many a turn takes depends on timing, and the
 * count per request moves by a quarter.
 */
const CONCURRENCY = 1;
const log = (line: string) => process.stderr.write(`${line}\n`);

/** Sends `count` requests of `job`, `CONCURRENCY` at a time on the agent's kept-alive connections. */
async function send(agent: Agent, port: number, job: HttpJob, count: number): Promise<void> {
  let sent = 0;
  const one = () =>
    new Promise<void>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port,
          path: job.path,
          method: job.method,
          headers: job.headers,
          agent,
        },
        (res) => {
          if (res.statusCode !== job.expect.status) reject(new Error(`status ${res.statusCode}`));
          res.resume();
          res.on('end', resolve);
        },
      );
      req.on('error', reject);
      req.end(job.body);
    });
  const worker = async () => {
    while (sent < count) {
      sent++;
      await one();
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
}

/** Prints the top of a server's profile, per request. */
function printProfile(server: string, job: HttpJob, lines: readonly ProfileLine[]): void {
  console.log(`\n${server}, job ${job.id}: the ${profileTop} costliest functions per request\n`);
  console.log(
    table(
      ['function', 'instructions'],
      lines
        .slice(0, profileTop)
        .map((l) => [l.name.replaceAll('|', '\\|'), format(l.instructions / requests)]),
    ),
  );
}

/**
 * {@link count}, once more when a run loses its connection: with a dozen servers under valgrind on
 * two cores, a run now and then dies with ECONNRESET before it has counted anything.
 */
async function countRetrying(spec: ServerSpec, job: HttpJob, outDir: string): Promise<number> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await count(spec, job, outDir);
    } catch (err) {
      if (attempt === 3 || (err as { code?: unknown }).code !== 'ECONNRESET') throw err;
      log(`${spec.name}: connection reset, counting again (${attempt} of 2)`);
    }
  }
}

function count(spec: ServerSpec, job: HttpJob, outDir: string): Promise<number> {
  const nodeFlags = [...v8Flags(youngMb), ...(profileTop > 0 ? PROFILE_FLAGS : [])];
  return countPerUnit<{ agent: Agent; port: number }>(spec, outDir, nodeFlags, {
    async warm(port) {
      const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
      // A rate-limited server must show its limit on the answer it is counted on.
      const limited = spec.env?.['BENCH_RATE_LIMIT'] === '1';
      await verify(spec.name, port, job, limited ? 'ratelimit-remaining' : undefined);
      // The counted requests go over the connection the warm-up used. A new connection makes V8
      // throw away and recompile optimised code on its first few thousand requests: counted, that
      // compilation tripled the count and made it swing by 8 % between runs.
      await send(agent, port, job, warmup);
      return { agent, port };
    },
    async counted({ agent, port }) {
      await send(agent, port, job, requests);
      return requests;
    },
    close: (session) => session?.agent.destroy(),
    ...(profileTop > 0
      ? {
          inspect(dump: string, pid: number) {
            printProfile(spec.name, job, profileOf(dump, pid));
            rmSync(`/tmp/perf-${pid}.map`, { force: true });
          },
        }
      : {}),
  });
}

async function main(): Promise<void> {
  requireValgrind();
  prepare(log);
  const names = flags.servers.split(',');
  const asked = [
    ...HTTP_SERVERS,
    ...TELEMETRY_SERVERS,
    ...SECURITY_HEADER_SERVERS,
    ...RATE_LIMIT_SERVERS,
  ].filter((s) => names.includes(s.name));
  const baseline = flags.baseline;
  if (baseline !== undefined) {
    // Another checkout of fw (a worktree at the commit before a change), built, and counted in
    // the same run as this one: an A/B whose two sides meet the same host and the same harness.
    log(`building the baseline in ${baseline}…`);
    execFileSync('npm', ['run', '-s', 'build'], {
      cwd: baseline,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    buildBenchApp(resolve(baseline, 'bench', 'app'));
    asked.push({
      name: 'fw (baseline)',
      args: [resolve(baseline, 'bench', 'app', '.work', 'server.js')],
    });
  }
  const repeat = Number(flags.repeat);
  const outDir = mkdtempSync(join(tmpdir(), 'fw-callgrind-'));
  try {
    for (const job of HTTP_JOBS.filter((j) => flags.jobs.split(',').includes(j.id))) {
      const specs = serversOf(job, asked);
      log(`${job.id}: ${specs.map((s) => s.name).join(', ')} ×${repeat} under callgrind…`);
      const runs = await Promise.all(
        specs.map((s) =>
          Promise.all(Array.from({ length: repeat }, () => countRetrying(s, job, outDir))),
        ),
      );
      console.log(
        `\n${job.title}: instructions per request (${requests} counted after ${warmup}; young generation: ${youngLabel(youngMb)})\n`,
      );
      console.log(
        countTable(
          specs.map((s) => s.name),
          runs,
          'raw node:http',
        ),
      );
    }
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

await main();
