/**
 * Load generators, each run in its own process on its own core: wrk for HTTP when the machine has
 * it (Debian's `wrk`; its C event loop leaves the server as the bottleneck), otherwise autocannon;
 * a closed-loop `ws` client for WebSocket.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { hasCommand, pinned } from './processes.js';

/** One run of load against a server. */
export interface LoadResult {
  readonly requests: number;
  readonly rps: number;
  /** 99th percentile latency in ms. */
  readonly p99: number;
  /** Errors, timeouts and non-2xx answers. */
  readonly errors: number;
}

/** An HTTP request to repeat. */
export interface HttpLoad {
  readonly url: string;
  readonly method: 'GET' | 'POST';
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: string;
  readonly connections: number;
  readonly seconds: number;
}

/** The HTTP load tool this machine runs. */
export const HTTP_TOOL = hasCommand('wrk') ? 'wrk 4.1' : 'autocannon 8';

const PEERS = join(import.meta.dirname, '..', 'peers');

/** Runs `load` from `core`. */
export function httpLoad(core: number, load: HttpLoad): Promise<LoadResult> {
  return HTTP_TOOL.startsWith('wrk') ? wrk(core, load) : autocannon(core, load);
}

/** Runs the closed-loop WebSocket echo load from `core`. */
export async function wsLoad(
  core: number,
  load: { url: string; connections: number; seconds: number },
): Promise<LoadResult> {
  const spec = { url: load.url, connections: load.connections, duration: load.seconds };
  const out = await run(core, process.execPath, [join(PEERS, 'load-ws.mjs'), JSON.stringify(spec)]);
  return JSON.parse(out) as LoadResult;
}

async function autocannon(core: number, load: HttpLoad): Promise<LoadResult> {
  const spec = { ...load, duration: load.seconds };
  const out = await run(core, process.execPath, [
    join(PEERS, 'load-http.mjs'),
    JSON.stringify(spec),
  ]);
  return JSON.parse(out) as LoadResult;
}

async function wrk(core: number, load: HttpLoad): Promise<LoadResult> {
  const dir = mkdtempSync(join(tmpdir(), 'fw-bench-'));
  try {
    const script = join(dir, 'request.lua');
    writeFileSync(script, luaScript(load));
    const args = [
      '-t1',
      `-c${load.connections}`,
      `-d${load.seconds}s`,
      '--latency',
      '-s',
      script,
      load.url,
    ];
    return parseWrk(await run(core, 'wrk', args));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The request as a wrk script: method, headers and body, each in a Lua long string. */
function luaScript(load: HttpLoad): string {
  const long = (s: string) => `[==[${s}]==]`;
  const lines = [`wrk.method = ${long(load.method)}`];
  for (const [name, value] of Object.entries(load.headers)) {
    // `t[ [==[k]==] ]`: without the spaces, `[[` would open a long string.
    lines.push(`wrk.headers[ ${long(name)} ] = ${long(value)}`);
  }
  if (load.body !== undefined) lines.push(`wrk.body = ${long(load.body)}`);
  return `${lines.join('\n')}\n`;
}

const UNITS: Record<string, number> = { us: 0.001, ms: 1, s: 1000, m: 60_000 };

/** Reads requests, req/s, p99 and errors from wrk's report. @internal */
export function parseWrk(out: string): LoadResult {
  const requests = Number(/(\d+) requests in/.exec(out)?.[1] ?? Number.NaN);
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? Number.NaN);
  const p99Match = /99%\s+([\d.]+)(us|ms|s|m)\b/.exec(out);
  const p99 = p99Match ? Number(p99Match[1]) * (UNITS[p99Match[2] as string] ?? 1) : Number.NaN;
  const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  const socketErrors = socket ? socket.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0;
  if (Number.isNaN(requests) || Number.isNaN(rps))
    throw new Error(`cannot read wrk's report:\n${out}`);
  return { requests, rps, p99, errors: non2xx + socketErrors };
}

function run(core: number, command: string, args: readonly string[]): Promise<string> {
  const [cmd, argv] = pinned(core, command, args);
  return new Promise((resolve, reject) => {
    execFile(cmd, argv, { maxBuffer: 16 << 20 }, (err, stdout, stderr) => {
      if (err) reject(new Error(`${command} failed: ${err.message}\n${stderr}`));
      else resolve(stdout);
    });
  });
}
