/** Small readings of type syntax and of checker types that several steps share. */
import { ts } from 'ts-morph';

/** The node without parentheses and without `| undefined`, when one type is left. */
export function withoutUndefinedNode(node: ts.TypeNode | undefined): ts.TypeNode | undefined {
  let n = node;
  while (n !== undefined && ts.isParenthesizedTypeNode(n)) n = n.type;
  if (n === undefined || !ts.isUnionTypeNode(n)) return n;
  const rest = n.types.filter((t) => t.kind !== ts.SyntaxKind.UndefinedKeyword);
  return rest.length === 1 ? withoutUndefinedNode(rest[0]) : n;
}

/** Whether a type is `undefined` or `void`. */
export function isUndefined(type: ts.Type): boolean {
  return (type.flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Void)) !== 0;
}

/** The members of a union (or the type itself), and whether `undefined` was among them. */
export function partsOf(type: ts.Type): { parts: ts.Type[]; undefinedToo: boolean } {
  const all = type.isUnion() ? type.types : [type];
  const parts = all.filter((t) => !isUndefined(t));
  return { parts, undefinedToo: parts.length < all.length };
}

/** Whether every member of `a` is a member of `b` and the other way round. */
export function sameMembers(a: readonly ts.Type[], b: readonly ts.Type[]): boolean {
  const set = new Set(a);
  return a.length === b.length && b.every((t) => set.has(t));
}

/** `true` and `false` together: what the checker makes of `boolean`. */
export function isBooleanPair(parts: readonly ts.Type[]): boolean {
  return parts.length === 2 && parts.every((t) => (t.flags & ts.TypeFlags.BooleanLiteral) !== 0);
}

/** Whether a type is an object or an intersection, not an array or tuple: something to name. */
export function isObjectLike(checker: ts.TypeChecker, type: ts.Type): boolean {
  if (type.isUnion()) return type.types.some((t) => isObjectLike(checker, t));
  if (type.isIntersection()) return true;
  if ((type.flags & ts.TypeFlags.Object) === 0) return false;
  return !checker.isArrayType(type) && !checker.isTupleType(type);
}

/** A type as the checker prints it, on one line. */
export function typeText(checker: ts.TypeChecker, type: ts.Type): string {
  return checker.typeToString(type, undefined, ts.TypeFormatFlags.NoTruncation);
}

/** A type annotation as written, on one line. */
export function nodeText(node: ts.Node): string {
  return node.getText().replace(/\s+/g, ' ');
}
