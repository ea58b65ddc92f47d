/**
 * The members of a union in the order they were written. The checker orders union members by
 * internal type ids, which depend on what was checked before; the annotation (or the alias the
 * union came from) gives an order that depends only on the source.
 */
import { ts } from 'ts-morph';
import { symbolOfName } from './symbols.js';
import { isUndefined, sameMembers } from './type-syntax.js';

/** A union member, with the syntax it was written as when known. */
export interface UnionPart {
  readonly type: ts.Type;
  readonly node: ts.TypeNode | undefined;
}

function written(
  checker: ts.TypeChecker,
  node: ts.TypeNode,
  depth: number,
  out: UnionPart[],
): void {
  const n = ts.isParenthesizedTypeNode(node) ? node.type : node;
  const alias =
    depth < 8 && ts.isTypeReferenceNode(n) && n.typeArguments === undefined
      ? symbolOfName(checker, n.typeName)?.declarations?.find(ts.isTypeAliasDeclaration)
      : undefined;
  if (ts.isUnionTypeNode(n)) {
    for (const member of n.types) written(checker, member, depth, out);
  } else if (
    alias?.typeParameters === undefined &&
    alias !== undefined &&
    ts.isUnionTypeNode(alias.type)
  ) {
    written(checker, alias.type, depth + 1, out);
  } else if (ts.isParenthesizedTypeNode(n)) {
    written(checker, n, depth, out);
  } else {
    const type = checker.getTypeFromTypeNode(n);
    if (type.isUnion())
      for (const member of type.types) out.push({ type: member, node: undefined });
    else out.push({ type, node: n });
  }
}

function aliasNode(type: ts.Type): ts.TypeNode | undefined {
  const alias = type.aliasSymbol?.declarations?.find(ts.isTypeAliasDeclaration);
  return alias !== undefined && alias.typeParameters === undefined ? alias.type : undefined;
}

/** `parts` (a union's members without `undefined`) in written order when the syntax shows it. */
export function orderedParts(
  checker: ts.TypeChecker,
  whole: ts.Type,
  parts: readonly ts.Type[],
  node: ts.TypeNode | undefined,
): UnionPart[] {
  const syntax = node ?? aliasNode(whole);
  if (syntax !== undefined) {
    const found: UnionPart[] = [];
    written(checker, syntax, 0, found);
    const seen = new Set<ts.Type>();
    const unique = found.filter(
      (p) => !isUndefined(p.type) && !seen.has(p.type) && seen.add(p.type),
    );
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
