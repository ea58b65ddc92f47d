/**
 * fw's own symbols, found by resolving an in-memory probe module that imports them from `fw`:
 * a decorator or a parameter type is fw's when it resolves to the same symbol, whatever name or
 * namespace the application wrote (`import { Get as G }`, `@fw.Get()`), and an application type
 * that happens to be called `Values` is not.
 */
import { dirname } from 'node:path';
import { ts } from 'ts-morph';
import { isWithin } from './project-files.js';
import { symbolOfName, targetOf } from './symbols.js';
import { withoutUndefinedNode } from './type-syntax.js';

/** The decorators that make a method a handler: the HTTP routes', `@OnEvent`, `@OnMessage`. */
const HANDLERS = [
  'Get',
  'Post',
  'Put',
  'Patch',
  'Delete',
  'Options',
  'Head',
  'OnEvent',
  'OnMessage',
] as const;

/** fw's decorators: the three that make a class a controller, the handlers' and the others. */
const DECORATORS = [
  'Controller',
  'EventConsumer',
  'WebSocketGateway',
  ...HANDLERS,
  'UseInterceptors',
  'Injectable',
] as const;

/** The name of one of fw's decorators. */
export type FwDecorator = (typeof DECORATORS)[number];

/** The name of a decorator that makes a method a handler. */
export type HandlerDecorator = (typeof HANDLERS)[number];

/** The decorators that make a method a handler: a route, an event consumer, a message handler. */
export const HANDLER_DECORATORS: ReadonlySet<string> = new Set<FwDecorator>(HANDLERS);

/** The parameter types fw resolves, by module; each one's id is `<module>#<name>` (API.md 5). */
const TYPES: readonly (readonly [string, readonly string[]])[] = [
  ['fw/query', ['Values', 'Pagination', 'Query']],
  [
    'fw/core',
    [
      'ControllerContext',
      'HttpRequestContext',
      'ConsumerRequestContext',
      'WebSocketContext',
      'WebSocketMessageContext',
      'EventBus',
      'UploadedFiles',
      'MultipartParts',
    ],
  ],
  ['fw/context', ['Context']],
];

/** fw's `provider(fn)`, which marks what fwgen reads as a provider. */
const PROVIDER = 'provider';

const DATE_PROBE = 'FwProbeDate';

/** The probe module's text: it imports every symbol fwgen looks for. */
export const PROBE_TEXT = [
  ...TYPES.map(([module, names]) => `import type { ${names.join(', ')} } from '${module}';`),
  `import { ${[...DECORATORS, PROVIDER].join(', ')} } from 'fw';`,
  `export type ${DATE_PROBE} = Date;`,
  '',
].join('\n');

/** A use of one of fw's decorators. */
export interface FwDecoratorUse {
  readonly name: FwDecorator;
  readonly node: ts.Decorator;
  /** The call's arguments; empty when the decorator is not called. */
  readonly args: readonly ts.Expression[];
  /** False for a decorator applied bare (`@Get` for `@Get()`), which FW0109 reports. */
  readonly called: boolean;
}

/** fw's symbols as the current type checker sees them. */
export interface Framework {
  /** The fw decorator `node` applies, or undefined when it is not one of fw's. */
  decorator(node: ts.Decorator): FwDecoratorUse | undefined;
  /** Whether a call expression's callee is fw's `provider`, under any name or namespace. */
  isProvider(callee: ts.Expression): boolean;
  /** The API.md type id when a parameter's annotation names one of fw's types. */
  typeId(node: ts.TypeNode, type: ts.Type): string | undefined;
  /**
   * The `T` of an annotation that is `Query<T>` (through local aliases), as written; undefined
   * when the annotation does not write out `Query<…>` with one type argument.
   */
  queryArgument(node: ts.TypeNode): ts.TypeNode | undefined;
  /** Whether `type` is the global `Date`. */
  isDate(type: ts.Type): boolean;
  /** Whether `file` belongs to the fw package itself (its sources or declarations). */
  owns(file: string): boolean;
}

