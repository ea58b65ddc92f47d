// What the three tarballs hold: the license and a readme each, the runtime without the generator
// (a bundle per entry point, with source maps that carry their sources),
// dependencies that are exactly what the shipped code imports, declarations whose every link
// points at a file in the package, and a scaffolder with its template and no dependencies.
import { mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join, relative } from 'node:path';
import { execa } from 'execa';
import { beforeAll, describe, expect, it } from 'vitest';
import { REPO, tarballs } from './support.js';

interface Manifest {
  name: string;
  version: string;
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
  bin?: Record<string, string>;
  exports?: Record<string, string | { default: string }>;
}

/** A tarball unpacked: its files (relative, `/`-separated) and its manifest. */
interface Unpacked {
  readonly dir: string;
  readonly files: readonly string[];
  readonly manifest: Manifest;
}

async function unpack(tarball: string, name: string): Promise<Unpacked> {
  const dir = join(tarballs().root, `unpacked-${name}`);
  mkdirSync(dir, { recursive: true });
  await execa('tar', ['-xzf', tarball, '-C', dir]);
  const pkg = join(dir, 'package');
  const files = walk(pkg).map((f) => relative(pkg, f).split('\\').join('/'));
  const manifest = JSON.parse(readFileSync(join(pkg, 'package.json'), 'utf8')) as Manifest;
  return { dir: pkg, files, manifest };
}

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}

const BUILTINS = new Set(builtinModules);

/** The packages the shipped JavaScript imports (static and dynamic), without Node's own modules. */
function importedPackages(pkg: Unpacked): Set<string> {
  const found = new Set<string>();
  for (const file of pkg.files.filter((f) => f.endsWith('.js'))) {
    const text = readFileSync(join(pkg.dir, file), 'utf8');
    for (const m of text.matchAll(
      /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(['"])((?:@[\w.-]+\/)?[\w-][\w.-]*(?:\/[\w./-]*)?)\1/g,
    )) {
      const specifier = m[2] as string;
      if (specifier.startsWith('node:') || BUILTINS.has(specifier)) continue;
      const parts = specifier.split('/');
      found.add(specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] as string));
    }
  }
  return found;
}

let fw: Unpacked;
let fwgen: Unpacked;
let create: Unpacked;
beforeAll(async () => {
  fw = await unpack(tarballs().fw, 'fw');
  fwgen = await unpack(tarballs().fwgen, 'fwgen');
  create = await unpack(tarballs().create, 'create-fw');
});

