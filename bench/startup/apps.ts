/**
 * The start-up benchmark's apps, written and built as their users build them for production:
 * the fw app (the sources of `bench/fwgen/synth.ts`, its bindings from the built fwgen, compiled
 * by tsc, `fw` from the repo's `dist/` as an installed package), the NestJS app
 * (`nest-synth.ts`, compiled by tsc), the Fastify and Hono apps (`peer-synth.ts`, plain
 * JavaScript), the example app (`examples/app`, compiled by tsc, `fw` from `dist/`), and raw
 * `node:http` (`raw.mjs`, nothing to build).
 */
import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  cpSync,
  mkdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { REPO, type SynthSize, writeFwSources } from '../fwgen/synth.js';
import { writeNestProject } from './nest-synth.js';
import { writePeerProject } from './peer-synth.js';

/** Where the benchmark writes its apps (gitignored). */
export const WORK = join(REPO, 'bench/startup/.work');
const TSC = join(REPO, 'node_modules/typescript/bin/tsc');
const FWGEN = join(REPO, 'cli/dist/cli/bin.js');

/** What is asked of an app once it reported its port, and the `id` its JSON answer must hold. */
export interface Ask {
  readonly path: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly id: number;
}

/** One app to start: `node <args>`, then `GET <path>` once it reported its port. */
export interface App {
  readonly name: string;
  readonly args: readonly string[];
  readonly note: string;
  /** What to ask it; the synthetic apps' route when undefined. */
  readonly ask?: Ask;
}

/** The example app's request: a user, as `npm start` suggests asking for it. */
export const EXAMPLE_ASK: Ask = {
  path: '/users/1',
  headers: { authorization: 'Bearer ada' },
  id: 1,
};

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

/** `fw` as an installed package in `dir`: its manifest, and the repo's `dist/` linked. */
function installFw(dir: string): void {
  // Its exports map sends `import 'fw'` to dist/; only dist/ is linked (not the whole repo,
  // which holds this folder: no cycle for tools that walk).
  mkdirSync(join(dir, 'node_modules/fw'), { recursive: true });
  copyFileSync(join(REPO, 'package.json'), join(dir, 'node_modules/fw/package.json'));
  symlinkSync(join(REPO, 'dist'), join(dir, 'node_modules/fw/dist'), 'dir');
}

/** Writes the consumer's `tsconfig.json` and `package.json` (ES modules) into `dir`. */
function writeManifests(dir: string, name: string): void {
  writeFileSync(join(dir, 'tsconfig.json'), `${JSON.stringify(FW_TSCONFIG, null, 2)}\n`);
  const manifest = { name, private: true, type: 'module' };
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
}

/** Writes, generates and compiles the fw app; `log` hears how long each step took. */
export function buildFwApp(size: SynthSize, log: (line: string) => void): App {
  const dir = join(WORK, 'fw');
  rmSync(dir, { recursive: true, force: true });
  writeFwSources(join(dir, 'src'), size);
  writeFileSync(join(dir, 'src/main.ts'), FW_MAIN);
  writeManifests(dir, 'startup-fw');
  installFw(dir);
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

/** Writes the Fastify or Hono app (plain JavaScript: nothing to compile). */
export function buildPeerApp(which: 'fastify' | 'hono', size: SynthSize): App {
  const dir = join(WORK, which);
  writePeerProject(which, dir, size, join(REPO, 'bench/peers/node_modules'));
  return which === 'fastify'
    ? {
        name: 'Fastify',
        args: [join(dir, 'main.mjs')],
        note: 'a plugin per resource, JSON schemas for params, query, body and answers',
      }
    : {
        name: 'Hono',
        args: [join(dir, 'main.mjs')],
        note: 'a `Hono` per resource mounted with `app.route`, plain routes, @hono/node-server',
      };
}

/** The line of the example's `main.ts` after which the bench's copy reports its port. */
const EXAMPLE_LISTEN = "const { port: bound } = await app.listen({ port, host: '127.0.0.1' });";

/**
 * Copies `examples/app` (its committed bindings and documents, its page) and compiles it as its
 * users would; its `main.ts` as it is, but reporting its port over IPC once it listens.
 */
export function buildExampleApp(log: (line: string) => void): App {
  const dir = join(WORK, 'example');
  rmSync(dir, { recursive: true, force: true });
  cpSync(join(REPO, 'examples/app'), join(dir, 'src'), { recursive: true });
  const main = readFileSync(join(dir, 'src/main.ts'), 'utf8');
  if (!main.includes(EXAMPLE_LISTEN)) throw new Error(`examples/app/main.ts: no ${EXAMPLE_LISTEN}`);
  const reporting = `${EXAMPLE_LISTEN}\nif (process.send) process.send({ port: bound });`;
  writeFileSync(join(dir, 'src/main.ts'), main.replace(EXAMPLE_LISTEN, reporting));
  writeManifests(dir, 'startup-example');
  installFw(dir);
  const tsc = run('tsc (example app)', [TSC, '-p', join(dir, 'tsconfig.json')], dir);
  // What the app reads beside its modules at run time: the documents and the page.
  for (const file of ['openapi.json', 'asyncapi.json', 'public']) {
    cpSync(join(dir, 'src', file), join(dir, 'dist', file), { recursive: true });
  }
  log(`  example app: tsc ${tsc.toFixed(1)} s`);
  return {
    name: 'fw example app',
    args: [join(dir, 'dist/main.js')],
    note: `examples/app built by tsc, \`fw\` from dist/, in-memory broker; asked \`GET ${EXAMPLE_ASK.path}\``,
    ask: EXAMPLE_ASK,
  };
}

/** The floor: `node:http` answering the one route asked. */
export const RAW: App = {
  name: 'raw node:http',
  args: [join(REPO, 'bench/startup/raw.mjs')],
  note: 'one route, nothing else',
};
