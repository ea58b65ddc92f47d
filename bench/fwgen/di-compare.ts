/**
 * What the generated object graph costs fwgen: the same synthetic project, with its
 * service graph, generated cold by an fwgen from before the graph (a built checkout in
 * `--before`) and by this tree's, in interleaved repetitions, each a new process. Prints a
 * Markdown table: median wall and CPU time, peak RSS, and after / before. See README.md.
 *
 *   git worktree add /tmp/fw-before f2d129d && (cd /tmp/fw-before && npm ci && npm run build)
 *   node --conditions=source --import tsx bench/fwgen/di-compare.ts --before /tmp/fw-before
 *     [--controllers 200] [--handlers 10] [--reps 3]
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { median, positive, type Timed, timeNode } from './measure.js';
import { describeCommit, environment, fmtMiB, fmtMs, range } from './report.js';
import { describeFwProject, REPO, type SynthSize, WORK, writeFwProject } from './synth.js';

const { values: flags } = parseArgs({
  options: {
    before: { type: 'string' },
    controllers: { type: 'string', default: '200' },
    handlers: { type: 'string', default: '10' },
    reps: { type: 'string', default: '3' },
  },
});
if (flags.before === undefined) {
  throw new Error('--before <dir>: a built checkout of fw from before the graph (see README.md)');
}
const before = resolve(flags.before);
const beforeBin = join(before, 'cli/dist/cli/bin.js');
if (!existsSync(beforeBin)) {
  throw new Error(`${beforeBin} is missing: run npm ci and npm run build in ${before} first`);
}
const size: SynthSize = {
  controllers: positive('controllers', flags.controllers),
  handlers: positive('handlers', flags.handlers),
  services: true,
};
const reps = positive('reps', flags.reps);
const log = (line: string) => process.stderr.write(`${line}\n`);
/** What fwgen is built from. */
const rev = (dir: string) => describeCommit(dir, ['cli', 'templates']);

// What is built, read before the build: the sources may change while the benchmark runs.
const measured = rev(REPO);
log('building fw (npm run build)');
const build = spawnSync('npm', ['run', '-s', 'build'], { cwd: REPO, stdio: 'inherit' });
if (build.status !== 0) throw new Error(`npm run build failed (exit ${build.status})`);

const dir = join(WORK, `di-${size.controllers}x${size.handlers}`);
log(`writing the synthetic project under ${dir}`);
writeFwProject(dir, size);
const outOf = (name: string) => join(dir, `bindings-${name}.ts`);

interface Tool {
  readonly name: string;
  readonly bin: string;
  readonly runs: Timed[];
}
const tools: Tool[] = [
  { name: 'before', bin: beforeBin, runs: [] },
  { name: 'after', bin: join(REPO, 'cli/dist/cli/bin.js'), runs: [] },
];

/** One cold run (its output deleted first); stops the benchmark with the tool's output if it fails. */
async function cold(tool: Tool): Promise<Timed> {
  const out = outOf(tool.name);
  rmSync(out, { force: true });
  const args = ['--src', join(dir, 'src'), '--out', out, '--project', join(dir, 'tsconfig.json')];
  const t = await timeNode([tool.bin, ...args], REPO);
  if (t.code !== 0) {
    log(
      `fwgen (${tool.name}) exited with ${t.code}\n--- stdout\n${t.stdout}--- stderr\n${t.stderr}`,
    );
    process.exit(1);
  }
  return t;
}

log('warm-up (not timed): one run of each');
for (const tool of tools) await cold(tool);
for (let r = 1; r <= reps; r++) {
  log(`repetition ${r}/${reps}`);
  // The order alternates, so neither always runs first.
  for (const tool of r % 2 === 1 ? tools : [...tools].reverse()) {
    const t = await cold(tool);
    tool.runs.push(t);
    log(`  ${tool.name}: ${fmtMs(t.ms)} wall, ${t.cpuMs === undefined ? '?' : fmtMs(t.cpuMs)} CPU`);
  }
}

const text = (name: string) => readFileSync(outOf(name), 'utf8');
const kib = (name: string) => `${(statSync(outOf(name)).size / 1024).toFixed(0)} KiB`;
const made = (text('after').match(/\bnew [A-Z]\w*\(/g) ?? []).length;
const hasGraph = /\bgraph\b/.test(text('after'));
const ms = (t: Tool) => t.runs.map((x) => x.ms);
const rss = (t: Tool) => t.runs.flatMap((x) => (x.rssKiB === undefined ? [] : [x.rssKiB]));
const cpu = (t: Tool) => t.runs.flatMap((x) => (x.cpuMs === undefined ? [] : [x.cpuMs]));
const [b, a] = tools as [Tool, Tool];
const ratio = (x: number[], y: number[]) => (median(x) / median(y)).toFixed(2);
const row = (t: Tool, what: string) =>
  `| ${what} | ${fmtMs(median(ms(t)))} | ${range(ms(t))} | ${fmtMs(median(cpu(t)))} | ${range(cpu(t))} | ${fmtMiB(median(rss(t)))} | ${kib(t.name)} |`;
const report = [
  `## fwgen with and without the object graph: ${size.controllers} controllers × ${size.handlers} handlers`,
  '',
  ...environment(),
  `- before: ${rev(before)} (no graph: constructors ignored)`,
  `- after: ${measured} when built${hasGraph ? '' : ' — its output has no graph!'} (its graph: ${made} classes made with \`new\`)`,
  `- project: ${describeFwProject(size)}`,
  `- repetitions: ${reps}, interleaved, each a new process, output deleted first`,
  '',
  '| fwgen | wall (median) | min – max | CPU, user + system (median) | min – max | peak RSS (median) | output |',
  '|---|---:|---|---:|---|---:|---:|',
  row(b, 'before (no graph)'),
  row(a, 'after (graph)'),
  `| **after / before** | **${ratio(ms(a), ms(b))}×** | | **${ratio(cpu(a), cpu(b))}×** | | **${ratio(rss(a), rss(b))}×** | |`,
  '',
].join('\n');
process.stdout.write(report);
