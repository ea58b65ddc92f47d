/**
 * Why a type cannot be checked as JSON, and what to write instead: the explanations of FW0301.
 * Only types that are not primitives, string, number or boolean literals, `Date`, arrays, tuples,
 * records or plain objects reach here.
 */
import { ts } from 'ts-morph';
import type { Scope } from './scope.js';

/** What is wrong with a type, and what to use instead. */
export type Unsupported = readonly [problem: string, fix: string];

/** A recursive type that has no name to refer to itself by. */
export const RECURSIVE: Unsupported = [
  'a recursive type needs a name',
  'declare it as an exported interface',
];

/** A nesting too deep to be a plain data type (a generic that grows at each level). */
export const TOO_DEEP: Unsupported = [
  'it nests too deeply',
  'declare the nested types as interfaces',
];

/** `undefined` anywhere but as an optional property's value. */
export const UNDEFINED: Unsupported = [
  'JSON has no undefined',
  'make the property optional (`?`) or use null',
];

/** `undefined` as an array, tuple or record element. */
export const UNDEFINED_ELEMENT: Unsupported = ['JSON has no undefined', 'use null'];

const BY_FLAG: readonly (readonly [ts.TypeFlags, Unsupported])[] = [
  [ts.TypeFlags.BigIntLiteral, ['a bigint literal type cannot be checked', 'use bigint']],
  [ts.TypeFlags.ESSymbolLike, ['JSON has no symbols', 'remove the property']],
  [
    ts.TypeFlags.TemplateLiteral | ts.TypeFlags.StringMapping,
    ['a template literal type cannot be checked', 'use string'],
  ],
  [ts.TypeFlags.Never, ['no value has type never', 'remove the property']],
  [ts.TypeFlags.Undefined | ts.TypeFlags.Void, UNDEFINED],
  [
    ts.TypeFlags.NonPrimitive,
    ["'object' does not say what it holds", 'declare an interface, or use Record<string, unknown>'],
  ],
  [
    ts.TypeFlags.TypeParameter |
      ts.TypeFlags.Index |
      ts.TypeFlags.IndexedAccess |
      ts.TypeFlags.Conditional |
      ts.TypeFlags.Substitution,
    ['it depends on a type parameter', 'use a concrete type'],
  ],
];

const LIBRARY_HINTS: Readonly<Record<string, Unsupported>> = {
  Map: ['a Map is not JSON', 'use Record<string, T>'],
  ReadonlyMap: ['a Map is not JSON', 'use Record<string, T>'],
  Set: ['a Set is not JSON', 'use an array'],
  ReadonlySet: ['a Set is not JSON', 'use an array'],
  Promise: ['a promise is not JSON', 'take the value itself'],
};

const FALLBACK: Unsupported = [
  'it cannot be checked',
  'use string, number, bigint, boolean, null, literals, Date, arrays, tuples, Record<string, T> or interfaces',
];

/** Why `type` (not a union) cannot be checked, or undefined when it is a plain data type. */
export function unsupported(scope: Scope, type: ts.Type): Unsupported | undefined {
  for (const [flags, why] of BY_FLAG) if (type.flags & flags) return why;
  if (type.isIntersection() && type.types.some((t) => (t.flags & ts.TypeFlags.Object) === 0)) {
    return [
      'an intersection with a primitive (a branded type) cannot be checked',
      'use the primitive',
    ];
  }
  if ((type.flags & (ts.TypeFlags.Object | ts.TypeFlags.Intersection)) === 0) return FALLBACK;
  const { checker } = scope;
  const callable =
    checker.getSignaturesOfType(type, ts.SignatureKind.Call).length > 0 ||
    checker.getSignaturesOfType(type, ts.SignatureKind.Construct).length > 0;
  if (callable) return ['a function is not data', 'remove it: a body is a plain object'];
  const symbol = type.getSymbol();
  const declarations = symbol?.declarations ?? [];
  if (symbol === undefined || declarations.some((d) => scope.isProjectFile(d.getSourceFile()))) {
    return undefined;
  }
  const hint = LIBRARY_HINTS[symbol.name];
  if (hint !== undefined) return hint;
  const isClass = (symbol.flags & ts.SymbolFlags.Class) !== 0;
  const hasMethods = checker
    .getPropertiesOfType(type)
    .some((p) => (p.flags & ts.SymbolFlags.Method) !== 0);
  if (isClass || (symbol.flags & ts.SymbolFlags.Interface && hasMethods)) {
    return [
      `a ${symbol.name} is an object with behaviour, not plain data`,
      'declare an interface with the data you need',
    ];
  }
  return undefined;
}

/** What an index signature keyed by something other than strings should be instead. */
export const NON_STRING_KEYS: Unsupported = [
  'an object keyed by numbers or symbols is not JSON',
  'use an array or Record<string, T>',
];

/** An object with both properties and an index signature. */
export const MIXED_INDEX: Unsupported = [
  'properties next to an index signature cannot be checked',
  'use either properties or Record<string, T>',
];

/** The message of FW0301 for a type at a property path. */
export function unsupportedMessage(
  path: string,
  typeText: string,
  [problem, fix]: Unsupported,
): string {
  return `${path}: type '${typeText}' is not supported in a body or payload (${problem}); ${fix}`;
}
