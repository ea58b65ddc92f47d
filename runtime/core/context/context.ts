/**
 * `fw/context`: Go's `context` package with an `AbortSignal` in place of `Done()`. A child of one of
 * our contexts sits in its parent's set of children (Go's `cancelCtx`) and costs no event listener;
 * only a foreign `Context` implementation is listened to. @see https://pkg.go.dev/context
 */

/** Carries a cancellation signal, a deadline and request-scoped values across API boundaries. */
export interface Context {
  /** Aborts, with `err()` as its `reason`, when the context is canceled or its deadline passes. */
  readonly signal: AbortSignal;
  /** When the context will be canceled by its deadline; `undefined` when it has none. */
  deadline(): Date | undefined;
  /** `undefined` while live; `Canceled` or `DeadlineExceeded` after. */
  err(): Error | undefined;
  /** The value bound to `key` by the nearest `withValue`, compared with `Object.is`. */
  value(key: unknown): unknown;
}

function sentinel(message: string): Error {
  const err = new Error(message);
  err.stack = `Error: ${message}`; // a shared value: the stack of its module's load would mislead
  return Object.freeze(err);
}

/** The error of a context canceled by its cancel function (Go's `context.Canceled`). */
export const Canceled: Error = sentinel('context canceled');

/** The error of a context whose deadline passed (Go's `context.DeadlineExceeded`). */
export const DeadlineExceeded: Error = sentinel('context deadline exceeded');

/** The longest delay `setTimeout` honours; longer deadlines are reached in steps. */
const MAX_DELAY = 2 ** 31 - 1;

const BACKGROUND: Context = Object.freeze({
  signal: new AbortController().signal, // its controller is dropped at once: it never aborts
  deadline: () => undefined,
  err: () => undefined,
  value: () => undefined,
});

class ValueContext implements Context {
  #parent: Context;
  #key: unknown;
  #value: unknown;

  constructor(parent: Context, key: unknown, value: unknown) {
    this.#parent = parent;
    this.#key = key;
    this.#value = value;
  }

