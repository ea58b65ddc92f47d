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
 * memory reducer is off too (see `V8_FLAGS`).
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import {
  HTTP_JOBS,
  HTTP_SERVERS,
  type HttpJob,
  type ServerSpec,
  serversOf,
  verify,
} from './http/jobs.js';
import { type ProfileLine, profileOf } from './lib/callgrind-profile.js';
import { hasCommand } from './lib/processes.js';
import { format, median, table } from './lib/stats.js';
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
const youngMb = flags['young-mb'];
const profileTop = flags.profile === undefined ? 0 : Number(flags.profile);
if (youngMb !== undefined && !/^[1-9]\d*$/.test(youngMb)) {
  throw new Error(`--young-mb takes a whole number of megabytes, not ${youngMb}`);
}
/**
 * V8 flags every server runs with, when a young generation is asked for: that size for all, and
 * no memory reducer, whose full collections V8 times by the clock. Under valgrind on a busy host a
 * server looks idle to it, and one such collection in a counted window added a third to a count.
 */
const V8_FLAGS =
  youngMb === undefined
    ? []
    : [
        `--min-semi-space-size=${youngMb}`,
        `--max-semi-space-size=${youngMb}`,
        '--no-memory-reducer',
      ];
/**
 * One request at a time: each is then its own turn of the server's event loop, with the same reads
 * and writes every time. With several in flight, how many a turn takes depends on timing, and the
 * count per request moves by a quarter.
 */
const CONCURRENCY = 1;
const log = (line: string) => process.stderr.write(`${line}\n`);

/** One server under callgrind, listening. */
interface Counted {
  readonly child: ChildProcess;
  readonly port: number;
}

function startCounted(spec: ServerSpec, outDir: string): Promise<Counted> {
  const out = join(outDir, `${spec.name.replace(/\W+/g, '_')}.%p`);
  const child = spawn(
    'valgrind',
    [
      '--tool=callgrind',
      `--callgrind-out-file=${out}`,
      process.execPath,
      ...V8_FLAGS,
      // The perf map goes to /tmp/perf-<pid>.map; the V8 log the flag also opens, nowhere.
      ...(profileTop > 0
        ? ['--perf-basic-prof', '--no-logfile-per-isolate', '--logfile=/dev/null']
        : []),
      ...spec.args,
    ],
    {
      // A minute of keep-alive (Fastify's default is 72 s; Node's, and fw's, 5 s): under valgrind
      // on a loaded host a server can stall past 5 s and close the connection under the next request.
      env: {
        ...process.env,
        PORT: '0',
        NODE_ENV: 'production',
        BENCH_KEEPALIVE_MS: '60000',
        ...spec.env,
      },
      stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
    },
  );
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${spec.name} exited with ${code}`)));
    child.on('message', (message: { port?: number }) => {
      if (typeof message?.port !== 'number') return;
      child.removeAllListeners('exit');
      resolve({ child, port: message.port });
    });
  });
}

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

/** The dump callgrind wrote for `pid`, and its instructions. */
function dumped(outDir: string, name: string, pid: number): { file: string; total: number } {
  const prefix = `${name.replace(/\W+/g, '_')}.${pid}.`;
  const file = readdirSync(outDir).find((f) => f.startsWith(prefix));
  if (file === undefined) throw new Error(`no callgrind dump for ${name}`);
  const text = readFileSync(join(outDir, file), 'utf8');
  const total = /^(?:summary|totals): (\d+)/m.exec(text)?.[1];
  if (total === undefined) throw new Error(`no total in ${file}`);
  return { file: join(outDir, file), total: Number(total) };
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

async function count(spec: ServerSpec, job: HttpJob, outDir: string): Promise<number> {
  const server = await startCounted(spec, outDir);
  const pid = server.child.pid as number;
  const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  try {
    await verify(spec.name, server.port, job);
    // The counted requests go over the connection the warm-up used. A new connection makes V8
    // throw away and recompile optimised code on its first few thousand requests: counted, that
    // compilation tripled the count and made it swing by 8 % between runs.
    await send(agent, server.port, job, warmup);
    execFileSync('callgrind_control', ['-z', String(pid)], { stdio: 'ignore' });
    await send(agent, server.port, job, requests);
    execFileSync('callgrind_control', ['-d', String(pid)], { stdio: 'ignore' });
    const { file, total } = dumped(outDir, spec.name, pid);
    if (profileTop > 0) {
      printProfile(spec.name, job, profileOf(file, pid));
      rmSync(`/tmp/perf-${pid}.map`, { force: true });
    }
    return total / requests;
  } finally {
    agent.destroy();
    server.child.kill('SIGKILL');
  }
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

async function main(): Promise<void> {
  if (!hasCommand('valgrind'))
    throw new Error('valgrind is not installed (apt-get install valgrind)');
  prepare(log);
  const names = flags.servers.split(',');
  const asked = HTTP_SERVERS.filter((s) => names.includes(s.name));
  const baseline = flags.baseline;
  if (baseline !== undefined) {
    // Another checkout of fw (a worktree at the commit before a change), built, and counted in
    // the same run as this one: an A/B whose two sides meet the same host and the same harness.
    log(`building the baseline in ${baseline}…`);
    execFileSync('npm', ['run', '-s', 'build'], {
      cwd: baseline,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    asked.push({
      name: 'fw (baseline)',
      args: ['--import', 'tsx', resolve(baseline, 'bench', 'app', 'server.ts')],
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
      const counts = runs.map((r) => median(r));
      const floor = counts[specs.findIndex((s) => s.name === 'raw node:http')];
      const young = youngMb === undefined ? "V8's own" : `${youngMb} MB`;
      console.log(
        `\n${job.title}: instructions per request (${requests} counted after ${warmup}; young generation: ${young})\n`,
      );
      console.log(
        table(
          ['server', 'instructions', 'runs', 'vs raw node:http'],
          specs.map((s, i) => [
            s.name,
            Math.round(counts[i] as number).toLocaleString('en'),
            (runs[i] as number[]).map((c) => Math.round(c).toLocaleString('en')).join(', '),
            floor === undefined ? '' : ((counts[i] as number) / floor).toFixed(3),
          ]),
        ),
      );
    }
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

await main();
