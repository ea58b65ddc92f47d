/**
 * Types to {@link Shape}s, through the type checker rather than the syntax, so interfaces, aliases,
 * classes, `extends`, intersections, mapped types (`Partial`, `Pick`, `Omit`, `Readonly`),
 * instantiated generics and enums all come out as the JSON they describe. Named project types
 * become {@link NamedType}s referred to by id; anything JSON cannot carry is FW0301.
 */
import { ts } from 'ts-morph';
import type { NamedType, PropertyShape, Shape, SourceLocation } from '../ir.js';
import { ArgumentKeys, constrainedAlias, homeId } from './argument-keys.js';
import { type ConstraintTag, constrain, constraintTags } from './constraints.js';
import { docOf } from './jsdoc.js';
import {
  elementNode,
  hasTypeNode,
  isClassBehaviour,
  isHiddenMember,
  isReadonly,
  tupleNodes,
} from './member-syntax.js';
import {
  declaredTypeOf,
  type Instantiation,
  instantiationOf,
  isPackageFile,
  type NameableDeclaration,
  namedDeclOf,
} from './named-decl.js';
import type { Scope } from './scope.js';
import {
  type Arguments,
  bind,
  follow,
  inherited,
  inside,
  NO_ARGUMENTS,
  type Written,
  writtenArguments,
  writtenAt,
} from './type-arguments.js';
import { isBooleanPair, partsOf, typeText } from './type-syntax.js';
import { orderedWrittenParts } from './union-order.js';
import {
  MIXED_INDEX,
  NON_STRING_KEYS,
  RECURSIVE,
  TOO_DEEP,
  UNDEFINED,
  UNDEFINED_ELEMENT,
  type Unsupported,
  unsupported,
  unsupportedMessage,
} from './unsupported.js';

/**
 * Where in a body type the walk is: the property path for messages and the place to report, and
 * the type arguments of the generic declaration whose members are read.
 */
interface Site {
  readonly path: string;
  readonly at: SourceLocation;
  readonly depth: number;
  readonly args: Arguments;
}

const UNKNOWN: Shape = { kind: 'unknown' };
const MAX_DEPTH = 40;

/** Builds shapes and collects the named types they refer to; one per analysis run. */
export class Shapes {
  readonly #scope: Scope;
  readonly #named = new Map<string, NamedType | null>();
  readonly #inline = new Set<ts.Type>();
  /** Aliases whose constraint tags were read, to report their problems once. */
  readonly #aliases = new Set<ts.TypeAliasDeclaration>();
  readonly #keys: ArgumentKeys;

  constructor(scope: Scope) {
    this.#scope = scope;
    this.#keys = new ArgumentKeys(scope, (decl) => this.named(decl));
  }

