/**
 * A `Query<T>` parameter (docs/API.md section 2): `T` read into a {@link QueryModel}, one field per
 * property, each a `string`, `number`, `bigint`, `boolean`, a union of string or number literals,
 * or an array of one of those. Anything else is FW0206, reported at the property that has it.
 * A `number` is any finite number, as in a body; one written `Int` (`fw/validate`), tagged
 * `@integer`, or naming a project alias tagged `@integer` is an integer (kind `integer`).
 */
import { ts } from 'ts-morph';
import type { QueryField, QueryModel } from '../ir.js';
import type { FoundHandler } from './class-scan.js';
import { constraintTags } from './constraints.js';
import { docOf } from './jsdoc.js';
import type { Scope } from './scope.js';
import { symbolOfName } from './symbols.js';
import { typeKey } from './type-key.js';
import {
  isBooleanPair,
  isObjectLike,
  nodeText,
  partsOf,
  typeText,
  withoutUndefinedNode,
} from './type-syntax.js';
import { orderedParts } from './union-order.js';

/** What a property may be, the tail of every FW0206 about one. */
const KINDS =
  'a query gives string, number, bigint, boolean, a union of string or number literals, or an array of one of these';

/** The scalar a property reads, or why it cannot be one (a hint for the message, maybe empty). */
type Scalar = Pick<QueryField, 'kind' | 'values'> | { readonly hint: string };

/** The model of a `Query<T>` parameter annotated `annotation`, or undefined after reporting FW0206. */
export function queryModel(
  scope: Scope,
  handler: FoundHandler,
  annotation: ts.TypeNode,
  who: string,
): QueryModel | undefined {
  if (handler.kind !== 'http') {
    const what = handler.kind === 'events' ? 'an event' : 'a WebSocket message';
    const message = `${who}: ${nodeText(annotation)} reads the query of an HTTP request, and ${what} has none; read the value from the payload`;
    return void scope.report('FW0206', annotation, message);
  }
  const arg = scope.fw.queryArgument(annotation);
  if (arg === undefined) {
    const message = `${who}: write the type the query is read into: \`q: Query<ListFilter>\``;
    return void scope.report('FW0206', annotation, message);
  }
  const { checker } = scope;
  const type = checker.getTypeFromTypeNode(arg);
  const written = nodeText(arg);
  const refuse = (why: string) =>
    void scope.report('FW0206', arg, `${who}: Query<${written}> ${why}`);
  if (type.isUnion() || !isObjectLike(checker, type) || checker.isArrayType(type)) {
    return refuse(
      `reads the query into '${typeText(checker, type)}', which is not an object type; declare one: \`interface ListFilter { size: number }\``,
    );
  }
  if (checker.getIndexInfosOfType(type).length > 0) {
    return refuse(
      'has an index signature; a query is read into declared properties: name each key',
    );
  }
  const key = typeKey(scope, type);
  if (key === undefined) {
    return refuse('reads into a type with no name; name it: `interface ListFilter { … }`');
  }
  let ok = true;
  const fields: QueryField[] = [];
  for (const prop of checker.getPropertiesOfType(type)) {
    const field = queryField(scope, prop, arg, `${who}: Query<${written}> property`);
    if (field === undefined) ok = false;
    else fields.push(field);
  }
  return ok ? { id: key.id, name: key.name, fields } : undefined;
}

function queryField(
  scope: Scope,
  prop: ts.Symbol,
  fallback: ts.Node,
  what: string,
): QueryField | undefined {
  const { checker } = scope;
  const name = prop.getName();
  const decl = prop.valueDeclaration ?? prop.declarations?.[0];
  const inProject = decl !== undefined && scope.isProjectFile(decl.getSourceFile());
  const at = inProject ? decl : fallback;
  const node = decl !== undefined && hasTypeNode(decl) ? decl.type : undefined;
  const type = checker.getTypeOfSymbol(prop);
  const { parts, undefinedToo } = partsOf(type);
  const optional = (prop.flags & ts.SymbolFlags.Optional) !== 0 || undefinedToo;
  if (name === '__proto__') {
    const message = `${what} '__proto__' cannot be read into an object; rename it`;
    return void scope.report('FW0206', at, message);
  }
  const [only] = parts;
  const array = parts.length === 1 && only !== undefined && checker.isArrayType(only);
  let scalar: Scalar;
  const scalarNode = array ? elementNode(node) : node;
  if (array) {
    const [element] = checker.getTypeArguments(only as ts.TypeReference);
    const inner = element === undefined ? undefined : partsOf(element);
    scalar =
      element === undefined || inner === undefined || inner.undefinedToo
        ? { hint: '' }
        : scalarOf(scope, element, inner.parts, scalarNode);
  } else {
    scalar = scalarOf(scope, type, parts, node);
  }
  if ('hint' in scalar) {
    const message = `${what} '${name}' is '${typeText(checker, type)}'; ${KINDS}${scalar.hint}`;
    return void scope.report('FW0206', at, message);
  }
  if (scalar.kind === 'number' && scalar.values === undefined) {
    const tagged = decl !== undefined && constraintTags(decl).some((t) => t.name === 'integer');
    if (tagged || namesInteger(scope, scalarNode)) scalar = { kind: 'integer' };
  }
  const doc = inProject ? docOf(decl) : undefined;
  return {
    name,
    optional,
    array,
    ...scalar,
    ...(doc === undefined ? {} : { doc }),
  };
}