describe('the fw, fwgen and create-fw tarballs', () => {
  it('each carry LICENSE and README.md, the same MIT license', () => {
    for (const pkg of [fw, fwgen, create]) {
      expect(pkg.files, pkg.manifest.name).toEqual(
        expect.arrayContaining(['LICENSE', 'README.md', 'package.json']),
      );
      expect(readFileSync(join(pkg.dir, 'LICENSE'), 'utf8')).toMatch(/^MIT License\n/);
    }
    for (const pkg of [fwgen, create]) {
      expect(readFileSync(join(pkg.dir, 'LICENSE'), 'utf8')).toBe(
        readFileSync(join(fw.dir, 'LICENSE'), 'utf8'),
      );
    }
  });

  it("create-fw holds its command and the app template, depends on nothing, and is fw's version", () => {
    const template = walk(join(REPO, 'create/template'))
      .map((f) => relative(join(REPO, 'create'), f).split('\\').join('/'))
      .filter((f) => f !== 'template/tsconfig.repo.json');
    expect(create.files.filter((f) => f.startsWith('template/')).sort()).toEqual(template.sort());
    expect(create.files).toEqual(expect.arrayContaining(['dist/bin.js', 'template/gitignore']));
    expect(create.manifest.bin).toEqual({ 'create-fw': './dist/bin.js' });
    expect(create.manifest.dependencies).toBeUndefined();
    expect(importedPackages(create)).toEqual(new Set());
    expect(create.manifest.version).toBe(fw.manifest.version);
    expect(fwgen.manifest.version).toBe(fw.manifest.version);
  });

  it('fw holds the runtime and its docs, and nothing of the generator', () => {
    expect(fw.files.filter((f) => !/^(dist\/runtime\/|docs\/[\w-]+\.md$)/.test(f)).sort()).toEqual([
      'LICENSE',
      'README.md',
      'package.json',
    ]);
    expect(fw.files).toContain('dist/runtime/index.js');
    expect(fw.manifest.bin).toBeUndefined();
  });

  it("fw's JavaScript is one bundle and the transports' files, with source maps that name fw's sources without their text; the other entry points re-export from the bundle", () => {
    const exported = Object.values(fw.manifest.exports ?? {}).flatMap((target) =>
      typeof target === 'string' ? [] : [target.default.slice(2)],
    );
    const bundle = 'dist/runtime/fw.js';
    const scripts = fw.files.filter((f) => f.endsWith('.js'));
    expect(scripts.filter((f) => !f.startsWith('dist/runtime/chunks/')).sort()).toEqual(
      [...exported, bundle].sort(),
    );
    const reexporting = (file: string, text: string) => {
      const from = relative(join(file, '..'), bundle);
      const spec = JSON.stringify(from.startsWith('.') ? from : `./${from}`);
      return /^export \{ [\w$, ]+ \} from (".*");\n$/.exec(text)?.[1] === spec;
    };
    const mapped: string[] = [];
    for (const file of scripts) {
      const text = readFileSync(join(fw.dir, file), 'utf8');
      if (text === 'export {};\n' || reexporting(file, text)) continue;
      mapped.push(file);
      const url = /\n\/\/# sourceMappingURL=(\S+)\n?$/.exec(text)?.[1];
      const map = join(file, '..', url ?? '?');
      expect(fw.files, `${file}: its source map`).toContain(map);
      const { sources, sourcesContent } = JSON.parse(readFileSync(join(fw.dir, map), 'utf8')) as {
        sources: string[];
        sourcesContent?: unknown[];
      };
      // fw's own sources are named (a stack under --enable-source-maps shows them); no source's
      // text is shipped, which keeps the production install within its budget.
      const own = sources.filter(
        (source) => source.includes('/runtime/') && !source.includes('node_modules'),
      );
      expect(own.length, map).toBeGreaterThan(0);
      expect((sourcesContent ?? []).filter((content) => content !== null)).toEqual([]);
    }
    expect(mapped).toEqual(
      expect.arrayContaining([
        bundle,
        'dist/runtime/entries/rabbitmq.js',
        'dist/runtime/entries/nats.js',
      ]),
    );
    expect(exported.filter((f) => mapped.includes(f)).sort()).toEqual([
      'dist/runtime/entries/nats.js',
      'dist/runtime/entries/rabbitmq.js',
    ]);
    expect(fw.files).toContain('dist/runtime/THIRD-PARTY-LICENSES.txt');
  });

  it("fw's dependencies are what the runtime imports; the broker clients and the docs page's assets are optional peers", () => {
    const imported = importedPackages(fw);
    const optional = Object.keys(fw.manifest.peerDependenciesMeta ?? {}).filter(
      (name) => fw.manifest.peerDependenciesMeta?.[name]?.optional === true,
    );
    expect(Object.keys(fw.manifest.dependencies ?? {}).sort()).toEqual(
      [...imported].filter((name) => !optional.includes(name)).sort(),
    );
    // swagger-ui-dist is never imported: the docs page serves its files, found at createApp.
    // Nor is redis: the app hands its own connected client to the store that uses it.
    // @opentelemetry/api is required by name, at createApp, only when telemetry is on.
    const ifImported = (names: string[]) => names.filter((n) => imported.has(n));
    expect(optional.sort()).toEqual([
      ...ifImported(['@nats-io/jetstream', '@nats-io/transport-node']),
      '@opentelemetry/api',
      ...ifImported(['amqplib']),
      'redis',
      'swagger-ui-dist',
    ]);
    expect(imported.has('swagger-ui-dist')).toBe(false);
    expect(imported.has('redis')).toBe(false);
  });

  it("fwgen holds the generator and its templates, depends on what it imports, and runs fw's version", () => {
    // The emitter renders bindings.hbs and controller.hbs with every other template as a partial.
    const templates = readdirSync(join(REPO, 'templates')).map((f) => `dist/templates/${f}`);
    expect(fwgen.files).toEqual(expect.arrayContaining(['dist/cli/bin.js', ...templates]));
    expect(fwgen.manifest.bin).toEqual({ fwgen: './dist/cli/bin.js' });
    // `fw` appears in the code it writes (`from 'fw'`); the app has it: a peer, never a dependency.
    const peers = Object.keys(fwgen.manifest.peerDependencies ?? {});
    expect(Object.keys(fwgen.manifest.dependencies ?? {}).sort()).toEqual(
      [...importedPackages(fwgen)].filter((name) => !peers.includes(name)).sort(),
    );
    expect(Object.keys(fwgen.manifest.dependencies ?? {}).sort()).toEqual([
      '@ts-morph/common',
      'commander',
      'handlebars',
      'ts-morph',
      'yaml',
    ]);
    expect(fwgen.manifest.peerDependencies).toEqual({
      fw: (fw.manifest as { version?: string }).version,
    });
  });

  it('every link in the shipped declarations resolves to a file in the package', () => {
    const declarations = fw.files.filter((f) => f.endsWith('.d.ts'));
    expect(declarations.length).toBeGreaterThan(50);
    const unresolved: string[] = [];
    let links = 0;
    for (const file of declarations) {
      const text = readFileSync(join(fw.dir, file), 'utf8');
      // Documents named in comments (`docs/API.md section 5`), and source maps.
      for (const m of text.matchAll(/[\w./-]*\.md\b|sourceMappingURL=(\S+)/g)) {
        links++;
        const target = m[1] !== undefined ? join(file, '..', m[1]) : (m[0] as string);
        if (!fw.files.includes(target)) unresolved.push(`${file}: ${m[0]}`);
      }
    }
    expect(unresolved).toEqual([]);
    expect(links).toBeGreaterThan(0);
  });
});
