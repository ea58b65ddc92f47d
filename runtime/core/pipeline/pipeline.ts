/**
 * The one execution pipeline for HTTP requests, event messages and WebSocket messages, in the order
 * of docs/API.md section 5: global preHandle, routing, route preHandle, argument
 * resolution, the handler (its result staged), post-execution hooks, postHandle, beforeResponse,
 * the response, afterCompletion. Everything a route needs is resolved at start-up into a
 * {@link Route}; per request only the steps below run, and a hook that is absent costs one check.
 *
 * An execution runs synchronously for as long as every hook, resolver and handler answers at once,
 * and waits only at a step that returns a promise: most requests never make or await a promise in
 * the pipeline. It is a small state machine ({@link Execution}) rather than an `async` function for
 * that reason; what it does at each step is the same either way.
 */

import { errorIs, joinErrors, toError } from '../error-chain.js';
import { jsonLogger } from '../log/json-logger.js';
import type { Logger } from '../log/logger.js';
import { logCompletionFailure } from './completion-log.js';
import type { ExecutionContext } from './execution-context.js';
import type { HandlerMeta, Interceptor, PostExecutionHook } from './interceptor.js';
import type { ArgumentResolver, ParameterMeta } from './resolver.js';

/** Returned or thrown from `preHandle`: stops the pipeline with no error response. */
export const ErrAbortPipeline: Error = new Error('abort pipeline');

/** The meta global interceptors see before routing. */
export const NO_META: HandlerMeta = Object.freeze({ pathKeys: Object.freeze([]) });

/**
 * A handler with everything resolved at start-up: its interceptors, and a resolver per parameter.
 * The app sets `controller` and `interceptors` once, when its instances are built (runtime/app
 * compile.ts), before any execution; an execution reads them as it reads every other field.
 */
export interface Route {
  readonly meta: HandlerMeta;
  /** The route's own interceptors, class ones first. */
  readonly interceptors: readonly Interceptor[];
  readonly params: readonly ParameterMeta[];
  /** `resolvers[i]` fills `params[i]`. */
  readonly resolvers: readonly ArgumentResolver[];
  readonly controller: unknown;
  invoke(controller: unknown, args: unknown[]): unknown;
  /** Writes the handler's JSON answer from its declared type; `JSON.stringify` when absent. */
  readonly serialize?: ((value: unknown) => string | undefined) | undefined;
}

/** How one kind of input routes, stages its result and answers. */
export interface Protocol<C extends ExecutionContext> {
  /** Finds the route; throws (an `HttpError` 404 or 405) when there is none. */
  route(ctx: C): Route;
  /** Called before argument resolution: what is written after it is dropped on error. */
  checkpoint(ctx: C): void;
  /** Stages the handler's result, answered by `route`'s handler; throws when it cannot be sent. */
  stage(ctx: C, result: unknown, route: Route): void;
  /** Sends the staged result, or renders `err`; a throw joins the final error. */
  respond(ctx: C, err: Error | undefined): void | Promise<void>;
}

/** A value, or a promise of one. */
export type MaybePromise<T> = T | Promise<T>;

/**
 * Runs executions: answers the final error, or undefined. The answer is a promise only when a step
 * had to wait; either way it never throws or rejects.
 */
export type Execute<C extends ExecutionContext> = (
  ctx: C,
  routed?: Route,
) => MaybePromise<Error | undefined>;

/** Whether `v` is a promise (any thenable, as `await` takes it); a primitive is looked at no further. */
export const isPromise = <T>(v: MaybePromise<T>): v is Promise<T> =>
  ((typeof v === 'object' && v !== null) || typeof v === 'function') &&
  typeof (v as { then?: unknown }).then === 'function';

const NONE: readonly Interceptor[] = [];
const failure = (v: unknown): Error | undefined => (v instanceof Error ? v : undefined);

/** What every execution of one pipeline shares. */
interface Shared<C extends ExecutionContext> {
  readonly globals: readonly Interceptor[];
  readonly hooks: readonly PostExecutionHook[];
  readonly protocol: Protocol<C>;
  readonly logger: Logger;
}

/**
 * Builds the pipeline for one protocol; `interceptors` are the global ones, in order. The array is
 * read as it is at each execution, not copied: an app whose interceptors come from its object
 * graph fills it once the graph is built, before the first execution.
 */
export function createPipeline<C extends ExecutionContext>(options: {
  readonly interceptors: readonly Interceptor[];
  readonly hooks: readonly PostExecutionHook[];
  readonly protocol: Protocol<C>;
  /** Where a failed `afterCompletion` is reported. @default jsonLogger() */
  readonly logger?: Logger;
}): Execute<C> {
  const shared: Shared<C> = {
    globals: options.interceptors,
    hooks: [...options.hooks],
    protocol: options.protocol,
    logger: options.logger ?? jsonLogger(),
  };
  return (ctx, routed) => new Execution(shared, ctx, routed).run();
}

