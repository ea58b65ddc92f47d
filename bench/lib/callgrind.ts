/**
 * Counting a server's instructions with `valgrind --tool=callgrind`, shared by
 * `npm run bench:instructions` (HTTP) and `npm run bench:instructions:ws` (WebSocket): start the
 * server under callgrind, let the caller warm it up, zero its counters, let the caller send exactly
 * the counted load, dump, and divide the total by it.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ServerSpec } from '../http/jobs.js';
import { hasCommand } from './processes.js';
import { median, table } from './stats.js';

/** Throws unless valgrind runs on this machine. */
export function requireValgrind(): void {
  if (!hasCommand('valgrind'))
    throw new Error('valgrind is not installed (apt-get install valgrind)');
}

/** Checks `--young-mb`: a whole number of megabytes, or undefined for V8's own sizing. */
export function youngMbOf(value: string | undefined): string | undefined {
  if (value !== undefined && !/^[1-9]\d*$/.test(value)) {
    throw new Error(`--young-mb takes a whole number of megabytes, not ${value}`);
  }
  return value;
}

/**
 * V8 flags every server runs with, when a young generation is asked for: that size for all, and
 * no memory reducer, whose full collections V8 times by the clock. Under valgrind on a busy host a
 * server looks idle to it, and one such collection in a counted window added a third to a count.
 */
export function v8Flags(youngMb: string | undefined): string[] {
  return youngMb === undefined
    ? []
    : [
        `--min-semi-space-size=${youngMb}`,
        `--max-semi-space-size=${youngMb}`,
        '--no-memory-reducer',
      ];
}

/** How the young generation was sized, for a table's title. */
export function youngLabel(youngMb: string | undefined): string {
  return youngMb === undefined ? "V8's own" : `${youngMb} MB`;
}

/** One server under callgrind, listening. */
interface Counted {
  readonly child: ChildProcess;
  readonly port: number;
}

function startCounted(
  spec: ServerSpec,
  outDir: string,
  nodeFlags: readonly string[],
): Promise<Counted> {
  const out = join(outDir, `${spec.name.replace(/\W+/g, '_')}.%p`);
  const child = spawn(
    'valgrind',
    [
      '--tool=callgrind',
      `--callgrind-out-file=${out}`,
      process.execPath,
      ...nodeFlags,
      ...spec.args,
    ],
    {
      // A minute of keep-alive (Fastify's default is 72 s; Node's, and fw's, 5 s): under valgrind
      // on a loaded host a server can stall past 5 s and close the connection under the next
      // request (most runs failed with ECONNRESET at a load of 27). raw.mjs and fw's bench app
      // read it.
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

/** What {@link countPerUnit} does with the server at each stage. */
export interface CountedLoad<S> {
  /** Connects to the server and warms it up; what it answers is handed to `counted`. */
  warm(port: number): Promise<S>;
  /** Sends the counted load; answers how many units (requests, messages) it sent. */
  counted(session: S): Promise<number>;
  /** Closes what `warm` opened. */
  close(session: S | undefined): void;
  /** Reads the dump of the counted part (a profile), with the server's pid and the units. */
  inspect?(dump: string, pid: number, units: number): void;
}

/**
 * Starts `spec` under callgrind with `nodeFlags`, runs `load` and answers the instructions per
 * unit of the counted part: the counters are zeroed after `warm` and dumped after `counted`.
 */
export async function countPerUnit<S>(
  spec: ServerSpec,
  outDir: string,
  nodeFlags: readonly string[],
  load: CountedLoad<S>,
): Promise<number> {
  const server = await startCounted(spec, outDir, nodeFlags);
  const pid = server.child.pid as number;
  let session: S | undefined;
  try {
    session = await load.warm(server.port);
    execFileSync('callgrind_control', ['-z', String(pid)], { stdio: 'ignore' });
    const units = await load.counted(session);
    execFileSync('callgrind_control', ['-d', String(pid)], { stdio: 'ignore' });
    const { file, total } = dumped(outDir, spec.name, pid);
    load.inspect?.(file, pid, units);
    return total / units;
  } finally {
    load.close(session);
    server.child.kill('SIGKILL');
  }
}

/**
 * The counts as a Markdown table: per server the median of its runs, every run, and the ratio to
 * `floor`'s median.
 */
export function countTable(
  names: readonly string[],
  runs: readonly (readonly number[])[],
  floor: string,
): string {
  const counts = runs.map((r) => median(r));
  const base = counts[names.indexOf(floor)];
  const n = (c: number) => Math.round(c).toLocaleString('en');
  return table(
    ['server', 'instructions', 'runs', `vs ${floor}`],
    names.map((name, i) => [
      name,
      n(counts[i] as number),
      (runs[i] as number[]).map(n).join(', '),
      base === undefined ? '' : ((counts[i] as number) / base).toFixed(3),
    ]),
  );
}
