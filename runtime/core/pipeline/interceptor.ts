/** The hooks around a handler: interceptors and post-execution hooks. */
import type { WebSocketHandshakeContext } from '../request/ws-request-snapshot.js';
import type { ExecutionContext } from './execution-context.js';

/** The handler an execution was routed to. */
export interface HandlerMeta {
  /** The controller class; undefined before routing. */
  readonly controllerType?: abstract new (
    ...args: never[]
  ) => unknown;
  /** The handler method; undefined before routing. */
  readonly method?: { readonly name: string };
  readonly pathKeys: readonly string[];
  /**
   * What the handler is routed by, as declared: the route's pattern (`/users/:id`), the gateway's
   * path, or the event's name; undefined before routing.
   */
  readonly route?: string;
}

/** Hooks around a handler; every hook optional, sync or async. A hook fails by returning or throwing an error. */
export interface Interceptor {
  preHandle?(ctx: ExecutionContext, meta: HandlerMeta): void | Error | Promise<void | Error>;
  postHandle?(ctx: ExecutionContext, meta: HandlerMeta): void | Promise<void>;
  beforeResponse?(
    ctx: ExecutionContext,
    meta: HandlerMeta,
    executionErr: Error | undefined,
  ): void | Error | Promise<void | Error>;
  afterCompletion?(
    ctx: ExecutionContext,
    meta: HandlerMeta,
    err: Error | undefined,
  ): void | Promise<void>;
  /**
   * WebSocket only, before the upgrade (global interceptors first, then the gateway's): an error
   * refuses the handshake with 401, or with the status of an `HttpError` whose status is 4xx.
   */
  preHandshake?(
    ctx: WebSocketHandshakeContext,
    meta: HandlerMeta,
  ): void | Error | Promise<void | Error>;
}

/** Runs after a successful handler, before `postHandle`; an error fails the execution. */
export interface PostExecutionHook {
  afterExecution(
    ctx: ExecutionContext,
    results: unknown[],
    err: Error | undefined,
  ): void | Error | Promise<void | Error>;
}