// The steps of an execution, in order. The first eight are the main part: a failure in any of
// them goes straight to BEFORE_RESPONSE.
const PRE_GLOBAL = 0;
const ROUTE = 1;
const PRE_ROUTE = 2;
const RESOLVE = 3;
const INVOKE = 4;
const STAGE = 5;
const HOOKS = 6;
const POST_ROUTE = 7;
const POST_GLOBAL = 8;
const BEFORE_RESPONSE = 9;
const RESPOND = 10;
const AFTER_COMPLETION = 11;
const DONE = 12;

/**
 * One execution. {@link Execution.advance} runs steps until one returns a promise or all are done;
 * {@link Execution.accept} and {@link Execution.fail} take a step's value or failure, sync or
 * awaited, and move on; `step` says which step is running and `at` where it is in its list.
 */
class Execution<C extends ExecutionContext> {
  readonly #shared: Shared<C>;
  readonly #ctx: C;
  #route: Route | undefined;
  #meta = NO_META;
  #own = NONE;
  #err: Error | undefined;
  /** What afterCompletion sees: the error once the response has gone out. */
  #final: Error | undefined;
  #globalsPassed = 0;
  #routePassed = 0;
  #step = PRE_GLOBAL;
  #at = 0;
  #args: unknown[] = [];
  #result: unknown;

  constructor(shared: Shared<C>, ctx: C, routed: Route | undefined) {
    this.#shared = shared;
    this.#ctx = ctx;
    this.#route = routed;
  }

  run(): MaybePromise<Error | undefined> {
    for (;;) {
      let pending: Promise<unknown> | undefined;
      try {
        pending = this.#advance();
      } catch (thrown) {
        this.#fail(thrown);
        continue;
      }
      if (pending === undefined) return this.#err;
      return Promise.resolve(pending).then(
        (v) => {
          this.#accept(v);
          return this.run();
        },
        (thrown: unknown) => {
          this.#fail(thrown);
          return this.run();
        },
      );
    }
  }

