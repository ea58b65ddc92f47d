/**
 * Start-up: turns bindings into routes. Each controller and route interceptor is instantiated once,
 * each parameter is bound to the first resolver that supports it, and each path parameter is checked
 * against its route's keys, so a mistake fails `createApp` instead of a request.
 */
import type { Route } from '../core/pipeline.js';
import type { ArgumentResolver, HandlerMeta, Interceptor } from '../core/types.js';
import { FwError } from '../errors.js';
import { routeKeys } from '../router/router.js';
import {
  BINDINGS_VERSION,
  type Bindings,
  type ControllerBinding,
  type HandlerBinding,
} from './bindings.js';
import type { Instances } from './instances.js';

/** A handler ready to run, with what the routers need to register it. */
export interface CompiledRoute {
  readonly method: string;
  readonly path: string;
  /** `Controller.method`, for messages. */
  readonly label: string;
  readonly route: Route;
}

/** Compiles every handler of `bindings`. */
export function compileRoutes(
  bindings: Bindings,
  instances: Instances,
  resolvers: readonly ArgumentResolver[],
): CompiledRoute[] {
  if (bindings?.version !== BINDINGS_VERSION) {
    throw new FwError('FW_ERR_BINDINGS_VERSION', {
      got: bindings?.version,
      want: BINDINGS_VERSION,
    });
  }
  const compiled: CompiledRoute[] = [];
  for (const controller of bindings.controllers) {
    const instance = instances.get(controller.type, controller.name);
    const shared = controller.interceptors.map((c) => instances.get<Interceptor>(c));
    for (const handler of controller.handlers) {
      compiled.push(compileHandler(controller, handler, instance, shared, instances, resolvers));
    }
  }
  return compiled;
}

function compileHandler(
  controller: ControllerBinding,
  handler: HandlerBinding,
  instance: unknown,
  shared: readonly Interceptor[],
  instances: Instances,
  resolvers: readonly ArgumentResolver[],
): CompiledRoute {
  const label = `${controller.name}.${handler.name}`;
  const where = handler.source === undefined ? label : `${label} (${handler.source})`;
  const keys = handler.method === 'EVENT' ? [] : routeKeys(handler.path);
  const bound = handler.params.map((pm) => {
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
  });
  const route: Route = {
    meta,
    interceptors: [...shared, ...handler.interceptors.map((c) => instances.get<Interceptor>(c))],
    params: handler.params,
    resolvers: bound,
    controller: instance,
    invoke: handler.invoke as Route['invoke'],
    serialize: handler.serialize,
  };
  return { method: handler.method, path: handler.path, label, route };
}
