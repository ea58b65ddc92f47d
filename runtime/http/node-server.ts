/**
 * The HTTP server on `node:http`: each request becomes an {@link HttpExchange} run through the
 * pipeline, and each upgrade request goes to the {@link UpgradeHandler}. `close()` is graceful: the
 * listener stops at once (new connections are refused), requests in flight finish, and a request
 * arriving on a kept-alive connection meanwhile gets 503.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { background, type Context, withCancel, withTimeout } from '../context/context.js';
import { findError } from '../core/error-chain.js';
import type { Execute } from '../core/pipeline.js';
import { FwError } from '../errors.js';
import type { BodyLimits } from './body-limits.js';
import { HttpExchange, type ResponseSink } from './exchange.js';
import { stageError } from './render.js';

/** How the server treats requests. */
export interface NodeServerOptions {
  readonly limits: BodyLimits;
  /** A deadline for each request's `Context`, from its arrival. */
  readonly requestTimeoutMs: number | undefined;
  /** How long `close()` waits for requests in flight before cutting connections. */
  readonly closeTimeoutMs: number;
  /** Called with the final error of an execution that failed with a 5xx or on the way out. */
  readonly onError: (err: Error, ex: HttpExchange) => void;
  /** Takes the requests that ask to upgrade the connection (WebSocket gateways). */
  readonly upgrade?: UpgradeHandler;
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

  constructor(execute: Execute<HttpExchange>, options: NodeServerOptions) {
    this.#execute = execute;
    this.#options = options;
    this.#server = createServer((req, res) => this.#handle(req, res));
    const upgrade = options.upgrade;
    if (upgrade !== undefined) {
      this.#server.on('upgrade', (req, socket, head) => upgrade.upgrade(req, socket, head));
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
      this.#server.close(() => {
        clearTimeout(force);
        resolve();
      });
      this.#server.closeIdleConnections();
    });
  }

  #handle(req: IncomingMessage, res: ServerResponse): void {
    const ex = new NodeExchange(req, res, this);
    if (this.#closing !== undefined) {
      stageError(ex.response, new FwError('FW_ERR_SHUTTING_DOWN'));
      ex.send();
      return;
    }
    this.#execute(ex).then(
      (err) => {
        if (err !== undefined) this.#report(err, ex);
      },
      (err: unknown) => {
        // execute() does not reject; if it ever does, answer and never crash.
        this.#options.onError(err as Error, ex);
        if (!res.headersSent) res.writeHead(500).end();
        else res.destroy();
      },
    );
  }

  #report(err: Error, ex: NodeExchange): void {
    // A client that went away mid-body is not the server's failure: nothing to report.
    if (!(ex.req.destroyed && isClientAbort(err))) this.#options.onError(err, ex);
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

  constructor(req: IncomingMessage, res: ServerResponse, server: NodeServer) {
    const { options } = server;
    super(
      {
        method: req.method ?? 'GET',
        url: req.url ?? '/',
        rawHeaders: req.rawHeaders,
        body: req,
        limits: options.limits,
      },
      NODE_SINK,
    );
    this.req = req;
    this.res = res;
    this.server = server;
    this.#arrived = options.requestTimeoutMs === undefined ? 0 : Date.now();
  }

  /** Canceled when the response closes; with a deadline when the server has a request timeout. */
  protected override newContext(): Context {
    const timeout = this.server.options.requestTimeoutMs;
    const [ctx, cancel] =
      timeout === undefined
        ? withCancel(background())
        : withTimeout(background(), this.#arrived + timeout - Date.now());
    if (this.res.closed) cancel();
    else this.res.once('close', cancel);
    return ctx;
  }
}

/** Writes an exchange's response to its Node response. */
const NODE_SINK: ResponseSink = {
  send({ status, headers, body }, exchange) {
    const { req, res, server } = exchange as NodeExchange;
    if (res.headersSent || res.destroyed) return;
    // A refused upload is not drained (Node would read all of it to reuse the connection), and a
    // closing server keeps no connection alive: either way the connection ends here. Any other
    // unread body is small or bounded by the server's timeouts, and Node drains it.
    if ((status === 413 && !req.complete) || server.closing) headers['Connection'] = 'close';
    res.writeHead(status, headers);
    res.end(body);
  },
};

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