  /**
   * Runs steps until one answers a promise (returned) or the execution is done (undefined). The
   * steps follow one another in order, each a loop over its list: a step that answers at once with
   * nothing to act on goes straight on, without a dispatch. Any other answer goes through
   * {@link Execution.accept}, as an awaited one does, and the walk starts over at the step that is
   * now current (after an error, BEFORE_RESPONSE).
   */
  #advance(): Promise<unknown> | undefined {
    const ctx = this.#ctx;
    const { globals, hooks, protocol } = this.#shared;
    let v: unknown;
    steps: for (;;) {
      if (this.#step === PRE_GLOBAL) {
        for (; this.#globalsPassed < globals.length; this.#globalsPassed++) {
          const i = globals[this.#globalsPassed] as Interceptor;
          if (i.preHandle === undefined) continue;
          v = i.preHandle(ctx, NO_META);
          if (v !== undefined) {
            if (isPromise(v)) return v;
            this.#accept(v);
            continue steps;
          }
        }
        this.#step = ROUTE;
      }
      if (this.#step === ROUTE) {
        const route = (this.#route ??= protocol.route(ctx));
        this.#meta = route.meta;
        this.#own = route.interceptors;
        this.#step = PRE_ROUTE;
      }
      if (this.#step === PRE_ROUTE) {
        const own = this.#own;
        for (; this.#routePassed < own.length; this.#routePassed++) {
          const i = own[this.#routePassed] as Interceptor;
          if (i.preHandle === undefined) continue;
          v = i.preHandle(ctx, this.#meta);
          if (v !== undefined) {
            if (isPromise(v)) return v;
            this.#accept(v);
            continue steps;
          }
        }
        this.#step = RESOLVE;
        protocol.checkpoint(ctx);
        this.#args = new Array<unknown>((this.#route as Route).params.length);
      }
      if (this.#step === RESOLVE) {
        const { resolvers, params } = this.#route as Route;
        const args = this.#args;
        while (this.#at < args.length) {
          const p = this.#at;
          v = (resolvers[p] as ArgumentResolver).resolve(ctx, params[p] as ParameterMeta);
          if (isPromise(v)) return v;
          args[p] = v;
          this.#at = p + 1;
        }
        this.#at = 0;
        this.#step = INVOKE;
      }
      if (this.#step === INVOKE) {
        const route = this.#route as Route;
        v = route.invoke(route.controller, this.#args);
        if (isPromise(v)) return v;
        this.#result = v;
        this.#step = STAGE;
      }
      if (this.#step === STAGE) {
        protocol.stage(ctx, this.#result, this.#route as Route);
        this.#step = HOOKS;
      }
      if (this.#step === HOOKS) {
        for (; this.#at < hooks.length; this.#at++) {
          v = (hooks[this.#at] as PostExecutionHook).afterExecution(ctx, [this.#result], undefined);
          if (v !== undefined) {
            if (isPromise(v)) return v;
            this.#accept(v);
            continue steps;
          }
        }
        this.#at = this.#own.length - 1;
        this.#step = POST_ROUTE;
      }
      if (this.#step === POST_ROUTE) {
        for (; this.#at >= 0; this.#at--) {
          v = (this.#own[this.#at] as Interceptor).postHandle?.(ctx, this.#meta);
          if (v !== undefined && isPromise(v)) return v;
        }
        this.#at = globals.length - 1;
        this.#step = POST_GLOBAL;
      }
      if (this.#step === POST_GLOBAL) {
        for (; this.#at >= 0; this.#at--) {
          v = (globals[this.#at] as Interceptor).postHandle?.(ctx, this.#meta);
          if (v !== undefined && isPromise(v)) return v;
        }
        this.#toBeforeResponse();
      }
      if (this.#step === BEFORE_RESPONSE) {
        // Every interceptor whose preHandle passed, innermost first.
        const routePassed = this.#routePassed;
        const passed = routePassed + this.#globalsPassed;
        for (; this.#at < passed; this.#at++) {
          const j = this.#at;
          const i = (
            j < routePassed
              ? this.#own[routePassed - 1 - j]
              : globals[this.#globalsPassed - 1 - (j - routePassed)]
          ) as Interceptor;
          if (i.beforeResponse === undefined) continue;
          v = i.beforeResponse(ctx, this.#meta, this.#err);
          if (v !== undefined) {
            if (isPromise(v)) return v;
            this.#err = joinErrors(this.#err, failure(v));
          }
        }
        this.#step = RESPOND;
      }
      if (this.#step === RESPOND) {
        v = protocol.respond(ctx, this.#err);
        if (v !== undefined && isPromise(v)) return v;
        this.#toAfterCompletion();
      }
      if (this.#step === AFTER_COMPLETION) {
        // Every interceptor of the route, then every global one, innermost first. A failure here
        // is logged and changes nothing: the answer has gone out.
        const n = this.#own.length;
        for (; this.#at < n + globals.length; this.#at++) {
          const j = this.#at;
          const i = (
            j < n ? this.#own[n - 1 - j] : globals[globals.length - 1 - (j - n)]
          ) as Interceptor;
          if (i.afterCompletion === undefined) continue;
          v = i.afterCompletion(ctx, this.#meta, this.#final);
          if (v !== undefined && isPromise(v)) return v;
        }
        this.#step = DONE;
      }
      return undefined;
    }
  }

  /** Takes the value of the step that ran, and moves on. */
  #accept(v: unknown): void {
    switch (this.#step) {
      case PRE_GLOBAL:
        if ((this.#err = failure(v)) !== undefined) this.#toBeforeResponse();
        else this.#globalsPassed++;
        return;
      case PRE_ROUTE:
        if ((this.#err = failure(v)) !== undefined) this.#toBeforeResponse();
        else this.#routePassed++;
        return;
      case RESOLVE:
        this.#args[this.#at++] = v;
        return;
      case INVOKE:
        this.#result = v;
        this.#step = STAGE;
        return;
      case HOOKS:
        if ((this.#err = failure(v)) !== undefined) this.#toBeforeResponse();
        else this.#at++;
        return;
      case POST_ROUTE:
      case POST_GLOBAL:
        this.#at--;
        return;
      case BEFORE_RESPONSE:
        this.#err = joinErrors(this.#err, failure(v));
        this.#at++;
        return;
      case RESPOND:
        this.#toAfterCompletion();
        return;
      default:
        this.#at++;
    }
  }

  /** Takes the failure of the step that ran: the main part stops, the later steps go on. */
  #fail(thrown: unknown): void {
    const step = this.#step;
    if (step < BEFORE_RESPONSE) {
      this.#err = toError(thrown);
      this.#toBeforeResponse();
      return;
    }
    if (step === AFTER_COMPLETION) {
      const { logger, globals } = this.#shared;
      const failed = { own: this.#own, globals, at: this.#at++ };
      logCompletionFailure(logger, this.#ctx, this.#meta, failed, toError(thrown));
      return;
    }
    this.#err = joinErrors(this.#err, toError(thrown));
    if (step === RESPOND) this.#toAfterCompletion();
    else this.#at++;
  }

  #toBeforeResponse(): void {
    // An abort from preHandle (or from routing, between them) is no error: nothing is rendered.
    const preHandling = this.#step <= PRE_ROUTE;
    if (preHandling && this.#err !== undefined && errorIs(this.#err, ErrAbortPipeline)) {
      this.#err = undefined;
    }
    this.#step = BEFORE_RESPONSE;
    this.#at = 0;
  }

  #toAfterCompletion(): void {
    this.#final = this.#err;
    this.#step = AFTER_COMPLETION;
    this.#at = 0;
  }
}
