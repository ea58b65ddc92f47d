/**
 * The context of one HTTP request: an `ExecutionContext` and an `HttpRequestContext` in one object
 * Built from a small port, not from Node's request, so the server,
 * `app.inject()` and `fw/testing` share it. Everything is parsed lazily, on first use.
 */

import { lowerAscii } from '../core/ascii.js';
import { background, type Context, withValue } from '../core/context/context.js';
import { REQUEST_ID, requestIdOfHeaders } from '../core/context/request-id.js';
import { FwError } from '../core/errors.js';
import { brandContext, EXECUTION_METHODS, hasMethods } from '../core/pipeline/context-kinds.js';
import { ContextStore } from '../core/pipeline/context-store.js';
import type {
  ContextCarrier,
  EventBusCarrier,
  ExecutionContext,
} from '../core/pipeline/execution-context.js';
import { parseRequestPairs, recordOf } from '../core/query/parse.js';
import { pairValues, QUERY_VALUES, type Values } from '../core/query/values.js';
import { parseCookies } from '../core/request/cookies.js';
import { freezeQueries, headerMap, targetParts } from '../core/request/headers.js';
import type { BodyLimits } from './body-limits.js';
import type { ByteBudget } from './byte-budget.js';
import { decodeBody } from './decode-body.js';
import type { MultipartForm } from './multipart.js';
import { parseMultipart } from './multipart.js';
import { type MultipartParts, multipartParts } from './multipart-parts.js';
import { type BodySource, readBody } from './read-body.js';
import type { ResponseWriter } from './staged-response.js';

/** What an {@link HttpContext} is built from. */
export interface HttpContextInit {
  /** Upper case, as received. */
  readonly method: string;
  /** The request target: the path, then `?` and the query string, if any (or the absolute form). */
  readonly url: string;
  /** `[name, value, name, value, …]` as received (Node's `rawHeaders`). */
  readonly rawHeaders: readonly string[];
  /** The request body, read at most once. */
  readonly body: BodySource;
  readonly limits: BodyLimits;
  /**
   * The app's bound on the bytes all requests hold in memory (`maxBufferedBytes`); the body read
   * by `bind()` and the files of `multipartForm()` count until the request ends. None: no bound.
   */
  readonly budget?: ByteBudget | undefined;
  readonly writer?: ResponseWriter;
  /** Creates the request-scoped context on first use; `background()` when absent. */
  readonly newContext?: () => Context;
}

/** The concrete HTTP request context. */
export class HttpContext extends ContextStore implements ExecutionContext, HttpRequestContext {
  readonly #init: HttpContextInit;
  #path: string | undefined;
  /** The query string is `#querySource` from `#queryAt` on: see {@link targetParts}. */
  #querySource = '';
  #queryAt = 0;
  #headers: Readonly<Record<string, readonly string[]>> | undefined;
  #queries: Readonly<Record<string, readonly string[]>> | undefined;
  #parsed: Record<string, string[]> | undefined;
  #queryPairs: string[] | undefined;
  #context: Context | undefined;
  #requestId: string | undefined;
  #bound: Promise<unknown> | undefined;
  #form: Promise<MultipartForm> | undefined;
  #cookies: Readonly<Record<string, string>> | undefined;
  #parts: MultipartParts | undefined;
  /** The bytes this request holds of the app's budget. */
  #held = 0;
  /** What runs when the request ends; undefined until something needs it, or once it has run. */
  #atEnd: (() => void)[] | undefined;
  #ended = false;

  /** `writer`, when given, stands for `init.writer` (so a subclass need not copy `init`). */
  constructor(init: HttpContextInit, writer: ResponseWriter | undefined = init.writer) {
    super(writer);
    this.#init = init;
  }

  method(): string {
    return this.#init.method;
  }

  path(): string {
    return this.#path ?? this.#split();
  }

  param(name: string): string {
    return this.params()[name] ?? '';
  }

