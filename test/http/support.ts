/**
 * The harness of the HTTP tests: an app built from hand-written bindings and served on 127.0.0.1
 * port 0 (closed when the test finishes), a logger that records instead of printing, and a raw
 * HTTP/1.1 client on `node:net` for what `fetch` cannot express (declared sizes it never sends,
 * pipelined requests, reading a response while still writing the body).
 */
import { connect, type Socket } from 'node:net';
import {
  type App,
  type AppOptions,
  BINDINGS_VERSION,
  type Bindings,
  createApp,
  defineController,
  type HandlerBinding,
  type InterceptorClass,
  type LogFields,
  type Logger,
  type LogLevel,
} from 'fw';
import type { ParameterMeta, Validator } from 'fw/core';
import { expect, onTestFinished } from 'vitest';

/** A parameter as `name:type` (`'id:number'`), or in full for a validated body. */
export type TestParam =
  | string
  | { readonly name: string; readonly type: string; readonly validate?: Validator };

/** One handler: a primitive parameter named like a route key is bound to that key. */
export interface TestRoute {
  readonly method: string;
  readonly path: string;
  readonly params?: readonly TestParam[];
  readonly interceptors?: readonly InterceptorClass[];
  readonly handle: (...args: never[]) => unknown;
  /** The handler's response writer, as fwgen generates one (`fw/serialize`). */
  readonly serialize?: (value: unknown) => string | undefined;
}

const PRIMITIVES = new Set(['string', 'number', 'bigint', 'boolean']);

class Routes {}

/** Bindings with one controller holding `routes`, in the shape fwgen generates. */
export function bindingsOf(routes: readonly TestRoute[]): Bindings {
  const handlers = routes.map((r, i): HandlerBinding<Routes> => {
    const keys = r.path.split('/').flatMap((s) => (s.startsWith(':') ? [s.slice(1)] : []));
    const params = (r.params ?? []).map((p, index): ParameterMeta => {
      const [name, type] = typeof p === 'string' ? splitParam(p) : [p.name, p.type];
      const bound = keys.includes(name) && PRIMITIVES.has(type);
      return {
        index,
        name,
        type,
        optional: false,
        ...(bound ? { pathKey: name } : {}),
        ...(typeof p === 'object' && p.validate !== undefined ? { validate: p.validate } : {}),
      };
    });
    const handle = r.handle as (...args: readonly unknown[]) => unknown;
    return {
      name: `handler${i}`,
      method: r.method,
      path: r.path,
      params,
      interceptors: r.interceptors ?? [],
      invoke: (_c, args) => handle(...args),
      ...(r.serialize === undefined ? {} : { serialize: r.serialize }),
    };
  });
  const controller = defineController({ type: Routes, name: 'Routes', interceptors: [], handlers });
  return { version: BINDINGS_VERSION, controllers: [controller] };
}

function splitParam(spec: string): [string, string] {
  const colon = spec.indexOf(':');
  return [spec.slice(0, colon), spec.slice(colon + 1)];
}

/** One record a {@link RecordingLogger} was given. */
export interface LogRecord {
  readonly level: LogLevel;
  readonly msg: string;
  readonly fields: LogFields;
}

/** A {@link Logger} that keeps what it is given. */
export interface RecordingLogger extends Logger {
  /** The records at `error` (the server's failures), as message and `err` field. */
  readonly entries: { readonly message: string; readonly err: unknown }[];
  /** Every record, at every level, in order. */
  readonly records: LogRecord[];
  /** Every record but the app's lifecycle (`listening`), in order: what went wrong. */
  failures(): LogRecord[];
}

/** What an app logs as it runs normally, which {@link RecordingLogger.failures} leaves out. */
const LIFECYCLE: ReadonlySet<string> = new Set(['listening']);

