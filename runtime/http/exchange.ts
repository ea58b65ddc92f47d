/**
 * One HTTP request and its response on the way through the pipeline: the request context plus the
 * staged response and the sink it is finally sent to (a Node response, or `inject()`'s capture).
 * Every response carries the request's id as `X-Request-Id`.
 */
import { performance } from 'node:perf_hooks';
import { REQUEST_ID_HEADER } from '../core/context/request-id.js';
import { type AddedHeaders, writeAddedHeaders } from './added-headers.js';
import type { RequestLimits } from './body-limits.js';
import { HttpContext, type HttpContextInit } from './http-context.js';
import { stageError } from './render.js';
import { StagedResponse } from './staged-response.js';
import { discardStream, type StreamBody, StreamSource } from './stream-body.js';

/**
 * A response as it goes out: final status, headers with `Content-Length`, and the body. A string
 * body stays a string, so Node writes head and body in one chunk instead of a `writev` of two.
 */
export interface OutgoingResponse {
  readonly status: number;
  /**
   * `[name, value, name, value, …]`, a repeated header once per value: the form Node's
   * `writeHead` takes without looking the names up in an object.
   */
  readonly headers: string[];
  readonly body: string | Uint8Array | undefined;
}

/** The status and headers of a streamed response. */
export interface OutgoingHead {
  readonly status: number;
  readonly headers: string[];
  /** The size the handler declared with `Content-Length`, which the stream must give exactly. */
  readonly length?: number | undefined;
}

/** Where an exchange's response is written. */
export interface ResponseSink {
  send(response: OutgoingResponse, exchange: HttpExchange): void;
  /**
   * Writes `head` with the first chunk of `source`, then the rest as the client takes it, and
   * resolves at the end, or once the client has gone (the source canceled). When the source fails
   * before its first chunk, sends {@link HttpExchange.restage}'s problem instead and rejects with
   * the failure; after it, cuts the connection and rejects.
   */
  stream(head: OutgoingHead, source: StreamSource, exchange: HttpExchange): Promise<void>;
}

/**
 * Answers a request before the request limits, the shutdown refusal and the interceptors, and
 * returns true, when the request is one of its own (a health probe, the docs page); false else.
 */
export type Probe = (ex: HttpExchange) => boolean;

/**
 * Encodes a response body on its way out (compression): it may add headers to `headers` (as
 * `[name, value, …]`), and answers the stream to send in place of `body`, or undefined to send
 * `body` as it is. `size` is the body's length in bytes when known.
 */
export type ResponseEncoder = (
  ex: HttpExchange,
  status: number,
  headers: string[],
  body: string | Uint8Array | StreamBody,
  size: number | undefined,
) => StreamBody | undefined;

/** What an exchange reads of the connection its request came on (a Node socket). */
export interface ExchangeSocket {
  readonly remoteAddress?: string | undefined;
  readonly localPort?: number | undefined;
}

/** An {@link HttpContext} with its staged response and sink. */
export class HttpExchange extends HttpContext {
  /** @internal The staged response, also the context's `ResponseWriter`. */
  readonly response: StagedResponse;
  /** @internal When the request arrived (`performance.now()`), for the logs. */
  readonly startedAt: number = performance.now();
  /** @internal The status sent; 0 until {@link HttpExchange.send}. */
  sentStatus = 0;
  /** @internal The pattern of the route the request was routed to, for telemetry. */
  routeTemplate: string | undefined = undefined;
  readonly #sink: ResponseSink;
  /** How responses are encoded (compression); undefined when they go out as they are. */
  readonly #encode: ResponseEncoder | undefined;
  /** The headers every response carries (security headers); undefined for none. */
  readonly #added: AddedHeaders | undefined;

  /** The connection the request came on, when there is one. */
  readonly #socket: ExchangeSocket | undefined;
  readonly #limits: Partial<RequestLimits>;
  #clientAddress: string | undefined;

  constructor(
    init: Omit<HttpContextInit, 'writer'> & { readonly socket?: ExchangeSocket },
    sink: ResponseSink,
    encode?: ResponseEncoder | undefined,
    added?: AddedHeaders | undefined,
  ) {
    const response = new StagedResponse();
    super(init, response);
    this.response = response;
    this.#sink = sink;
    this.#encode = encode;
    this.#added = added;
    this.#socket = init.socket;
    this.#limits = init.limits;
  }

