/** The read-only facade controllers get over an execution context. */
import type { ExecutionContext } from './execution-context.js';

/**
 * A view of `ctx` with `get` and `has` only: no `set`, and no property leads back to `ctx`. The
 * methods are closures, so they work detached (`const { get } = view`). The view is not frozen:
 * `Object.freeze` is a call into V8's runtime on every request, and what is written on a view
 * reaches neither `ctx` nor any other view.
 * @example
 * const view = controllerContext(ctx);
 * view.get<User>('auth.user');
 */
export function controllerContext(ctx: ExecutionContext): ControllerContext {
  return {
    get: <T = unknown>(key: string): T | undefined => ctx.get<T>(key),
    has: (key: string): boolean => ctx.has(key),
  };
}

/** The read-only view of an {@link ExecutionContext} that controllers receive. */
export interface ControllerContext {
  get<T = unknown>(key: string): T | undefined;
  has(key: string): boolean;
}
