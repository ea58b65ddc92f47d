/**
 * The start-up benchmark's apps, written and built as their users build them for production:
 * the fw app (the sources of `bench/fwgen/synth.ts`, its bindings from the built fwgen, compiled
 * by tsc, `fw` from the repo's `dist/` as an installed package), the NestJS app
 * (`nest-synth.ts`, compiled by tsc), and raw `node:http` (`raw.mjs`, nothing to build).
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO, type SynthSize, writeFwSources } from '../fwgen/synth.js';
import { writeNestProject } from './nest-synth.js';

/** Where the benchmark writes its apps (gitignored). */
export const WORK = join(REPO, 'bench/startup/.work');
const TSC = join(REPO, 'node_modules/typescript/bin/tsc');
const FWGEN = join(REPO, 'cli/dist/cli/bin.js');

/** One app to start: `node <args>`, then `GET <path>` once it reported its port. */
export interface App {
  readonly name: string;
  readonly args: readonly string[];
  readonly note: string;
}

/** A consumer's `tsconfig.json` (as in test/toolchains/app), with `fw` from the package. */
const FW_TSCONFIG = {
  compilerOptions: {
    target: 'ES2022',
    module: 'NodeNext',
    moduleResolution: 'NodeNext',
    types: ['node'],
    strict: true,
    skipLibCheck: true,
    rootDir: 'src',
    outDir: 'dist',
  },
  include: ['src'],
};

const FW_MAIN = `import { createApp } from 'fw';
import { bindings } from './bindings.js';

const app = createApp({ bindings });
const { port } = await app.listen({ port: Number(process.env['PORT'] ?? 0), host: '127.0.0.1' });
if (process.send) process.send({ port });
else console.log(\`listening on 127.0.0.1:\${port}\`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void app.close().then(() => process.exit(0)));
}
`;

/** Runs `node args` in `cwd`; throws with its output when it fails. Returns the seconds it took. */
function run(what: string, args: readonly string[], cwd: string): number {
  const start = performance.now();
  const r = spawnSync(process.execPath, args, { cwd, encoding: 'utf8' });
  if (r.status !== 0) {
    throw new Error(`${what} failed (exit ${r.status}):\n${r.stdout}${r.stderr}`);
  }
  return (performance.now() - start) / 1000;
}

/** Writes, generates and compiles the fw app; `log` hears how long each step took. */
export function buildFwApp(size: SynthSize, log: (line: string) => void): App {
  const dir = join(WORK, 'fw');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, 'node_modules'), { recursive: true });
  writeFwSources(join(dir, 'src'), size);
  writeFileSync(join(dir, 'src/main.ts'), FW_MAIN);
  writeFileSync(join(dir, 'tsconfig.json'), `${JSON.stringify(FW_TSCONFIG, null, 2)}\n`);
  writeFileSync(
    join(dir, 'package.json'),
    `${JSON.stringify({ name: 'startup-fw', private: true, type: 'module' }, null, 2)}\n`,
  );
  // `fw` as an installed package: its manifest, whose exports map sends `import 'fw'` to dist/,
  // and dist/ linked (not the whole repo, which holds this folder: no cycle for tools that walk).
  mkdirSync(join(dir, 'node_modules/fw'));
  copyFileSync(join(REPO, 'package.json'), join(dir, 'node_modules/fw/package.json'));
  symlinkSync(join(REPO, 'dist'), join(dir, 'node_modules/fw/dist'), 'dir');
  const out = join(dir, 'src/bindings.ts');
  const project = join(dir, 'tsconfig.json');
  const gen = run(
    'fwgen',
    [FWGEN, '--src', join(dir, 'src'), '--out', out, '--project', project],
    dir,
  );
  const tsc = run('tsc (fw app)', [TSC, '-p', project], dir);
  log(`  fw app: fwgen ${gen.toFixed(1)} s, tsc ${tsc.toFixed(1)} s`);
  return {
    name: 'fw',
    args: [join(dir, 'dist/main.js')],
    note: 'tsc output, `fw` from dist/, bindings by fwgen with the graph',
  };
}

/** Writes and compiles the NestJS app against the peers installed in `bench/peers`. */
export function buildNestApp(size: SynthSize, log: (line: string) => void): App {
  const dir = join(WORK, 'nest');
  writeNestProject(dir, size, join(REPO, 'bench/peers/node_modules'));
  const tsc = run('tsc (Nest app)', [TSC, '-p', join(dir, 'tsconfig.json')], dir);
  log(`  Nest app: tsc ${tsc.toFixed(1)} s`);
  return {
    name: 'NestJS',
    args: [join(dir, 'dist/main.js')],
    note: 'tsc output (CommonJS, emitDecoratorMetadata), Express adapter',
  };
}

/** The floor: `node:http` answering the one route asked. */
export const RAW: App = {
  name: 'raw node:http',
  args: [join(REPO, 'bench/startup/raw.mjs')],
  note: 'one route, nothing else',
};