  /**
   * The client's address: the socket's peer, or the address the proxies that `trustProxy` trusts
   * forwarded in `X-Forwarded-For`; '' without a socket (`inject()`).
   */
  override clientAddress(): string {
    const resolve = this.#limits.clientAddress;
    if (resolve === undefined) return this.remoteAddress();
    return (this.#clientAddress ??= resolve(
      this.remoteAddress(),
      this.headers()['x-forwarded-for'],
    ));
  }

  /** @internal The client's address: '' without a socket (`inject()`). */
  remoteAddress(): string {
    return this.#socket?.remoteAddress ?? '';
  }

  /** @internal The server's port the request came in on: undefined without a socket. */
  localPort(): number | undefined {
    return this.#socket?.localPort;
  }

  /**
   * Sends the staged response: 204 when nothing set a status; `Content-Length` always set, and
   * `X-Request-Id` too, after the app's added headers (security headers); a framing header or an
   * `X-Request-Id` the handler wrote is dropped. A
   * stream body goes out chunked, without `Content-Length`: the promise ends with it.
   */
  send(): void | Promise<void> {
    const staged = this.response.take();
    const status = staged.status === 0 ? 204 : staged.status;
    this.sentStatus = status;
    const triples = staged.headers;
    const bodyless = status < 200 || status === 204 || status === 304;
    // Sized once for every staged header, X-Request-Id and Content-Length: pushing onto `[]`
    // would grow it.
    const headers = new Array<string>(
      (triples === undefined ? 0 : (triples.length / 3) * 2) + (bodyless ? 2 : 4),
    );
    let n = 0;
    if (triples !== undefined) {
      for (let i = 0; i < triples.length; i += 3) {
        if (OWN.has(triples[i] as string)) continue;
        headers[n++] = triples[i + 1] as string;
        headers[n++] = triples[i + 2] as string;
      }
    }
    if (this.#added !== undefined) n = writeAddedHeaders(this.#added, headers, n, triples);
    headers[n++] = REQUEST_ID_HEADER;
    headers[n++] = this.requestId();
    const body = staged.body;
    if (!bodyless) {
      let length: number;
      if (typeof body === 'string') length = Buffer.byteLength(body);
      else if (body === undefined) length = 0;
      else if (body instanceof Uint8Array) length = body.byteLength;
      else return this.#stream(status, headers, n, body);
      if (this.#encode !== undefined && this.method() !== 'HEAD') {
        headers.length = n;
        const encoded = this.#encode(this, status, headers, body as string | Uint8Array, length);
        if (encoded !== undefined) {
          return this.#sink.stream({ status, headers }, new StreamSource(encoded), this);
        }
        n = headers.length;
      }
      headers[n++] = 'Content-Length';
      headers[n++] = String(length);
    } else if (typeof body === 'object' && !(body instanceof Uint8Array)) discardStream(body);
    // Only a dropped header leaves room over.
    if (n < headers.length) headers.length = n;
    this.#sink.send({ status, headers, body: bodyless ? undefined : (body as string) }, this);
  }

  /**
   * Sends a stream body, chunked unless the handler set `Content-Length` (a file's size); for
   * HEAD only its headers, the source stopped unread.
   */
  #stream(status: number, headers: string[], n: number, body: StreamBody): Promise<void> | void {
    headers.length = n;
    const declared = this.response.getHeader('content-length');
    const length = declared !== undefined && SIZE.test(declared) ? Number(declared) : undefined;
    if (this.method() === 'HEAD') {
      if (length !== undefined) headers.push('Content-Length', declared as string);
      discardStream(body);
      this.#sink.send({ status, headers, body: undefined }, this);
      return;
    }
    const encoded = this.#encode?.(this, status, headers, body, length);
    if (encoded !== undefined) {
      return this.#sink.stream({ status, headers }, new StreamSource(encoded), this);
    }
    if (length !== undefined) headers.push('Content-Length', declared as string);
    return this.#sink.stream({ status, headers, length }, new StreamSource(body), this);
  }

  /**
   * @internal The stream failed before its first chunk, so nothing has gone out: stages the
   * problem for `err` as any failed handler's and sends it.
   */
  restage(err: Error): void {
    this.response.reopen();
    // The stream is being read, and has failed: nothing is left to stop.
    this.response.body = undefined;
    stageError(this.response, err);
    this.send();
  }
}

/** A `Content-Length` a stream may declare: digits, below 2^53. */
const SIZE = /^[0-9]{1,15}$/;

/**
 * The headers fw sets itself, keyed as staged (lower case): the request id, and those that
 * delimit the body (RFC 9112 section 6). The body is always sent whole with its exact
 * `Content-Length`; a `Transfer-Encoding` set beside it would make Node send both and a proxy read
 * the message differently from the client (response desync).
 */
const OWN: ReadonlySet<string> = new Set(['content-length', 'transfer-encoding', 'x-request-id']);
