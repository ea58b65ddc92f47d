/**
 * Faults to inject into the pipeline: interceptors and post-execution hooks that fail in one hook,
 * by throwing or by rejecting, with an error the test can recognise where it ends up.
 */
import { connect } from 'node:net';
import type { Interceptor, PostExecutionHook } from 'fw/core';
import { onTestFinished } from 'vitest';

/** The interceptor hooks of one execution, in the order they run (API.md section 5). */
export const HOOKS = ['preHandle', 'postHandle', 'beforeResponse', 'afterCompletion'] as const;

/** One of {@link HOOKS}. */
export type Hook = (typeof HOOKS)[number];

/** How a hook fails: a synchronous throw or a rejected promise (the pipeline treats both alike). */
export type Mode = 'throws' | 'rejects';

/** Every hook with every mode, for `it.each`. */
export const HOOK_FAULTS: readonly (readonly [Hook, Mode])[] = HOOKS.flatMap((hook) =>
  (['throws', 'rejects'] as const).map((mode) => [hook, mode] as const),
);

/** A hook body that fails with `err` as `mode` says: throws it, or returns it rejected. */
export function failWith(mode: Mode, err: Error): () => Promise<never> | never {
  return mode === 'throws'
    ? () => {
        throw err;
      }
    : () => Promise.reject(err);
}

/** A route interceptor class whose `hook` fails with `err`. */
export function failingIn(
  hook: Hook | 'preHandshake',
  mode: Mode,
  err: Error,
): new () => Interceptor {
  const fail = failWith(mode, err);
  return class Faulty implements Interceptor {
    [hook]() {
      return fail();
    }
  };
}

/** A global interceptor that runs `inner`'s hooks only for executions on `path`. */
export function onPath(path: string, inner: Interceptor): Interceptor {
  const only = <A extends unknown[], R>(fn: ((...args: A) => R) | undefined) =>
    fn === undefined
      ? undefined
      : (...args: A): R | undefined =>
          (args[0] as { path(): string }).path() === path ? fn.apply(inner, args) : undefined;
  return {
    preHandle: only(inner.preHandle),
    postHandle: only(inner.postHandle),
    beforeResponse: only(inner.beforeResponse),
    afterCompletion: only(inner.afterCompletion),
    preHandshake: only(inner.preHandshake),
  };
}

/** A post-execution hook that fails with `err`, for the executions on `path` only when given. */
export function failingHook(mode: Mode, err: Error, path?: string): PostExecutionHook {
  const fail = failWith(mode, err);
  return {
    afterExecution: (ctx) => (path === undefined || ctx.path() === path ? fail() : undefined),
  };
}

/** A global interceptor that keeps the final error each `afterCompletion` was given. */
export function completions(): Interceptor & { readonly seen: (Error | undefined)[] } {
  const seen: (Error | undefined)[] = [];
  return { seen, afterCompletion: (_ctx, _meta, err) => void seen.push(err) };
}

/** Whether `err` is `target` or holds it (a joined error's `errors`, or its `cause`). */
export function holds(err: unknown, target: Error): boolean {
  if (err === target) return true;
  if (err instanceof AggregateError && err.errors.some((e) => holds(e, target))) return true;
  return err instanceof Error && err.cause !== undefined && holds(err.cause, target);
}

/** Resolves `reached` once `tick()` has been called `n` times: for "every handler has started". */
export function countdown(n: number): { tick(): void; readonly reached: Promise<void> } {
  let left = n;
  let resolve!: () => void;
  const reached = new Promise<void>((r) => (resolve = r));
  if (left === 0) resolve();
  return {
    reached,
    tick: () => {
      if (--left === 0) resolve();
    },
  };
}

/** Connects to 127.0.0.1:`port` and hangs up; resolves with the error code, or 'connected'. */
export function tryConnect(port: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve('connected');
    });
    socket.once('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? err.message));
  });
}

/** A response read whole off a connection the server ended: header names lower case. */
export interface WholeResponse {
  /** 0 when no response head arrived. */
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: Buffer;
  /** Whether the body has all the bytes its `Content-Length` declares. */
  readonly complete: boolean;
}

/**
 * One request on its own connection, for bodies too big for `RawClient`: resolves once `request`
 * is written, with the socket (to pause and resume reading) and the response, parsed once the
 * server has ended the connection.
 */
export async function openRequest(port: number, request: string) {
  const socket = connect(port, '127.0.0.1');
  onTestFinished(() => void socket.destroy());
  socket.on('error', () => {}); // a reset shows as an incomplete response
  const chunks: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  const response = new Promise<WholeResponse>((resolve) =>
    socket.once('close', () => resolve(parse(Buffer.concat(chunks)))),
  );
  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.once('connect', () => socket.write(request, () => resolve()));
  });
  return { socket, response };
}

function parse(bytes: Buffer): WholeResponse {
  const headEnd = bytes.indexOf('\r\n\r\n');
  const head = bytes.subarray(0, headEnd === -1 ? 0 : headEnd).toString('latin1');
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  const body = headEnd === -1 ? Buffer.alloc(0) : bytes.subarray(headEnd + 4);
  const complete = headEnd !== -1 && body.length === Number(headers['content-length']);
  const status = headEnd === -1 ? 0 : Number(statusLine.split(' ')[1]);
  return { status, headers, body, complete };
}