/** Resolves the probe's imports; the unresolved specifiers or names when `fw` cannot be found. */
export function resolveFramework(
  checker: ts.TypeChecker,
  probe: ts.SourceFile,
): Framework | { readonly missing: readonly string[] } {
  const decorators = new Map<ts.Symbol, FwDecorator>();
  const types = new Map<ts.Symbol, string>();
  const missing: string[] = [];
  const modules: string[] = [];
  let date: ts.Symbol | undefined;
  let provider: ts.Symbol | undefined;
  for (const statement of probe.statements) {
    if (ts.isTypeAliasDeclaration(statement)) {
      date = checker.getTypeFromTypeNode(statement.type).getSymbol();
      continue;
    }
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier))
      continue;
    const specifier = statement.moduleSpecifier.text;
    const module = checker.getSymbolAtLocation(statement.moduleSpecifier);
    const file = module?.valueDeclaration;
    if (file === undefined || !ts.isSourceFile(file)) {
      missing.push(`'${specifier}'`);
      continue;
    }
    modules.push(file.fileName);
    const bindings = statement.importClause?.namedBindings;
    for (const element of bindings !== undefined && ts.isNamedImports(bindings)
      ? bindings.elements
      : []) {
      const target = targetOf(checker, checker.getSymbolAtLocation(element.name));
      const name = element.name.text;
      if (target === undefined) missing.push(`'${name}' from '${specifier}'`);
      else if (specifier === 'fw' && name === PROVIDER) provider = target;
      else if (specifier === 'fw') decorators.set(target, name as FwDecorator);
      else types.set(target, `${specifier}#${name}`);
    }
  }
  if (missing.length > 0) return { missing };
  const home = commonFolder(modules);
  return {
    decorator: (node) => fwDecorator(checker, decorators, node),
    isProvider: (callee) =>
      (ts.isIdentifier(callee) || ts.isPropertyAccessExpression(callee)) &&
      provider !== undefined &&
      symbolOfName(checker, callee) === provider,
    typeId: (node, type) => fwTypeId(checker, types, node, type),
    queryArgument: (node) => {
      const found = fwReference(checker, types, node);
      const args = found?.id === QUERY_ID ? found.node.typeArguments : undefined;
      return args?.length === 1 ? args[0] : undefined;
    },
    isDate: (type) => date !== undefined && type.getSymbol() === date,
    owns: (file) => isWithin(file, home),
  };
}

function fwDecorator(
  checker: ts.TypeChecker,
  decorators: ReadonlyMap<ts.Symbol, FwDecorator>,
  node: ts.Decorator,
): FwDecoratorUse | undefined {
  const call = ts.isCallExpression(node.expression) ? node.expression : undefined;
  const callee = call?.expression ?? node.expression;
  if (!ts.isIdentifier(callee) && !ts.isPropertyAccessExpression(callee)) return undefined;
  const symbol = symbolOfName(checker, callee);
  const name = symbol === undefined ? undefined : decorators.get(symbol);
  if (name === undefined) return undefined;
  return { name, node, args: call?.arguments ?? [], called: call !== undefined };
}

/** The type id of `Query<T>`, the one generic type of fw's: its `T` is read from the annotation. */
const QUERY_ID = 'fw/query#Query';

/**
 * The reference to one of fw's types that an annotation writes, through local aliases of aliases
 * (`type Filter = Query<ListFilter>`), with its id.
 */
function fwReference(
  checker: ts.TypeChecker,
  types: ReadonlyMap<ts.Symbol, string>,
  node: ts.TypeNode,
): { readonly id: string; readonly node: ts.TypeReferenceNode } | undefined {
  let n = withoutUndefinedNode(node);
  for (let depth = 0; n !== undefined && depth < 8; depth++) {
    if (!ts.isTypeReferenceNode(n)) break;
    const symbol = symbolOfName(checker, n.typeName);
    const id = symbol === undefined ? undefined : types.get(symbol);
    if (id !== undefined) return { id, node: n };
    if (n.typeArguments !== undefined) break;
    const alias = symbol?.declarations?.find(ts.isTypeAliasDeclaration);
    if (alias === undefined || alias.typeParameters !== undefined) break;
    n = withoutUndefinedNode(alias.type);
  }
  return undefined;
}

function fwTypeId(
  checker: ts.TypeChecker,
  types: ReadonlyMap<ts.Symbol, string>,
  node: ts.TypeNode,
  type: ts.Type,
): string | undefined {
  // By the annotation first: `UploadedFiles` is an alias of an indexed access, which the checker
  // resolves to a type that no longer carries the alias.
  const written = fwReference(checker, types, node);
  if (written !== undefined) return written.id;
  const parts = (type.isUnion() ? type.types : [type]).filter(
    (t) => (t.flags & ts.TypeFlags.Undefined) === 0,
  );
  const only = parts.length === 1 ? parts[0] : undefined;
  for (const symbol of [only?.aliasSymbol, only?.getSymbol()]) {
    const id = symbol === undefined ? undefined : types.get(symbol);
    if (id !== undefined) return id;
  }
  return undefined;
}

function commonFolder(files: readonly string[]): string {
  let common = dirname(files[0] ?? '/');
  for (const file of files) while (!isWithin(file, common)) common = dirname(common);
  return common;
}
