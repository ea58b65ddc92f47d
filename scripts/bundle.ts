/**
 * The JavaScript of fw's `dist/`, bundled by esbuild: all of fw in one ES module,
 * `dist/runtime/fw.js`, and for each entry point of package.json's `exports` (from the file its
 * `source` condition names) a file at the path its `default` condition names that re-exports that
 * entry's names from it. Every class has one identity whichever entry point an app imports it
 * through, and an app loads two or three modules where tsc's output was about 95 (an entry point
 * with esbuild's `splitting` was about 20 chunks): most of what fw's start-up cost (bench/README.md,
 * `npm run bench:startup`). The packages fw depends on stay imports (`import('ws')` and the like
 * stay lazy), except the CommonJS ones every app loads (`BUNDLED`: find-my-way,
 * @fastify/accept-negotiator), whose load from ESM costs more than their code (devDependencies for
 * that reason); their licenses are written to `dist/runtime/THIRD-PARTY-LICENSES.txt`. The source
 * map carries fw's sources, so a stack read with `--enable-source-maps` names fw's `.ts` file and
 * line from the published package alone. The declarations are tsc's (`tsc -p tsconfig.build.json`,
 * run before).
 *
 *   node --import tsx scripts/bundle.ts
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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
// (tsc's one file per module) gets into the package.
for (const file of readdirSync(OUT, { recursive: true, encoding: 'utf8' })) {
  if (/\.js(\.map)?$/.test(file)) rmSync(join(OUT, file));
}

/** The package a bare specifier names (`@scope/name/sub` → `@scope/name`). */
function packageOf(specifier: string): string {
  const parts = specifier.split('/');
  return parts.slice(0, specifier.startsWith('@') ? 2 : 1).join('/');
}

/** What both passes share. */
const common = {
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  external,
  logLevel: 'warning',
} as const;

// Pass 1, nothing written: the names each entry point exports (esbuild's metafile lists them).
const probe = await build({
  ...common,
  entryPoints,
  outdir: OUT,
  splitting: true,
  write: false,
  metafile: true,
});
const exportsOf = new Map<string, readonly string[]>();
for (const [output, meta] of Object.entries(probe.metafile.outputs)) {
  if (meta.entryPoint === undefined) continue;
  const name = relative(OUT, join(ROOT, output)).replace(/\.js$/, '');
  exportsOf.set(name, meta.exports);
}

// The entry points that import an optional peer (the transports) are bundled apart, sharing
// chunks with the rest: an app bundled by its own esbuild then never meets an import of a broker
// client it did not install.
const peers = new Set(Object.keys(manifest.peerDependencies ?? {}));
const apart = new Set<string>();
for (const [output, meta] of Object.entries(probe.metafile.outputs)) {
  if (meta.entryPoint === undefined) continue;
  const name = relative(OUT, join(ROOT, output)).replace(/\.js$/, '');
  if (meta.imports.some((i) => i.external && peers.has(packageOf(i.path)))) apart.add(name);
}

// Pass 2: the rest of fw in one module, `runtime/fw.js`, which exports every entry point's names
// prefixed with the entry's index; then each entry point's file, re-exporting its names from it.
const names = Object.keys(entryPoints).filter((entry) => !apart.has(entry));
const prefixed = (i: number, name: string) => `e${i}_${name}`;
const all = names
  .map((entry, i) => {
    const list = (exportsOf.get(entry) ?? []).map((n) => `${n} as ${prefixed(i, n)}`);
    return `export { ${list.join(', ')} } from ${JSON.stringify(entryPoints[entry])};`;
  })
  .join('\n');
const VIRTUAL = 'fw-entry-points';
const { metafile } = await build({
  ...common,
  entryPoints: [
    { in: VIRTUAL, out: 'runtime/fw' },
    ...[...apart].map((entry) => ({ in: entryPoints[entry] as string, out: entry })),
  ],
  outdir: OUT,
  splitting: true,
  chunkNames: 'runtime/chunks/[name]-[hash]',
  plugins: [
    {
      name: VIRTUAL,
      setup(b) {
        b.onResolve({ filter: new RegExp(`^${VIRTUAL}$`) }, () => ({
          path: VIRTUAL,
          namespace: VIRTUAL,
        }));
        b.onLoad({ filter: /.*/, namespace: VIRTUAL }, () => ({ contents: all, resolveDir: ROOT }));
      },
    },
  ],
  sourcemap: 'linked',
  // The maps name fw's source files and lines (what a stack under --enable-source-maps shows)
  // without their text: the production install stays within its budget
  // (test/toolchains/toolchains.test.ts), and the sources are in fw's repository.
  sourcesContent: false,
  // A CommonJS package bundled into an ES module calls `require` for Node's own modules.
  banner: {
    js: "import { createRequire as __fwRequireFrom } from 'node:module'; const require = __fwRequireFrom(import.meta.url);",
  },
  legalComments: 'eof',
  metafile: true,
});
names.forEach((entry, i) => {
  const file = join(OUT, `${entry}.js`);
  const from = relative(join(file, '..'), join(OUT, 'runtime/fw.js'));
  const list = (exportsOf.get(entry) ?? []).map((n) => `${prefixed(i, n)} as ${n}`);
  const spec = JSON.stringify(from.startsWith('.') ? from : `./${from}`);
  mkdirSync(join(file, '..'), { recursive: true });
  writeFileSync(
    file,
    list.length === 0 ? 'export {};\n' : `export { ${list.join(', ')} } from ${spec};\n`,
  );
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
