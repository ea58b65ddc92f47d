/**
 * Finds the controllers among a file's classes and the handlers among their methods: which fw
 * decorators mark them, where their routes go, and whether they are where the generated module
 * can reach them (exported, concrete, public instance methods).
 */
import { ts } from 'ts-morph';
import type { ConsumerDelivery, ControllerKind, ImportRef, SourceLocation } from '../ir.js';
import { deliveryOf } from './delivery.js';
import type { FwDecorator, FwDecoratorUse, HandlerDecorator } from './framework.js';
import { interceptorRefs } from './interceptors.js';
import { handlerRoute, prefixOf } from './routes.js';
import { decoratorsOf, type Scope } from './scope.js';
import { exportsAs } from './symbols.js';

/** A handler method as found, before its parameters are read. */
export interface FoundHandler {
  readonly name: string;
  /** `Class.method`, for messages. */
  readonly label: string;
  readonly kind: ControllerKind;
  readonly method: string;
  /** The full route path, event name or gateway path; undefined when it could not be read. */
  readonly path: string | undefined;
  /** The route's keys; undefined when the path is unknown or invalid. */
  readonly keys: readonly string[] | undefined;
  readonly at: SourceLocation;
  readonly node: ts.MethodDeclaration;
  /** Undefined when an argument was reported. */
  readonly interceptors: readonly ImportRef[] | undefined;
}

/** A controller class as found; `exported` is false when it was reported (FW0106). */
export interface FoundController {
  readonly kind: ControllerKind;
  readonly name: string;
  readonly ref: ImportRef;
  readonly at: SourceLocation;
  /** The HTTP prefix or the gateway path; undefined when it could not be read. */
  readonly path: string | undefined;
  readonly exported: boolean;
  readonly interceptors: readonly ImportRef[] | undefined;
  readonly handlers: readonly FoundHandler[];
  readonly node: ts.ClassLikeDeclaration;
  /** An `@EventConsumer`'s own delivery; undefined for the app's group, or when reported. */
  readonly delivery: ConsumerDelivery | undefined;
}

const KINDS: Partial<Record<FwDecorator, ControllerKind>> = {
  Controller: 'http',
  EventConsumer: 'events',
  WebSocketGateway: 'websocket',
};

/** Each handler decorator's kind of controller and the handler's method in the model. */
const ROUTES: Partial<Record<FwDecorator, readonly [ControllerKind, string]>> = {
  Get: ['http', 'GET'],
  Post: ['http', 'POST'],
  Put: ['http', 'PUT'],
  Patch: ['http', 'PATCH'],
  Delete: ['http', 'DELETE'],
  Options: ['http', 'OPTIONS'],
  Head: ['http', 'HEAD'],
  OnEvent: ['events', 'EVENT'],
  OnMessage: ['websocket', 'WS'],
} satisfies Record<HandlerDecorator, readonly [ControllerKind, string]>;

/** The decorator that makes a class of each kind, and the handler decorators it takes. */
const KIND_WORDS: Readonly<Record<ControllerKind, readonly [string, string]>> = {
  http: ['@Controller', '@Get, @Post, @Put, @Patch, @Delete, @Options or @Head'],
  events: ['@EventConsumer', '@OnEvent'],
  websocket: ['@WebSocketGateway', '@OnMessage'],
};

/** How each decorator is called, for the fix of FW0109. */
const CALLS: Readonly<Record<FwDecorator, string>> = {
  Controller: "@Controller('/notes')",
  Get: '@Get()',
  Post: '@Post()',
  Put: '@Put()',
  Patch: '@Patch()',
  Delete: '@Delete()',
  Options: '@Options()',
  Head: '@Head()',
  UseInterceptors: '@UseInterceptors(AuthInterceptor)',
  EventConsumer: '@EventConsumer()',
  OnEvent: "@OnEvent('order.created')",
  WebSocketGateway: "@WebSocketGateway('/ws')",
  OnMessage: '@OnMessage()',
  Injectable: '@Injectable()',
};