export function recordingLogger(): RecordingLogger {
  const entries: { message: string; err: unknown }[] = [];
  const records: LogRecord[] = [];
  const at = (level: LogLevel) => (fields: LogFields, msg: string) => {
    records.push({ level, msg, fields });
    if (level === 'error') entries.push({ message: msg, err: fields['err'] });
  };
  return {
    entries,
    records,
    failures: () => records.filter((r) => !LIFECYCLE.has(r.msg)),
    error: at('error'),
    warn: at('warn'),
    info: at('info'),
    debug: at('debug'),
  };
}

const isRequestId = (v: unknown) => typeof v === 'string' && v !== '';

/** Matches any request id as fw logs it: a non-empty string. */
export const aRequestId: unknown = expect.toSatisfy(isRequestId, 'a request id');

/** Matches the request id `id` (the `X-Request-Id` a client got), which must be one. */
export function theRequestId(id: unknown): unknown {
  return expect.toSatisfy(
    (v: unknown) => isRequestId(v) && v === id,
    `the request id ${JSON.stringify(id)}`,
  );
}

/** Matches a duration as fw logs it: milliseconds, finite and not negative. */
export const aDuration: unknown = expect.toSatisfy(
  (v: unknown) => typeof v === 'number' && Number.isFinite(v) && v >= 0,
  'a duration in ms',
);

/** Matches an `Error` whose message is `message`. */
export function anError(message: string): unknown {
  return expect.toSatisfy(
    (v: unknown) => v instanceof Error && v.message === message,
    `an Error '${message}'`,
  );
}

/** A failed request as a test expects fw to log it (runtime/http/request-log.ts). */
export type ExpectedRequestFailure = {
  readonly method: string;
  readonly path: string;
  /** The status the client got. */
  readonly status: number;
  /** The `X-Request-Id` the client got, which must be one; any request id when left out. */
  readonly requestId?: unknown;
  /** The error's code (an `FW_ERR_*`, or its own `code`); none when not given. */
  readonly code?: string;
} & (
  | {
      /** A server error: the error logged, as `toEqual` compares it, or a matcher. */
      readonly err: unknown;
    }
  | {
      /** A client error: logged at `info` with the `HttpError`'s detail instead of the error. */
      readonly detail: string;
    }
);

/**
 * The one record of a failed request: at `error` with the error for a server error, at `info`
 * with its detail for a client error; with method, path, status, request id and duration.
 */
export function requestFailed(expected: ExpectedRequestFailure): LogRecord {
  const { method, path, status, code } = expected;
  const requestId = 'requestId' in expected ? theRequestId(expected.requestId) : aRequestId;
  const fields = { method, path, status, requestId, durationMs: aDuration, code };
  return 'err' in expected
    ? { level: 'error', msg: 'request failed', fields: { ...fields, err: expected.err } }
    : { level: 'info', msg: 'request failed', fields: { ...fields, detail: expected.detail } };
}

/** What a test expects of a failed `afterCompletion` (runtime/core/completion-log.ts). */
export interface ExpectedCompletionFailure {
  /** The interceptor's class name, or `route|global interceptor <index>`. */
  readonly interceptor: string;
  readonly method: string;
  readonly path: string;
  /** The execution's request id, which must be one; any request id when left out. */
  readonly requestId?: unknown;
  /** The handler as `Class.method`, when the execution was routed to one. */
  readonly handler?: string;
  /** The error logged, as `toEqual` compares it, or a matcher. */
  readonly err: unknown;
}

/** The one record of an `afterCompletion` that failed: at `error`, nothing else changed. */
export function completionFailed(expected: ExpectedCompletionFailure): LogRecord {
  const { interceptor, method, path, err } = expected;
  const requestId = 'requestId' in expected ? theRequestId(expected.requestId) : aRequestId;
  const handler = expected.handler ?? expect.any(String);
  const fields = { interceptor, method, path, requestId, handler, err };
  return { level: 'error', msg: 'afterCompletion failed', fields };
}

