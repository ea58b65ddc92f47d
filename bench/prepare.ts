/** What every HTTP benchmark needs first: the peers installed (bench/peers) and fw built. */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { buildBenchApp } from './app-build.js';

const ROOT = join(import.meta.dirname, '..');

/**
 * Installs bench/peers from its lockfile when it is missing or stale, then builds fw's dist/ and
 * compiles the benchmark app (app-build.ts).
 */
export function prepare(log: (line: string) => void): void {
  const peers = join(ROOT, 'bench', 'peers');
  const marker = join(peers, 'node_modules', '.package-lock.json');
  const lock = join(peers, 'package-lock.json');
  if (!existsSync(marker) || statSync(marker).mtimeMs < statSync(lock).mtimeMs) {
    log('installing the peers (bench/peers, npm ci)…');
    const r = spawnSync('npm', ['ci', '--prefix', peers, '--no-audit', '--no-fund'], {
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    if (r.status !== 0) throw new Error('npm ci in bench/peers failed');
  }
  log('building fw (npm run build) and the benchmark app…');
  execFileSync('npm', ['run', '-s', 'build'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  buildBenchApp();
}
