/**
 * Start-up: the bindings against what the decorators declared (declared.ts). fwgen writes the
 * bindings from the decorators; when a decorator changes and fwgen is not run again, tsc and the
 * tests may still pass while the app serves the old routes. `createApp` compares the two once and
 * throws `FW_ERR_STALE_BINDINGS`, naming each difference. Only what both sides state is compared:
 * a class that no decorator of fw recorded (hand-written bindings of an undecorated class, a
 * compiler that drops decorators) is not.
 */

import { FwError } from '../core/errors.js';
import { joinRoute, routeKeys } from '../core/router/router.js';
import type { EventDelivery } from '../events/transport.js';
import type { Bindings, ControllerBinding, HandlerBinding } from './bindings.js';
import {
  type DeclaredController,
  type DeclaredHandler,
  type DeclaredKind,
  declaredController,
} from './declared.js';

/** Throws `FW_ERR_STALE_BINDINGS` when a controller of `bindings` differs from its decorators. */
export function checkBindingsCurrent(bindings: Bindings): void {
  const differences: string[] = [];
  for (const controller of bindings.controllers) {
    const declared = declaredController(controller.type);
    if (declared === undefined) continue;
    // Version 1 bindings had no `delivery`: every consumer shared the app's group.
    const hasDelivery = bindings.version !== 1;
    differences.push(...controllerDifferences(controller, declared, hasDelivery));
  }
  if (differences.length > 0) {
    throw new FwError('FW_ERR_STALE_BINDINGS', { differences: differences.join('; ') });
  }
}

const DECORATORS: Readonly<Record<DeclaredKind, string>> = {
  http: '@Controller',
  events: '@EventConsumer',
  websocket: '@WebSocketGateway',
};

const BOUND_KINDS: Readonly<Record<DeclaredKind, string>> = {
  http: 'an HTTP controller',
  events: 'an event consumer',
  websocket: 'a WebSocket gateway',
};

function controllerDifferences(
  controller: ControllerBinding,
  declared: DeclaredController,
  hasDelivery: boolean,
): string[] {
  const { name, source } = controller;
  const at = (text: string, where = source) => (where === undefined ? text : `${text} (${where})`);
  const first = controller.handlers[0];
  const bound = first === undefined ? undefined : kindOf(first.method);
  if (bound !== undefined && bound !== declared.kind) {
    const decorator = DECORATORS[declared.kind];
    return [at(`${name}: bindings ${BOUND_KINDS[bound]}, decorator ${decorator}`)];
  }
  const differences: string[] = [];
  if (declared.kind === 'events' && hasDelivery) {
    const want = deliveryText(deliveryOf(declared.options));
    const got = deliveryText(controller.delivery);
    if (want !== got) differences.push(at(`${name}: bindings ${got}, decorator ${want}`));
  }
  const listed = new Set<string>();
  for (const handler of controller.handlers) {
    listed.add(handler.name);
    const difference = handlerDifference(controller, handler, declared);
    if (difference !== undefined) {
      differences.push(at(`${name}.${handler.name}: ${difference}`, handler.source ?? source));
    }
  }
  for (const [method, handler] of declared.handlers) {
    if (listed.has(method)) continue;
    const route = routeText(handler.method, declaredPath(declared, handler));
    differences.push(
      at(`${name}.${method}: decorator ${route}, the bindings have no such handler`),
    );
  }
  return differences;
}

function handlerDifference(
  controller: ControllerBinding,
  handler: HandlerBinding,
  declared: DeclaredController,
): string | undefined {
  const bound = routeText(handler.method, handler.path);
  const method = (controller.type.prototype as Record<string, unknown>)[handler.name];
  if (typeof method !== 'function') return `bindings ${bound}, the class has no such method`;
  const own = declared.handlers.get(handler.name);
  if (own === undefined) return `bindings ${bound}, the method has no route decorator`;
  const path = declaredPath(declared, own);
  if (own.method === handler.method && path === handler.path) return undefined;
  const keys = own.method === 'EVENT' ? [] : routeKeys(path);
  const lost = handler.params.flatMap((p) =>
    p.pathKey === undefined || keys.includes(p.pathKey) ? [] : [`:${p.pathKey}`],
  );
  const note = lost.length === 0 ? '' : `, which has no ${lost.join(', ')}`;
  return `bindings ${bound}, decorator ${routeText(own.method, path)}${note}`;
}

/** The route, event name or gateway path a decorated method answers, as fwgen writes it. */
function declaredPath(declared: DeclaredController, handler: DeclaredHandler): string {
  switch (declared.kind) {
    case 'http':
      return joinRoute(declared.path ?? '', handler.path ?? '');
    case 'websocket':
      return joinRoute('', declared.path ?? '');
    case 'events':
      return handler.path ?? '';
  }
}

function kindOf(method: string): DeclaredKind {
  if (method === 'EVENT') return 'events';
  return method === 'WS' ? 'websocket' : 'http';
}

function routeText(method: string, path: string): string {
  if (method === 'EVENT') return `event ${path}`;
  return method === 'WS' ? `WebSocket ${path}` : `${method} ${path}`;
}

/** The delivery `@EventConsumer(options)` declares, read as fwgen reads it. */
function deliveryOf(options: DeclaredController['options']): EventDelivery | undefined {
  if (options?.broadcast === true) return { broadcast: true };
  return typeof options?.group === 'string' ? { group: options.group } : undefined;
}

function deliveryText(delivery: EventDelivery | undefined): string {
  if (delivery === undefined) return "delivery to the app's group";
  return 'broadcast' in delivery
    ? 'delivery { broadcast: true }'
    : `delivery { group: '${delivery.group}' }`;
}