  get signal(): AbortSignal {
    return this.#parent.signal;
  }
  deadline(): Date | undefined {
    return this.#parent.deadline();
  }
  err(): Error | undefined {
    return this.#parent.err();
  }
  value(key: unknown): unknown {
    let ctx: Context = this;
    while (#key in ctx) {
      if (Object.is(ctx.#key, key)) return ctx.#value;
      ctx = ctx.#parent;
    }
    return ctx.value(key);
  }

  /** The first context above `ctx` that is not a `ValueContext`: the one whose signal it shares. */
  static unwrap(ctx: Context): Context {
    while (#parent in ctx) ctx = ctx.#parent;
    return ctx;
  }
}

/** The error a canceled parent ended with; a foreign one may abort with any reason. */
function errOf(parent: Context): Error {
  const reason: unknown = parent.signal.reason;
  return parent.err() ?? (reason instanceof Error ? reason : Canceled);
}

/** @internal Go's `cancelCtx` and `timerCtx` in one: cancelable, with an optional deadline. */
class CancelContext implements Context {
  #parent: Context;
  #deadlineMs: number | undefined;
  #err: Error | undefined;
  #controller: AbortController | undefined; // made on first read of `signal`
  #children: Set<CancelContext> | undefined;
  #owner: CancelContext | undefined; // the parent whose `#children` holds this one
  #detach: (() => void) | undefined; // removes the listener on a foreign parent's signal
  #timer: ReturnType<typeof setTimeout> | undefined;

  private constructor(parent: Context, deadlineMs: number | undefined) {
    this.#parent = parent;
    this.#deadlineMs = deadlineMs;
  }

  get signal(): AbortSignal {
    if (this.#controller === undefined) {
      this.#controller = new AbortController();
      if (this.#err !== undefined) this.#controller.abort(this.#err);
    }
    return this.#controller.signal;
  }
  deadline(): Date | undefined {
    return this.#deadlineMs === undefined ? this.#parent.deadline() : new Date(this.#deadlineMs);
  }
  err(): Error | undefined {
    return this.#err;
  }
  value(key: unknown): unknown {
    return this.#parent.value(key);
  }

  /** @internal A child of `parent`; with `deadlineMs` (epoch ms), it times out after `ms`. */
  static derive(parent: Context, deadlineMs?: number, ms?: number): [Context, () => void] {
    const ctx = new CancelContext(parent, deadlineMs);
    ctx.#propagate(parent);
    if (ms !== undefined && ctx.#err === undefined) {
      if (ms <= 0) ctx.#cancel(DeadlineExceeded, true);
      else ctx.#arm(ms);
    }
    return [ctx, () => ctx.#cancel(Canceled, true)];
  }

  /**
   * @internal A child of `parent` with a deadline at `deadlineMs` and no timer of its own: the
   * caller calls `expire` at the deadline.
   */
  static expiring(parent: Context, deadlineMs: number): [Context, () => void, () => void] {
    const ctx = new CancelContext(parent, deadlineMs);
    ctx.#propagate(parent);
    return [ctx, () => ctx.#cancel(Canceled, true), () => ctx.#cancel(DeadlineExceeded, true)];
  }

  /** Arranges for this context to be canceled when `parent` is (Go's `propagateCancel`). */
  #propagate(parent: Context): void {
    const base = ValueContext.unwrap(parent);
    if (base === BACKGROUND) return;
    if (#children in base && base.#err === undefined) {
      base.#children ??= new Set();
      base.#children.add(this);
      this.#owner = base;
    } else if (#children in base || parent.signal.aborted) {
      this.#cancel(errOf(parent), false);
    } else {
      const signal = parent.signal; // a foreign parent: the one case that needs a listener
      const onAbort = (): void => this.#cancel(errOf(parent), false);
      signal.addEventListener('abort', onAbort, { once: true });
      this.#detach = () => signal.removeEventListener('abort', onAbort);
    }
  }

  #arm(ms: number): void {
    const delay = Math.min(ms, MAX_DELAY);
    this.#timer = setTimeout(CancelContext.#fire, delay, this, ms - delay);
    this.#timer.unref();
  }

  static #fire(ctx: CancelContext, rest: number): void {
    ctx.#timer = undefined;
    if (rest > 0) ctx.#arm(rest);
    else ctx.#cancel(DeadlineExceeded, true);
  }

  /** Cancels this context and its children with `err`; the first call wins. */
  #cancel(err: Error, removeFromParent: boolean): void {
    if (this.#err !== undefined) return;
    this.#err = err;
    clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#detach?.();
    this.#detach = undefined;
    if (removeFromParent && this.#owner !== undefined) this.#owner.#children?.delete(this);
    this.#owner = undefined;
    this.#controller?.abort(err);
    const children = this.#children;
    this.#children = undefined;
    if (children !== undefined) for (const child of children) child.#cancel(err, false);
  }
}

/**
 * The root context: never canceled, no deadline, no values; one shared instance.
 * @example const [ctx, cancel] = withTimeout(background(), 5_000);
 */
export function background(): Context {
  return BACKGROUND;
}

/**
 * A child of `parent` that binds `key` (compared with `Object.is`) to `value` and shares the rest.
 * @example const ctx = withValue(parent, USER, user); ctx.value(USER) === user;
 */
export function withValue(parent: Context, key: unknown, value: unknown): Context {
  return new ValueContext(parent, key, value);
}

/**
 * A child of `parent` and the function that cancels it with `Canceled`; call it once done.
 * @example const [ctx, cancel] = withCancel(parent); try { await work(ctx); } finally { cancel(); }
 */
export function withCancel(parent: Context): [Context, () => void] {
  return CancelContext.derive(parent);
}

/**
 * A child of `parent` canceled with `DeadlineExceeded` at `at`, or earlier with its parent.
 * @example const [ctx, cancel] = withDeadline(parent, new Date(Date.now() + 1_000));
 */
export function withDeadline(parent: Context, at: Date): [Context, () => void] {
  const atMs = at instanceof Date ? at.getTime() : Number.NaN;
  if (!Number.isFinite(atMs)) {
    throw new TypeError(`withDeadline: at must be a valid Date, instead got ${String(at)}`);
  }
  return deadlineAt(parent, atMs, atMs - Date.now());
}

/**
 * A child of `parent` canceled with `DeadlineExceeded` after `ms` milliseconds, or earlier with
 * its parent; `ms <= 0` times out at once.
 * @example const [ctx, cancel] = withTimeout(parent, 5_000); await fetch(url, { signal: ctx.signal });
 */
export function withTimeout(parent: Context, ms: number): [Context, () => void] {
  if (!Number.isFinite(ms)) {
    throw new TypeError(`withTimeout: ms must be a finite number, instead got ${String(ms)}`);
  }
  return deadlineAt(parent, Date.now() + ms, ms);
}

/**
 * @internal A child of `background()` whose deadline is `atMs` (epoch ms), ended with
 * `DeadlineExceeded` only when the caller calls `expire`: for a server that already keeps a timer
 * per request and must end the context before it answers.
 */
export function withExpiry(atMs: number): [Context, () => void, () => void] {
  return CancelContext.expiring(BACKGROUND, atMs);
}

/** A parent whose deadline is earlier already cancels the child in time (Go's `WithDeadline`). */
function deadlineAt(parent: Context, atMs: number, ms: number): [Context, () => void] {
  const current = parent.deadline();
  if (current !== undefined && current.getTime() < atMs) return CancelContext.derive(parent);
  return CancelContext.derive(parent, atMs, ms);
}
