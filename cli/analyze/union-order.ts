/**
 * The members of a union in the order they were written. The checker orders union members by
 * internal type ids, which depend on what was checked before; the annotation (or the alias the
 * union came from) gives an order that depends only on the source.
 */
import { ts } from 'ts-morph';
import { symbolOfName } from './symbols.js';
import { argumentOf, NO_ARGUMENTS, type Written, writtenAt } from './type-arguments.js';
import { isUndefined, sameMembers } from './type-syntax.js';

/** A union member, with the syntax it was written as when known. */
export interface UnionPart {
  readonly type: ts.Type;
  readonly node: Written | undefined;
}

function written(checker: ts.TypeChecker, w: Written, depth: number, out: UnionPart[]): void {
  const n = ts.isParenthesizedTypeNode(w.node) ? w.node.type : w.node;
  const at: Written = { node: n, args: w.args };
  // A type parameter of the generic being read: the argument written for it.
  const arg = depth < 8 ? argumentOf(checker, at) : undefined;
  if (arg !== undefined) {
    if (arg.type.isUnion()) written(checker, arg.written, depth + 1, out);
    else out.push({ type: arg.type, node: arg.written });
    return;
  }
  const alias =
    depth < 8 && ts.isTypeReferenceNode(n) && n.typeArguments === undefined
      ? symbolOfName(checker, n.typeName)?.declarations?.find(ts.isTypeAliasDeclaration)
      : undefined;
  if (ts.isUnionTypeNode(n)) {
    for (const member of n.types) written(checker, { node: member, args: w.args }, depth, out);
  } else if (
    alias?.typeParameters === undefined &&
    alias !== undefined &&
    ts.isUnionTypeNode(alias.type)
  ) {
    written(checker, { node: alias.type, args: NO_ARGUMENTS }, depth + 1, out);
  } else if (ts.isParenthesizedTypeNode(n)) {
    written(checker, at, depth, out);
  } else {
    const type = checker.getTypeFromTypeNode(n);
    if (type.isUnion())
      for (const member of type.types) out.push({ type: member, node: undefined });
    else out.push({ type, node: at });
  }
}

function aliasNode(type: ts.Type): ts.TypeNode | undefined {
  const alias = type.aliasSymbol?.declarations?.find(ts.isTypeAliasDeclaration);
  return alias !== undefined && alias.typeParameters === undefined ? alias.type : undefined;
}

/**
 * The members found in the syntax matched to `parts`. Inside a generic declaration a member that
 * names its type parameter (`T[]` of `T[] | null`) has a type of its own to the checker, not the
 * instantiated one: when it is the only member left unmatched, it is the only part left.
 */
function matched(found: readonly UnionPart[], parts: readonly ts.Type[]): UnionPart[] {
  const seen = new Set<ts.Type>();
  const unique = found.filter((p) => !isUndefined(p.type) && !seen.has(p.type) && seen.add(p.type));
  const known = new Set(parts);
  const strays = unique.filter((p) => !known.has(p.type));
  const missing = parts.filter((t) => !seen.has(t));
  const [stray] = strays;
  const [part] = missing;
  if (strays.length !== 1 || missing.length !== 1 || stray === undefined || part === undefined) {
    return unique;
  }
  return unique.map((p) => (p === stray ? { type: part, node: p.node } : p));
}

/** `parts` (a union's members without `undefined`) in written order when the syntax shows it. */
export function orderedParts(
  checker: ts.TypeChecker,
  whole: ts.Type,
  parts: readonly ts.Type[],
  node: ts.TypeNode | undefined,
): UnionPart[] {
  return orderedWrittenParts(checker, whole, parts, writtenAt(node));
}

/** {@link orderedParts} of a union written inside a generic declaration, with its arguments. */
export function orderedWrittenParts(
  checker: ts.TypeChecker,
  whole: ts.Type,
  parts: readonly ts.Type[],
  node: Written | undefined,
): UnionPart[] {
  const syntax = node ?? writtenAt(aliasNode(whole));
  if (syntax !== undefined) {
    const found: UnionPart[] = [];
    written(checker, syntax, 0, found);
    const unique = matched(found, parts);
    if (
      sameMembers(
        unique.map((p) => p.type),
        parts,
      )
    )
      return unique;
  }
  return parts.map((type) => ({ type, node: undefined }));
}