/** A failed WebSocket message as a test expects fw to log it (runtime/ws/connection.ts). */
export type ExpectedMessageFailure = {
  /** The gateway path. */
  readonly path: string;
  /** The id of the upgrade request, which must be one; any request id when left out. */
  readonly requestId?: unknown;
  /** The code the connection was closed with. */
  readonly closeCode: number;
  /** The error's code (an `FW_ERR_*`); none when not given. */
  readonly code?: string;
} & (
  | {
      /** A server error (1011): the error logged, as `toEqual` compares it, or a matcher. */
      readonly err: unknown;
    }
  | {
      /** A client's message that does not fit (1007): logged at `info`, without the error. */
      readonly err?: never;
    }
);

/**
 * The one record of a message that closed its connection: at `error` with the error for a server
 * error, at `info` for the client's; with the path, connection id, request id and duration.
 */
export function messageFailed(expected: ExpectedMessageFailure): LogRecord {
  const { path, closeCode, code } = expected;
  const requestId = 'requestId' in expected ? theRequestId(expected.requestId) : aRequestId;
  const connId = expect.stringMatching(/^[0-9a-f-]{36}$/);
  const fields = { path, connId, requestId, closeCode, durationMs: aDuration, code };
  return 'err' in expected
    ? { level: 'error', msg: 'websocket message failed', fields: { ...fields, err: expected.err } }
    : { level: 'info', msg: 'websocket message failed', fields };
}

/** A served app: `GET /ok` answers `ok` besides the given routes. */
export interface Served {
  readonly app: App;
  readonly port: number;
  readonly logger: RecordingLogger;
  url(path: string): string;
  /** The status of a fresh `GET /ok`, on a new connection. */
  alive(): Promise<number>;
}

/** Builds and starts an app on 127.0.0.1 port 0; it is closed when the current test finishes. */
export async function serve(
  routes: readonly TestRoute[],
  options: Omit<AppOptions, 'bindings' | 'logger'> = {},
): Promise<Served> {
  const logger = recordingLogger();
  const ok: TestRoute = { method: 'GET', path: '/ok', handle: () => 'ok' };
  const app = createApp({ ...options, bindings: bindingsOf([...routes, ok]), logger });
  onTestFinished(() => app.close());
  const { port } = await app.listen({ port: 0, host: '127.0.0.1' });
  const url = (path: string) => `http://127.0.0.1:${port}${path}`;
  const alive = async () => {
    const client = await RawClient.connect(port);
    await client.write('GET /ok HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n');
    const res = await client.response();
    client.destroy();
    return res.status;
  };
  return { app, port, logger, url, alive };
}

/**
 * RFC 9457 problem details as fw renders them: with the `FW_ERR_*` `code` of fw's own problems
 * (every 500 is `FW_ERR_INTERNAL`), without one for an application's `HttpError`.
 */
export function problem(status: number, title: string, detail: string, code?: string) {
  const base = { type: 'about:blank', title, status, detail };
  if (code !== undefined) return { ...base, code };
  return status === 500 ? { ...base, code: 'FW_ERR_INTERNAL' } : base;
}

/** A promise with its resolve function, for gates and for values a handler hands to the test. */
export function deferred<T = void>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/** A response as read off the wire; header names lower case, repeated values joined by `, `. */
export interface RawResponse {
  readonly status: number;
  readonly head: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

/** An HTTP/1.1 client on a bare socket: writes whatever it is given, reads responses in order. */
export class RawClient {
  readonly #socket: Socket;
  #buffer = Buffer.alloc(0);
  #ended = false;
  #wake: (() => void) | undefined;

  private constructor(socket: Socket) {
    this.#socket = socket;
    socket.on('data', (chunk: Buffer) => {
      this.#buffer = Buffer.concat([this.#buffer, chunk]);
      this.#notify();
    });
    const end = () => {
      this.#ended = true;
      this.#notify();
    };
    socket.on('end', end);
    socket.on('close', end);
    socket.on('error', end); // a reset after the response: what was read stays readable
  }

  /** Connects to 127.0.0.1:`port`; rejects with the socket error (ECONNREFUSED, …). */
  static connect(port: number): Promise<RawClient> {
    return new Promise((resolve, reject) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('error', reject);
      socket.once('connect', () => {
        socket.off('error', reject);
        resolve(new RawClient(socket));
      });
    });
  }

