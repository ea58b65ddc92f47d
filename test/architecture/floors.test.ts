// The floors of docs/architecture.md, held against every import of runtime/ and cli/: a module
// imports its own unit or a lower floor, never a unit beside it or above it, and no two modules
// import each other, even for types. The table in docs/architecture.md is the rule; FLOORS below
// must say the same, and a test keeps the two equal.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { cycles, type Import, importsOf, sourceFiles } from './imports.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Each tree's floors, lowest first, and each floor's units. A unit is a folder (with a trailing
 * `/`), a file, or a list of files that work together; a module belongs to the unit of the longest
 * path that names it. Every floor of cli/ is above every floor of runtime/: fwgen reads a few of
 * the runtime's modules, and the runtime never reads fwgen.
 */
const TREES: Readonly<Record<'runtime' | 'cli', readonly (readonly Unit[])[]>> = {
  runtime: [
    ['runtime/core/'],
    ['runtime/http/', 'runtime/ws/', 'runtime/events/'],
    ['runtime/node/', 'runtime/transport/', 'runtime/plugins/', 'runtime/testing/'],
    ['runtime/app/'],
    ['runtime/entries/', 'runtime/index.ts'],
  ],
  cli: [
    ['cli/ir.ts', 'cli/identifiers.ts'],
    ['cli/analyzer.ts'],
    ['cli/analyze/', 'cli/emit/', 'cli/api-documents/'],
    ['cli/client/', 'cli/client-events/'],
    [
      [
        'cli/project.ts',
        'cli/io.ts',
        'cli/format.ts',
        'cli/warnings.ts',
        'cli/scan.ts',
        'cli/sections.ts',
        'cli/check.ts',
        'cli/write.ts',
        'cli/watch-paths.ts',
      ],
    ],
    [['cli/engine.ts', 'cli/generate.ts', 'cli/documents.ts']],
    [['cli/main.ts', 'cli/watch.ts', 'cli/bin.ts']],
  ],
};

/** A folder (`…/`), a file, or files that import one another freely. */
type Unit = string | readonly string[];

const FLOORS: readonly (readonly Unit[])[] = [...TREES.runtime, ...TREES.cli];

/**
 * The platform's server modules, and the only units of runtime/ that may import each: sockets and
 * the `ws` library belong to the Node adapter; the HTTP input also takes `node:http`'s checks of
 * header fields, so that a response can never be split and says so as Node would.
 */
const PLATFORM: ReadonlyMap<string, readonly string[]> = new Map([
  ['node:net', ['runtime/node/']],
  ['node:https', ['runtime/node/']],
  ['ws', ['runtime/node/']],
  ['node:http', ['runtime/node/', 'runtime/http/']],
]);

interface Place {
  readonly unit: string;
  readonly floor: number;
}

function placeOf(file: string): Place | undefined {
  let best: (Place & { readonly length: number }) | undefined;
  FLOORS.forEach((units, floor) => {
    for (const unit of units) {
      for (const path of typeof unit === 'string' ? [unit] : unit) {
        const holds = path.endsWith('/') ? file.startsWith(path) : file === path;
        if (holds && (best === undefined || path.length > best.length)) {
          best = {
            unit: typeof unit === 'string' ? unit : unit.join(', '),
            floor,
            length: path.length,
          };
        }
      }
    }
  });
  return best;
}

const files = sourceFiles(ROOT, ['runtime', 'cli']);
const imports = importsOf(ROOT, files);

/** `<file>:<line> imports <file>, above it (<unit> → <unit>)`, for every import that breaks a floor. */
function violations(all: readonly Import[]): string[] {
  const out: string[] = [];
  for (const i of all) {
    const from = placeOf(i.from);
    if (from === undefined) continue;
    if (i.external) {
      const allowed = PLATFORM.get(i.to);
      if (
        allowed !== undefined &&
        from.unit.startsWith('runtime/') &&
        !allowed.includes(from.unit)
      ) {
        out.push(`${i.from}:${i.line} imports ${i.to}, which only ${allowed.join(' and ')} may`);
      }
      continue;
    }
    const to = placeOf(i.to);
    if (to === undefined || to.unit === from.unit || to.floor < from.floor) continue;
    const way = to.floor === from.floor ? 'beside it' : 'above it';
    out.push(`${i.from}:${i.line} imports ${i.to}, ${way} (${from.unit} → ${to.unit})`);
  }
  return out;
}

describe('floors', () => {
  it('places every module of runtime/ and cli/ on a floor', () => {
    expect(files.filter((f) => placeOf(f) === undefined)).toEqual([]);
  });

  it('has no import that runs up or sideways', () => {
    expect(violations(imports)).toEqual([]);
  });

  it('has no import cycle, type-only imports included', () => {
    expect(cycles(imports)).toEqual([]);
  });

  it('tells an import that runs up from one that runs down', () => {
    const up: Import = {
      from: 'runtime/core/pipeline/pipeline.ts',
      to: 'runtime/http/exchange.ts',
      external: false,
      line: 7,
    };
    const down: Import = { ...up, from: up.to, to: up.from };
    const sideways: Import = { ...up, from: 'runtime/ws/ws-message.ts' };
    const server: Import = { ...up, to: 'node:http', external: true };
    expect(violations([up, down, sideways, server])).toEqual([
      'runtime/core/pipeline/pipeline.ts:7 imports runtime/http/exchange.ts, above it (runtime/core/ → runtime/http/)',
      'runtime/ws/ws-message.ts:7 imports runtime/http/exchange.ts, beside it (runtime/ws/ → runtime/http/)',
      'runtime/core/pipeline/pipeline.ts:7 imports node:http, which only runtime/node/ and runtime/http/ may',
    ]);
    expect(
      cycles([
        { ...up, to: 'a.ts', from: 'b.ts' },
        { ...up, to: 'b.ts', from: 'a.ts' },
      ]),
    ).toEqual([['a.ts', 'b.ts']]);
  });

  it('is the tables of docs/architecture.md, a row per floor naming its units', () => {
    const doc = readFileSync(new URL('../../docs/architecture.md', import.meta.url), 'utf8');
    for (const [tree, floors] of Object.entries(TREES)) {
      const table = doc.slice(doc.indexOf(`| ${tree}/ floor |`));
      const rows = [...table.matchAll(/^\| (\d) \| ([^|]+) \|/gm)].slice(0, floors.length);
      const named = rows.map(([, floor, units]) => [
        Number(floor),
        [...(units as string).matchAll(/`([^`]+)`/g)].map((m) => `${tree}/${m[1]}`),
      ]);
      expect(named, tree).toEqual(floors.map((units, i) => [i + 1, units.flat()]));
    }
  });
});
