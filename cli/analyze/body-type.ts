/**
 * A handler parameter of the application's own type: the request body (HTTP) or the decoded
 * payload (event, WebSocket message). It must name an exported interface, class or type alias of
 * the project, or an instantiation of a generic one (`Page<User>`); its {@link NamedType} is what
 * the generated validator checks.
 */
import { ts } from 'ts-morph';
import type { ControllerKind } from '../ir.js';
import {
  declaredTypeOf,
  type Instantiation,
  instantiationOf,
  isPackageFile,
  isTypeDeclaration,
  type NameableDeclaration,
  nameable,
} from './named-decl.js';
import type { Scope } from './scope.js';
import type { Shapes } from './shapes.js';
import { exportsAs, symbolOfName } from './symbols.js';
import { writtenAt } from './type-arguments.js';
import { isObjectLike, nodeText, withoutUndefinedNode } from './type-syntax.js';
import { unsupported as notData } from './unsupported.js';

/** What a parameter may be, per kind of controller: the tail of FW0201. */
export const SUPPORTED: Readonly<Record<ControllerKind, string>> = {
  http: 'use Values (fw/query) for query values, a primitive named after a route key, or an interface for the body',
  events:
    'use an interface for the payload, or a context such as Context (fw/context) or ConsumerRequestContext (fw/core)',
  websocket:
    'use a primitive named after a route key, an interface for the payload, or a context such as WebSocketMessageContext (fw/core)',
};

/** `body` or `payload`, as a handler of this kind calls it. */
export function bodyWord(kind: ControllerKind): string {
  return kind === 'http' ? 'body' : 'payload';
}

const NAME_IT = 'name the type: `interface CreateUser { … }`';

/** Why a parameter's type cannot be a body or payload, reported with the parameter's code. */
type Refusal = readonly ['FW0201' | 'FW0303' | 'FW0304', string];

/**
 * The type id of a body or payload parameter, or undefined after reporting why it cannot be one
 * (FW0201, FW0303, FW0304).
 */
export function bodyTypeId(
  scope: Scope,
  shapes: Shapes,
  annotation: ts.TypeNode,
  type: ts.Type,
  who: string,
  kind: ControllerKind,
): string | undefined {
  const node = withoutUndefinedNode(annotation) ?? annotation;
  const found = namedBody(scope, node, type, kind);
  if ('args' in found) return shapes.instance(found, type, writtenAt(node));
  if (!Array.isArray(found)) return shapes.named(found as NameableDeclaration);
  const [code, why] = found as Refusal;
  const message =
    code === 'FW0201'
      ? `${who}: type '${nodeText(node)}' is not supported; ${why}`
      : `${who}: ${why}`;
  scope.report(code, node, message);
  return undefined;
}

/** Where a type outside the project comes from: a package by its name, else its file. */
function declaredIn(scope: Scope, file: ts.SourceFile): string {
  if (scope.fw.owns(file.fileName)) return "the package 'fw'";
  const parts = file.fileName.split('/');
  const at = parts.lastIndexOf('node_modules');
  if (at < 0 || at + 1 >= parts.length) return scope.fileOf(file);
  const scoped = parts[at + 1]!.startsWith('@') && at + 2 < parts.length;
  const name = scoped ? `${parts[at + 1]}/${parts[at + 2]}` : parts[at + 1]!;
  return `the package '${name}'`;
}

function namedBody(
  scope: Scope,
  node: ts.TypeNode,
  type: ts.Type,
  kind: ControllerKind,
): NameableDeclaration | Instantiation | Refusal {
  const { checker } = scope;
  const word = bodyWord(kind);
  const written = nodeText(node);
  const generic: Refusal = ['FW0303', `the ${word} type '${written}' is generic; ${NAME_IT}`];
  const unsupported: Refusal = ['FW0201', SUPPORTED[kind]];
  const isData = isObjectLike(checker, type) && notData(scope, type) === undefined;
  const isList = checker.isArrayType(type) || checker.isTupleType(type);
  if (!ts.isTypeReferenceNode(node)) {
    if (!isData && !isList) return unsupported;
    return ['FW0303', `the ${word} type '${written}' has no name; ${NAME_IT}`];
  }
  const decl = symbolOfName(checker, node.typeName)?.declarations?.find(isTypeDeclaration);
  if (decl === undefined) return unsupported;
  const file = decl.getSourceFile();
  if (!scope.isProjectFile(file)) {
    if (scope.isDefaultLibrary(file)) {
      return ts.isTypeAliasDeclaration(decl) && (isData || isList) ? generic : unsupported;
    }
    const base = decl.name?.text ?? written;
    const isClass = ts.isClassDeclaration(decl);
    if (!isClass && !isData && !(isList && ts.isTypeAliasDeclaration(decl))) return unsupported;
    const home = declaredIn(scope, file);
    if (isClass) {
      return [
        'FW0201',
        `a class from a package cannot be a ${word} type (fwgen cannot see what its methods need), and this one is declared in ${home}: declare \`interface My${base} { … }\` in the project and take that`,
      ];
    }
    if (!isPackageFile(scope, file)) {
      return [
        'FW0201',
        `a ${word} type must be declared in the project or in a package of its own, and this one is declared in ${home}: declare \`interface My${base} extends ${base} {}\` and take that`,
      ];
    }
    if (decl.typeParameters !== undefined) return instantiationOf(scope, type) ?? generic;
    return nameable(scope, decl) ?? unsupported;
  }
  const name = decl.name?.text ?? written;
  if (decl.typeParameters !== undefined) {
    if (!exportsAs(checker, file, name, decl)) return notExported(scope, decl, word, name);
    return instantiationOf(scope, type) ?? generic;
  }
  if (node.typeArguments !== undefined) return generic;
  const named = nameable(scope, decl);
  if (named === undefined || !exportsAs(checker, file, name, decl)) {
    return notExported(scope, decl, word, name);
  }
  const declared = declaredTypeOf(checker, named);
  const vague = (declared.flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) !== 0;
  return vague || isCallable(checker, declared) ? unsupported : named;
}

function notExported(
  scope: Scope,
  decl: ts.InterfaceDeclaration | ts.ClassDeclaration | ts.TypeAliasDeclaration,
  word: string,
  name: string,
): Refusal {
  return [
    'FW0304',
    `the ${word} type '${name}' is not exported by its name from ${scope.fileOf(decl.getSourceFile())}; export it (\`export ${keyword(decl)} ${name}\`) so the generated bindings can import it`,
  ];
}

function isCallable(checker: ts.TypeChecker, type: ts.Type): boolean {
  return (
    checker.getSignaturesOfType(type, ts.SignatureKind.Call).length > 0 ||
    checker.getSignaturesOfType(type, ts.SignatureKind.Construct).length > 0
  );
}

function keyword(
  decl: ts.InterfaceDeclaration | ts.ClassDeclaration | ts.TypeAliasDeclaration,
): string {
  if (ts.isInterfaceDeclaration(decl)) return 'interface';
  return ts.isClassDeclaration(decl) ? 'class' : 'type';
}