  /** The id of a named declaration (`examples/app/users#CreateUser`); builds its shape once. */
  named(decl: NameableDeclaration): string {
    const name = decl.name.text;
    const id = `${homeId(this.#scope, decl.getSourceFile())}#${name}`;
    if (this.#named.has(id)) return id;
    this.#named.set(id, null);
    const at = this.#scope.locate(decl);
    const type = declaredTypeOf(this.#scope.checker, decl);
    const node = writtenAt(ts.isTypeAliasDeclaration(decl) ? decl.type : undefined);
    const site = { path: name, at, depth: 0, args: NO_ARGUMENTS };
    const whole = this.#shape(type, site, node, false, true);
    const tags = ts.isTypeAliasDeclaration(decl) ? constraintTags(decl) : [];
    const shape = this.#constrain(whole, tags, name, at);
    const doc = docOf(decl);
    this.#named.set(id, { id, name, at, shape, ...(doc === undefined ? {} : { doc }) });
    return id;
  }

  /**
   * The id of one instantiation of a generic project type (`examples/app/page#Page<…#User>`, named
   * `Page_User` in generated code and documents); builds its shape, with the arguments put in, once.
   * `written` is the reference as written (`Tree<Int>`): an argument that is an alias with
   * constraints makes an instantiation of its own (`…#Tree<fw#Int>`, `Tree_Int`), checked by them.
   */
  instance(generic: Instantiation, type: ts.Type, written?: Written): string {
    const { decl } = generic;
    const { checker } = this.#scope;
    const bound = bind(checker, generic, writtenArguments(checker, written, generic));
    const { id, name: path, args } = this.#keys.instance(generic, bound);
    if (this.#named.has(id)) return id;
    this.#named.set(id, null);
    const name = [decl.name.text, ...args.map((k) => identifierPart(k.name))].join('_');
    const at = this.#scope.locate(decl);
    const site = { path, at, depth: 0, args: bound.args };
    const whole = this.#shape(type, site, undefined, false, true);
    const tags = ts.isTypeAliasDeclaration(decl) ? constraintTags(decl) : [];
    const shape = this.#constrain(whole, tags, path, at);
    const doc = docOf(decl);
    this.#named.set(id, { id, name, at, shape, ...(doc === undefined ? {} : { doc }) });
    return id;
  }

  /**
   * The shape of `type` where a value of it is found: a reference when it is a named project type,
   * else its structure. `path` names it in messages.
   */
  shapeOf(type: ts.Type, at: SourceLocation, path: string, node?: ts.TypeNode): Shape {
    return this.#shape(type, { path, at, depth: 0, args: NO_ARGUMENTS }, writtenAt(node), false);
  }

  /** Every named type met so far, sorted by id. */
  types(): NamedType[] {
    return [...this.#named.values()]
      .filter((t): t is NamedType => t !== null)
      .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  }

  #bad(site: Site, type: ts.Type, why: Unsupported): Shape {
    const text = typeText(this.#scope.checker, type);
    this.#scope.report('FW0301', site.at, unsupportedMessage(site.path, text, why));
    return UNKNOWN;
  }

  /**
   * The shape of `type`, written as `written` when known: a type parameter of the generic being
   * read is followed to the argument written for it, read with the arguments of where it was written.
   */
  #shape(
    type: ts.Type,
    at: Site,
    written: Written | undefined,
    optional: boolean,
    root = false,
  ): Shape {
    const node = follow(this.#scope.checker, written, type);
    const site = node === undefined ? at : { ...at, args: node.args };
    if (site.depth > MAX_DEPTH) return this.#bad(site, type, TOO_DEEP);
    const { parts, undefinedToo } = partsOf(type);
    if (parts.length === 0 || (undefinedToo && !optional)) {
      return this.#bad(site, type, site.path.endsWith(']') ? UNDEFINED_ELEMENT : UNDEFINED);
    }
    const [only] = parts;
    const generic =
      parts.length === 1 && only !== undefined ? instantiationOf(this.#scope, only) : undefined;
    if (!root) {
      const decl = namedDeclOf(this.#scope, type, parts, node?.node);
      if (decl !== undefined) return { kind: 'ref', id: this.named(decl) };
      if (generic !== undefined)
        return { kind: 'ref', id: this.instance(generic, only as ts.Type, node) };
    }
    if (isBooleanPair(parts)) return { kind: 'boolean' };
    // A named alias of an instantiation (`type IntTree = Tree<Int>`) reads it with its arguments.
    const args = generic && writtenArguments(this.#scope.checker, node, generic);
    const own =
      generic === undefined || args === undefined
        ? site
        : { ...site, args: bind(this.#scope.checker, generic, args).args };
    const shape =
      parts.length === 1 && only !== undefined
        ? this.#single(only, own, node)
        : this.#union(type, parts, site, node);
    return root ? shape : this.#aliasConstraints(shape, node?.node);
  }

  /** `shape` with the constraints of `tags`, problems reported at `at`. */
  #constrain(shape: Shape, tags: readonly ConstraintTag[], path: string, at: SourceLocation) {
    if (tags.length === 0) return shape;
    return constrain(shape, tags, path, (code, message) => this.#scope.report(code, at, message));
  }

  /**
   * The constraints of the alias `node` names, the project's or a package's (`Name` for
   * `type Name = string` with `@minLength 1`) or fw's `Int`: an alias of a string, number or array
   * has no named type to hold them.
   */
  #aliasConstraints(shape: Shape, node: ts.TypeNode | undefined): Shape {
    const found = constrainedAlias(this.#scope, node);
    if (found === undefined) return shape;
    const { alias, tags } = found;
    // fw's own alias (`Int`) has nothing to report.
    if (this.#scope.fw.owns(alias.getSourceFile().fileName)) {
      return constrain(shape, tags, alias.name.text, () => undefined);
    }
    const first = !this.#aliases.has(alias);
    this.#aliases.add(alias);
    const report = (code: Parameters<Scope['report']>[0], message: string): void => {
      if (first) this.#scope.report(code, this.#scope.locate(alias), message);
    };
    return constrain(shape, tags, alias.name.text, report);
  }

  #union(whole: ts.Type, parts: readonly ts.Type[], site: Site, node: Written | undefined): Shape {
    const members: Shape[] = [];
    const seen = new Set<string>();
    const booleans = parts.filter((t) => t.flags & ts.TypeFlags.BooleanLiteral).length === 2;
    for (const part of orderedWrittenParts(this.#scope.checker, whole, parts, node)) {
      const shape: Shape =
        booleans && part.type.flags & ts.TypeFlags.BooleanLiteral
          ? { kind: 'boolean' }
          : this.#shape(part.type, site, part.node, false);
      const key = JSON.stringify(shape);
      if (!seen.has(key)) members.push(shape);
      seen.add(key);
    }
    const [first] = members;
    return members.length === 1 && first !== undefined ? first : { kind: 'union', members };
  }

  #single(type: ts.Type, site: Site, node: Written | undefined): Shape {
    const { checker } = this.#scope;
    const f = type.flags;
    if (f & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) return UNKNOWN;
    if (f & ts.TypeFlags.String) return { kind: 'string' };
    if (f & (ts.TypeFlags.Number | ts.TypeFlags.Enum)) return { kind: 'number' };
    if (f & ts.TypeFlags.Boolean) return { kind: 'boolean' };
    if (f & ts.TypeFlags.BigInt) return { kind: 'bigint' };
    if (f & ts.TypeFlags.Null) return { kind: 'null' };
    if (f & ts.TypeFlags.BooleanLiteral)
      return { kind: 'literal', value: typeText(checker, type) === 'true' };
    if (type.isStringLiteral() || type.isNumberLiteral())
      return { kind: 'literal', value: type.value };
    if (this.#scope.fw.isDate(type)) return { kind: 'date' };
    const next = (suffix: string): Site => ({
      ...site,
      path: site.path + suffix,
      depth: site.depth + 1,
    });
    if (checker.isArrayType(type)) {
      const [element] = checker.getTypeArguments(type as ts.TypeReference);
      if (element === undefined) return UNKNOWN;
      const written = inside(node, elementNode(node?.node));
      return { kind: 'array', element: this.#shape(element, next('[]'), written, false) };
    }
    if (checker.isTupleType(type))
      return this.#tuple(type as ts.TupleTypeReference, site, node, next);
    const why = unsupported(this.#scope, type);
    if (why !== undefined) return this.#bad(site, type, why);
    return this.#object(type, site, next);
  }

  #tuple(
    type: ts.TupleTypeReference,
    site: Site,
    node: Written | undefined,
    next: (suffix: string) => Site,
  ): Shape {
    const flags = type.target.elementFlags;
    const variadic = flags.findIndex((f) => (f & ts.ElementFlags.Variable) !== 0);
    if (variadic !== -1 && variadic !== flags.length - 1) {
      return this.#bad(site, type, [
        'a rest element before other elements cannot be checked',
        'put the rest element last, or use an array',
      ]);
    }
    const written = tupleNodes(node?.node)?.map((n) => inside(node, n));
    const types = this.#scope.checker.getTypeArguments(type).slice(0, flags.length);
    const shapes = types.map((t, i) => {
      const rest = i === variadic;
      const at = next(rest ? '[...]' : `[${i}]`);
      const optional = (flags[i] ?? 0) & ts.ElementFlags.Optional;
      const own = written?.[i];
      const element = rest ? inside(own, elementNode(own?.node)) : own;
      return this.#shape(t, at, element, optional !== 0);
    });
    const rest = variadic === -1 ? undefined : shapes.pop();
    const required = flags.filter((f) => (f & ts.ElementFlags.Required) !== 0).length;
    return {
      kind: 'tuple',
      elements: shapes,
      ...(required < shapes.length ? { required } : {}),
      ...(rest === undefined ? {} : { rest }),
    };
  }

  #object(type: ts.Type, at: Site, next: (suffix: string) => Site): Shape {
    const { checker } = this.#scope;
    const site = { ...at, args: inherited(this.#scope, type, at.args) };
    const props = checker.getPropertiesOfType(type);
    const indexes = checker.getIndexInfosOfType(type);
    if (indexes.some((i) => (i.keyType.flags & ts.TypeFlags.String) === 0)) {
      return this.#bad(site, type, NON_STRING_KEYS);
    }
    const [index] = indexes;
    if (index !== undefined) {
      if (props.length > 0) return this.#bad(site, type, MIXED_INDEX);
      return {
        kind: 'record',
        value: this.#shape(
          index.type,
          next('[key]'),
          writtenIn(site, index.declaration?.type),
          false,
        ),
      };
    }
    if (this.#inline.has(type)) return this.#bad(site, type, RECURSIVE);
    this.#inline.add(type);
    try {
      const properties = props.flatMap((p) => this.#property(p, site, next));
      const partial = props.some((p) => {
        const decl = p.valueDeclaration ?? p.declarations?.[0];
        return decl !== undefined && isClassBehaviour(decl);
      });
      return { kind: 'object', properties, ...(partial ? { partial } : {}) };
    } finally {
      this.#inline.delete(type);
    }
  }

  #property(prop: ts.Symbol, site: Site, next: (suffix: string) => Site): PropertyShape[] {
    const scope = this.#scope;
    const decl = prop.valueDeclaration ?? prop.declarations?.[0];
    if (decl !== undefined && isHiddenMember(decl)) return [];
    const name = prop.getName();
    const inProject = decl !== undefined && scope.isProjectFile(decl.getSourceFile());
    const at = inProject ? scope.locate(decl) : site.at;
    if (inProject && isClassBehaviour(decl)) {
      const kind = ts.isMethodDeclaration(decl) ? 'method' : 'accessor';
      const owner = (decl.parent as ts.ClassDeclaration).name?.text ?? '(anonymous class)';
      scope.report(
        'FW0302',
        at,
        `class ${owner} has ${kind} '${name}'; a JSON body is a plain object; use an interface`,
      );
      return [];
    }
    const type = scope.checker.getTypeOfSymbol(prop);
    const optional = (prop.flags & ts.SymbolFlags.Optional) !== 0 || partsOf(type).undefinedToo;
    const node = decl !== undefined && hasTypeNode(decl) ? decl.type : undefined;
    const inner = { ...next(`.${name}`), at };
    // A package's own declarations carry their JSDoc too; TypeScript's and fw's do not count.
    const documented =
      inProject || (decl !== undefined && isPackageFile(scope, decl.getSourceFile()));
    const tags = documented ? constraintTags(decl) : [];
    const written = writtenIn(site, node);
    const shape = this.#constrain(this.#shape(type, inner, written, true), tags, inner.path, at);
    const readonly = decl !== undefined && isReadonly(decl);
    const doc = decl === undefined || !documented ? undefined : docOf(decl);
    return [
      {
        name,
        optional,
        shape,
        ...(readonly ? { readonly } : {}),
        ...(doc === undefined ? {} : { doc }),
      },
    ];
  }
}

/** A member's written type, read with the type arguments of the declaration it is in. */
function writtenIn(site: Site, node: ts.TypeNode | undefined): Written | undefined {
  return node === undefined ? undefined : { node, args: site.args };
}

/** A type's name as part of an identifier: `Envelope<User>` is `Envelope_User`. */
function identifierPart(name: string): string {
  return name.replace(/[^\p{ID_Continue}$]+/gu, '_').replace(/^_+|_+$/g, '') || 'type';
}
