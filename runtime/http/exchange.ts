/**
 * One HTTP request and its response on the way through the pipeline: the request context plus the
 * staged response and the sink it is finally sent to (a Node response, or `inject()`'s capture).
 * Every response carries the request's id as `X-Request-Id`.
 */
import { HttpContext, type HttpContextInit } from '../context/http-context.js';
import { REQUEST_ID_HEADER } from '../context/request-id.js';
import { StagedResponse } from './staged-response.js';

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

/** Where an exchange's response is written. */
export interface ResponseSink {
  send(response: OutgoingResponse, exchange: HttpExchange): void;
}

/** An {@link HttpContext} with its staged response and sink. */
export class HttpExchange extends HttpContext {
  /** @internal The staged response, also the context's `ResponseWriter`. */
  readonly response: StagedResponse;
  /** @internal When the request arrived (`performance.now()`), for the logs. */
  readonly startedAt: number = performance.now();
  /** @internal The status sent; 0 until {@link HttpExchange.send}. */
  sentStatus = 0;
  readonly #sink: ResponseSink;

  constructor(init: Omit<HttpContextInit, 'writer'>, sink: ResponseSink) {
    const response = new StagedResponse();
    super(init, response);
    this.response = response;
    this.#sink = sink;
  }

  /**
   * Sends the staged response: 204 when nothing set a status; `Content-Length` always set, and
   * `X-Request-Id` too; a framing header or an `X-Request-Id` the handler wrote is dropped.
   */
  send(): void {
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
    headers[n++] = REQUEST_ID_HEADER;
    headers[n++] = this.requestId();
    const body = staged.body;
    if (!bodyless) {
      const length = typeof body === 'string' ? Buffer.byteLength(body) : (body?.byteLength ?? 0);
      headers[n++] = 'Content-Length';
      headers[n++] = String(length);
    }
    // Only a dropped header leaves room over.
    if (n < headers.length) headers.length = n;
    this.#sink.send({ status, headers, body: bodyless ? undefined : body }, this);
  }
}

/**
 * The headers fw sets itself, keyed as staged (lower case): the request id, and those that
 * delimit the body (RFC 9112 section 6). The body is always sent whole with its exact
 * `Content-Length`; a `Transfer-Encoding` set beside it would make Node send both and a proxy read
 * the message differently from the client (response desync).
 */
const OWN: ReadonlySet<string> = new Set(['content-length', 'transfer-encoding', 'x-request-id']);
