/**
 * The fwgen generation benchmark (not a test): writes a synthetic project (synth.ts) for fw and
 * for tsoa, then times fwgen cold, fwgen --check, fwgen watch after one file changes, and
 * `tsoa routes`, and prints a Markdown table. See README.md.
 *
 *   node --conditions=source --import tsx bench/fwgen/run.ts [--controllers 200] [--handlers 10]
 *     [--reps 3] [--edits 5] [--no-services] [--write]
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { type Timed, timeNode } from './measure.js';
import { type ReportInfo, type Row, ratioOf, renderReport } from './report.js';
import { describeFwProject, REPO, type SynthSize, WORK, writeFwProject } from './synth.js';
import { writeTsoaProject } from './synth-tsoa.js';
import { ensureTsoa } from './tsoa-install.js';
import type { WatchResult } from './watch-bench.js';

const env = process.env;
const { values: flags } = parseArgs({
  options: {
    controllers: { type: 'string', default: env['FWGEN_BENCH_CONTROLLERS'] ?? '200' },
    handlers: { type: 'string', default: env['FWGEN_BENCH_HANDLERS'] ?? '10' },
    reps: { type: 'string', default: env['FWGEN_BENCH_REPS'] ?? '3' },
    edits: { type: 'string', default: env['FWGEN_BENCH_EDITS'] ?? '5' },
    'no-services': { type: 'boolean', default: env['FWGEN_BENCH_SERVICES'] === '0' },
    write: { type: 'boolean', default: false },
  },
});
const positive = (name: string, raw: string | undefined) => {
  const n = Number(raw);
  if (!Number.isSafeInteger(n) || n < 1) throw new Error(`--${name} must be a positive integer`);
  return n;
};
const size: SynthSize = {
  controllers: positive('controllers', flags.controllers),
  handlers: positive('handlers', flags.handlers),
  services: !flags['no-services'],
};
const reps = positive('reps', flags.reps);
const edits = positive('edits', flags.edits);
const log = (line: string) => process.stderr.write(`${line}\n`);

const tag = `${size.controllers}x${size.handlers}`;
const fwDir = join(WORK, `fw-${tag}${size.services ? '' : '-plain'}`);
const fwOut = join(fwDir, 'src/bindings.ts');
const tsoaDir = join(WORK, 'tsoa', `project-${tag}`);
const tsoaOut = join(tsoaDir, 'out/routes.ts');

log(`writing the synthetic projects (${tag}) under ${WORK}`);
writeFwProject(fwDir, size);
writeTsoaProject(tsoaDir, size);
const tsoa = ensureTsoa(join(WORK, 'tsoa'));

// The built binary, as an application runs it (tsoa's CLI is its built JavaScript too).
log('building fw (npm run build)');
const build = spawnSync('npm', ['run', '-s', 'build'], { cwd: REPO, stdio: 'inherit' });
if (build.status !== 0) throw new Error(`npm run build failed (exit ${build.status})`);
const FWGEN = [join(REPO, 'cli/dist/cli/bin.js')];
const fwArgs = [
  '--src',
  join(fwDir, 'src'),
  '--out',
  fwOut,
  '--project',
  join(fwDir, 'tsconfig.json'),
];

/** Runs one step and stops the benchmark, with the tool's output, if it failed. */
async function step(name: string, args: string[], cwd: string, expect = 0): Promise<Timed> {
  const t = await timeNode(args, cwd);
  if (t.code !== expect) {
    log(
      `${name} exited with ${t.code} (expected ${expect})\n--- stdout\n${t.stdout}--- stderr\n${t.stderr}`,
    );
    process.exit(1);
  }
  return t;
}
const fwCold = () => {
  rmSync(fwOut, { force: true });
  return step('fwgen', [...FWGEN, ...fwArgs], REPO);
};
const fwCheck = () => step('fwgen --check', [...FWGEN, ...fwArgs, '--check'], REPO);
const tsoaCold = () => {
  rmSync(join(tsoaDir, 'out'), { recursive: true, force: true });
  return step('tsoa routes', [tsoa.cli, 'routes', '-c', 'tsoa.json'], tsoaDir);
};

log('warm-up (not timed): one run of each tool');
await fwCold();
await tsoaCold();

const cold: Timed[] = [];
const check: Timed[] = [];
const tsoaRuns: Timed[] = [];
for (let r = 1; r <= reps; r++) {
  log(`repetition ${r}/${reps}`);
  cold.push(await fwCold());
  tsoaRuns.push(await tsoaCold());
  check.push(await fwCheck());
}

const count = (file: string, re: RegExp) => (readFileSync(file, 'utf8').match(re) ?? []).length;
const kib = (file: string) => `${(statSync(file).size / 1024).toFixed(0)} KiB`;
const info: ReportInfo = {
  ...size,
  reps,
  edits,
  tsoa: `@tsoa/cli ${tsoa.tsoaVersion} on TypeScript ${tsoa.typescriptVersion} (express routes + models, no spec)`,
  lines: [
    `fw project: ${describeFwProject(size)}`,
    `tsoa project: the same API, ${size.services ? 'no services (tsoa builds controllers with `new`)' : 'as fw'}`,
    `fwgen output: ${kib(fwOut)}, ${count(fwOut, /\bmethod: '/g)} handlers bound`,
    `tsoa output: ${kib(tsoaOut)}, ${count(tsoaOut, /\bapp\.(get|post|put|delete)\(/g)} routes`,
  ],
};
log(`watch mode: ${edits} edits of one controller`);
const watchRun = await step(
  'watch-bench',
  [
    '--conditions=source',
    '--import',
    'tsx',
    join(REPO, 'bench/fwgen/watch-bench.ts'),
    fwDir,
    String(edits),
    String(size.controllers),
    String(size.handlers),
    size.services ? 'services' : 'plain',
  ],
  REPO,
);
const watch = JSON.parse(watchRun.stdout) as WatchResult;
writeFwProject(fwDir, size);

const rss = (ts: readonly Timed[]) => ts.flatMap((t) => (t.rssKiB === undefined ? [] : [t.rssKiB]));
const ms = (ts: readonly Timed[]) => ts.map((t) => t.ms);
const rows: Row[] = [
  {
    name: 'fwgen cold (new process)',
    ms: ms(cold),
    rssKiB: rss(cold),
    note: 'node cli/dist/cli/bin.js',
  },
  { name: 'fwgen --check, output current', ms: ms(check), rssKiB: rss(check) },
  {
    name: 'fwgen watch: first run',
    ms: [watch.firstRunMs],
    rssKiB: [],
    note: 'in-process, after `watch()` starts',
  },
  {
    name: 'fwgen watch: one file changed',
    ms: watch.editsMs,
    rssKiB: watchRun.rssKiB === undefined ? [] : [watchRun.rssKiB],
    note: 'write → output rewritten; RSS of the whole watch process',
  },
  { name: 'tsoa routes cold (new process)', ms: ms(tsoaRuns), rssKiB: rss(tsoaRuns) },
];

const report = renderReport(info, rows, ratioOf(ms(tsoaRuns), ms(cold)));
process.stdout.write(report);
if (flags.write) {
  writeFileSync(join(REPO, 'bench/fwgen/results.md'), report);
  log('wrote bench/fwgen/results.md');
}
