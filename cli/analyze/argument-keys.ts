/**
 * The ids and names of generic instantiations (`examples/app/page#Page<…#User>`, `Page<User>`). A
 * type argument is keyed by what was written when that says more than its type: `Tree<Int>` is
 * `…#Tree<fw#Int>` beside `…#Tree<number>`, `Envelope<Name>` is `…#Envelope<…#Name>`, so each is
 * a type of its own with its own checker and schema.
 */
import { ts } from 'ts-morph';
import { type ConstraintTag, constraintTags } from './constraints.js';
import { moduleId } from './location.js';
import { elementNode } from './member-syntax.js';
import {
  type Instantiation,
  instantiationOf,
  isPackageFile,
  type NameableDeclaration,
  namedDeclOf,
} from './named-decl.js';
import { packageModuleId, packageOf } from './package-of.js';
import type { Scope } from './scope.js';
import { symbolOfName } from './symbols.js';
import {
  type Bound,
  bind,
  follow,
  inside,
  type Written,
  writtenArguments,
} from './type-arguments.js';
import { type TypeKey, typeKey } from './type-key.js';
import { partsOf, typeText, withoutUndefinedNode } from './type-syntax.js';
import { orderedWrittenParts } from './union-order.js';

/** What fw/validate's `Int` means. */
const INTEGER: ConstraintTag = { name: 'integer', text: '' };

/** An alias whose name carries constraints, with its tags and its key as a type argument. */
export interface ConstrainedAlias {
  readonly alias: ts.TypeAliasDeclaration;
  readonly tags: readonly ConstraintTag[];
  readonly key: TypeKey;
}

/**
 * The alias with constraints that `node` names: fw's `Int` (`fw#Int`), or an alias of the project
 * or of a package with constraint tags (`/** @minLength 1 *\/ type Name = string`).
 */
export function constrainedAlias(
  scope: Scope,
  node: ts.TypeNode | undefined,
): ConstrainedAlias | undefined {
  const written = withoutUndefinedNode(node);
  if (written === undefined || !ts.isTypeReferenceNode(written)) return undefined;
  const symbol = symbolOfName(scope.checker, written.typeName);
  const alias = symbol?.declarations?.find(ts.isTypeAliasDeclaration);
  if (alias === undefined) return undefined;
  const name = alias.name.text;
  const file = alias.getSourceFile();
  if (scope.fw.owns(file.fileName)) {
    return name === 'Int' ? { alias, tags: [INTEGER], key: { id: 'fw#Int', name } } : undefined;
  }
  if (!scope.isProjectFile(file) && !isPackageFile(scope, file)) return undefined;
  const tags = constraintTags(alias);
  const key = { id: `${homeId(scope, file)}#${name}`, name };
  return tags.length === 0 ? undefined : { alias, tags, key };
}

/** The key of an instantiation and of each of its arguments. */
export interface InstanceKey extends TypeKey {
  readonly args: readonly TypeKey[];
}

/** Keys type arguments; `named` gives a named declaration's id (and builds its type). */
export class ArgumentKeys {
  readonly #scope: Scope;
  readonly #named: (decl: NameableDeclaration) => string;

  constructor(scope: Scope, named: (decl: NameableDeclaration) => string) {
    this.#scope = scope;
    this.#named = named;
  }

  /** The id and name (`Page<Int>`) of an instantiation with its arguments `bound`. */
  instance({ decl, args }: Instantiation, bound: Bound): InstanceKey {
    const { written } = bound;
    const keys = args.map((arg, i) => this.#written(arg, written[i]) ?? this.#byType(arg));
    const list = (of: (k: TypeKey) => string) => `<${keys.map(of).join(', ')}>`;
    const home = homeId(this.#scope, decl.getSourceFile());
    const base = decl.name.text;
    return {
      id: `${home}#${base}${list((k) => k.id)}`,
      name: base + list((k) => k.name),
      args: keys,
    };
  }

  /**
   * The key of a type argument as written, when it says more than its type: an alias with
   * constraints, or an array, union or instantiation with one inside.
   */
  #written(type: ts.Type, written: Written | undefined): TypeKey | undefined {
    const { checker } = this.#scope;
    const w = follow(checker, written, type);
    const alias = w === undefined ? undefined : constrainedAlias(this.#scope, w.node);
    if (w === undefined || alias !== undefined) return alias?.key;
    const { parts } = partsOf(type);
    const [only] = parts;
    if (parts.length > 1) {
      const members = orderedWrittenParts(checker, type, parts, w);
      const found = members.map((p) => this.#written(p.type, p.node));
      if (found.every((k) => k === undefined)) return undefined;
      const keys = members.map((p, i) => found[i] ?? this.#byType(p.type));
      return { id: keys.map((k) => k.id).join(' | '), name: keys.map((k) => k.name).join(' | ') };
    }
    if (only !== undefined && checker.isArrayType(only)) {
      const [element] = checker.getTypeArguments(only as ts.TypeReference);
      const key = element && this.#written(element, inside(w, elementNode(w.node)));
      return key && { id: `lib#Array<${key.id}>`, name: `Array<${key.name}>` };
    }
    const generic = only === undefined ? undefined : instantiationOf(this.#scope, only);
    if (generic === undefined) return undefined;
    const bound = bind(checker, generic, writtenArguments(checker, w, generic));
    const says = generic.args.some((a, i) => this.#written(a, bound.written[i]) !== undefined);
    return says ? this.instance(generic, bound) : undefined;
  }

  /** A type argument's key by its type: a named type's own id, else its key or its text. */
  #byType(arg: ts.Type): TypeKey {
    const decl = namedDeclOf(this.#scope, arg, partsOf(arg).parts, undefined);
    if (decl !== undefined) return { id: this.#named(decl), name: decl.name.text };
    const key = typeKey(this.#scope, arg);
    const text = typeText(this.#scope.checker, arg);
    return key ?? { id: text, name: text };
  }
}

/**
 * The module part of a named type's id: the project module (`src/dto`), or the package and its
 * module (`@acme/types/index`) for a type declared in a package.
 */
export function homeId(scope: Scope, file: ts.SourceFile): string {
  const home = scope.isProjectFile(file) ? undefined : packageOf(file.fileName);
  return home === undefined
    ? moduleId(scope.root, file.fileName)
    : packageModuleId(home, file.fileName);
}
