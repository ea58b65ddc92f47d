/**
 * The WebSocket gateways of an app on its HTTP server: every upgrade request is routed to a
 * `@WebSocketGateway` path or refused before the upgrade, in this order (Spine v0.5.1):
 * shutting down 503, unknown path 404, not a WebSocket handshake 400, foreign `Origin` 403, capacity
 * 503 with `Retry-After`, `preHandshake` refusal 401 or its 4xx, handshake timeout 503. Accepted
 * connections are served by {@link WsConnection}; `close()` ends them all with 1001.
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import { background, DeadlineExceeded, withTimeout } from '../context/context.js';
import { splitTarget } from '../context/headers.js';
import { WebSocketRequestSnapshot } from '../context/ws-request-snapshot.js';
import type { Execute, Route } from '../core/pipeline.js';
import type { Interceptor } from '../core/types.js';
import { FwError, type HttpError } from '../errors.js';
import { FindMyWayRouter } from '../router/find-my-way-router.js';
import { WsConnection } from './connection.js';
import { badUpgrade, handshakeRefusal, refuse, runPreHandshake } from './handshake.js';
import type { WebSocketLimits } from './limits.js';
import { originAllowed } from './origin.js';
import type { WsMessage } from './ws-message.js';

/** One `@OnMessage` handler and its gateway path. */
export interface GatewayRoute {
  readonly path: string;
  /** `Gateway.method`, for messages. */
  readonly label: string;
  readonly route: Route;
}

/** What {@link WebSocketGateways} serves, and how. */
export interface GatewaysInit {
  readonly routes: readonly GatewayRoute[];
  readonly execute: Execute<WsMessage>;
  /** The global interceptors; their `preHandshake` runs before the gateway's. */
  readonly interceptors: readonly Interceptor[];
  readonly limits: WebSocketLimits;
  /** How long `close()` waits for connections to finish before terminating them. */
  readonly closeTimeoutMs: number;
  /** Called with what no client can be told: a message that failed with 1011, a broken upgrade. */
  readonly onError: (message: string, err: unknown) => void;
}

/** Seconds a client refused for capacity is asked to wait (Spine's `CapacityRetry` default). */
const RETRY_AFTER = '1';
const noop = (): void => {};

/** Upgrades, connections and shutdown of an app's WebSocket gateways. */
export class WebSocketGateways {
  readonly #init: GatewaysInit;
  readonly #router = new FindMyWayRouter<Route>();
  readonly #server: WebSocketServer;
  readonly #allowed: ReadonlySet<string>;
  readonly #connections = new Set<WsConnection>();
  /** Connections open or in their handshake. */
  #slots = 0;
  #closing: Promise<void> | undefined;

  constructor(init: GatewaysInit) {
    this.#init = init;
    // The upgrade is a GET; a gateway path taken twice fails here, naming both handlers.
    for (const r of init.routes) this.#router.add('GET', r.path, r.route, r.label);
    this.#allowed = new Set(init.limits.allowedOrigins);
    this.#server = new WebSocketServer({
      noServer: true,
      clientTracking: false,
      perMessageDeflate: false,
      maxPayload: init.limits.maxMessageBytes,
    });
  }

  /** Handles an `upgrade` event of the HTTP server; never throws. */
  upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    socket.on('error', noop); // a reset during the handshake must not crash the process
    this.#handshake(req, socket, head).catch((err: unknown) => {
      this.#init.onError('fw: WebSocket upgrade failed', err);
      socket.destroy();
    });
  }

  /** Refuses new upgrades, closes every connection with 1001, resolves when all have closed. */
  close(): Promise<void> {
    this.#closing ??= this.#shutdown();
    return this.#closing;
  }

  async #handshake(req: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    if (this.#closing !== undefined) return refuse(socket, new FwError('FW_ERR_SHUTTING_DOWN'));
    const { path } = splitTarget(req.url ?? '/');
    const match = this.#router.find('GET', path);
    if (match === null) return refuse(socket, new FwError('FW_ERR_WEBSOCKET_NOT_FOUND', { path }));
    const bad = badUpgrade(req);
    if (bad !== undefined) {
      return refuse(socket, new FwError('FW_ERR_WEBSOCKET_BAD_REQUEST', { reason: bad }));
    }
    if (!originAllowed(req, this.#allowed)) {
      const origin = String(req.headers.origin);
      return refuse(socket, new FwError('FW_ERR_WEBSOCKET_ORIGIN', { origin }));
    }
    const limits = this.#init.limits;
    if (this.#slots >= limits.maxConnections) {
      const headers = { 'Retry-After': RETRY_AFTER };
      const params = { limit: limits.maxConnections };
      return refuse(socket, new FwError('FW_ERR_WEBSOCKET_CAPACITY', params, { headers }));
    }
    this.#slots++;
    socket.once('close', () => this.#slots--);

    const [ctx, cancel] = withTimeout(background(), limits.handshakeTimeoutMs);
    socket.once('close', cancel);
    const snapshot = new WebSocketRequestSnapshot({
      url: req.url ?? '/',
      rawHeaders: req.rawHeaders,
      remoteAddr: req.socket.remoteAddress ?? '',
      context: ctx,
    });
    const route = match.value;
    const interceptors = [...this.#init.interceptors, ...route.interceptors];
    const err = await runPreHandshake(interceptors, snapshot, route.meta, ctx);
    cancel();
    if (socket.destroyed) return; // the client left during the handshake
    const refusal = this.#refusal(err);
    if (refusal !== undefined) return refuse(socket, refusal);
    this.#server.handleUpgrade(req, socket, head, (ws) => {
      const connection = new WsConnection({
        socket: ws,
        snapshot,
        route,
        params: match.params,
        execute: this.#init.execute,
        pingIntervalMs: limits.pingIntervalMs,
        onError: (e) => this.#init.onError('fw: WebSocket message failed', e),
      });
      this.#connections.add(connection);
      void connection.closed.then(() => this.#connections.delete(connection));
      if (this.#closing !== undefined) void connection.shutdown();
    });
  }

  /** What to answer after the `preHandshake` interceptors, or undefined to upgrade. */
  #refusal(err: Error | undefined): HttpError | undefined {
    if (this.#closing !== undefined) return new FwError('FW_ERR_SHUTTING_DOWN');
    if (err === undefined) return undefined;
    if (err === DeadlineExceeded) {
      return new FwError('FW_ERR_WEBSOCKET_HANDSHAKE_TIMEOUT', {
        ms: this.#init.limits.handshakeTimeoutMs,
      });
    }
    return handshakeRefusal(err);
  }

  async #shutdown(): Promise<void> {
    const force = setTimeout(() => {
      for (const c of this.#connections) c.terminate();
    }, this.#init.closeTimeoutMs);
    force.unref();
    // Connections accepted while this runs are shut down as they open; wait for them too.
    while (this.#connections.size > 0) {
      await Promise.all([...this.#connections].map((c) => c.shutdown()));
    }
    clearTimeout(force);
  }
}
