/**
 * The JavaScript of fw's `dist/`: one ES module per entry point of package.json's `exports`, at the
 * path its `default` condition names, bundled by esbuild from the file its `source` condition
 * names. Code two entry points share goes into chunks (`splitting`), so every class has one
 * identity whichever entry point an app imports it through. Importing a handful of files instead
 * of about 95 modules is most of what fw's start-up costs (bench/README.md, `npm run
 * bench:startup`). The packages fw depends on stay imports (`import('ws')` and the like stay lazy),
 * except the CommonJS ones every app loads (`BUNDLED`: find-my-way, @fastify/accept-negotiator),
 * whose load from ESM costs more than their code (devDependencies for that reason); their licenses are
 * written to `dist/runtime/THIRD-PARTY-LICENSES.txt`. Source maps carry their sources, so a stack
 * read with `--enable-source-maps` names fw's `.ts` file and line from the published package
 * alone. The declarations are tsc's (`tsc -p tsconfig.build.json`, run before).
 *
 *   node --import tsx scripts/bundle.ts
 */
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { build } from 'esbuild';
import { BUNDLED } from './bundled.js';

const ROOT = join(import.meta.dirname, '..');
const OUT = join(ROOT, 'dist');

interface Manifest {
  readonly exports: Readonly<Record<string, string | Readonly<Record<string, string>>>>;
  readonly dependencies?: Readonly<Record<string, string>>;
  readonly peerDependencies?: Readonly<Record<string, string>>;
}
const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as Manifest;

/** esbuild's entry points: the output path (under dist/, without `.js`) to its source. */
const entryPoints: Record<string, string> = {};
for (const [subpath, target] of Object.entries(manifest.exports)) {
  if (typeof target === 'string') continue; // ./package.json
  const { source, default: out } = target;
  if (source === undefined || out === undefined || !out.startsWith('./dist/')) {
    throw new Error(`package.json exports["${subpath}"]: no source or no ./dist/ default`);
  }
  entryPoints[relative('dist', out.slice(2)).replace(/\.js$/, '')] = join(ROOT, source);
}

const external = [
  ...Object.keys(manifest.dependencies ?? {}),
  ...Object.keys(manifest.peerDependencies ?? {}),
].flatMap((name) => [name, `${name}/*`]);
for (const name of BUNDLED) {
  if (external.includes(name))
    throw new Error(`${name} is bundled: a devDependency, not a dependency`);
}

// tsc wrote the declarations; the JavaScript is all esbuild's: none left from an earlier build
// (tsc's one file per module, or chunks of other names) gets into the package.
for (const file of readdirSync(OUT, { recursive: true, encoding: 'utf8' })) {
  if (/\.js(\.map)?$/.test(file)) rmSync(join(OUT, file));
}

const { metafile } = await build({
  entryPoints,
  outdir: OUT,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  external,
  chunkNames: 'runtime/chunks/[name]-[hash]',
  sourcemap: 'linked',
  sourcesContent: true,
  // A CommonJS package bundled into an ES module calls `require` for Node's own modules.
  banner: {
    js: "import { createRequire as __fwRequireFrom } from 'node:module'; const require = __fwRequireFrom(import.meta.url);",
  },
  legalComments: 'eof',
  metafile: true,
  logLevel: 'warning',
});

// The packages whose code is in the bundle (found from esbuild's inputs), each with its license.
const packages = new Set<string>();
for (const input of Object.keys(metafile.inputs)) {
  const m = /(?:^|\/)node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(input);
  if (m?.[1] !== undefined) packages.add(m[1]);
}
const notices = [...packages].sort().map((name) => {
  const dir = join(ROOT, 'node_modules', name);
  const license = readdirSync(dir).find((f) => /^licen[sc]e(\.md|\.txt)?$/i.test(f));
  if (license === undefined)
    throw new Error(`${name} is bundled into dist/ and has no LICENSE file`);
  const { version } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Manifest & {
    version: string;
  };
  return `${name}@${version}\n\n${readFileSync(join(dir, license), 'utf8').trim()}\n`;
});
const header = 'Code of these packages is bundled into the JavaScript of this folder.\n';
writeFileSync(
  join(OUT, 'runtime/THIRD-PARTY-LICENSES.txt'),
  [header, ...notices].join(`\n${'-'.repeat(72)}\n\n`),
);