  /** Writes `data`; resolves once it is handed to the kernel, false if the connection failed. */
  write(data: string | Uint8Array): Promise<boolean> {
    return new Promise((resolve) => {
      if (this.#socket.destroyed || this.#socket.writableEnded) return resolve(false);
      this.#socket.write(data, (err) => resolve(err == null));
    });
  }

  /** Writes `total` bytes in chunks (as HTTP chunks when `chunked`), stopping if the connection fails. */
  async stream(total: number, options: { chunked?: boolean } = {}): Promise<boolean> {
    const chunk = Buffer.alloc(64 * 1024, 'x');
    for (let sent = 0; sent < total; sent += chunk.length) {
      const piece = chunk.subarray(0, Math.min(chunk.length, total - sent));
      const framed = options.chunked
        ? Buffer.concat([Buffer.from(`${piece.length.toString(16)}\r\n`), piece, CRLF])
        : piece;
      if (!(await this.write(framed))) return false;
    }
    return options.chunked ? this.write('0\r\n\r\n') : true;
  }

  /** The next response; `head: true` for the answer to a HEAD request (headers only). */
  async response(options: { head?: boolean } = {}): Promise<RawResponse> {
    const headEnd = await this.#until(() => {
      const i = this.#buffer.indexOf('\r\n\r\n');
      return i === -1 ? undefined : i;
    });
    const head = this.#buffer.subarray(0, headEnd).toString('latin1');
    const [statusLine = '', ...lines] = head.split('\r\n');
    const status = Number(statusLine.split(' ')[1]);
    const headers: Record<string, string> = {};
    for (const line of lines) {
      const colon = line.indexOf(':');
      const name = line.slice(0, colon).toLowerCase();
      const value = line.slice(colon + 1).trim();
      headers[name] = headers[name] === undefined ? value : `${headers[name]}, ${value}`;
    }
    const start = headEnd + 4;
    const bodyless = options.head === true || status === 204 || status === 304 || status < 200;
    const declared = headers['content-length'];
    const length = bodyless ? 0 : declared === undefined ? undefined : Number(declared);
    const end = await this.#until(() => {
      if (length !== undefined)
        return this.#buffer.length >= start + length ? start + length : undefined;
      return this.#ended ? this.#buffer.length : undefined; // delimited by the end of the connection
    });
    const body = this.#buffer.subarray(start, end).toString('utf8');
    this.#buffer = this.#buffer.subarray(end);
    return { status, head, headers, body };
  }

  /** Resolves when the server has ended the connection. */
  async closed(): Promise<void> {
    await this.#until(() => (this.#ended ? true : undefined));
  }

  destroy(): void {
    this.#socket.destroy();
  }

  #notify(): void {
    const wake = this.#wake;
    this.#wake = undefined;
    wake?.();
  }

  async #until<T>(ready: () => T | undefined): Promise<T> {
    for (;;) {
      const value = ready();
      if (value !== undefined) return value;
      if (this.#ended) {
        const got = this.#buffer.toString('latin1').slice(0, 200);
        throw new Error(
          `connection ended before a full response; received: ${JSON.stringify(got)}`,
        );
      }
      await new Promise<void>((resolve) => (this.#wake = resolve));
    }
  }
}

const CRLF = Buffer.from('\r\n');

/** What `fn` throws; undefined when it returns. */
export function thrown(fn: () => unknown): unknown {
  try {
    fn();
  } catch (err) {
    return err;
  }
  return undefined;
}

/** A `GET /slow` route that waits for the test: `entered` once it runs, `open()` lets it answer. */
export function slowRoute(): { route: TestRoute; entered: Promise<void>; open: () => void } {
  const entered = deferred();
  const gate = deferred();
  const route: TestRoute = {
    method: 'GET',
    path: '/slow',
    handle: async () => {
      entered.resolve();
      await gate.promise;
      return 'done';
    },
  };
  return { route, entered: entered.promise, open: () => gate.resolve() };
}
