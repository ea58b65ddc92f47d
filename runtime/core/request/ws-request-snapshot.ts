/**
 * The immutable snapshot of a WebSocket upgrade request.
 * It copies what it is given and hands out only frozen data, so neither the caller nor later changes
 * to the upgrade request can alter it.
 */

import { background, type Context, withValue } from '../context/context.js';
import { REQUEST_ID, requestIdFor } from '../context/request-id.js';
import type { ContextCarrier } from '../pipeline/execution-context.js';
import { parseCookies } from './cookies.js';
import { flattenHeaders, frozenQueries, headerMap, splitTarget } from './headers.js';

/** What a {@link WebSocketRequestSnapshot} is taken from. */
export interface WebSocketRequestInit {
  /** The request target of the upgrade request: path and query. */
  readonly url: string;
  /** `[name, value, …]` as received, or a header record. */
  readonly rawHeaders?: readonly string[];
  readonly headers?: Readonly<Record<string, string | readonly string[] | undefined>>;
  readonly remoteAddr?: string;
  /** The client's address behind trusted proxies (`trustProxy`); by default `remoteAddr`. */
  readonly clientAddress?: string;
  /**
   * The handshake's request context; without one, a child of `background()` carrying the
   * request's id.
   */
  readonly context?: Context;
  /** The request's id; by default its `X-Request-Id` when that is a short token, or a new one. */
  readonly requestId?: string;
}

/** An immutable {@link WebSocketRequestContext}. */
export class WebSocketRequestSnapshot implements WebSocketRequestContext {
  readonly #url: string;
  readonly #path: string;
  /**
   * The raw headers until {@link headers} or {@link cookies} first needs them parsed: a connection
   * holds its snapshot while open, and the parsed map (an array per header) costs several times more.
   */
  #raw: readonly string[] | undefined;
  #headers: Readonly<Record<string, readonly string[]>> | undefined;
  readonly #queries: Readonly<Record<string, readonly string[]>>;
  #cookies: Readonly<Record<string, string>> | undefined;
  readonly #remoteAddr: string;
  readonly #clientAddress: string;
  readonly #requestId: string;
  readonly #context: Context;

  constructor(init: WebSocketRequestInit) {
    const { path, query } = splitTarget(init.url);
    this.#url = init.url;
    this.#path = path;
    if (init.rawHeaders === undefined) this.#headers = headerMap(flattenHeaders(init.headers));
    else this.#raw = init.rawHeaders;
    this.#queries = frozenQueries(query);
    this.#remoteAddr = init.remoteAddr ?? '';
    this.#clientAddress = init.clientAddress ?? this.#remoteAddr;
    this.#requestId = requestIdFor(init.requestId ?? this.headers()['x-request-id']?.[0]);
    this.#context = init.context ?? withValue(background(), REQUEST_ID, this.#requestId);
  }

  /** A snapshot of any request context (a copy, even of another snapshot). */
  static of(ctx: WebSocketRequestContext): WebSocketRequestSnapshot {
    return new WebSocketRequestSnapshot({
      url: ctx.requestURI(),
      headers: ctx.headers(),
      remoteAddr: ctx.remoteAddr(),
      clientAddress: ctx.clientAddress(),
      context: ctx.context(),
      requestId: ctx.requestId(),
    });
  }

  path(): string {
    return this.#path;
  }

  header(name: string): string {
    return this.headers()[name.toLowerCase()]?.[0] ?? '';
  }

  headers(): Readonly<Record<string, readonly string[]>> {
    if (this.#headers === undefined) {
      this.#headers = headerMap(this.#raw ?? []);
      this.#raw = undefined;
    }
    return this.#headers;
  }

  query(name: string): string {
    return this.#queries[name]?.[0] ?? '';
  }

  queries(): Readonly<Record<string, readonly string[]>> {
    return this.#queries;
  }

  cookie(name: string): string | undefined {
    return this.cookies()[name];
  }

  cookies(): Readonly<Record<string, string>> {
    this.#cookies ??= Object.freeze(parseCookies(this.headers()['cookie'] ?? []));
    return this.#cookies;
  }

  remoteAddr(): string {
    return this.#remoteAddr;
  }

  clientAddress(): string {
    return this.#clientAddress;
  }

  host(): string {
    return this.header('host');
  }

  requestURI(): string {
    return this.#url;
  }

  requestId(): string {
    return this.#requestId;
  }

  context(): Context {
    return this.#context;
  }
}

/** The snapshot answering for a context built without one: empty throughout. */
export const EMPTY_REQUEST = new WebSocketRequestSnapshot({ url: '' });

/** An immutable snapshot of the HTTP upgrade request of a WebSocket connection. */
export interface WebSocketRequestContext extends ContextCarrier {
  path(): string;
  header(name: string): string;
  headers(): Readonly<Record<string, readonly string[]>>;
  query(name: string): string;
  queries(): Readonly<Record<string, readonly string[]>>;
  cookie(name: string): string | undefined;
  cookies(): Readonly<Record<string, string>>;
  remoteAddr(): string;
  /** The client's address: the peer's, or the one trusted proxies forwarded (`trustProxy`). */
  clientAddress(): string;
  host(): string;
  requestURI(): string;
  /** The upgrade request's id, which every message of the connection answers too. */
  requestId(): string;
}

/** The context of the pre-handshake stage. */
export type WebSocketHandshakeContext = WebSocketRequestContext;
