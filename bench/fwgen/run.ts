/**
 * The fwgen generation benchmark (not a test): writes a synthetic project (synth.ts) for fw and
 * for tsoa, then times fwgen cold (bindings alone, and with `--openapi`/`--asyncapi`), fwgen
 * --check, fwgen watch after one file changes, `tsoa routes` and `tsoa spec-and-routes`, and
 * prints a Markdown table. See README.md.
 *
 *   node --conditions=source --import tsx bench/fwgen/run.ts [--controllers 200] [--handlers 10]
 *     [--reps 3] [--edits 5] [--no-services] [--write]
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { positive, type Timed, timeNode } from './measure.js';
import {
  describeCommit,
  type Ratio,
  type ReportInfo,
  type Row,
  ratioOf,
  renderReport,
} from './report.js';
import { describeFwProject, REPO, type SynthSize, WORK, writeFwProject } from './synth.js';
import { DESCRIPTION, writeTsoaProject } from './synth-tsoa.js';
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
const tsoaSpec = join(tsoaDir, 'out/swagger.json');
/** fwgen's API documents, beside the project's `src/` (not under it, so never analysed). */
const openapiOut = join(fwDir, 'openapi.json');
const asyncapiOut = join(fwDir, 'asyncapi.json');

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
/**
 * The documents as well; their info given (as tsoa.json gives its spec's), so it does not depend
 * on which package.json is nearest (`--description` since 231f921).
 */