/** fw's decorators on `node` (a class or a member); reports each one applied bare (FW0109). */
function uses(scope: Scope, node: ts.ClassLikeDeclaration | ts.ClassElement): FwDecoratorUse[] {
  const found = decoratorsOf(node).flatMap((d) => scope.fw.decorator(d) ?? []);
  for (const use of found.filter((u) => !u.called)) {
    const owner = ts.isClassLike(node)
      ? `class ${node.name?.text ?? '(anonymous)'}`
      : `${(node.parent as ts.ClassLikeDeclaration).name?.text ?? '(anonymous class)'}.${memberName(node) ?? '(computed)'}`;
    const message = `@${use.name} on ${owner} is not called: fw's decorators are factories, and one applied bare declares nothing and ${bareEffect(use, node)}; call it: \`${CALLS[use.name]}\``;
    scope.report('FW0109', use.node, message);
  }
  return found;
}

/**
 * What a decorator applied bare does at run time (runtime/app/decorators.ts): nothing, but for a
 * bare `@UseInterceptors` on a class under `experimentalDecorators`, which cannot be told from a call.
 */
function bareEffect(use: FwDecoratorUse, node: ts.ClassLikeDeclaration | ts.ClassElement): string {
  if (!ts.isClassLike(node)) return 'leaves the method as it was';
  if (use.name !== 'UseInterceptors') return 'leaves the class as it was';
  return 'leaves the class as it was, or under experimentalDecorators replaces it with one that throws when constructed';
}

/** The controller `cls` declares, or undefined when it is none (problems are reported). */
export function scanClass(scope: Scope, cls: ts.ClassLikeDeclaration): FoundController | undefined {
  const own = uses(scope, cls);
  const members = cls.members.map((member) => ({ member, uses: uses(scope, member) }));
  const kinds = own.filter((u) => KINDS[u.name] !== undefined);
  const first = kinds[0];
  const className = cls.name?.text ?? '(anonymous class)';
  for (const use of own.filter((u) => ROUTES[u.name] !== undefined)) {
    const message = `@${use.name} on class ${className}: route decorators go on methods; mark the class with ${KIND_WORDS[ROUTES[use.name]![0]][0]}(…) and its methods with @${use.name}`;
    scope.report('FW0107', use.node, message);
  }
  if (first === undefined) {
    for (const use of own.filter((u) => u.name === 'UseInterceptors')) {
      const message = `@UseInterceptors on class ${className}: ${className} is not a controller, so the interceptors would never run; mark it @Controller(…), @EventConsumer() or @WebSocketGateway(…), or remove @UseInterceptors`;
      scope.report('FW0104', use.node, message);
    }
    for (const { member, uses: memberUses } of members) {
      for (const use of memberUses.filter((u) => ROUTES[u.name] !== undefined)) {
        const fix = `add ${KIND_WORDS[ROUTES[use.name]![0]][0]}(…) to the class`;
        const label = `${className}.${memberName(member) ?? '(computed)'}`;
        const message = `@${use.name} on ${label}: ${className} is not a controller; ${fix}`;
        scope.report('FW0104', use.node, message);
      }
    }
    return undefined;
  }
  const kind = KINDS[first.name]!;
  for (const extra of kinds.slice(1)) {
    const message = `class ${className} has both @${first.name} and @${extra.name}; a class is one kind of controller: split it in two`;
    scope.report('FW0105', extra.node, message);
  }
  const exported = checkExported(scope, cls, first);
  const prefix = prefixOf(scope, kind, first, className);
  const classInterceptors = interceptorRefs(
    scope,
    own.filter((u) => u.name === 'UseInterceptors'),
    className,
  );
  const handlers = members.flatMap(({ member, uses: memberUses }) => {
    const handler = scanMember(scope, kind, className, member, memberUses, prefix);
    return handler === undefined ? [] : [handler];
  });
  const file = cls.getSourceFile();
  return {
    kind,
    name: className,
    ref: { from: 'file', module: scope.fileOf(file), name: className },
    at: scope.locate(cls),
    path: prefix,
    exported,
    interceptors: classInterceptors,
    handlers,
    node: cls,
    delivery: deliveryOf(scope, first, className),
  };
}

