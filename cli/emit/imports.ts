/**
 * The import statements of a generated module, one per module specifier, and the local name of
 * every imported class (aliased `Name_2`, `Name_3`, … in module order when names clash). The order
 * is fixed and simple: packages (`fw`, `@acme/auth`) before relative paths (`../x.js`, `./y.js`),
 * each by specifier, and the names of a statement by local name, all in code-unit order (the
 * order of JavaScript's default sort: upper case before lower case, `../` before `./`).
 */
import { assertNever, compareText, type ImportRef } from '../ir.js';
import { quote } from './layout.js';
import type { Names } from './names.js';
import type { ImportView } from './view.js';

/** One name to import, `as local` when given, `type` for a type-only import. */
export interface ImportedName {
  readonly specifier: string;
  readonly name: string;
  readonly local?: string;
  readonly type?: boolean;
}

/** The statements, and the local name of each class by {@link refKey}. */
export interface ImportPlan {
  readonly statements: readonly ImportView[];
  readonly locals: ReadonlyMap<string, string>;
}

/** Identifies an {@link ImportRef}: two refs with the same key are one import. */
export function refKey(ref: ImportRef, out: string): string {
  return keyed(ref, out).key;
}

/**
 * The specifier and key of `ref` from `out`: a view looks every class up by its ref, and refs are
 * never mutated, so the last ones are kept.
 */
function keyed(ref: ImportRef, out: string): { readonly specifier: string; readonly key: string } {
  const kept = keys.get(ref);
  if (kept?.out === out) return kept;
  const spec = specifier(ref, out);
  const made = { out, specifier: spec, key: `${spec}\n${ref.name}` };
  keys.set(ref, made);
  return made;
}

const keys = new WeakMap<ImportRef, { readonly out: string; specifier: string; key: string }>();

/**
 * Plans the imports: `fixed` names (fw's own, already claimed in `names`) keep their names; each
 * class, and each type in `types` (imported `type` unless it is also a class), gets its own name
 * unless another import or a claimed name has it.
 */
export function planImports(
  fixed: readonly ImportedName[],
  refs: readonly ImportRef[],
  out: string,
  names: Names,
  types: readonly ImportRef[] = [],
): ImportPlan {
  const classes = new Map<string, { specifier: string; name: string; type: boolean }>();
  for (const ref of types) {
    const { key, specifier } = keyed(ref, out);
    classes.set(key, { specifier, name: ref.name, type: true });
  }
  for (const ref of refs) {
    const { key, specifier } = keyed(ref, out);
    classes.set(key, { specifier, name: ref.name, type: false });
  }
  const ordered = [...classes].sort(
    ([, a], [, b]) => compareSpecifiers(a.specifier, b.specifier) || compareText(a.name, b.name),
  );
  const counts = new Map<string, number>();
  for (const [, c] of ordered) counts.set(c.name, (counts.get(c.name) ?? 0) + 1);
  // A name no other class has and nothing else took stays; the others are claimed in module order.
  const keep = new Set(
    [...counts].filter(([n, count]) => count === 1 && !names.has(n)).map(([n]) => n),
  );
  for (const name of keep) names.reserve(name);
  const locals = new Map<string, string>();
  const entries: ImportedName[] = [...fixed];
  for (const [key, c] of ordered) {
    const local = keep.has(c.name) ? c.name : names.claim(c.name);
    locals.set(key, local);
    entries.push({ specifier: c.specifier, name: c.name, local, type: c.type });
  }
  return { statements: statements(entries), locals };
}

/** One `import { … } from '…';` per specifier, in the module's order. */
function statements(entries: readonly ImportedName[]): ImportView[] {
  const bySpecifier = new Map<string, ImportedName[]>();
  for (const e of entries) {
    bySpecifier.set(e.specifier, [...(bySpecifier.get(e.specifier) ?? []), e]);
  }
  return [...bySpecifier]
    .sort(([a], [b]) => compareSpecifiers(a, b))
    .map(([spec, names]) => {
      const sorted = [...names].sort((a, b) => compareText(a.local ?? a.name, b.local ?? b.name));
      const typeOnly = sorted.every((n) => n.type === true);
      const items = sorted.map((n) => {
        const binding =
          n.local === undefined || n.local === n.name ? n.name : `${n.name} as ${n.local}`;
        return n.type === true && !typeOnly ? `type ${binding}` : binding;
      });
      return { typeOnly, names: items.join(', '), from: quote(spec) };
    });
}

/** Packages before relative paths, then by specifier, in code-unit order. */
export function compareSpecifiers(a: string, b: string): number {
  const relative = (s: string): number => (s.startsWith('.') ? 1 : 0);
  return relative(a) - relative(b) || compareText(a, b);
}

/** The module specifier the out file imports `ref` by: a package as is, a file relative to it. */
export function specifier(ref: ImportRef, out: string): string {
  switch (ref.from) {
    case 'package':
      return ref.module;
    case 'file':
      return relative(out, ref.module).replace(
        /(?:\.d)?\.([mc]?)tsx?$/,
        (_, m: string) => `.${m}js`,
      );
    default:
      return assertNever(ref);
  }
}

/** `module` (from the project root) as a `./` or `../` path from the folder of `from`. */
function relative(from: string, module: string): string {
  const dir = segments(from).slice(0, -1);
  const target = segments(module);
  let common = 0;
  while (common < dir.length && dir[common] === target[common]) common++;
  if (dir.slice(common).includes('..')) {
    throw new Error(
      `fwgen: cannot import ${module} from ${from}: the out file is outside the project`,
    );
  }
  const up = dir.length - common;
  const rest = target.slice(common).join('/');
  return up === 0 ? `./${rest}` : `${'../'.repeat(up)}${rest}`;
}

/** The segments of a root-relative path, `.` and empty ones dropped, `a/../` folded. */
function segments(path: string): string[] {
  const out: string[] = [];
  for (const s of path.replaceAll('\\', '/').split('/')) {
    if (s === '..' && out.length > 0 && out[out.length - 1] !== '..') out.pop();
    else if (s !== '' && s !== '.') out.push(s);
  }
  return out;
}
