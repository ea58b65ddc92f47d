/**
 * The WebSocket gateways of an app on its HTTP server: every upgrade request is routed to a
 * `@WebSocketGateway` path or refused before the upgrade, in this order (docs/API.md, WebSocket):
 * shutting down 503, unknown path 404, not a WebSocket handshake 400, foreign `Origin` 403, capacity
 * 503 with `Retry-After`, `preHandshake` refusal 401 or its 4xx, handshake timeout 503. Accepted
 * connections are served by {@link WsConnection}; `close()` ends them all with 1001.
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { background, DeadlineExceeded, withTimeout, withValue } from '../core/context/context.js';
import { REQUEST_ID, REQUEST_ID_HEADER } from '../core/context/request-id.js';
import { toError } from '../core/error-chain.js';
import { FwError, type HttpError } from '../core/errors.js';
import { elapsedMs, type Logger, log } from '../core/log/logger.js';
import type { Interceptor } from '../core/pipeline/interceptor.js';
import type { Execute, Route } from '../core/pipeline/pipeline.js';
import { isOriginPolicy } from '../core/request/origin.js';
import { WebSocketRequestSnapshot } from '../core/request/ws-request-snapshot.js';
import { FindMyWayRouter } from '../core/router/find-my-way-router.js';
import type { WebSocketLimits } from '../ws/limits.js';
import type { UpgradeObserver, UpgradeRequest, UpgradeWatch } from '../ws/upgrade-observer.js';
import type { WsMessage } from '../ws/ws-message.js';
import { WsConnection } from './ws-connection.js';
import {
  badUpgrade,
  handshakeRefusal,
  refuseUpgrade,
  runPreHandshake,
  type Upgrade,
  upgradeOf,
} from './ws-handshake.js';
import { originAllowed } from './ws-origin.js';
import { WebSocketServer } from './ws-server.js';

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
  /** Where refused upgrades and failed messages are logged. */
  readonly logger: Logger;
  /** Told of every upgrade and connection (telemetry). */
  readonly observer?: UpgradeObserver | undefined;
}

/** An upgrade on its way, with what watches it and the gateway path it matched. */
interface Watched extends Upgrade {
  readonly watch: UpgradeWatch | undefined;
  route?: string | undefined;
}

/** Seconds a client refused for capacity is asked to wait before it tries again. */
const RETRY_AFTER = '1';
const noop = (): void => {};

