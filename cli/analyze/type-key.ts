/**
 * The identity of an injectable type, as the object graph matches it: by resolved symbol, so an
 * alias of an interface, a re-export and a namespace import are one type, and two `Config`
 * interfaces in two files are two. A generic instantiation is its own type (`Repo<User>`).
 */
import { ts } from 'ts-morph';
import { moduleId } from './location.js';
import type { Scope } from './scope.js';
import { isBooleanPair, partsOf } from './type-syntax.js';

/** A type's id (API.md section 5 for named types, `<…>` for type arguments) and its name. */
export interface TypeKey {
  readonly id: string;
  /** As people write it: `UserStore`, `Repo<User>`, `string`. */
  readonly name: string;
}

const PRIMITIVES: readonly (readonly [ts.TypeFlags, string])[] = [
  [ts.TypeFlags.String, 'string'],
  [ts.TypeFlags.Number, 'number'],
  [ts.TypeFlags.BigInt, 'bigint'],
  [ts.TypeFlags.Boolean, 'boolean'],
  [ts.TypeFlags.ESSymbol, 'symbol'],
];

/**
 * The key of `type` (without `| undefined`), or undefined when it has no name to match by: `any`,
 * `unknown`, an anonymous object, a union or a literal that no alias names.
 */
export function typeKey(scope: Scope, type: ts.Type, depth = 0): TypeKey | undefined {
  if (depth > 8) return undefined;
  const { parts } = partsOf(type);
  if (isBooleanPair(parts)) return { id: 'boolean', name: 'boolean' };
  const only = parts.length === 1 ? parts[0] : undefined;
  const alias = type.aliasSymbol ?? only?.aliasSymbol;
  if (alias?.declarations?.some(ts.isTypeAliasDeclaration)) {
    const args =
      type.aliasSymbol !== undefined ? type.aliasTypeArguments : only?.aliasTypeArguments;
    return named(scope, alias, args ?? [], depth);
  }
  if (only === undefined) return undefined;
  for (const [flag, name] of PRIMITIVES) if (only.flags & flag) return { id: name, name };
  const symbol = only.getSymbol();
  const kinds = ts.SymbolFlags.Class | ts.SymbolFlags.Interface | ts.SymbolFlags.Enum;
  if (symbol === undefined || (symbol.flags & kinds) === 0) return undefined;
  const isReference =
    only.flags & ts.TypeFlags.Object &&
    (only as ts.ObjectType).objectFlags & ts.ObjectFlags.Reference;
  const args = isReference ? scope.checker.getTypeArguments(only as ts.TypeReference) : [];
  return named(scope, symbol, args, depth);
}

function named(
  scope: Scope,
  symbol: ts.Symbol,
  args: readonly ts.Type[],
  depth: number,
): TypeKey | undefined {
  const keys: TypeKey[] = [];
  for (const arg of args) {
    const key = typeKey(scope, arg, depth + 1);
    if (key === undefined) return undefined;
    keys.push(key);
  }
  const inside = (of: (k: TypeKey) => string) =>
    keys.length === 0 ? '' : `<${keys.map(of).join(', ')}>`;
  return {
    id: `${homeOf(scope, symbol)}#${qualifiedName(scope, symbol)}${inside((k) => k.id)}`,
    name: `${symbol.name}${inside((k) => k.name)}`,
  };
}

/** Where a symbol is declared: a project module's id, a package's name, or `lib` for globals. */
function homeOf(scope: Scope, symbol: ts.Symbol): string {
  const file = symbol.declarations?.[0]?.getSourceFile();
  if (file === undefined || scope.isDefaultLibrary(file)) return 'lib';
  const parts = file.fileName.split('/');
  const at = parts.lastIndexOf('node_modules');
  if (at >= 0) {
    const name = parts[at + 1] ?? '';
    return name.startsWith('@') ? `${name}/${parts[at + 2] ?? ''}` : name;
  }
  return moduleId(scope.root, file.fileName);
}

/** The name with its namespaces (`Db.Pool`), without the module it is in. */
function qualifiedName(scope: Scope, symbol: ts.Symbol): string {
  const full = scope.checker.getFullyQualifiedName(symbol);
  return full.startsWith('"') ? full.slice(full.indexOf('"', 1) + 2) || symbol.name : full;
}