function checkExported(scope: Scope, cls: ts.ClassLikeDeclaration, use: FwDecoratorUse): boolean {
  const name = cls.name?.text;
  const file = cls.getSourceFile();
  const at = `@${use.name} class ${name ?? '(anonymous)'}`;
  let problem: string | undefined;
  if (name === undefined || !ts.isClassDeclaration(cls)) {
    problem = `${at} has no name of its own; declare it as \`export class MyController\``;
  } else if (!exportsAs(scope.checker, file, name, cls)) {
    problem = `${at} is not exported by its name from ${scope.fileOf(file)}; export it (\`export class ${name}\`) so the generated bindings can import it`;
  } else if (cls.modifiers?.some((m) => m.kind === ts.SyntaxKind.AbstractKeyword)) {
    problem = `${at} is abstract; the app creates an instance of each controller: make it concrete`;
  } else if (cls.typeParameters !== undefined) {
    problem = `${at} is generic; the app creates each controller without type arguments: remove its type parameters`;
  }
  if (problem !== undefined) scope.report('FW0106', cls, problem);
  return problem === undefined;
}

function scanMember(
  scope: Scope,
  kind: ControllerKind,
  className: string,
  member: ts.ClassElement,
  memberUses: readonly FwDecoratorUse[],
  prefix: string | undefined,
): FoundHandler | undefined {
  const routes = memberUses.filter((u) => ROUTES[u.name] !== undefined);
  const use = routes[0];
  const name = memberName(member);
  const label = `${className}.${name ?? '(computed)'}`;
  if (use === undefined) {
    for (const stray of memberUses.filter((u) => u.name === 'UseInterceptors')) {
      const message = `@UseInterceptors on ${label}: the method has no route decorator, so it is not a handler and the interceptors would never run; add one (${KIND_WORDS[kind][1]}) or remove @UseInterceptors`;
      scope.report('FW0104', stray.node, message);
    }
    return undefined;
  }
  // FW0109 reported a bare route decorator: it declares no route, so nothing else follows from it.
  if (!use.called) return undefined;
  let placed = true;
  for (const other of routes.filter((u) => ROUTES[u.name]![0] !== kind)) {
    const want = KIND_WORDS[ROUTES[other.name]![0]][0];
    const [is, takes] = KIND_WORDS[kind];
    const message = `@${other.name} on ${label}: @${other.name} handlers belong in a class marked ${want}, and ${className} is marked ${is} (it takes ${takes}); move the method to a class marked ${want}`;
    scope.report('FW0104', other.node, message);
    placed = false;
  }
  for (const extra of routes.slice(1)) {
    const message = `${label} has more than one route decorator (@${use.name} and @${extra.name}); a method handles one route: split it into one method per route`;
    scope.report('FW0105', extra.node, message);
    placed = false;
  }
  const problem = placementProblem(member, name);
  if (problem !== undefined) {
    scope.report('FW0107', use.node, `@${use.name} on ${label}: ${problem}`);
    placed = false;
  }
  if (!placed || name === undefined || !ts.isMethodDeclaration(member)) return undefined;
  const method = ROUTES[use.name]![1];
  const route = handlerRoute(scope, kind, use, method, label, prefix);
  return {
    name,
    label,
    kind,
    method,
    path: route.path,
    keys: route.keys,
    at: scope.locate(member),
    node: member,
    interceptors: interceptorRefs(
      scope,
      memberUses.filter((u) => u.name === 'UseInterceptors'),
      label,
    ),
  };
}

function memberName(member: ts.ClassElement): string | undefined {
  const name = member.name;
  if (name === undefined) return undefined;
  if (ts.isIdentifier(name) || ts.isPrivateIdentifier(name)) return name.text;
  if (ts.isStringLiteral(name) || ts.isNumericLiteral(name)) return name.text;
  return undefined;
}

function placementProblem(member: ts.ClassElement, name: string | undefined): string | undefined {
  if (!ts.isMethodDeclaration(member)) {
    return 'it is not a method; put route decorators on instance methods';
  }
  const modifiers = ts.getCombinedModifierFlags(member);
  if (modifiers & ts.ModifierFlags.Static) {
    return 'the method is static; handlers are instance methods: remove `static`';
  }
  if (
    ts.isPrivateIdentifier(member.name) ||
    modifiers & (ts.ModifierFlags.Private | ts.ModifierFlags.Protected)
  ) {
    return 'the method is not public; the generated bindings call it from outside the class: make it public';
  }
  if (name === undefined) {
    return 'the method has a computed name; give it a plain name';
  }
  return undefined;
}
