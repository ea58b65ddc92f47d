/**
 * The client benchmark (not a test): how long `tsc --noEmit` takes, and how much memory, for a
 * consumer calling `--ops` operations of fw's generated client of the fwgen benchmark's project,
 * against the same calls through Hono RPC's `hc<typeof app>` on the same routes; and how big fw's
 * client is once minified and gzipped. Prints a Markdown report. See bench/README.md.
 *
 *   node --conditions=source --import tsx bench/client/run.ts [--reps 3] [--ops 200]
 *     [--controllers 200] [--handlers 10]
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { median, positive, type Timed, timeNode } from '../fwgen/measure.js';
import { describeCommit, environment, fmtMiB, fmtMs } from '../fwgen/report.js';
import { REPO, type SynthSize, writeFwProject } from '../fwgen/synth.js';
import { honoClientSize, moduleSize, type Size } from './size.js';
import {
  CONSUMER_TSCONFIG,
  fwConsumer,
  HONO_DTO,
  honoApp,
  honoConsumer,
  honoRoutes,
  operations,
} from './synth.js';

const { values: flags } = parseArgs({
  options: {
    reps: { type: 'string', default: '3' },
    ops: { type: 'string', default: '200' },
    controllers: { type: 'string', default: '200' },
    handlers: { type: 'string', default: '10' },
  },
});
const size: SynthSize = {
  controllers: positive('controllers', flags.controllers),
  handlers: positive('handlers', flags.handlers),
};
const reps = positive('reps', flags.reps);
const ops = operations(positive('ops', flags.ops), size.controllers, size.handlers);
const log = (line: string) => process.stderr.write(`${line}\n`);
const count = (n: number) => n.toLocaleString('en-US');

/** Everything generated goes here (gitignored). */
const WORK = join(REPO, 'bench/client/.work');
const PEERS = join(REPO, 'bench/peers');
const TSC = join(REPO, 'node_modules/typescript/bin/tsc');

function write(file: string, text: string): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
}