const fwDocArgs = [
  ...fwArgs,
  '--openapi',
  openapiOut,
  '--asyncapi',
  asyncapiOut,
  '--title',
  'fwgen-bench',
  '--api-version',
  '1.0.0',
  '--description',
  DESCRIPTION,
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
const fwDocsCold = () => {
  for (const f of [fwOut, openapiOut, asyncapiOut]) rmSync(f, { force: true });
  return step('fwgen --openapi --asyncapi', [...FWGEN, ...fwDocArgs], REPO);
};
const fwCheck = () => step('fwgen --check', [...FWGEN, ...fwArgs, '--check'], REPO);
const tsoaCold = () => {
  rmSync(join(tsoaDir, 'out'), { recursive: true, force: true });
  return step('tsoa routes', [tsoa.cli, 'routes', '-c', 'tsoa.json'], tsoaDir);
};
const tsoaSpecCold = () => {
  rmSync(join(tsoaDir, 'out'), { recursive: true, force: true });
  return step('tsoa spec-and-routes', [tsoa.cli, 'spec-and-routes', '-c', 'tsoa.json'], tsoaDir);
};

log('warm-up (not timed): one run of each command');
await fwCold();
await fwDocsCold();
await tsoaCold();
await tsoaSpecCold();

const cold: Timed[] = [];
const docs: Timed[] = [];
const check: Timed[] = [];
const tsoaRuns: Timed[] = [];
const tsoaSpecRuns: Timed[] = [];
/** Runs `a` and `b`, `a` first in odd rounds and `b` first in even ones, so drift hits both. */
async function pair(r: number, a: () => Promise<void>, b: () => Promise<void>): Promise<void> {
  for (const f of r % 2 === 1 ? [a, b] : [b, a]) await f();
}
for (let r = 1; r <= reps; r++) {
  log(`repetition ${r}/${reps}`);
  await pair(
    r,
    async () => void cold.push(await fwCold()),
    async () => void docs.push(await fwDocsCold()),
  );
  await pair(
    r,
    async () => void tsoaRuns.push(await tsoaCold()),
    async () => void tsoaSpecRuns.push(await tsoaSpecCold()),
  );
  check.push(await fwCheck());
}
// The sizes below are of the outputs the last rounds left; `tsoa routes` deletes swagger.json.
if (!existsSync(tsoaSpec)) await tsoaSpecCold();

const count = (file: string, re: RegExp) => (readFileSync(file, 'utf8').match(re) ?? []).length;
const bytes = (n: number) => (n < 10 * 1024 ? `${n} B` : `${(n / 1024).toFixed(0)} KiB`);
const kib = (file: string) => bytes(statSync(file).size);
const json = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
/** The file's size, and its JSON's without whitespace (tsoa indents by tabs, fwgen by 2 spaces). */
const jsonSize = (file: string) =>
  `${kib(file)} (${bytes(Buffer.byteLength(JSON.stringify(json(file))))} minified)`;
const keys = (v: unknown) => (v !== null && typeof v === 'object' ? Object.keys(v) : []);
const HTTP_METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);
/** What an OpenAPI document holds: its version, operations and component schemas. */
function describeOpenApi(file: string): string {
  const doc = json(file);
  const paths = (doc['paths'] ?? {}) as Record<string, unknown>;
  const ops = Object.values(paths).reduce<number>(
    (n, item) => n + keys(item).filter((k) => HTTP_METHODS.has(k)).length,
    0,
  );
  const schemas = keys((doc['components'] as Record<string, unknown> | undefined)?.['schemas']);
  return `${jsonSize(file)}, OpenAPI ${String(doc['openapi'])}, ${ops} operations, ${schemas.length} schemas`;
}
/** What an AsyncAPI document holds: its version, channels and operations. */
function describeAsyncApi(file: string): string {
  const doc = json(file);
  return `${jsonSize(file)}, AsyncAPI ${String(doc['asyncapi'])}, ${keys(doc['channels']).length} channels, ${keys(doc['operations']).length} operations`;
}
const fwSources = ['cli', 'runtime'];
const info: ReportInfo = {
  ...size,
  reps,
  edits,
  tsoa: `@tsoa/cli ${tsoa.tsoaVersion} on TypeScript ${tsoa.typescriptVersion} (express routes + models; \`spec-and-routes\` also OpenAPI 3.0, the newest it writes)`,
  lines: [
    `fw: ${describeCommit(REPO, fwSources)}`,
    `fw project: ${describeFwProject(size)}`,
    `tsoa project: the same API, ${size.services ? 'no services (tsoa builds controllers with `new`)' : 'as fw'}`,
    `fwgen output: ${kib(fwOut)}, ${count(fwOut, /\bmethod: '/g)} handlers bound`,
    `fwgen \`--openapi openapi.json\`: ${describeOpenApi(openapiOut)}`,
    `fwgen \`--asyncapi asyncapi.json\`: ${describeAsyncApi(asyncapiOut)}`,
    `tsoa output: ${kib(tsoaOut)}, ${count(tsoaOut, /\bapp\.(get|post|put|delete)\(/g)} routes`,
    `tsoa \`spec-and-routes\` swagger.json: ${describeOpenApi(tsoaSpec)}`,
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
const cpu = (ts: readonly Timed[]) => ts.flatMap((t) => (t.cpuMs === undefined ? [] : [t.cpuMs]));
const measured = (ts: readonly Timed[]) => ({ ms: ms(ts), rssKiB: rss(ts), cpuMs: cpu(ts) });
const rows: Row[] = [
  {
    name: 'fwgen cold, bindings only (new process)',
    ...measured(cold),
    note: 'node cli/dist/cli/bin.js',
  },
  {
    name: 'fwgen cold, bindings + `--openapi` + `--asyncapi`',
    ...measured(docs),
    note: 'the three outputs deleted first; JSON',
  },
  { name: 'fwgen --check, output current', ...measured(check), note: 'bindings only' },
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
  { name: 'tsoa routes cold (new process)', ...measured(tsoaRuns) },
  {
    name: 'tsoa spec-and-routes cold (new process)',
    ...measured(tsoaSpecRuns),
    note: 'routes + OpenAPI 3.0 swagger.json',
  },
];
const ratio = (name: string, a: readonly Timed[], b: readonly Timed[], note?: string): Ratio => ({
  name,
  wall: ratioOf(ms(a), ms(b)),
  cpu: ratioOf(cpu(a), cpu(b)),
  ...(note !== undefined && { note }),
});
const ratios: Ratio[] = [
  ratio('tsoa routes / fwgen bindings only (cold)', tsoaRuns, cold),
  ratio('fwgen with documents / fwgen bindings only', docs, cold, 'what the two documents add'),
  ratio('tsoa spec-and-routes / fwgen with documents', tsoaSpecRuns, docs),
];

const report = renderReport(info, rows, ratios);
process.stdout.write(report);
if (flags.write) {
  writeFileSync(join(REPO, 'bench/fwgen/results.md'), report);
  log('wrote bench/fwgen/results.md');
}
