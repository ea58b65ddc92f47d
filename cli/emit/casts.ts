/**
 * The type each argument of a generated invoker is cast to: what the parameter's resolver produces
 * (`number` for a route key, fw's `Values`, the body's own type…), so that a binding left stale by
 * a changed parameter type fails `tsc`. A type the bindings cannot name falls back to the method's
 * own parameter type (docs/fwgen.md "The invoker"). Casts vanish at compile time.
 */
import type { ImportRef, ParamModel, TypePart } from '../ir.js';
import type { ImportedName } from './imports.js';
import type { Names } from './names.js';

/** Whether a type is one of fw's own, imported like fw's helpers. */
function isFw(ref: ImportRef): boolean {
  return ref.from === 'package' && (ref.module === 'fw' || ref.module.startsWith('fw/'));
}

/** The parts of a parameter's cast, without `| undefined`; undefined when it cannot be named. */
export function castParts(p: ParamModel): readonly TypePart[] | undefined {
  if (p.cast !== undefined) return p.cast;
  if (p.pathKey !== undefined) return [p.type];
  if (p.validate !== undefined || p.query !== undefined) return undefined;
  const [module, name] = p.type.split('#');
  if (module === undefined || name === undefined || !module.startsWith('fw')) return undefined;
  return [{ from: 'package', module, name }];
}

/** The casts' imports: fw's types as fixed names, the application's as refs to plan. */
export interface CastImports {
  readonly fixed: readonly ImportedName[];
  readonly refs: readonly ImportRef[];
}

/**
 * Splits the names the casts import, and reserves the global names they write as is (`Date`,
 * `Partial`…) and fw's type names, so no imported class takes them.
 */
export function castImports(
  casts: readonly (readonly TypePart[] | undefined)[],
  names: Names,
): CastImports {
  const fixed = new Map<string, ImportedName>();
  const refs: ImportRef[] = [];
  for (const part of casts.flatMap((c) => c ?? [])) {
    if (typeof part === 'string') {
      for (const [global] of part.matchAll(/(?<![.\w$])[A-Z][\w$]*/g)) {
        if (!names.has(global)) names.reserve(global);
      }
    } else if (isFw(part)) {
      fixed.set(`${part.module}\n${part.name}`, {
        specifier: part.module,
        name: part.name,
        type: true,
      });
    } else refs.push(part);
  }
  for (const f of fixed.values()) if (!names.has(f.name)) names.reserve(f.name);
  return { fixed: [...fixed.values()], refs };
}

/** A cast's text, each import by its local name; `| undefined` added for an optional parameter. */
export function castText(
  parts: readonly TypePart[],
  optional: boolean,
  local: (ref: ImportRef) => string,
): string {
  const text = parts.map((p) => (typeof p === 'string' ? p : isFw(p) ? p.name : local(p))).join('');
  if (!optional) return text;
  return /=>|\bextends\b/.test(text) ? `(${text}) | undefined` : `${text} | undefined`;
}
