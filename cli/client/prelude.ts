/**
 * What every generated client declares for its callers: the problem, the results, `unwrap`, the
 * options, event streams and sockets. fwgen copies the region below into each client it writes
 * (`--client`), so this file is that text, type-checked and linted where it is kept.
 */
// #region prelude
/** Problem details (RFC 9457) as fw answers them, with its `code` and every failed check. */
export interface Problem {
  readonly type: string;
  readonly title: string;
  readonly status: number;
  readonly detail: string;
  readonly instance?: string;
  /** fw's stable `FW_ERR_*` code; `FW_CLIENT_UNEXPECTED_RESPONSE` for an answer the API does not declare. */
  readonly code?: string;
  /** Every failed check of an invalid body, query or path key. */
  readonly errors?: readonly { readonly path: string; readonly message: string }[];
  readonly [member: string]: unknown;
}

/** A declared success: its status, the data as the handler declared it, and the response. */
export interface Ok<S extends number, T> {
  readonly ok: true;
  readonly status: S;
  readonly data: T;
  readonly response: Response;
}

/** Any other answer: a problem from the app, or one saying the answer was not declared. */
export interface Failure {
  readonly ok: false;
  readonly status: number;
  readonly problem: Problem;
  readonly response: Response;
}

/** What every call takes besides its own path, query and body. */
export interface RequestOptions {
  /** Headers of this request, over the client's. */
  readonly headers?: Readonly<Record<string, string>>;
  readonly signal?: AbortSignal;
}

/** What a gateway's WebSocket needs of its class: the browser's, Node 22's or the `ws` package's. */
export interface WebSocketClass {
  new (url: string, protocols?: string | string[]): WebSocketLike;
}

/** The part of a WebSocket the client uses. */
export interface WebSocketLike {
  binaryType: string;
  readonly readyState: number;
  send(data: string | ArrayBuffer): void;
  close(code?: number, reason?: string): void;
  addEventListener(type: string, listener: (event: SocketEvent) => void): void;
}

/** What the client reads of a socket's events. */
export interface SocketEvent {
  readonly type: string;
  readonly data?: unknown;
  readonly code?: number;
  readonly reason?: string;
}

/** How the client reaches the app. */
export interface ClientOptions {
  /** Where the app answers, such as `https://api.example.com`; a path prefix is kept. */
  readonly baseUrl: string | URL;
  /** @default globalThis.fetch */
  readonly fetch?: typeof fetch;
  /** Headers for every request, or a function that gives them (called for each request). */
  readonly headers?:
    | Readonly<Record<string, string>>
    | (() => Readonly<Record<string, string>> | Promise<Readonly<Record<string, string>>>);
  /** Browsers: `'include'` sends the cookies of another origin. */
  readonly credentials?: 'omit' | 'same-origin' | 'include';
  /** The class gateways connect with. @default globalThis.WebSocket (Node 20 has none: pass the `ws` package's) */
  readonly WebSocket?: WebSocketClass;
}

/** The error {@link unwrap} throws: the failure's status, problem and response. */
export class ApiError extends Error {
  readonly status: number;
  readonly problem: Problem;
  readonly response: Response;

  constructor(failure: Failure) {
    super(`${failure.status} ${failure.problem.title}: ${failure.problem.detail}`);
    this.name = 'ApiError';
    this.status = failure.status;
    this.problem = failure.problem;
    this.response = failure.response;
  }
}

/** The data of a success; throws {@link ApiError} for a failure. */
export function unwrap<R extends Ok<number, unknown> | Failure>(
  result: R,
): Extract<R, { ok: true }>['data'] {
  if (result.ok) return result.data as Extract<R, { ok: true }>['data'];
  throw new ApiError(result as Failure);
}

/** One event of a server-sent event stream. */
export interface ServerEvent {
  readonly event?: string;
  readonly id?: string;
  readonly data: string;
}

/**
 * A server-sent event stream, read like `EventSource` reads one: it reconnects when the stream
 * ends, with `Last-Event-ID`, until {@link ServerEvents.close}; an answer that is not an event
 * stream ends the iteration with {@link ApiError}.
 */
export interface ServerEvents extends AsyncIterable<ServerEvent> {
  /** The id of the last event received. */
  readonly lastEventId: string | undefined;
  close(): void;
}

/**
 * A gateway's connection. Replies come in the order they arrive: a handler's typed reply, or what
 * the app sent with `sendMessage` as text or bytes.
 */
export interface Socket<In, Out> {
  /** Resolves once the connection is open; rejects when it could not be opened. */
  readonly opened: Promise<void>;
  /** Resolves with the close code and reason once the connection has closed. */
  readonly closed: Promise<{ readonly code: number; readonly reason: string }>;
  send(message: In): void;
  /** Every message from the app, until the connection closes. */
  replies(): AsyncIterable<Out | string | Uint8Array>;
  close(code?: number, reason?: string): void;
}
// #endregion