  header(name: string): string {
    const lower = lowerAscii(name);
    if (this.#headers !== undefined) return this.#headers[lower]?.[0] ?? '';
    // One header is usually all a request asks for: find it without building the whole map.
    const raw = this.#init.rawHeaders;
    for (let i = 0; i + 1 < raw.length; i += 2) {
      const n = raw[i] as string;
      if (n.length === lower.length && (n === lower || n.toLowerCase() === lower)) {
        return raw[i + 1] as string;
      }
    }
    return '';
  }

  headers(): Readonly<Record<string, readonly string[]>> {
    return (this.#headers ??= headerMap(this.#init.rawHeaders));
  }

  query(name: string): string {
    return this.queries()[name]?.[0] ?? '';
  }

  queries(): Readonly<Record<string, readonly string[]>> {
    return (this.#queries ??= freezeQueries(this.#parsedQuery()));
  }

  /** @internal The query as `Values` over the request's own pairs: no copy, nothing frozen yet. */
  [QUERY_VALUES](): Values {
    return pairValues(this.#pairs());
  }

  #parsedQuery(): Record<string, string[]> {
    return (this.#parsed ??= recordOf(this.#pairs()));
  }

  /** The query's pairs, decoded once; 400 when there are more than `maxQueryParams`. */
  #pairs(): string[] {
    if (this.#path === undefined) this.#split();
    this.#queryPairs ??= parseRequestPairs(
      this.#querySource,
      this.#init.limits.maxQueryParams,
      this.#queryAt,
    );
    return this.#queryPairs;
  }

  /** Splits the target into path and query string once; answers the path. */
  #split(): string {
    const { path, source, at } = targetParts(this.#init.url);
    this.#querySource = source;
    this.#queryAt = at;
    this.#path = path;
    return path;
  }

  cookie(name: string): string | undefined {
    return this.cookies()[name];
  }

  /** Parsed from every `Cookie` header on first use, as the WebSocket snapshot parses them. */
  cookies(): Readonly<Record<string, string>> {
    if (this.#cookies !== undefined) return this.#cookies;
    const raw = this.#init.rawHeaders;
    const values: string[] = [];
    for (let i = 0; i + 1 < raw.length; i += 2) {
      const n = raw[i] as string;
      if (n.length === 6 && n.toLowerCase() === 'cookie') values.push(raw[i + 1] as string);
    }
    return (this.#cookies = Object.freeze(parseCookies(values)));
  }

  /** The `X-Request-Id` the request arrived with when it is a short token, otherwise a new id. */
  /** '' here: a context with no connection (`fw/testing`); the server's exchange has one. */
  clientAddress(): string {
    return '';
  }

  requestId(): string {
    return (this.#requestId ??= requestIdOfHeaders(this.#init.rawHeaders));
  }

  /** The request's `Context`, carrying its id (`requestIdOf`); made on first use. */
  context(): Context {
    return (this.#context ??= withValue(this.newContext(), REQUEST_ID, this.requestId()));
  }

  /** Creates the request's `Context` on first use: `init.newContext`, or `background()`. */
  protected newContext(): Context {
    return this.#init.newContext?.() ?? background();
  }

  bind<T = unknown>(): Promise<T> {
    this.#bound ??= readBody(this.#init.body, {
      limit: this.#init.limits.bodyLimit,
      contentLength: this.header('content-length'),
      reserve: this.#reserver(),
    }).then((bytes) => decodeBody(bytes, this.header('content-type') || undefined));
    return this.#bound as Promise<T>;
  }

  multipartForm(): Promise<MultipartForm> {
    this.#form ??= parseMultipart(
      this.#init.body,
      {
        'content-type': this.header('content-type'),
        'content-length': this.header('content-length'),
      },
      { ...this.#init.limits.multipart, bodyLimit: this.#init.limits.bodyLimit },
      this.#reserver(),
    );
    return this.#form;
  }

  multipartParts(): MultipartParts {
    if (this.#parts !== undefined) return this.#parts;
    const parts = multipartParts(
      this.#init.body,
      {
        'content-type': this.header('content-type'),
        'content-length': this.header('content-length'),
      },
      { ...this.#init.limits.multipart, bodyLimit: this.#init.limits.bodyLimit },
    );
    // A handler that stops before the end leaves busboy and the file being read to the request's
    // end, which also removes the files it saved.
    this.#onEnd(() => parts.dispose());
    return (this.#parts = parts);
  }

  /**
   * @internal Whether the body is read part by part (`multipartParts()`): a handler may answer
   * before the end of an upload of any size, which is then not worth reading to keep the
   * connection.
   */
  get streamsBody(): boolean {
    return this.#parts !== undefined;
  }

  /** Counts each chunk of the body against the app's budget; undefined when the app has none. */
  #reserver(): ((bytes: number) => void) | undefined {
    const budget = this.#init.budget;
    if (budget === undefined) return undefined;
    return (bytes) => {
      if (!budget.take(bytes)) {
        throw new FwError(
          'FW_ERR_BODY_CAPACITY',
          { limit: budget.limit },
          { headers: { 'Retry-After': BUSY_RETRY_AFTER } },
        );
      }
      if (this.#held === 0) this.#onEnd(() => this.#release(budget));
      this.#held += bytes;
    };
  }

  #release(budget: ByteBudget): void {
    budget.give(this.#held);
    this.#held = 0;
  }

  /** Runs `fn` when the request ends ({@link HttpContext.endRequest}), or now if it has. */
  #onEnd(fn: () => void): void {
    if (this.#ended) return void fn();
    if (this.#atEnd === undefined) {
      this.#atEnd = [fn];
      this.watchEnd();
    } else this.#atEnd.push(fn);
  }

  /**
   * Called once something must run at the request's end: the server calls
   * {@link HttpContext.endRequest} when the response has closed. Here nothing: whoever made the
   * context calls `endRequest()` itself (`inject()`), or nothing is held past a test.
   */
  protected watchEnd(): void {}

  /**
   * @internal The request has ended, answered, failed or abandoned by its client: its bytes go
   * back to the app's budget and a multipart body still being read stops.
   */
  endRequest(): void {
    if (this.#ended) return;
    this.#ended = true;
    const atEnd = this.#atEnd;
    this.#atEnd = undefined;
    if (atEnd !== undefined) for (const fn of atEnd) fn();
  }
}

/** Seconds a client refused for a full budget waits before trying again. */
const BUSY_RETRY_AFTER = '1';

/** How HTTP argument resolvers read a request. */
export interface HttpRequestContext extends ContextCarrier, EventBusCarrier {
  param(name: string): string;
  query(name: string): string;
  header(name: string): string;
  params(): Readonly<Record<string, string>>;
  queries(): Readonly<Record<string, readonly string[]>>;
  /** Every header, names in lower case, each with every value received. */
  headers(): Readonly<Record<string, readonly string[]>>;
  /** The request's id: see {@link ExecutionContext.requestId}. */
  requestId(): string;
  /** The value of the request's cookie `name` (the first one sent), or undefined. */
  cookie(name: string): string | undefined;
  /** Every cookie of the request's `Cookie` headers, the first of each name; a null-prototype record. */
  cookies(): Readonly<Record<string, string>>;
  /**
   * The client's address: the connection's peer, or behind reverse proxies that the app's
   * `trustProxy` trusts, the address they forwarded (`X-Forwarded-For`); '' without a connection.
   */
  clientAddress(): string;
  /** Decodes the body by `Content-Type` (JSON or urlencoded); 400, 413 or 415 on failure. */
  bind<T = unknown>(): Promise<T>;
  /** Reads a `multipart/form-data` body into memory, within the app's limits. */
  multipartForm(): Promise<MultipartForm>;
  /**
   * The parts of a `multipart/form-data` body, read as they arrive, each file as a stream; the
   * same object on every call. A body is read once: by `bind()`, `multipartForm()` or this.
   */
  multipartParts(): MultipartParts;
}

/** Every method of {@link HttpRequestContext} and `ExecutionContext`. */
const HTTP_METHODS: readonly string[] = [
  ...EXECUTION_METHODS,
  'bind',
  'multipartForm',
  'headers',
  'param',
  'query',
];

/** Whether `ctx` is an HTTP request context (and an execution context). */
export function isHttpRequestContext(ctx: unknown): ctx is HttpRequestContext & ExecutionContext {
  return hasMethods(ctx, HTTP_METHODS);
}

brandContext(HttpContext.prototype, [HTTP_METHODS]);
