/**
 * fwgen's first run on a small app, the cost a new user meets first, against that app's own
 * `tsc --noEmit` in the same run (not a test). The app is the one `npm create fw` writes
 * (create/template: one controller, a consumer, a provider, a test), copied under
 * `bench/fwgen/.work/small/` with `fw` installed from this checkout's `dist/` (its declarations, as
 * a user gets them), and TypeScript, @types/node and Vitest linked from the repo.
 *
 *   npm run build && node --import tsx bench/fwgen/cold-small.ts [--rounds 5] [--before <checkout>]
 *
 * Each round runs, in turn: fwgen (the built CLI, writing the bindings), `tsc -p tsconfig.json
 * --noEmit` (what the app's `npm test` runs: src, test and the Vitest config), and `tsc -p
 * tsconfig.build.json --noEmit` (src only). `--before` adds the built fwgen of another checkout.
 * Printed: the median wall time, CPU time (user + system) and peak RSS of each, and fwgen / tsc.
 */
import { cpSync, existsSync, mkdirSync, rmSync, symlinkSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { type Timed, timeNode } from './measure.js';

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const WORK = join(REPO, 'bench/fwgen/.work/small');

const { values } = parseArgs({
  options: { rounds: { type: 'string', default: '5' }, before: { type: 'string' } },
});
const rounds = Number(values.rounds);

function project(): void {
  rmSync(WORK, { recursive: true, force: true });
  cpSync(join(REPO, 'create/template'), WORK, { recursive: true });
  const modules = join(WORK, 'node_modules');
  mkdirSync(join(modules, '@types'), { recursive: true });
  symlinkSync(REPO, join(modules, 'fw'));
  for (const name of ['typescript', 'vitest', 'vite', '@vitest', '@types/node']) {
    symlinkSync(join(REPO, 'node_modules', name), join(modules, name));
  }
}

const commands: Record<string, readonly string[]> = {
  fwgen: [join(REPO, 'cli/dist/cli/bin.js'), '--src', 'src', '--out', 'src/bindings.ts'],
  ...(values.before !== undefined && {
    'fwgen (before)': [
      join(resolve(values.before), 'cli/dist/cli/bin.js'),
      '--src',
      'src',
      '--out',
      'src/bindings.ts',
    ],
  }),
  'tsc --noEmit (src, test)': [
    join(REPO, 'node_modules/typescript/bin/tsc'),
    '-p',
    'tsconfig.json',
    '--noEmit',
  ],
  'tsc --noEmit (src)': [
    join(REPO, 'node_modules/typescript/bin/tsc'),
    '-p',
    'tsconfig.build.json',
    '--noEmit',
  ],
};

if (!existsSync(join(REPO, 'cli/dist/cli/bin.js')) || !existsSync(join(REPO, 'dist'))) {
  throw new Error('build first: npm run build');
}
project();
const runs = new Map<string, Timed[]>(Object.keys(commands).map((name) => [name, []]));
for (let round = 0; round <= rounds; round++) {
  for (const [name, args] of Object.entries(commands)) {
    const timed = await timeNode(args, WORK);
    if (timed.code !== 0) throw new Error(`${name} failed:\n${timed.stdout}${timed.stderr}`);
    // The first round is untimed: it warms the disk cache for every command.
    if (round > 0) runs.get(name)?.push(timed);
  }
}

const median = (xs: readonly number[]): number => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};
const row = (name: string) => {
  const timed = runs.get(name) ?? [];
  return {
    name,
    ms: median(timed.map((t) => t.ms)),
    cpu: median(timed.map((t) => t.cpuMs ?? Number.NaN)),
    rss: median(timed.map((t) => (t.rssKiB ?? Number.NaN) / 1024)),
  };
};
const rows = Object.keys(commands).map(row);
const tsc = rows.find((r) => r.name === 'tsc --noEmit (src)');
console.log(`${rounds} rounds, load average ${(await import('node:os')).loadavg()[0]?.toFixed(1)}`);
console.log('| command | wall (median) | CPU | peak RSS | CPU / tsc (src) |');
console.log('|---|---:|---:|---:|---:|');
for (const r of rows) {
  const ratio = tsc === undefined ? '' : (r.cpu / tsc.cpu).toFixed(2);
  console.log(
    `| ${r.name} | ${r.ms.toFixed(0)} ms | ${r.cpu.toFixed(0)} ms | ${r.rss.toFixed(0)} MiB | ${ratio} |`,
  );
}
