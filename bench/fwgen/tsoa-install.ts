/**
 * tsoa is not a dependency of fw: the benchmark installs it on demand into its own folder
 * (`bench/fwgen/.work/tsoa/`), once, and reuses that install on later runs.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** What is installed; tsoa 6.6 needs TypeScript ^5.7 and runs on Node 20. */
const PACKAGES = [
  '@tsoa/cli@6',
  '@tsoa/runtime@6',
  'express@4',
  '@types/express@4',
  'typescript@5',
];

/** The tsoa install the benchmark runs. */
export interface TsoaInstall {
  /** The CLI script to run with node (`tsoa routes -c tsoa.json`). */
  readonly cli: string;
  readonly tsoaVersion: string;
  readonly typescriptVersion: string;
}

function version(dir: string, pkg: string): string {
  const json = JSON.parse(readFileSync(join(dir, 'node_modules', pkg, 'package.json'), 'utf8'));
  return String(json.version);
}

/** Installs tsoa into `dir` unless it is there already; progress goes to stderr. */
export function ensureTsoa(dir: string): TsoaInstall {
  const cli = join(dir, 'node_modules/@tsoa/cli/dist/cli.js');
  if (!existsSync(cli)) {
    mkdirSync(dir, { recursive: true });
    const manifest = join(dir, 'package.json');
    if (!existsSync(manifest)) {
      writeFileSync(manifest, '{ "private": true, "description": "fwgen benchmark: tsoa" }\n');
    }
    process.stderr.write(`installing ${PACKAGES.join(' ')} into ${dir}\n`);
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    const args = ['install', '--prefix', dir, '--no-audit', '--no-fund', '--loglevel=error'];
    const r = spawnSync(npm, [...args, ...PACKAGES], { stdio: ['ignore', 'inherit', 'inherit'] });
    if (r.status !== 0 || !existsSync(cli)) {
      throw new Error(`npm install of tsoa into ${dir} failed (exit ${r.status})`);
    }
  }
  return {
    cli,
    tsoaVersion: version(dir, '@tsoa/cli'),
    typescriptVersion: version(dir, 'typescript'),
  };
}