/** `parts` (a type's members without `undefined`) as one scalar kind, or why not. */
function scalarOf(
  scope: Scope,
  whole: ts.Type,
  parts: readonly ts.Type[],
  node: ts.TypeNode | undefined,
): Scalar {
  if (isBooleanPair(parts)) return { kind: 'boolean' };
  const [only] = parts;
  if (parts.length === 1 && only !== undefined) {
    const f = only.flags;
    if (f & ts.TypeFlags.String) return { kind: 'string' };
    if (f & ts.TypeFlags.Number) return { kind: 'number' };
    if (f & ts.TypeFlags.BigInt) return { kind: 'bigint' };
    if (f & ts.TypeFlags.Boolean) return { kind: 'boolean' };
    if (scope.checker.isArrayType(only)) return { hint: ' (not an array of arrays)' };
    if (scope.fw.isDate(only)) return { hint: ' (take a date as a string and parse it)' };
  }
  const ordered = orderedParts(scope.checker, whole, parts, node).map((p) => p.type);
  if (ordered.length > 0 && ordered.every((t) => t.isStringLiteral())) {
    return { kind: 'string', values: ordered.map((t) => (t as ts.StringLiteralType).value) };
  }
  if (ordered.length > 0 && ordered.every((t) => t.isNumberLiteral())) {
    const values = ordered.map((t) => (t as ts.NumberLiteralType).value);
    return { kind: 'number', values };
  }
  return { hint: hintFor(scope, parts) };
}

/** What to write instead of a union or type that reads as no scalar kind, or nothing. */
function hintFor(scope: Scope, parts: readonly ts.Type[]): string {
  const has = (flag: ts.TypeFlags) => parts.some((t) => (t.flags & flag) !== 0);
  if (has(ts.TypeFlags.Null)) return ' (a query has no null: make the property optional)';
  if (has(ts.TypeFlags.BooleanLiteral)) return ' (use boolean)';
  if (has(ts.TypeFlags.BigIntLiteral)) return ' (use bigint)';
  if (parts.some((t) => t.getCallSignatures().length > 0)) {
    return ' (a method is no query key: declare T as an interface of data properties)';
  }
  if (parts.some((t) => isObjectLike(scope.checker, t))) {
    return ' (flatten an object into properties of its own)';
  }
  if (has(ts.TypeFlags.StringLiteral) && has(ts.TypeFlags.NumberLiteral)) {
    return ' (the literals of a union are all strings or all numbers)';
  }
  return '';
}

/**
 * Whether `node` names `Int` of `fw/validate`, or a project alias tagged `@integer` or itself
 * naming one (`type Count = Int`), as a body's number constraints are read (shapes.ts).
 */
function namesInteger(scope: Scope, node: ts.TypeNode | undefined, depth = 0): boolean {
  const written = withoutUndefinedNode(node);
  if (written === undefined || !ts.isTypeReferenceNode(written) || depth > 16) return false;
  const symbol = symbolOfName(scope.checker, written.typeName);
  const alias = symbol?.declarations?.find(ts.isTypeAliasDeclaration);
  if (alias === undefined) return false;
  const file = alias.getSourceFile();
  if (!scope.isProjectFile(file)) return alias.name.text === 'Int' && scope.fw.owns(file.fileName);
  if (constraintTags(alias).some((t) => t.name === 'integer')) return true;
  return namesInteger(scope, alias.type, depth + 1);
}

function hasTypeNode(
  decl: ts.Declaration,
): decl is ts.PropertySignature | ts.PropertyDeclaration | ts.ParameterDeclaration {
  return ts.isPropertySignature(decl) || ts.isPropertyDeclaration(decl) || ts.isParameter(decl);
}

/** The element of an array type as written (`T[]`, `readonly T[]`, `Array<T>`), when it is. */
function elementNode(node: ts.TypeNode | undefined): ts.TypeNode | undefined {
  let n = node;
  while (n !== undefined && (ts.isParenthesizedTypeNode(n) || ts.isTypeOperatorNode(n))) n = n.type;
  if (n !== undefined && ts.isUnionTypeNode(n)) {
    const rest = n.types.filter((t) => t.kind !== ts.SyntaxKind.UndefinedKeyword);
    return rest.length === 1 ? elementNode(rest[0]) : undefined;
  }
  if (n === undefined) return undefined;
  if (ts.isArrayTypeNode(n)) return n.elementType;
  if (ts.isTypeReferenceNode(n) && n.typeArguments?.length === 1) return n.typeArguments[0];
  return undefined;
}
