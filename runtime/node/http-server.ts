/**
 * The HTTP server on `node:http`: each request becomes an {@link HttpExchange} run through the
 * pipeline, and each upgrade request goes to the {@link UpgradeHandler}. `close()` is graceful: the
 * listener stops at once (new connections are refused), requests in flight finish, and a request
 * arriving on a kept-alive connection meanwhile gets 503. A request that failed is logged once
 * (`request-log.ts`), unless the client went away.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { background, type Context, withCancel, withExpiry } from '../core/context/context.js';
import { REQUEST_ID_HEADER } from '../core/context/request-id.js';
import { findError, toError } from '../core/error-chain.js';
import { FwError, problemOf } from '../core/errors.js';
import type { Logger } from '../core/log/logger.js';
import { type Execute, isPromise, type MaybePromise } from '../core/pipeline/pipeline.js';
import type { AddedHeaders } from '../http/added-headers.js';
import { checkRequestHead, type RequestLimits } from '../http/body-limits.js';
import type { ByteBudget } from '../http/byte-budget.js';
import {
  HttpExchange,
  type Probe,
  type ResponseEncoder,
  type ResponseSink,
} from '../http/exchange.js';
import { stageError } from '../http/render.js';
import { logExchangeFailure } from '../http/request-log.js';
import type { StreamSource } from '../http/stream-body.js';
import { streamToNode } from './stream-response.js';
import { refuseUpgrade, upgradeOf } from './ws-handshake.js';

/** How long the server waits for slow clients, and how big a request head it reads. */
export interface ServerTimeouts {
  /** Largest request head in bytes (Node's `maxHeaderSize`); larger gets 431 from Node. */
  readonly maxHeaderBytes: number;
  /** Time to receive the request head (Node's `headersTimeout`); past it 408 and close. */
  readonly headersTimeoutMs: number;
  /** Time to receive the whole request (Node's `requestTimeout`); past it 408 and close. */
  readonly receiveTimeoutMs: number;
  /** How long an idle kept-alive connection stays open (Node's `keepAliveTimeout`). */
  readonly keepAliveTimeoutMs: number;
}

/** Node's head size and keep-alive, and shorter cut-offs for slow clients than Node's. */
export const DEFAULT_SERVER_TIMEOUTS: ServerTimeouts = Object.freeze({
  maxHeaderBytes: 16_384,
  headersTimeoutMs: 30_000,
  receiveTimeoutMs: 120_000,
  keepAliveTimeoutMs: 5_000,
});

/** How the server treats requests. */
export interface NodeServerOptions {
  readonly limits: RequestLimits;
  readonly budget?: ByteBudget | undefined; // maxBufferedBytes; none: no bound
  readonly timeouts: ServerTimeouts;
  /** A deadline for each request's `Context`, from its arrival. */
  readonly requestTimeoutMs: number | undefined;
  /** How long `close()` waits for requests in flight before cutting connections. */
  readonly closeTimeoutMs: number;
  /** Where failed requests are logged. */
  readonly logger: Logger;
  /** Answers a request before anything else when it returns true (the health probes). */
  readonly probe?: Probe | undefined;
  /** Takes the requests that ask to upgrade the connection (WebSocket gateways). */
  readonly upgrade?: UpgradeHandler;
  /** How responses are encoded (compression); undefined when they go out as they are. */
  readonly encode?: ResponseEncoder | undefined;
  readonly headers?: AddedHeaders | undefined; // on every response: the security headers
}

/** What serves upgrade requests; the server's `close()` waits for its `close()`. */
export interface UpgradeHandler {
  upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  close(): Promise<void>;
}

/** A `node:http` server running one pipeline. */
export class NodeServer {
  readonly #server: Server;
  readonly #execute: Execute<HttpExchange>;
  readonly #options: NodeServerOptions;
  #closing: Promise<void> | undefined;
  /** The event streams being sent, which only end when the client leaves: close() ends them. */
  readonly #eventStreams = new Set<StreamSource>();

