/** The read-only facade controllers get over an execution context (Spine's `ControllerContext`). */
import type { ControllerContext, ExecutionContext } from './types.js';

/**
 * A view of `ctx` with `get` and `has` only: no `set`, and no property leads back to `ctx`.
 * @example
 * const view = controllerContext(ctx);
 * view.get<User>('auth.user');
 */
export function controllerContext(ctx: ExecutionContext): ControllerContext {
  return Object.freeze({
    get: <T = unknown>(key: string): T | undefined => ctx.get<T>(key),
    has: (key: string): boolean => ctx.has(key),
  });
}
