/**
 * The context of one HTTP request: an `ExecutionContext` and an `HttpRequestContext` in one object
 * (Spine's echo adapter context). Built from a small port, not from Node's request, so the server,
 * `app.inject()` and `fw/testing` share it. Everything is parsed lazily, on first use.
 */
import { DefaultEventBus } from '../core/event-bus.js';
import type {
  EventBus,
  ExecutionContext,
  HttpRequestContext,
  MultipartForm,
  ResponseWriter,
} from '../core/types.js';
import type { BodyLimits } from '../http/body-limits.js';
import { decodeBody } from '../http/decode-body.js';
import { parseMultipart } from '../http/multipart.js';
import { type BodySource, readBody } from '../http/read-body.js';
import { background, type Context } from './context.js';
import { frozenQueries, headerMap, splitTarget } from './headers.js';
import { ContextStore } from './store.js';

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
  readonly writer?: ResponseWriter;
  /** Creates the request-scoped context on first use; `background()` when absent. */
  readonly newContext?: () => Context;
}

/** The concrete HTTP request context. */
export class HttpContext extends ContextStore implements ExecutionContext, HttpRequestContext {
  readonly #init: HttpContextInit;
  #target: { readonly path: string; readonly query: string } | undefined;
  #headers: Readonly<Record<string, readonly string[]>> | undefined;
  #queries: Readonly<Record<string, readonly string[]>> | undefined;
  #context: Context | undefined;
  #bus: EventBus | undefined;
  #bound: Promise<unknown> | undefined;
  #form: Promise<MultipartForm> | undefined;

  constructor(init: HttpContextInit) {
    super(init.writer);
    this.#init = init;
  }

  method(): string {
    return this.#init.method;
  }

  path(): string {
    return (this.#target ??= splitTarget(this.#init.url)).path;
  }

  param(name: string): string {
    return this.params()[name] ?? '';
  }

  header(name: string): string {
    return this.headers()[name.toLowerCase()]?.[0] ?? '';
  }

  headers(): Readonly<Record<string, readonly string[]>> {
    return (this.#headers ??= headerMap(this.#init.rawHeaders));
  }

  query(name: string): string {
    return this.queries()[name]?.[0] ?? '';
  }

  queries(): Readonly<Record<string, readonly string[]>> {
    if (this.#queries === undefined) {
      const { query } = (this.#target ??= splitTarget(this.#init.url));
      this.#queries = frozenQueries(query);
    }
    return this.#queries;
  }

  context(): Context {
    return (this.#context ??= this.#init.newContext?.() ?? background());
  }

  eventBus(): EventBus {
    return (this.#bus ??= new DefaultEventBus());
  }

  bind<T = unknown>(): Promise<T> {
    this.#bound ??= readBody(this.#init.body, {
      limit: this.#init.limits.bodyLimit,
      contentLength: this.header('content-length'),
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
    );
    return this.#form;
  }
}
