/**
 * Start-up: turns bindings into routes. Each parameter is bound to the first resolver that supports
 * it, and each path parameter is checked against its route's keys, so a mistake fails `createApp`
 * instead of a request. The routes get their controller and interceptors once the app's instances
 * exist ({@link CompiledRoutes.attach}): in `createApp`, or in `start()` for an async graph.
 */

import { FwError } from '../core/errors.js';
import type { HandlerMeta, Interceptor } from '../core/pipeline/interceptor.js';
import type { Route } from '../core/pipeline/pipeline.js';
import type { ArgumentResolver, ParameterMeta } from '../core/pipeline/resolver.js';
import { routeKeys } from '../core/router/router.js';
import type { EventDelivery } from '../events/transport.js';
import {
  BINDINGS_VERSION,
  type Bindings,
  type Class,
  type ControllerBinding,
  type HandlerBinding,
  type ParameterBinding,
} from './bindings.js';
import type { Wanted } from './instances.js';

/** A handler ready to run, with what the routers need to register it. */
export interface CompiledRoute {
  readonly method: string;
  readonly path: string;
  /** `Controller.method`, for messages. */
  readonly label: string;
  readonly route: Route;
  /** An event consumer's delivery, from its controller; absent: the app's group. */
  readonly delivery?: EventDelivery;
}

/** Every handler of the bindings, compiled, waiting for its instances. */
export interface CompiledRoutes {
  readonly routes: readonly CompiledRoute[];
  /** Every controller and route interceptor class, with who names it. */
  readonly wanted: readonly Wanted[];
  /** Gives each route its controller and interceptors, from `instanceOf`; called once. */
  attach(instanceOf: <T>(type: Class<T>, name: string) => T): void;
}

/**
 * A route as compiled, before its instances exist. `controller` and `interceptors` are written
 * once, by `attach`, before the first execution; every reader sees a readonly {@link Route}. The
 * object has every field from the start, so it keeps one shape and a request reads it as before.
 */
type UnattachedRoute = { -readonly [K in keyof Route]: Route[K] };

interface Pending {
  readonly controller: ControllerBinding;
  readonly handlers: readonly {
    readonly handler: HandlerBinding;
    readonly route: UnattachedRoute;
  }[];
}

/** Compiles every handler of `bindings`. */
export function compileRoutes(
  bindings: Bindings,
  resolvers: readonly ArgumentResolver[],
): CompiledRoutes {
  // Bindings of an earlier version are read as they were, but a graph must be of this one: it
  // was lists indexed by position before.
  const version = bindings?.version;
  const readable = version === BINDINGS_VERSION || version === 2 || version === 1;
  if (!readable || (bindings.graph !== undefined && version !== BINDINGS_VERSION)) {
    throw new FwError('FW_ERR_BINDINGS_VERSION', { got: version, want: BINDINGS_VERSION });
  }
  const routes: CompiledRoute[] = [];
  const wanted: Wanted[] = [];
  const pending: Pending[] = [];
  for (const controller of bindings.controllers) {
    const { type, name } = controller;
    wanted.push({ type, name, by: 'a controller of the bindings' });
    const named = (c: Class, where: string) => wanted.push({ type: c, name: c.name, by: where });
    for (const c of controller.interceptors ?? []) named(c, `a route interceptor of ${name}`);
    const handlers = controller.handlers.map((handler) => {
      const compiled = compileHandler(controller, handler, resolvers);
      for (const c of handler.interceptors ?? []) {
        named(c, `a route interceptor of ${compiled.label}`);
      }
      routes.push(compiled);
      return { handler, route: compiled.route as UnattachedRoute };
    });
    pending.push({ controller, handlers });
  }
  const attach = (instanceOf: <T>(type: Class<T>, name: string) => T) => {
    const interceptor = (c: Class<Interceptor>) => instanceOf(c, c.name);
    for (const { controller, handlers } of pending) {
      const instance = instanceOf(controller.type, controller.name);
      const shared = (controller.interceptors ?? []).map(interceptor);
      for (const { handler, route } of handlers) {
        route.controller = instance;
        route.interceptors = [...shared, ...(handler.interceptors ?? []).map(interceptor)];
      }
    }
  };
  return { routes, wanted, attach };
}

function compileHandler(
  controller: ControllerBinding,
  handler: HandlerBinding,
  resolvers: readonly ArgumentResolver[],
): CompiledRoute {
  const label = `${controller.name}.${handler.name}`;
  const where = handler.source === undefined ? label : `${label} (${handler.source})`;
  const keys = handler.method === 'EVENT' ? [] : routeKeys(handler.path);
  const params = handler.params.map(parameterMeta);
  const bound = params.map((pm) => {
    if (pm.pathKey !== undefined && !keys.includes(pm.pathKey)) {
      throw new FwError('FW_ERR_PATH_KEY_UNKNOWN', {
        handler: where,
        param: pm.name,
        key: pm.pathKey,
        path: handler.path,
      });
    }
    const resolver = resolvers.find((r) => r.supports(pm));
    if (resolver === undefined) {
      throw new FwError('FW_ERR_NO_RESOLVER', { handler: where, param: pm.name, type: pm.type });
    }
    return resolver;
  });
  const meta: HandlerMeta = Object.freeze({
    controllerType: controller.type,
    method: Object.freeze({ name: handler.name }),
    pathKeys: Object.freeze(keys),
    route: handler.path,
  });
  const route: UnattachedRoute = {
    meta,
    interceptors: [],
    params,
    resolvers: bound,
    controller: undefined,
    invoke: handler.invoke as Route['invoke'],
    serialize: handler.serialize,
  };
  const { delivery } = controller;
  return {
    method: handler.method,
    path: handler.path,
    label,
    route,
    ...(delivery === undefined || handler.method !== 'EVENT' ? {} : { delivery }),
  };
}

/**
 * The parameter as resolvers receive it, with what the bindings may leave out filled in: `index`
 * is its position in `params`, `optional` false.
 */
function parameterMeta(p: ParameterBinding, position: number): ParameterMeta {
  return { ...p, index: p.index ?? position, optional: p.optional ?? false };
}
