/**
 * What the written declarations of a body type's members say, as the shapes read them: whether a
 * member is hidden, readonly or class behaviour, and the written type of an element.
 */
import { ts } from 'ts-morph';

/** A `readonly` property (or parameter property). */
export function isReadonly(decl: ts.Declaration): boolean {
  return (ts.getCombinedModifierFlags(decl) & ts.ModifierFlags.Readonly) !== 0;
}

export function isHiddenMember(decl: ts.Declaration): boolean {
  if (!ts.isClassElement(decl) && !ts.isParameter(decl)) return false;
  const named = decl.name;
  if (named !== undefined && ts.isPrivateIdentifier(named)) return true;
  return (
    (ts.getCombinedModifierFlags(decl) &
      (ts.ModifierFlags.Private | ts.ModifierFlags.Protected)) !==
    0
  );
}

export function isClassBehaviour(decl: ts.Declaration): boolean {
  const member =
    ts.isMethodDeclaration(decl) ||
    ts.isGetAccessorDeclaration(decl) ||
    ts.isSetAccessorDeclaration(decl);
  return member && ts.isClassLike(decl.parent);
}

export function hasTypeNode(
  decl: ts.Declaration,
): decl is ts.PropertySignature | ts.PropertyDeclaration | ts.ParameterDeclaration {
  return ts.isPropertySignature(decl) || ts.isPropertyDeclaration(decl) || ts.isParameter(decl);
}

export function elementNode(node: ts.TypeNode | undefined): ts.TypeNode | undefined {
  if (node === undefined) return undefined;
  if (ts.isParenthesizedTypeNode(node) || ts.isTypeOperatorNode(node))
    return elementNode(node.type);
  if (ts.isArrayTypeNode(node)) return node.elementType;
  if (ts.isTypeReferenceNode(node) && node.typeArguments?.length === 1)
    return node.typeArguments[0];
  return undefined;
}

/** The written type of each element of a tuple: `T` of `T?`, `T[]` of `...T[]`. */
export function tupleNodes(node: ts.TypeNode | undefined): readonly ts.TypeNode[] | undefined {
  if (node === undefined) return undefined;
  if (ts.isParenthesizedTypeNode(node) || ts.isTypeOperatorNode(node)) return tupleNodes(node.type);
  if (!ts.isTupleTypeNode(node)) return undefined;
  return node.elements.map((e) => {
    const element = ts.isNamedTupleMember(e) ? e.type : e;
    if (ts.isOptionalTypeNode(element) || ts.isRestTypeNode(element)) return element.type;
    return element;
  });
}
