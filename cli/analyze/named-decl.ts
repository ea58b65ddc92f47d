/**
 * Which types have a name of their own in the model: a top-level, non-generic interface, class or
 * type alias declared in a project file. Such a type becomes a {@link NamedType} and is referred to
 * by id (`{ kind: 'ref' }`), which is also how recursion is written.
 */
import { ts } from 'ts-morph';
import { packageOf } from './package-of.js';
import type { Scope } from './scope.js';
import { symbolOfName } from './symbols.js';
import { isObjectLike, partsOf, sameMembers, withoutUndefinedNode } from './type-syntax.js';

/** A declaration that can name a body type. */
export type NameableDeclaration = (
  | ts.InterfaceDeclaration
  | ts.ClassDeclaration
  | ts.TypeAliasDeclaration
) & { readonly name: ts.Identifier };

/** Whether a declaration is an interface, a class or a type alias. */
export function isTypeDeclaration(
  node: ts.Node,
): node is ts.InterfaceDeclaration | ts.ClassDeclaration | ts.TypeAliasDeclaration {
  return (
    ts.isInterfaceDeclaration(node) ||
    ts.isClassDeclaration(node) ||
    ts.isTypeAliasDeclaration(node)
  );
}

/** The type a declaration declares: the instance type of a class, the aliased type of an alias. */
export function declaredTypeOf(checker: ts.TypeChecker, decl: NameableDeclaration): ts.Type {
  const symbol = checker.getSymbolAtLocation(decl.name);
  return symbol === undefined
    ? checker.getTypeAtLocation(decl)
    : checker.getDeclaredTypeOfSymbol(symbol);
}

/**
 * The declaration when it can be named: top level, no type parameters, in a project file, or an
 * interface or type alias of a package (npm or workspace) that is not TypeScript's, fw's or `@types`.
 */
export function nameable(scope: Scope, decl: ts.Node | undefined): NameableDeclaration | undefined {
  return ownDeclaration(scope, decl, false);
}

/** A top-level declaration of the project or a package, generic or not as `generic` says. */
function ownDeclaration(
  scope: Scope,
  decl: ts.Node | undefined,
  generic: boolean,
): NameableDeclaration | undefined {
  if (decl === undefined || !isTypeDeclaration(decl) || decl.name === undefined) return undefined;
  if (!ts.isSourceFile(decl.parent) || (decl.typeParameters !== undefined) !== generic) {
    return undefined;
  }
  const file = decl.getSourceFile();
  if (scope.isProjectFile(file)) return decl as NameableDeclaration;
  const data = ts.isInterfaceDeclaration(decl) || ts.isTypeAliasDeclaration(decl);
  return data && isPackageFile(scope, file) ? (decl as NameableDeclaration) : undefined;
}

/** Whether a file outside the project is one of a package's own (not TypeScript's, fw's, `@types`). */
export function isPackageFile(scope: Scope, file: ts.SourceFile): boolean {
  if (scope.isProjectFile(file) || scope.isDefaultLibrary(file)) return false;
  if (scope.fw.owns(file.fileName) || file.fileName.includes('/node_modules/@types/')) return false;
  return packageOf(file.fileName) !== undefined;
}

/** Interfaces and classes always get a name; an alias only when it stands for an object type. */
function worthNaming(scope: Scope, decl: NameableDeclaration): boolean {
  return (
    !ts.isTypeAliasDeclaration(decl) ||
    isObjectLike(scope.checker, declaredTypeOf(scope.checker, decl))
  );
}

function fromSymbol(scope: Scope, symbol: ts.Symbol | undefined): NameableDeclaration | undefined {
  const decl = nameable(scope, symbol?.declarations?.find(isTypeDeclaration));
  return decl !== undefined && worthNaming(scope, decl) ? decl : undefined;
}

/**
 * The named declaration that a type (given as its members without `undefined`) stands for: from
 * the annotation when it names one and means the same type (an alias of `Partial<X>` keeps its
 * own name this way), else from the type's alias or class/interface symbol.
 */
export function namedDeclOf(
  scope: Scope,
  whole: ts.Type,
  parts: readonly ts.Type[],
  node: ts.TypeNode | undefined,
): NameableDeclaration | undefined {
  const written = withoutUndefinedNode(node);
  if (
    written !== undefined &&
    ts.isTypeReferenceNode(written) &&
    written.typeArguments === undefined
  ) {
    const decl = fromSymbol(scope, symbolOfName(scope.checker, written.typeName));
    if (decl !== undefined) {
      const declared = partsOf(declaredTypeOf(scope.checker, decl)).parts;
      if (sameMembers(declared, parts)) return decl;
    }
  }
  const only = parts.length === 1 ? parts[0] : undefined;
  const candidates =
    only === undefined
      ? [whole.aliasTypeArguments === undefined ? whole.aliasSymbol : undefined]
      : [
          only.aliasTypeArguments === undefined ? only.aliasSymbol : undefined,
          only.getSymbol() !== undefined &&
          only.getSymbol()!.flags & (ts.SymbolFlags.Class | ts.SymbolFlags.Interface)
            ? only.getSymbol()
            : undefined,
        ];
  for (const symbol of candidates) {
    const decl = fromSymbol(scope, symbol);
    if (
      decl !== undefined &&
      sameMembers(partsOf(declaredTypeOf(scope.checker, decl)).parts, parts)
    ) {
      return decl;
    }
  }
  return undefined;
}

/** One instantiation of a generic project type: `Page<User>` is `Page` with `[User]`. */
export interface Instantiation {
  readonly decl: NameableDeclaration;
  readonly args: readonly ts.Type[];
}

/**
 * The generic project declaration `type` instantiates, with its type arguments: a generic alias
 * of an object type (`type Page<T> = { … }`), interface or class. Each instantiation is a named
 * type of its own, which is also how a recursive generic (`Tree<T>` holding `Tree<T>[]`) is written.
 */
export function instantiationOf(scope: Scope, type: ts.Type): Instantiation | undefined {
  const { checker } = scope;
  const aliasArgs = type.aliasTypeArguments;
  if (type.aliasSymbol !== undefined && aliasArgs !== undefined && aliasArgs.length > 0) {
    const decl = genericDecl(scope, type.aliasSymbol);
    if (decl !== undefined && isObjectLike(checker, type)) return { decl, args: aliasArgs };
    return undefined;
  }
  const isReference =
    type.flags & ts.TypeFlags.Object &&
    (type as ts.ObjectType).objectFlags & ts.ObjectFlags.Reference;
  const symbol = type.getSymbol();
  if (!isReference || symbol === undefined) return undefined;
  if ((symbol.flags & (ts.SymbolFlags.Class | ts.SymbolFlags.Interface)) === 0) return undefined;
  const decl = genericDecl(scope, symbol);
  if (decl === undefined || ts.isTypeAliasDeclaration(decl)) return undefined;
  // A class or interface reference also carries its `this` type after the declared parameters.
  const count = decl.typeParameters?.length ?? 0;
  const args = checker.getTypeArguments(type as ts.TypeReference).slice(0, count);
  return args.length === count ? { decl, args } : undefined;
}

function genericDecl(scope: Scope, symbol: ts.Symbol): NameableDeclaration | undefined {
  return ownDeclaration(scope, symbol.declarations?.find(isTypeDeclaration), true);
}
