/**
 * fwgen's watch mode before and after a change, alone (no cold runs, no tsoa): `watch-bench.ts`
 * of a built checkout in `--before` and of this tree, in alternating rounds, each on its own copy
 * of the synthetic project (inside its own tree, so `fw` is that tree's). Prints a Markdown table:
 * the median edit (file written → output rewritten), the first run, peak RSS and the CPU time of
 * the whole watch process, and after / before.
 *
 *   git worktree add /tmp/fw-before <commit> && (cd /tmp/fw-before && npm ci && npm run build)
 *   node --conditions=source --import tsx bench/fwgen/watch-compare.ts --before /tmp/fw-before
 *     [--controllers 200] [--handlers 10] [--edits 7] [--rounds 2]
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { median, positive, timeNode } from './measure.js';
import { describeCommit, environment, fmtMiB, fmtMs, range } from './report.js';
import { describeFwProject, REPO, type SynthSize } from './synth.js';
import type { WatchResult } from './watch-bench.js';

const { values: flags } = parseArgs({
  options: {
    before: { type: 'string' },
    controllers: { type: 'string', default: '200' },
    handlers: { type: 'string', default: '10' },
    edits: { type: 'string', default: '7' },
    rounds: { type: 'string', default: '2' },
  },
});
if (flags.before === undefined) throw new Error('--before <dir>: a built checkout of fw');
const before = resolve(flags.before);
if (!existsSync(join(before, 'cli/dist/cli/watch.js'))) {
  throw new Error(`${before} is not built: run npm ci and npm run build in it first`);
}
const size: SynthSize = {
  controllers: positive('controllers', flags.controllers),
  handlers: positive('handlers', flags.handlers),
  services: true,
};
const edits = positive('edits', flags.edits);
const rounds = positive('rounds', flags.rounds);
const log = (line: string) => process.stderr.write(`${line}\n`);
const rev = (dir: string) => describeCommit(dir, ['cli', 'templates']);

const measured = rev(REPO);
log('building fw (npm run build)');
const build = spawnSync('npm', ['run', '-s', 'build'], { cwd: REPO, stdio: 'inherit' });
if (build.status !== 0) throw new Error(`npm run build failed (exit ${build.status})`);

interface Side {
  readonly name: string;
  readonly repo: string;
  readonly edits: number[];
  readonly first: number[];
  readonly rss: number[];
  readonly cpu: number[];
}
const sides: Side[] = [before, REPO].map((repo, i) => ({
  name: i === 0 ? 'before' : 'after',
  repo,
  edits: [],
  first: [],
  rss: [],
  cpu: [],
}));
const projectOf = (side: Side) =>
  join(side.repo, 'bench/fwgen/.work', `watch-${size.controllers}x${size.handlers}`);

/** Writes the side's project with its own synth.ts, as its own watch-bench.ts expects it. */
function writeProject(side: Side): void {
  const synth = join(side.repo, 'bench/fwgen/synth.ts');
  const code = `const m = await import(${JSON.stringify(synth)}); m.writeFwProject(${JSON.stringify(projectOf(side))}, ${JSON.stringify(size)});`;
  const args = ['--conditions=source', '--import', 'tsx', '--input-type=module', '-e', code];
  const done = spawnSync(process.execPath, args, { cwd: side.repo, stdio: 'inherit' });
  if (done.status !== 0) throw new Error(`writing the project of ${side.name} failed`);
}

async function round(side: Side): Promise<void> {
  writeProject(side);
  const bench = join(side.repo, 'bench/fwgen/watch-bench.ts');
  const args = [String(edits), String(size.controllers), String(size.handlers), 'services'];
  const t = await timeNode(
    ['--conditions=source', '--import', 'tsx', bench, projectOf(side), ...args],
    side.repo,
  );
  if (t.code !== 0) throw new Error(`watch-bench (${side.name}) exited ${t.code}\n${t.stderr}`);
  const result = JSON.parse(t.stdout) as WatchResult;
  side.edits.push(...result.editsMs);
  side.first.push(result.firstRunMs);
  if (t.rssKiB !== undefined) side.rss.push(t.rssKiB);
  if (t.cpuMs !== undefined) side.cpu.push(t.cpuMs);
  log(`  ${side.name}: edits ${result.editsMs.map((ms) => fmtMs(ms)).join(', ')}`);
}

for (let r = 1; r <= rounds; r++) {
  log(`round ${r}/${rounds}`);
  for (const side of r % 2 === 1 ? sides : [...sides].reverse()) await round(side);
}

const [b, a] = sides as [Side, Side];
const ratio = (x: number[], y: number[]) => (median(x) / median(y)).toFixed(2);
const row = (s: Side, what: string) =>
  `| ${what} | ${fmtMs(median(s.edits))} | ${range(s.edits)} | ${fmtMs(median(s.first))} | ${fmtMs(median(s.cpu))} | ${fmtMiB(median(s.rss))} |`;
const report = [
  `## fwgen watch, one controller edited: ${size.controllers} controllers × ${size.handlers} handlers`,
  '',
  ...environment(),
  `- before: ${rev(before)}`,
  `- after: ${measured} when built`,
  `- project: ${describeFwProject(size)}`,
  `- ${rounds} rounds of ${edits} edits each, alternating which side runs first`,
  '',
  '| fwgen --watch | edit (median) | min – max | first run (median) | CPU of the process (median) | peak RSS (median) |',
  '|---|---:|---|---:|---:|---:|',
  row(b, 'before'),
  row(a, 'after'),
  `| **after / before** | **${ratio(a.edits, b.edits)}×** | | **${ratio(a.first, b.first)}×** | **${ratio(a.cpu, b.cpu)}×** | **${ratio(a.rss, b.rss)}×** |`,
  '',
].join('\n');
process.stdout.write(report);
