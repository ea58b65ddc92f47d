/**
 * Type arguments as the user wrote them, followed through generic declarations. The checker
 * erases an alias of a primitive when it is a type argument: to it `Tree<Int>` is `Tree<number>`
 * and `Envelope<Name>` (`@minLength 1` on `type Name = string`) is `Envelope<string>`. So the
 * shapes read the written argument wherever a generic declaration names its type parameter
 * (`value: T`, `items: T[]`, `children: Tree<T>[]`), and the alias's constraints hold there too.
 */
import { ts } from 'ts-morph';
import { type Instantiation, instantiationOf } from './named-decl.js';
import type { Scope } from './scope.js';
import { symbolOfName } from './symbols.js';
import { partsOf, sameMembers, withoutUndefinedNode } from './type-syntax.js';

/** A type as written, with what the type parameters it may name stand for. */
export interface Written {
  readonly node: ts.TypeNode;
  readonly args: Arguments;
}

/** What one type parameter stands for: the argument written for it, and the checker's type of it. */
export interface Argument {
  readonly written: Written;
  readonly type: ts.Type;
}

/** The type parameters of one instantiation (by symbol) and their arguments. */
export type Arguments = ReadonlyMap<ts.Symbol, Argument>;

/** No type parameter bound: a type written outside the generic declarations being read. */
export const NO_ARGUMENTS: Arguments = new Map();

/** `node` written where no type parameter is bound. */
export function writtenAt(node: ts.TypeNode | undefined): Written | undefined {
  return node === undefined ? undefined : { node, args: NO_ARGUMENTS };
}

/** A part of a written type (its element, a member), read with the same arguments. */
export function inside(w: Written | undefined, node: ts.TypeNode | undefined): Written | undefined {
  return w === undefined || node === undefined ? undefined : { node, args: w.args };
}

/** The argument a reference to a bound type parameter (`T`, `T | undefined`) stands for. */
export function argumentOf(checker: ts.TypeChecker, w: Written): Argument | undefined {
  const node = withoutUndefinedNode(w.node);
  if (node === undefined || !ts.isTypeReferenceNode(node) || node.typeArguments !== undefined) {
    return undefined;
  }
  const symbol = checker.getSymbolAtLocation(node.typeName);
  return symbol === undefined ? undefined : w.args.get(symbol);
}

/**
 * The written type `w` stands for, its bound type parameters followed to their arguments. With the
 * checker's `type` given, a parameter is followed only when its argument is of that type: the same
 * declaration met through another instantiation (a mapped type of it) keeps its own.
 */
export function follow(
  checker: ts.TypeChecker,
  w: Written | undefined,
  type?: ts.Type,
): Written | undefined {
  let at = w;
  // Each step goes out to where the argument was written, so this ends; the bound is a guard.
  for (let step = 0; at !== undefined && step < 32; step++) {
    const arg = argumentOf(checker, at);
    if (arg === undefined) return at;
    if (type !== undefined && !sameMembers(partsOf(type).parts, partsOf(arg.type).parts)) {
      return at;
    }
    at = arg.written;
  }
  return at;
}

/**
 * The written type arguments of `generic` when `w` is a reference to its declaration with them
 * (`Page<Int>` for `Page`), each read where it was written.
 */
export function writtenArguments(
  checker: ts.TypeChecker,
  w: Written | undefined,
  generic: Instantiation,
): (Written | undefined)[] | undefined {
  const node = withoutUndefinedNode(w?.node);
  if (w === undefined || node === undefined || !ts.isTypeReferenceNode(node)) return undefined;
  if (!symbolOfName(checker, node.typeName)?.declarations?.includes(generic.decl)) {
    return undefined;
  }
  return (node.typeArguments ?? []).map((n) => ({ node: n, args: w.args }));
}

/** The arguments of one instantiation, by type parameter and in order. */
export interface Bound {
  readonly args: Arguments;
  /** What was written for each type parameter, or its default (`B = A`); undefined when neither. */
  readonly written: readonly (Written | undefined)[];
}

/**
 * The arguments of one instantiation: each type parameter of its declaration bound to what was
 * written for it, or to its default, read inside the declaration with these arguments.
 */
export function bind(
  checker: ts.TypeChecker,
  generic: Instantiation,
  written: readonly (Written | undefined)[] | undefined,
): Bound {
  const args = new Map<ts.Symbol, Argument>();
  const all = (generic.decl.typeParameters ?? []).map((parameter, i) => {
    const symbol = checker.getSymbolAtLocation(parameter.name);
    const type = generic.args[i];
    const own = written?.[i];
    const given =
      own ?? (parameter.default === undefined ? undefined : { node: parameter.default, args });
    if (symbol !== undefined && type !== undefined && given !== undefined) {
      args.set(symbol, { written: given, type });
    }
    return given;
  });
  return { args, written: all };
}

/**
 * `args` with the arguments an interface or class gives the generics it extends
 * (`interface Scores extends Page<Int>`), whose members it inherits as they were declared.
 */
export function inherited(scope: Scope, type: ts.Type, args: Arguments): Arguments {
  const { checker } = scope;
  const decls = type.getSymbol()?.declarations ?? [];
  let out: Map<ts.Symbol, Argument> | undefined;
  for (const decl of decls) {
    if (!ts.isInterfaceDeclaration(decl) && !ts.isClassDeclaration(decl)) continue;
    for (const clause of decl.heritageClauses ?? []) {
      for (const base of clause.types) {
        const generic = instantiationOf(scope, checker.getTypeAtLocation(base));
        if (generic === undefined || base.typeArguments === undefined) continue;
        if (!symbolOfName(checker, base.expression)?.declarations?.includes(generic.decl)) continue;
        const written = base.typeArguments.map((node) => ({ node, args }));
        // Inside a generic (`interface B<U> extends Page<U>`) the checker's argument is `U` itself:
        // the type is the one `U` stands for.
        const types = generic.args.map((t, i) => {
          const own = written[i];
          return (own === undefined ? undefined : argumentOf(checker, own)?.type) ?? t;
        });
        out ??= new Map(args);
        const bound = bind(checker, { decl: generic.decl, args: types }, written);
        for (const [symbol, arg] of bound.args) out.set(symbol, arg);
      }
    }
  }
  return out ?? args;
}
