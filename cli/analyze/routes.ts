/**
 * The route of each handler: the controller's prefix or gateway path and the decorator's path,
 * each a string literal (FW0101), joined and checked against the router's pattern grammar with the
 * runtime's own reasons (FW0103).
 */
import type { ts } from 'ts-morph';
import { routeKeys, routeProblem } from '../../runtime/core/router/router.js';
import { assertNever, type ControllerKind } from '../ir.js';
import type { FwDecoratorUse } from './framework.js';
import { joinRoute, literalString } from './route-path.js';
import type { Scope } from './scope.js';
import { typeText } from './type-syntax.js';

/** A handler's route: undefined parts when it could not be read or is invalid (reported). */
export interface HandlerRoute {
  readonly path: string | undefined;
  readonly keys: readonly string[] | undefined;
}

/** The literal argument of a decorator, or undefined after reporting FW0101. */
function literalArg(
  scope: Scope,
  use: FwDecoratorUse,
  what: string,
  owner: string,
  example: string,
  required: boolean,
): string | undefined {
  const arg = use.args[0];
  if (arg === undefined) {
    if (!required) return '';
    if (!use.called) return undefined; // FW0109 says to call it, with an example
    scope.report(
      'FW0101',
      use.node,
      `@${use.name} on ${owner} has no ${what}; pass it as a string literal, e.g. \`${example}\``,
    );
    return undefined;
  }
  const text = literalString(scope.checker, arg);
  if (text === undefined) {
    const found = typeText(scope.checker, scope.checker.getTypeAtLocation(arg));
    const message = `the ${what} of @${use.name} on ${owner} is not a string literal (its type is '${found}'); write it inline, e.g. \`${example}\`, or use a \`const\` with a literal value`;
    scope.report('FW0101', arg, message);
    return undefined;
  }
  if (text === '' && required) {
    scope.report(
      'FW0101',
      arg,
      `the ${what} of @${use.name} on ${owner} is empty; name it, e.g. \`${example}\``,
    );
    return undefined;
  }
  return text;
}

/** The prefix of an HTTP controller, or the path of a gateway; `''` for an event consumer. */
export function prefixOf(
  scope: Scope,
  kind: ControllerKind,
  use: FwDecoratorUse,
  className: string,
): string | undefined {
  if (kind === 'events') return '';
  if (kind === 'http')
    return literalArg(scope, use, 'prefix', className, "@Controller('/users')", false);
  const written = literalArg(scope, use, 'path', className, "@WebSocketGateway('/ws/chat')", true);
  if (written === undefined) return undefined;
  const path = joinRoute('', written);
  const reason = routeProblem('GET', path);
  if (reason === null) return path;
  const message = `WebSocket path '${path}' of ${className} is invalid: ${reason}`;
  scope.report('FW0103', use.args[0] ?? use.node, message);
  return undefined;
}

/** The route of one handler, from its decorator and its controller's prefix or gateway path. */
export function handlerRoute(
  scope: Scope,
  kind: ControllerKind,
  use: FwDecoratorUse,
  method: string,
  label: string,
  prefix: string | undefined,
): HandlerRoute {
  const unknown: HandlerRoute = { path: undefined, keys: undefined };
  switch (kind) {
    case 'events': {
      const name = literalArg(scope, use, 'event name', label, "@OnEvent('order.placed')", true);
      return name === undefined ? unknown : { path: name, keys: [] };
    }
    case 'websocket':
      return prefix === undefined ? unknown : { path: prefix, keys: routeKeys(prefix) };
    case 'http': {
      const written = literalArg(scope, use, 'path', label, `@${use.name}('/:id')`, false);
      if (written === undefined || prefix === undefined) return unknown;
      const path = joinRoute(prefix, written);
      const reason = routeProblem(method, path);
      if (reason === null) return { path, keys: routeKeys(path) };
      const at: ts.Node = use.args[0] ?? use.node;
      scope.report('FW0103', at, `route '${method} ${path}' of ${label} is invalid: ${reason}`);
      return unknown;
    }
    default:
      return assertNever(kind);
  }
}
