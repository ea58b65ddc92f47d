/**
 * Types to {@link Shape}s, through the type checker rather than the syntax, so interfaces, aliases,
 * classes, `extends`, intersections, mapped types (`Partial`, `Pick`, `Omit`, `Readonly`),
 * instantiated generics and enums all come out as the JSON they describe. Named project types
 * become {@link NamedType}s referred to by id; anything JSON cannot carry is FW0301.
 */
import { ts } from 'ts-morph';
import type { NamedType, PropertyShape, Shape, SourceLocation } from '../ir.js';
import { type ConstraintTag, constrain, constraintTags } from './constraints.js';
import { docOf } from './jsdoc.js';
import { moduleId } from './location.js';
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
import { packageModuleId, packageOf } from './package-of.js';
import type { Scope } from './scope.js';
import { symbolOfName } from './symbols.js';
import { typeKey } from './type-key.js';
import { isBooleanPair, partsOf, typeText, withoutUndefinedNode } from './type-syntax.js';
import { orderedParts } from './union-order.js';
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

/** Where in a body type the walk is: the property path for messages and the place to report. */
interface Site {
  readonly path: string;
  readonly at: SourceLocation;
  readonly depth: number;
}

const UNKNOWN: Shape = { kind: 'unknown' };
/** What fw/validate's `Int` means. */
const INTEGER: ConstraintTag = { name: 'integer', text: '' };
const MAX_DEPTH = 40;

/** Builds shapes and collects the named types they refer to; one per analysis run. */
export class Shapes {
  readonly #scope: Scope;
  readonly #named = new Map<string, NamedType | null>();
  readonly #inline = new Set<ts.Type>();
  /** Aliases whose constraint tags were read, to report their problems once. */
  readonly #aliases = new Map<ts.TypeAliasDeclaration, ConstraintTag[]>();

  constructor(scope: Scope) {
    this.#scope = scope;
  }

