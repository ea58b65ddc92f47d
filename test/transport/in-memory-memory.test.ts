// The memory of the in-memory transport stays bounded when a broadcast consumer never finishes,
// read from the server's own process (VmRSS): 2000 orders of 64 KiB each, with `maxQueued` 200,
// are accepted up to the bound (16 running and 200 waiting), the rest refused with 503, and the
// process grows by far less than the 125 MiB the orders would take if all were held.
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const SERVER = fileURLToPath(new URL('./stuck-feed-server.ts', import.meta.url));
const ORDERS = 2000;
const MAX_QUEUED = 200;
const MiB = 1024 * 1024;

let child: ChildProcess | undefined;
afterEach(() => {
  child?.kill();
  child = undefined;
});

/** Starts the server; resolves with its pid and port. */
async function startServer(): Promise<{ pid: number; base: string }> {
  const tsx = pathToFileURL(require.resolve('tsx')).href;
  const proc = spawn(process.execPath, ['--import', tsx, SERVER, String(MAX_QUEUED)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  child = proc;
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    proc.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
      const match = /port (\d+)/.exec(out);
      if (match !== null) resolve(Number(match[1]));
    });
    proc.once('exit', (code) => reject(new Error(`the server exited with ${code}: ${out}`)));
  });
  return { pid: proc.pid as number, base: `http://127.0.0.1:${port}` };
}

/** The server's resident memory, in bytes. */
function rss(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1]) * 1024;
}

describe('in-memory transport memory under a stuck consumer', () => {
  it('holds at most concurrency + maxQueued orders; the process stays small', async () => {
    const { pid, base } = await startServer();
    const before = rss(pid);
    const statuses = new Map<number, number>();
    // Four clients at once, each placing its share of the orders one after another.
    await Promise.all(
      [0, 1, 2, 3].map(async (client) => {
        for (let id = client; id < ORDERS; id += 4) {
          const res = await fetch(`${base}/orders/${id}`, { method: 'POST' });
          await res.arrayBuffer();
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        }
      }),
    );
    const after = rss(pid);
    const stats = (await (await fetch(`${base}/stats`)).json()) as { shared: number };

    const accepted = 16 + MAX_QUEUED;
    expect(Object.fromEntries(statuses)).toEqual({ 200: accepted, 503: ORDERS - accepted });
    expect(stats.shared).toBe(accepted);
    const grown = `VmRSS ${(before / MiB).toFixed(1)} MiB -> ${(after / MiB).toFixed(1)} MiB`;
    expect(after - before, grown).toBeLessThan(64 * MiB);
  }, 60_000);
});
