/**
 * Runs one node subprocess and measures it: wall time from spawn to exit, and the child's peak
 * resident set size, which the child itself writes on exit (`process.resourceUsage().maxRSS`)
 * through a tiny `--import` hook, so no `/usr/bin/time` is needed.
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
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

const RSS_ENV = 'FWGEN_BENCH_RSS_FILE';
const HOOK = `import { writeFileSync } from 'node:fs';
process.on('exit', () => {
  const f = process.env.${RSS_ENV};
  if (f) writeFileSync(f, String(process.resourceUsage().maxRSS));
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
      try {
        rssKiB = Number(readFileSync(rssFile, 'utf8'));
      } catch {
        rssKiB = undefined;
      }
      rmSync(dir, { recursive: true, force: true });
      resolve({
        ms,
        rssKiB,
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