  constructor(execute: Execute<HttpExchange>, options: NodeServerOptions) {
    this.#execute = execute;
    this.#options = options;
    const { timeouts, limits } = options;
    const cutOff = Math.min(timeouts.headersTimeoutMs, timeouts.receiveTimeoutMs);
    this.#server = createServer(
      {
        maxHeaderSize: timeouts.maxHeaderBytes,
        headersTimeout: Math.ceil(cutOff),
        requestTimeout: Math.ceil(timeouts.receiveTimeoutMs),
        keepAliveTimeout: Math.ceil(timeouts.keepAliveTimeoutMs),
        // Node checks both timeouts on this interval (30 s by default): check often enough for
        // the cut-off to come near the limit.
        connectionsCheckingInterval: Math.ceil(Math.min(1000, Math.max(25, cutOff / 4))),
      },
      (req, res) => this.#handle(req, res),
    );
    // One more than the limit, so that a request over it can be told from one at it.
    this.#server.maxHeadersCount = limits.maxHeaderCount + 1;
    const upgrade = options.upgrade;
    if (upgrade !== undefined) {
      this.#server.on('upgrade', (req, socket, head) => {
        const refused = checkRequestHead(req.url ?? '/', req.rawHeaders, limits);
        if (refused === undefined) upgrade.upgrade(req, socket, head);
        else refuseUpgrade(socket, refused, upgradeOf(req), options.logger);
      });
    }
  }

  /** Starts listening; resolves with the bound port (use port 0 for any free one). */
  listen(port: number, host: string): Promise<{ port: number }> {
    return new Promise((resolve, reject) => {
      this.#server.once('error', reject);
      this.#server.listen(port, host, () => {
        this.#server.off('error', reject);
        resolve({ port: (this.#server.address() as AddressInfo).port });
      });
    });
  }

  /**
   * Stops listening without closing for good, after the app failed to start behind a bound port:
   * the connections open are ended (at once when idle, after `closeTimeoutMs` at the latest),
   * and a later `listen()` may bind again.
   */
  unlisten(): Promise<void> {
    return this.#closeHttp();
  }

  /** Stops taking connections and resolves when the ones open have finished. */
  close(): Promise<void> {
    this.#closing ??= Promise.all([this.#closeHttp(), this.#options.upgrade?.close()]).then(
      () => {},
    );
    return this.#closing;
  }

  #closeHttp(): Promise<void> {
    return new Promise<void>((resolve) => {
      if (!this.#server.listening) return resolve();
      const force = setTimeout(
        () => this.#server.closeAllConnections(),
        this.#options.closeTimeoutMs,
      );
      force.unref();
      // An event stream never ends by itself: it ends cleanly now, and the browser reconnects
      // (to another instance) with its Last-Event-ID.
      for (const source of this.#eventStreams) source.cancel();
      this.#server.close(() => {
        clearTimeout(force);
        resolve();
      });
      this.#server.closeIdleConnections();
    });
  }

  #handle(req: IncomingMessage, res: ServerResponse): void {
    const ex = new NodeExchange(req, res, this);
    const probe = this.#options.probe;
    if (probe?.(ex)) return;
    const refused =
      this.#closing !== undefined
        ? new FwError('FW_ERR_SHUTTING_DOWN')
        : checkRequestHead(ex.req.url ?? '/', req.rawHeaders, this.#options.limits);
    if (refused !== undefined) {
      stageError(ex.response, refused);
      ex.send();
      logExchangeFailure(this.#options.logger, ex, refused);
      return;
    }
    if (this.#options.requestTimeoutMs !== undefined) ex.watchDeadline();
    let done: MaybePromise<Error | undefined>;
    try {
      done = this.#execute(ex);
    } catch (err) {
      this.#crash(err, ex);
      return;
    }
    // Most requests are answered by now, and only a step that waited leaves a promise.
    if (!isPromise(done)) {
      if (done !== undefined) this.#report(done, ex);
      return;
    }
    done.then(
      (err) => {
        if (err !== undefined) this.#report(err, ex);
      },
      (err: unknown) => this.#crash(err, ex),
    );
  }

  #report(err: Error, ex: NodeExchange): void {
    // Logged with the 503 at the deadline; what the pipeline did after is dropped, as its answer.
    if (ex.late) return;
    // A client that went away mid-body is not the server's failure: nothing to report.
    if (ex.req.destroyed && isClientAbort(err)) return;
    logExchangeFailure(this.#options.logger, ex, err);
  }

  /** execute() neither throws nor rejects; if it ever does, answer and never crash. */
  #crash(err: unknown, ex: NodeExchange): void {
    if (ex.deadline !== undefined) clearTimeout(ex.deadline);
    if (!ex.res.headersSent) ex.res.writeHead(500, [REQUEST_ID_HEADER, ex.requestId()]).end();
    else ex.res.destroy();
    if (!ex.late) logExchangeFailure(this.#options.logger, ex, toError(err), 500);
  }

  /**
   * @internal Sends an event stream as {@link NODE_SINK} sends any, and ends it at `close()`; its
   * connection closes once it has ended, as the server is closing.
   */
  trackEvents(sending: () => Promise<void>, source: StreamSource): Promise<void> {
    this.#eventStreams.add(source);
    return sending().finally(() => {
      this.#eventStreams.delete(source);
      if (this.#closing !== undefined) this.#server.closeIdleConnections();
    });
  }

  /** @internal Whether `close()` was called. */
  get closing(): boolean {
    return this.#closing !== undefined;
  }

  /** @internal The options the exchanges read. */
  get options(): NodeServerOptions {
    return this.#options;
  }
}

/**
 * An exchange over a Node request and response. What a request needs lives on it, so the server
 * makes no closures per request: one sink serves all, and the `Context` is made on first use.
 */
class NodeExchange extends HttpExchange {
  readonly req: IncomingMessage;
  readonly res: ServerResponse;
  readonly server: NodeServer;
  /** When the request arrived, if there is a request timeout to count from. */
  readonly #arrived: number;
  /** Answers 503 at the deadline if the pipeline has not answered by then. */
  deadline: NodeJS.Timeout | undefined;
  /** Ends the request's `Context` with `DeadlineExceeded`, once it has been made. */
  #expire: (() => void) | undefined;
  /** Whether the deadline passed before the pipeline answered. */
  late = false;

  constructor(req: IncomingMessage, res: ServerResponse, server: NodeServer) {
    const { options } = server;
    super(
      {
        method: req.method ?? 'GET',
        url: req.url ?? '/',
        rawHeaders: req.rawHeaders,
        body: req,
        limits: options.limits,
        budget: options.budget,
        socket: req.socket,
      },
      NODE_SINK,
      options.encode,
      options.headers,
    );
    this.req = req;
    this.res = res;
    this.server = server;
    this.#arrived = options.requestTimeoutMs === undefined ? 0 : Date.now();
  }

  /** Starts the request's one deadline timer: see {@link NodeExchange.expire}. */
  watchDeadline(): void {
    const timeout = this.server.options.requestTimeoutMs as number;
    this.deadline = setTimeout(NodeExchange.expire, timeout, this);
    this.deadline.unref();
  }

  /**
   * The deadline has passed: the `Context` ends with `DeadlineExceeded` first (so a handler sees
   * why), then a client still waiting gets 503, and what the pipeline sends later is dropped.
   */
  static expire(ex: NodeExchange): void {
    ex.deadline = undefined;
    ex.late = true;
    ex.#expire?.();
    answerLate(ex);
  }

  /** The request ends when its response closes: sent, or its connection gone. */
  protected override watchEnd(): void {
    if (this.res.closed) this.endRequest();
    else this.res.once('close', () => this.endRequest());
  }

  /** Canceled when the response closes; with the deadline when the server has a request timeout. */
  protected override newContext(): Context {
    const timeout = this.server.options.requestTimeoutMs;
    let ctx: Context;
    let cancel: () => void;
    if (timeout === undefined) [ctx, cancel] = withCancel(background());
    else {
      [ctx, cancel, this.#expire] = withExpiry(this.#arrived + timeout);
      if (this.late) this.#expire();
    }
    if (this.res.closed) cancel();
    else this.res.once('close', cancel);
    return ctx;
  }
}

/** Writes an exchange's response to its Node response. */
const NODE_SINK: ResponseSink = {
  send({ status, headers, body }, exchange) {
    const { req, res, server, deadline } = exchange as NodeExchange;
    if (deadline !== undefined) clearTimeout(deadline);
    if (res.headersSent || res.destroyed) return;
    // An unread upload (refused with 413 or 503, or the rest of a streamed one) is not drained to
    // keep the connection, nor is a closing server's kept: it ends here. Node drains the rest.
    const unread = !req.complete && (status === 413 || status === 503 || exchange.streamsBody);
    if (unread || server.closing) headers.push('Connection', 'close');
    res.writeHead(status, headers);
    res.end(body);
  },
  stream(head, source, exchange) {
    const { res, server } = exchange as NodeExchange;
    if (res.headersSent || res.destroyed) {
      source.cancel();
      return Promise.resolve();
    }
    // The deadline stays until the head goes out: a stream slow to begin is answered 503.
    const sending = () =>
      streamToNode(res, head, source, exchange, () => {
        const { deadline } = exchange as NodeExchange;
        if (deadline !== undefined) clearTimeout(deadline);
        if (res.headersSent || res.destroyed) return false;
        if (server.closing) head.headers.push('Connection', 'close');
        return true;
      });
    return isEventStream(exchange) ? server.trackEvents(sending, source) : sending();
  },
};

/** Whether the response is Server-Sent Events (`sse()`), which has no end of its own. */
function isEventStream(exchange: HttpExchange): boolean {
  const type = exchange.response.getHeader('content-type');
  return type?.startsWith('text/event-stream') === true;
}

const LATE_BODY = JSON.stringify(problemOf(new FwError('FW_ERR_REQUEST_TIMEOUT')));

/** Headers of the late 503 that fw writes itself, keyed as staged (lower case). */
const LATE_OWN: ReadonlySet<string> = new Set([
  'content-type',
  'content-length',
  'transfer-encoding',
  'connection',
  'x-request-id',
]);

/**
 * The request's deadline passed and the pipeline is still running (a handler that ignores its
 * `Context`): the client gets 503 now, and whatever the pipeline sends later is dropped. The
 * connection closes, since the request's body may still be unread. Like any error response, it
 * keeps the headers staged before the checkpoint (CORS headers from `preHandle`).
 */
function answerLate(ex: NodeExchange): void {
  const { res, server } = ex;
  if (res.headersSent || res.destroyed) return;
  const headers: string[] = [];
  const kept = ex.response.keptHeaders();
  if (kept !== undefined) {
    for (let i = 0; i < kept.length; i += 3) {
      if (!LATE_OWN.has(kept[i] as string))
        headers.push(kept[i + 1] as string, kept[i + 2] as string);
    }
  }
  headers.push('Content-Type', 'application/problem+json');
  headers.push('Content-Length', String(Buffer.byteLength(LATE_BODY)));
  headers.push('Connection', 'close', REQUEST_ID_HEADER, ex.requestId());
  res.writeHead(503, headers);
  res.end(LATE_BODY);
  logExchangeFailure(server.options.logger, ex, new FwError('FW_ERR_REQUEST_TIMEOUT'), 503);
}

const ABORT_CODES = new Set(['ECONNRESET', 'ERR_STREAM_PREMATURE_CLOSE', 'EPIPE']);

/** Whether `err` comes from the request stream failing because the client disconnected. */
function isClientAbort(err: Error): boolean {
  return (
    findError(err, (e) => {
      const { code, message } = e as { code?: unknown; message?: unknown };
      return (typeof code === 'string' && ABORT_CODES.has(code)) || message === 'aborted';
    }) !== undefined
  );
}