/** Upgrades, connections and shutdown of an app's WebSocket gateways. */
export class WebSocketGateways {
  readonly #init: GatewaysInit;
  readonly #router = new FindMyWayRouter<Route>();
  readonly #server: WebSocketServer;
  readonly #allowed: ReadonlySet<string>;
  readonly #connections = new Set<WsConnection>();
  /** The id of each upgrade request being accepted, for its `101` response. */
  readonly #ids = new WeakMap<IncomingMessage, string>();
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
    this.#server.on('headers', (headers: string[], req: IncomingMessage) => {
      const id = this.#ids.get(req);
      if (id !== undefined) headers.push(`${REQUEST_ID_HEADER}: ${id}`);
    });
  }

  /** Handles an `upgrade` event of the HTTP server; never throws. */
  upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    socket.on('error', noop); // a reset during the handshake must not crash the process
    const arrived = upgradeOf(req);
    const watch = this.#init.observer?.begin(upgradeRequest(req, arrived.path));
    const up: Watched = { ...arrived, watch };
    this.#handshake(req, socket, head, up).catch((err: unknown) => {
      const { path, requestId, startedAt } = up;
      const fields = { path, requestId, durationMs: elapsedMs(startedAt), err };
      log(this.#init.logger, 'error', fields, 'websocket upgrade failed');
      socket.destroy();
      watch?.end(500, up.route, toError(err));
    });
  }

  /** Refuses new upgrades, closes every connection with 1001, resolves when all have closed. */
  close(): Promise<void> {
    this.#closing ??= this.#shutdown();
    return this.#closing;
  }

  async #handshake(req: IncomingMessage, socket: Duplex, head: Buffer, up: Watched): Promise<void> {
    if (this.#closing !== undefined) {
      return this.#refuse(socket, new FwError('FW_ERR_SHUTTING_DOWN'), up);
    }
    const { path, requestId } = up;
    const match = this.#router.find('GET', path);
    if (match === null) {
      return this.#refuse(socket, new FwError('FW_ERR_WEBSOCKET_NOT_FOUND', { path }), up);
    }
    up.route = match.value.meta.route;
    const bad = badUpgrade(req);
    if (bad !== undefined) {
      return this.#refuse(socket, new FwError('FW_ERR_WEBSOCKET_BAD_REQUEST', { reason: bad }), up);
    }
    const policies = this.#init.interceptors.filter(isOriginPolicy);
    if (!originAllowed(req, this.#allowed, policies)) {
      const origin = String(req.headers.origin);
      return this.#refuse(socket, new FwError('FW_ERR_WEBSOCKET_ORIGIN', { origin }), up);
    }
    const limits = this.#init.limits;
    if (this.#slots >= limits.maxConnections) {
      const headers = { 'Retry-After': RETRY_AFTER };
      const params = { limit: limits.maxConnections };
      const full = new FwError('FW_ERR_WEBSOCKET_CAPACITY', params, { headers });
      return this.#refuse(socket, full, up);
    }
    this.#slots++;
    socket.once('close', () => this.#slots--);

    const [deadline, cancel] = withTimeout(background(), limits.handshakeTimeoutMs);
    const ctx = withValue(deadline, REQUEST_ID, requestId);
    socket.once('close', cancel);
    const peer = req.socket.remoteAddress ?? '';
    const forwarded = req.headers['x-forwarded-for'];
    const snapshot = new WebSocketRequestSnapshot({
      url: req.url ?? '/',
      rawHeaders: req.rawHeaders,
      remoteAddr: peer,
      clientAddress: limits.clientAddress?.(
        peer,
        typeof forwarded === 'string' ? [forwarded] : forwarded,
      ),
      context: ctx,
      requestId,
    });
    const route = match.value;
    const interceptors = [...this.#init.interceptors, ...route.interceptors];
    const err = await runPreHandshake(interceptors, snapshot, route.meta, ctx);
    cancel();
    // Held for the connection's life otherwise: its wrapper, and a listener array on the socket.
    socket.off('close', cancel);
    if (socket.destroyed) {
      up.watch?.end(0, up.route, undefined); // the client left during the handshake
      return;
    }
    const refusal = this.#refusal(err);
    if (refusal !== undefined) return this.#refuse(socket, refusal, up);
    this.#ids.set(req, requestId);
    const observer = this.#init.observer;
    const gateway = up.route ?? up.path;
    this.#server.handleUpgrade(req, socket, head, (ws) => {
      up.watch?.end(101, up.route, undefined);
      const connection = new WsConnection({
        socket: ws,
        stream: socket,
        snapshot,
        route,
        params: match.params,
        execute: this.#init.execute,
        limits,
        logger: this.#init.logger,
        trace: up.watch?.context,
        sending: observer && ((sender, connId) => observer.sending(sender, gateway, connId)),
      });
      this.#connections.add(connection);
      const closed = observer?.opened(gateway);
      void connection.closed.then(() => {
        this.#connections.delete(connection);
        closed?.();
      });
      if (this.#closing !== undefined) void connection.shutdown();
    });
  }

  #refuse(socket: Duplex, refusal: HttpError, up: Watched): void {
    refuseUpgrade(socket, refusal, up, this.#init.logger);
    up.watch?.end(refusal.status, up.route, refusal);
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

/** The upgrade request as an observer reads it. */
function upgradeRequest(req: IncomingMessage, path: string): UpgradeRequest {
  return {
    path,
    header: (name) => {
      const value = req.headers[name];
      return Array.isArray(value) ? value.join(', ') : value;
    },
    remoteAddress: req.socket.remoteAddress ?? '',
    localPort: req.socket.localPort,
  };
}