  /** The id of a named declaration (`examples/app/users#CreateUser`); builds its shape once. */
  named(decl: NameableDeclaration): string {
    const name = decl.name.text;
    const id = `${homeId(this.#scope, decl.getSourceFile())}#${name}`;
    if (this.#named.has(id)) return id;
    this.#named.set(id, null);
    const at = this.#scope.locate(decl);
    const type = declaredTypeOf(this.#scope.checker, decl);
    const node = ts.isTypeAliasDeclaration(decl) ? decl.type : undefined;
    const whole = this.#shape(type, { path: name, at, depth: 0 }, node, false, true);
    const tags = ts.isTypeAliasDeclaration(decl) ? constraintTags(decl) : [];
    const shape = this.#constrain(whole, tags, name, at);
    const doc = docOf(decl);
    this.#named.set(id, { id, name, at, shape, ...(doc === undefined ? {} : { doc }) });
    return id;
  }

  /**
   * The id of one instantiation of a generic project type (`examples/app/page#Page<…#User>`, named
   * `Page_User` in generated code and documents); builds its shape, with the arguments put in, once.
   */
  instance({ decl, args }: Instantiation, type: ts.Type): string {
    const keys = args.map((arg) => this.#argumentKey(arg));
    const base = decl.name.text;
    const home = homeId(this.#scope, decl.getSourceFile());
    const id = `${home}#${base}<${keys.map((k) => k.id).join(', ')}>`;
    if (this.#named.has(id)) return id;
    this.#named.set(id, null);
    const name = [base, ...keys.map((k) => identifierPart(k.name))].join('_');
    const at = this.#scope.locate(decl);
    const path = `${base}<${keys.map((k) => k.name).join(', ')}>`;
    const whole = this.#shape(type, { path, at, depth: 0 }, undefined, false, true);
    const tags = ts.isTypeAliasDeclaration(decl) ? constraintTags(decl) : [];
    const shape = this.#constrain(whole, tags, path, at);
    const doc = docOf(decl);
    this.#named.set(id, { id, name, at, shape, ...(doc === undefined ? {} : { doc }) });
    return id;
  }

  /** A type argument's id and name: a named type's own id, else its key or its text. */
  #argumentKey(arg: ts.Type): { id: string; name: string } {
    const decl = namedDeclOf(this.#scope, arg, partsOf(arg).parts, undefined);
    if (decl !== undefined) return { id: this.named(decl), name: decl.name.text };
    const key = typeKey(this.#scope, arg);
    const text = typeText(this.#scope.checker, arg);
    return key ?? { id: text, name: text };
  }

  /**
   * The shape of `type` where a value of it is found: a reference when it is a named project type,
   * else its structure. `path` names it in messages.
   */
  shapeOf(type: ts.Type, at: SourceLocation, path: string): Shape {
    return this.#shape(type, { path, at, depth: 0 }, undefined, false);
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

  #shape(
    type: ts.Type,
    site: Site,
    node: ts.TypeNode | undefined,
    optional: boolean,
    root = false,
  ): Shape {
    if (site.depth > MAX_DEPTH) return this.#bad(site, type, TOO_DEEP);
    const { parts, undefinedToo } = partsOf(type);
    if (parts.length === 0 || (undefinedToo && !optional)) {
      return this.#bad(site, type, site.path.endsWith(']') ? UNDEFINED_ELEMENT : UNDEFINED);
    }
    if (!root) {
      const decl = namedDeclOf(this.#scope, type, parts, node);
      if (decl !== undefined) return { kind: 'ref', id: this.named(decl) };
      const [only] = parts;
      const generic =
        parts.length === 1 && only !== undefined ? instantiationOf(this.#scope, only) : undefined;
      if (generic !== undefined)
        return { kind: 'ref', id: this.instance(generic, only as ts.Type) };
    }
    if (isBooleanPair(parts)) return { kind: 'boolean' };
    const [only] = parts;
    const shape =
      parts.length === 1 && only !== undefined
        ? this.#single(only, site, node)
        : this.#union(type, parts, site, node);
    return root ? shape : this.#aliasConstraints(shape, node);
  }

  /** `shape` with the constraints of `tags`, problems reported at `at`. */
  #constrain(shape: Shape, tags: readonly ConstraintTag[], path: string, at: SourceLocation) {
    if (tags.length === 0) return shape;
    return constrain(shape, tags, path, (code, message) => this.#scope.report(code, at, message));
  }

  /**
   * The constraints of the project alias `node` names (`Name` for `type Name = string` with
   * `@minLength 1`): an alias of a string, number or array has no named type to hold them.
   */
  #aliasConstraints(shape: Shape, node: ts.TypeNode | undefined): Shape {
    const written = withoutUndefinedNode(node);
    if (written === undefined || !ts.isTypeReferenceNode(written)) return shape;
    const symbol = symbolOfName(this.#scope.checker, written.typeName);
    const alias = symbol?.declarations?.find(ts.isTypeAliasDeclaration);
    if (alias === undefined) return shape;
    if (!this.#scope.isProjectFile(alias.getSourceFile())) {
      const int = alias.name.text === 'Int' && this.#scope.fw.owns(alias.getSourceFile().fileName);
      return int ? constrain(shape, [INTEGER], 'Int', () => undefined) : shape;
    }
    const tags = this.#aliases.get(alias) ?? constraintTags(alias);
    if (tags.length === 0) return shape;
    const first = !this.#aliases.has(alias);
    this.#aliases.set(alias, tags);
    const report = (code: Parameters<Scope['report']>[0], message: string): void => {
      if (first) this.#scope.report(code, this.#scope.locate(alias), message);
    };
    return constrain(shape, tags, alias.name.text, report);
  }

  #union(
    whole: ts.Type,
    parts: readonly ts.Type[],
    site: Site,
    node: ts.TypeNode | undefined,
  ): Shape {
    const members: Shape[] = [];
    const seen = new Set<string>();
    const booleans = parts.filter((t) => t.flags & ts.TypeFlags.BooleanLiteral).length === 2;
    for (const part of orderedParts(this.#scope.checker, whole, parts, node)) {
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

  #single(type: ts.Type, site: Site, node: ts.TypeNode | undefined): Shape {
    const { checker } = this.#scope;
    const f = type.flags;
    if (f & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) return UNKNOWN;
    if (f & ts.TypeFlags.String) return { kind: 'string' };
    if (f & (ts.TypeFlags.Number | ts.TypeFlags.Enum)) return { kind: 'number' };
    if (f & ts.TypeFlags.Boolean) return { kind: 'boolean' };
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
      return { kind: 'array', element: this.#shape(element, next('[]'), elementNode(node), false) };
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
    node: ts.TypeNode | undefined,
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
    const written = tupleNodes(node);
    const types = this.#scope.checker.getTypeArguments(type).slice(0, flags.length);
    const shapes = types.map((t, i) => {
      const rest = i === variadic;
      const at = next(rest ? '[...]' : `[${i}]`);
      const optional = (flags[i] ?? 0) & ts.ElementFlags.Optional;
      return this.#shape(t, at, rest ? elementNode(written?.[i]) : written?.[i], optional !== 0);
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

  #object(type: ts.Type, site: Site, next: (suffix: string) => Site): Shape {
    const { checker } = this.#scope;
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
        value: this.#shape(index.type, next('[key]'), index.declaration?.type, false),
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
    const shape = this.#constrain(this.#shape(type, inner, node, true), tags, inner.path, at);
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

/**
 * The module part of a named type's id: the project module (`src/dto`), or the package and its
 * module (`@acme/types/index`) for a type declared in a package.
 */
function homeId(scope: Scope, file: ts.SourceFile): string {
  const home = scope.isProjectFile(file) ? undefined : packageOf(file.fileName);
  return home === undefined
    ? moduleId(scope.root, file.fileName)
    : packageModuleId(home, file.fileName);
}

/** A type's name as part of an identifier: `Envelope<User>` is `Envelope_User`. */
function identifierPart(name: string): string {
  return name.replace(/[^\p{ID_Continue}$]+/gu, '_').replace(/^_+|_+$/g, '') || 'type';
}
