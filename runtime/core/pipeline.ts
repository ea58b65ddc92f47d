/**
 * The one execution pipeline for HTTP requests, event messages and WebSocket messages, in the order
 * of Spine v0.5.2 (API.md section 5): global preHandle, routing, route preHandle, argument
 * resolution, the handler (its result staged), post-execution hooks, postHandle, beforeResponse,
 * the response, afterCompletion. Everything a route needs is resolved at start-up into a
 * {@link Route}; per request only the loops below run, and a hook that is absent costs one check.
 */
import { errorIs, joinErrors, toError } from './error-chain.js';
import type {
  ArgumentResolver,
  ExecutionContext,
  HandlerMeta,
  Interceptor,
  ParameterMeta,
  PostExecutionHook,
} from './types.js';

/** Returned or thrown from `preHandle`: stops the pipeline with no error response. */
export const ErrAbortPipeline: Error = new Error('abort pipeline');

/** The meta global interceptors see before routing. */
export const NO_META: HandlerMeta = Object.freeze({ pathKeys: Object.freeze([]) });

/** A handler with everything resolved at start-up: its interceptors, and a resolver per parameter. */
export interface Route {
  readonly meta: HandlerMeta;
  /** The route's own interceptors, class ones first. */
  readonly interceptors: readonly Interceptor[];
  readonly params: readonly ParameterMeta[];
  /** `resolvers[i]` fills `params[i]`. */
  readonly resolvers: readonly ArgumentResolver[];
  readonly controller: unknown;
  invoke(controller: unknown, args: unknown[]): unknown;
}

/** How one kind of input routes, stages its result and answers. */
export interface Protocol<C extends ExecutionContext> {
  /** Finds the route; throws (an `HttpError` 404 or 405) when there is none. */
  route(ctx: C): Route;
  /** Called before argument resolution: what is written after it is dropped on error. */
  checkpoint(ctx: C): void;
  /** Stages the handler's result; throws when it cannot be sent. */
  stage(ctx: C, result: unknown): void;
  /** Sends the staged result, or renders `err`; a throw joins the final error. */
  respond(ctx: C, err: Error | undefined): void | Promise<void>;
}

/** Runs executions; resolves to the final error, or undefined. It never rejects. */
export type Execute<C extends ExecutionContext> = (
  ctx: C,
  routed?: Route,
) => Promise<Error | undefined>;

type MaybePromise<T> = T | Promise<T>;
const isPromise = <T>(v: MaybePromise<T>): v is Promise<T> =>
  typeof (v as { then?: unknown } | undefined)?.then === 'function';
const NONE: readonly Interceptor[] = [];
const failure = (v: unknown): Error | undefined => (v instanceof Error ? v : undefined);

/** Builds the pipeline for one protocol; `interceptors` are the global ones, in order. */
export function createPipeline<C extends ExecutionContext>(options: {
  readonly interceptors: readonly Interceptor[];
  readonly hooks: readonly PostExecutionHook[];
  readonly protocol: Protocol<C>;
}): Execute<C> {
  const globals = [...options.interceptors];
  const hooks = [...options.hooks];
  const protocol = options.protocol;

  return async function execute(ctx: C, routed?: Route): Promise<Error | undefined> {
    let err: Error | undefined;
    let route: Route | undefined;
    let meta = NO_META;
    let globalsPassed = 0;
    let routePassed = 0;
    let preHandling = true;
    try {
      run: {
        for (; globalsPassed < globals.length; globalsPassed++) {
          const i = globals[globalsPassed] as Interceptor;
          if (i.preHandle === undefined) continue;
          let r = i.preHandle(ctx, NO_META);
          if (isPromise(r)) r = await r;
          if ((err = failure(r)) !== undefined) break run;
        }
        route = routed ?? protocol.route(ctx);
        meta = route.meta;
        const own = route.interceptors;
        for (; routePassed < own.length; routePassed++) {
          const i = own[routePassed] as Interceptor;
          if (i.preHandle === undefined) continue;
          let r = i.preHandle(ctx, meta);
          if (isPromise(r)) r = await r;
          if ((err = failure(r)) !== undefined) break run;
        }
        preHandling = false;
        protocol.checkpoint(ctx);
        const count = route.params.length;
        const args = new Array<unknown>(count);
        for (let p = 0; p < count; p++) {
          let v = (route.resolvers[p] as ArgumentResolver).resolve(
            ctx,
            route.params[p] as ParameterMeta,
          );
          if (isPromise(v)) v = await v;
          args[p] = v;
        }
        let result = route.invoke(route.controller, args);
        if (isPromise(result)) result = await result;
        protocol.stage(ctx, result);
        for (let h = 0; h < hooks.length; h++) {
          let r = (hooks[h] as PostExecutionHook).afterExecution(ctx, [result], undefined);
          if (isPromise(r)) r = await r;
          if ((err = failure(r)) !== undefined) break run;
        }
        for (let k = own.length - 1; k >= 0; k--) {
          const r = (own[k] as Interceptor).postHandle?.(ctx, meta);
          if (isPromise(r)) await r;
        }
        for (let k = globals.length - 1; k >= 0; k--) {
          const r = (globals[k] as Interceptor).postHandle?.(ctx, meta);
          if (isPromise(r)) await r;
        }
      }
    } catch (thrown) {
      err = toError(thrown);
    }
    if (preHandling && err !== undefined && errorIs(err, ErrAbortPipeline)) err = undefined;

    const own = route?.interceptors ?? NONE;
    for (let j = 0; j < routePassed + globalsPassed; j++) {
      const i = (
        j < routePassed ? own[routePassed - 1 - j] : globals[globalsPassed - 1 - (j - routePassed)]
      ) as Interceptor;
      if (i.beforeResponse === undefined) continue;
      try {
        let r = i.beforeResponse(ctx, meta, err);
        if (isPromise(r)) r = await r;
        err = joinErrors(err, failure(r));
      } catch (thrown) {
        err = joinErrors(err, toError(thrown));
      }
    }

    try {
      const r = protocol.respond(ctx, err);
      if (isPromise(r)) await r;
    } catch (thrown) {
      err = joinErrors(err, toError(thrown));
    }

    const final = err;
    const n = own.length;
    for (let j = 0; j < n + globals.length; j++) {
      const i = (j < n ? own[n - 1 - j] : globals[globals.length - 1 - (j - n)]) as Interceptor;
      if (i.afterCompletion === undefined) continue;
      try {
        const r = i.afterCompletion(ctx, meta, final);
        if (isPromise(r)) await r;
      } catch (thrown) {
        err = joinErrors(err, toError(thrown));
      }
    }
    return err;
  };
}
