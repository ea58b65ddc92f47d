/**
 * Small applications analysed by the real analyzer, for the schema tests: written into a folder
 * under the OS temp dir (where `fw` resolves through `node_modules/fw` → the repository),
 * analysed, and removed again.
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createAnalyzer } from '../../../cli/analyze/index.js';
import type { NamedType } from '../../../cli/ir.js';

const REPO = join(dirname(fileURLToPath(import.meta.url)), '../../..');

/** The named types of the application made of `files` (path under `src/` → text). */
export function analyzedTypes(files: Record<string, string>): readonly NamedType[] {
  const dir = mkdtempSync(join(tmpdir(), 'fw-schemas-'));
  try {
    mkdirSync(join(dir, 'node_modules'));
    symlinkSync(REPO, join(dir, 'node_modules', 'fw'), 'dir');
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, 'src', path)), { recursive: true });
      writeFileSync(join(dir, 'src', path), text);
    }
    const src = join(dir, 'src');
    const tsconfig = join(REPO, 'tsconfig.json');
    const analyzer = createAnalyzer({ root: dir, tsconfig, src, out: join(src, 'bindings.ts') });
    const { model, diagnostics } = analyzer.analyze();
    if (diagnostics.length > 0) throw new Error(JSON.stringify(diagnostics, null, 2));
    return model.types;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A controller taking each of `types` (from `./dto.js`) as the body of one handler. */
export function bodiesController(types: readonly string[]): string {
  const methods = types.map(
    (t, i) => `  @Post('/${i}')\n  take${i}(body: ${t}): string {\n    return '';\n  }\n`,
  );
  return [
    "import { Controller, Post } from 'fw';",
    `import type { ${types.join(', ')} } from './dto.js';`,
    '',
    "@Controller('/probe')",
    'export class Probe {',
    methods.join('\n'),
    '}',
    '',
  ].join('\n');
}

/**
 * The constructs `fixtures/validators` leaves out, as TypeScript writes them: `Omit`, `Required`,
 * `Readonly`, numeric and mixed enums, an intersection of a named type and a literal object, an
 * instantiated generic, optional as `| undefined`, a named union of literals beside `null`,
 * recursion through a `Record`, a discriminated union over `extends`.
 */
export const CONSTRUCTS = `
export enum Level {
  Low = 1,
  High = 2,
}

export enum Mixed {
  A = 'a',
  B = 3,
}

export type Tone = 'light' | 'dark';

/** A user as stored. */
export interface User {
  readonly id: number;
  name: string;
  email?: string;
  tone: Tone | null;
  level: Level;
  mixed?: Mixed;
  bornAt: Date | undefined;
}

export type NewUser = Omit<User, 'id'>;

export type FullUser = Required<User>;

export type Frozen = Readonly<Pick<User, 'id' | 'name'>>;

interface Base {
  at: Date;
}

export type Stamped = User & Base & { note?: string };

export interface Page<T> {
  items: T[];
  total: number;
}

export interface Listing {
  page: Page<NewUser>;
}

export interface Folder {
  name: string;
  children: Record<string, Folder>;
}

interface Event {
  id: string;
}

export interface Created extends Event {
  type: 'created';
  user: NewUser;
}

export interface Removed extends Event {
  type: 'removed';
  reason?: string;
}

export type Change = Created | Removed | null;
`;

/** The named types of {@link CONSTRUCTS}, each a handler's body. */
export function constructTypes(): readonly NamedType[] {
  const bodies = ['NewUser', 'FullUser', 'Frozen', 'Stamped', 'Listing', 'Folder', 'Change'];
  return analyzedTypes({ 'dto.ts': CONSTRUCTS, 'probe.ts': bodiesController(bodies) });
}
