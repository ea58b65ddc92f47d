/**
 * Runs one node subprocess and measures it: wall time from spawn to exit, and the child's peak
 * resident set size and CPU time, which the child itself writes on exit
 * (`process.resourceUsage()`) through a tiny `--import` hook, so no `/usr/bin/time` is needed.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** What one subprocess did. */
export interface Timed {
  readonly ms: number;
  /** Peak RSS in KiB, or undefined when the child did not report it. */
  readonly rssKiB: number | undefined;
  /**
   * CPU time (user + system, all threads) in ms, or undefined when the child did not report it:
   * less moved than wall time by neighbours taking the CPU.
   */
  readonly cpuMs: number | undefined;
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

const RSS_ENV = 'FWGEN_BENCH_RSS_FILE';
const HOOK = `import { writeFileSync } from 'node:fs';
process.on('exit', () => {
  const f = process.env.${RSS_ENV};
  const u = process.resourceUsage();
  if (f) writeFileSync(f, JSON.stringify([u.maxRSS, (u.userCPUTime + u.systemCPUTime) / 1000]));
});`;
const HOOK_URL = `data:text/javascript,${encodeURIComponent(HOOK)}`;

/** Runs `node <nodeArgs>` in `cwd` and measures it. */
export function timeNode(nodeArgs: readonly string[], cwd: string): Promise<Timed> {
  const dir = mkdtempSync(join(tmpdir(), 'fwgen-bench-'));
  const rssFile = join(dir, 'rss');
  const env: NodeJS.ProcessEnv = { ...process.env, [RSS_ENV]: rssFile };
  delete env['NODE_OPTIONS'];
  return new Promise((resolve, reject) => {
    const start = process.hrtime.bigint();
    const child = spawn(process.execPath, ['--import', HOOK_URL, ...nodeArgs], { cwd, env });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (b: Buffer) => out.push(b));
    child.stderr.on('data', (b: Buffer) => err.push(b));
    child.on('error', reject);
    child.on('close', (code) => {
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      let rssKiB: number | undefined;
      let cpuMs: number | undefined;
      try {
        [rssKiB, cpuMs] = JSON.parse(readFileSync(rssFile, 'utf8')) as [number, number];
      } catch {
        rssKiB = undefined;
      }
      rmSync(dir, { recursive: true, force: true });
      resolve({
        ms,
        rssKiB,
        cpuMs,
        code,
        stdout: Buffer.concat(out).toString('utf8'),
        stderr: Buffer.concat(err).toString('utf8'),
      });
    });
  });
}

/** The median of some numbers (the mean of the middle two for an even count). */
export function median(values: readonly number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  if (s.length === 0) return Number.NaN;
  return s.length % 2 === 1 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/** A command-line flag's whole number, 1 or more; throws naming the flag otherwise. */
export function positive(name: string, raw: string | undefined): number {
  const n = Number(raw);
  if (!Number.isSafeInteger(n) || n < 1) throw new Error(`--${name} must be a positive integer`);
  return n;
}