/** Runs fwgen from the sources (it is not what is timed) and stops with its output if it fails. */
function fwgen(args: readonly string[]): void {
  const bin = join(REPO, 'cli/bin.ts');
  const r = spawnSync(process.execPath, ['--conditions=source', '--import', 'tsx', bin, ...args], {
    cwd: REPO,
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`fwgen ${args.join(' ')} failed:\n${r.stdout}${r.stderr}`);
}

// fw: the fwgen benchmark's project, its client, and a consumer of the client beside it.
const project = join(WORK, 'project');
const fwDir = join(WORK, 'fw');
log(`writing the ${size.controllers}×${size.handlers} project and generating its client`);
writeFwProject(project, { ...size, services: true });
fwgen([
  ...['--src', join(project, 'src'), '--out', join(project, 'src/bindings.ts')],
  ...['--project', join(project, 'tsconfig.json'), '--client', join(fwDir, 'api.ts')],
]);
write(join(fwDir, 'consumer.ts'), fwConsumer(ops));
write(join(fwDir, 'tsconfig.json'), JSON.stringify(CONSUMER_TSCONFIG, null, 2));

// Hono: the same routes as sub-apps mounted on one app, and the same calls through hc.
const honoDir = join(WORK, 'hono');
log('writing the Hono app and its consumer');
rmSync(honoDir, { recursive: true, force: true });
write(join(honoDir, 'dto.ts'), HONO_DTO);
for (let n = 0; n < size.controllers; n++) {
  write(join(honoDir, `routes/res${n}.ts`), honoRoutes(n, size.handlers));
}
write(join(honoDir, 'app.ts'), honoApp(size.controllers));
write(join(honoDir, 'consumer.ts'), honoConsumer(ops));
write(join(honoDir, 'tsconfig.json'), JSON.stringify(CONSUMER_TSCONFIG, null, 2));
if (!existsSync(join(PEERS, 'node_modules/hono'))) {
  log('installing the peers (bench/peers, npm ci)');
  const r = spawnSync('npm', ['ci', '--prefix', PEERS, '--no-audit', '--no-fund'], {
    stdio: 'inherit',
  });
  if (r.status !== 0) throw new Error('npm ci in bench/peers failed');
}
symlinkSync(join(PEERS, 'node_modules'), join(honoDir, 'node_modules'), 'dir');

/** What one `tsc --noEmit --extendedDiagnostics` run reports about itself, and its peak RSS. */
interface Check {
  readonly checkMs: number;
  readonly totalMs: number;
  readonly memoryKiB: number;
  readonly rssKiB: number;
  /** User + system CPU time of the tsc process: less moved than wall time by neighbours. */
  readonly cpuMs: number;
  readonly types: number;
  readonly instantiations: number;
}

/** A figure of tsc's `--extendedDiagnostics`: `name:  1.23s` in ms, `name:  123K` in KiB, or a count. */
function diagnostic(t: Timed, name: string): number {
  const m = new RegExp(`^${name}:\\s+([\\d.]+)(s|K)?\\s*$`, 'm').exec(t.stdout);
  if (m === null) throw new Error(`tsc printed no "${name}":\n${t.stdout}`);
  return Number(m[1]) * (m[2] === 's' ? 1000 : 1);
}

async function check(tsconfig: string): Promise<Check> {
  const dir = dirname(tsconfig);
  const t = await timeNode([TSC, '-p', tsconfig, '--extendedDiagnostics'], dir);
  if (t.code !== 0)
    throw new Error(`tsc -p ${tsconfig} exited with ${t.code}:\n${t.stdout}${t.stderr}`);
  return {
    checkMs: diagnostic(t, 'Check time'),
    totalMs: diagnostic(t, 'Total time'),
    memoryKiB: diagnostic(t, 'Memory used'),
    rssKiB: t.rssKiB ?? Number.NaN,
    cpuMs: t.cpuMs ?? Number.NaN,
    types: diagnostic(t, 'Types'),
    instantiations: diagnostic(t, 'Instantiations'),
  };
}

// Hono's RPC docs advise compiling the app to declarations first for large apps: the client is
// then given the emitted type, not the app's source. That is measured as a third consumer.
log("emitting the Hono app's declarations (tsc --emitDeclarationOnly, not timed)");
const dts = {
  extends: './tsconfig.json',
  compilerOptions: { noEmit: false, declaration: true, emitDeclarationOnly: true, outDir: 'dts' },
  files: ['app.ts'],
};
write(join(honoDir, 'tsconfig.dts.json'), JSON.stringify(dts, null, 2));
const emitted = await check(join(honoDir, 'tsconfig.dts.json'));
write(join(honoDir, 'consumer-dts.ts'), honoConsumer(ops).replace("'./app.js'", "'./dts/app.js'"));
const dtsConsumer = { extends: './tsconfig.json', files: ['consumer-dts.ts'] };
write(join(honoDir, 'tsconfig.consumer-dts.json'), JSON.stringify(dtsConsumer, null, 2));

const sides = {
  fw: join(fwDir, 'tsconfig.json'),
  Hono: join(honoDir, 'tsconfig.json'),
  'Hono .d.ts': join(honoDir, 'tsconfig.consumer-dts.json'),
} as const;
type Side = keyof typeof sides;
const names = Object.keys(sides) as Side[];
const runs: Record<Side, Check[]> = { fw: [], Hono: [], 'Hono .d.ts': [] };
for (let rep = 0; rep < reps; rep++) {
  const order = [...names.slice(rep % names.length), ...names.slice(0, rep % names.length)];
  for (const side of order) runs[side].push(await check(sides[side]));
  log(`round ${rep + 1}/${reps} done`);
}

// The example app's client (`npm run bindings` writes it; `bindings:check` keeps it current), and
// what Hono's hc puts in a bundle.
const sizes: [string, Size][] = [
  ['fw client of examples/app', await moduleSize(join(REPO, 'examples/app/client.ts'))],
  [
    `fw client of the ${count(size.controllers * size.handlers)}-handler project`,
    await moduleSize(join(fwDir, 'api.ts')),
  ],
  ["Hono's `hc` (any app: its routes are types only)", await honoClientSize(honoDir)],
];

const med = (side: Side, key: keyof Check) => median(runs[side].map((c) => c[key]));
/** fw's median over the peer's, with three digits after the point below 0.1. */
function ratio(key: keyof Check, peer: Side): string {
  const r = med('fw', key) / med(peer, key);
  return `**${r.toFixed(r < 0.1 ? 3 : 2)}×**`;
}
const row = (name: string, key: keyof Check, fmt: (n: number) => string) =>
  `| ${name} | ${names.map((side) => fmt(med(side, key))).join(' | ')} | ${ratio(key, 'Hono')} | ${ratio(key, 'Hono .d.ts')} |`;
const bytes = (n: number) => (Number.isNaN(n) ? '–' : `${count(n)} B`);
const report = [
  `## Client type-check: fw's generated client against Hono RPC, ${ops.length} calls into ${count(size.controllers * size.handlers)} handlers`,
  '',
  ...environment(),
  `- fw: ${describeCommit(REPO, ['cli', 'templates', 'bench/client'])}; TypeScript ${spawnSync(process.execPath, [TSC, '-v'], { encoding: 'utf8' }).stdout.replace('Version', '').trim()}`,
  `- tsc --noEmit --extendedDiagnostics of each consumer, ${reps} interleaved rounds; medians`,
  '',
  `- Hono .d.ts: the consumer given the app's emitted declarations; emitting them took ${fmtMs(emitted.totalMs)} (tsc's total, once)`,
  '',
  '| measurement (median) | fw client | Hono `hc<typeof app>` | Hono, app as .d.ts | fw / Hono | fw / Hono .d.ts |',
  '|---|---:|---:|---:|---:|---:|',
  row('check time', 'checkMs', fmtMs),
  row('total time (tsc)', 'totalMs', fmtMs),
  row('CPU time (user + system)', 'cpuMs', fmtMs),
  row('memory used (tsc)', 'memoryKiB', fmtMiB),
  row('peak RSS', 'rssKiB', fmtMiB),
  row('types', 'types', count),
  row('instantiations', 'instantiations', count),
  '',
  '| client size | source | minified (esbuild) | minified + gzip |',
  '|---|---:|---:|---:|',
  ...sizes.map(
    ([name, s]) => `| ${name} | ${bytes(s.source)} | ${bytes(s.minified)} | ${bytes(s.gzipped)} |`,
  ),
  '',
];
process.stdout.write(report.join('\n'));
