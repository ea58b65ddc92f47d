/**
 * One open WebSocket connection: its messages run through the
 * pipeline one after another, in the order they arrived; a failed message closes the connection
 * (close-codes.ts); a ping goes out every interval, and a connection that did not answer the last one
 * with a pong is terminated (a message does not count: a client that sends without reading never
 * answers). Reading stops while messages queue behind a running one, or while more than the
 * high-water mark waits to be sent (socket-sender.ts); past `maxBackpressureBytes` the connection is
 * closed with 1008 and terminated soon after. Its `Context` is canceled when the connection closes
 * and carries its sender.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { Duplex } from 'node:stream';
import type { RawData, WebSocket } from 'ws';
import { background, type Context, withCancel, withValue } from '../core/context/context.js';
import { REQUEST_ID } from '../core/context/request-id.js';
import { errorCode } from '../core/error-chain.js';
import { elapsedMs, type Logger, log } from '../core/log/logger.js';
import { recordFieldsOf } from '../core/log/record-fields.js';
import { type Execute, isPromise, type Route } from '../core/pipeline/pipeline.js';
import type { WebSocketRequestSnapshot } from '../core/request/ws-request-snapshot.js';
import { CLOSE, closingFor } from '../ws/close-codes.js';
import { CONNECTION_KEY } from '../ws/connection-signal.js';
import type { WebSocketLimits } from '../ws/limits.js';
import { SENDER_KEY, type WebSocketSender } from '../ws/sender.js';
import { UPGRADE_TRACE } from '../ws/upgrade-observer.js';
import { WsMessage } from '../ws/ws-message.js';
import { SocketSender } from './socket-sender.js';

/** What a {@link WsConnection} serves. */
export interface ConnectionInit {
  readonly socket: WebSocket;
  /** The network socket under `socket`. */
  readonly stream: Duplex;
  readonly snapshot: WebSocketRequestSnapshot;
  readonly route: Route;
  /** The gateway path's parameters, as the upgrade matched them. */
  readonly params: Readonly<Record<string, string>>;
  readonly execute: Execute<WsMessage>;
  readonly limits: WebSocketLimits;
  /** Where a message or a backpressure limit that closed the connection is logged. */
  readonly logger: Logger;
  /** What telemetry keeps of the upgrade for the connection's messages (`UPGRADE_TRACE`). */
  readonly trace?: unknown;
  /** The sender `sendMessage` uses in place of the connection's own (telemetry's). */
  readonly sending?: ((sender: WebSocketSender, connId: string) => WebSocketSender) | undefined;
}

interface Inbound {
  readonly payload: Uint8Array;
  readonly type: 1 | 2;
}

/** Messages waiting while one runs before the socket stops being read (backpressure). */
const MAX_QUEUED = 64;
/**
 * How long a connection closed for backpressure has to read the close frame before it is terminated:
 * a client that does not read would never answer it.
 */
const OVERFLOW_GRACE_MS = 1000;

/**
 * A random UUID as one flat string: `randomUUID()` returns a rope of about 14 concatenated pieces
 * (some 600 bytes), which the connection would hold for its whole life.
 */
function flatUuid(): string {
  return Buffer.from(randomUUID(), 'latin1').toString('latin1');
}

/** A served WebSocket connection. */
export class WsConnection {
  /** The connection id, `connId()` of its messages. */
  readonly id: string = flatUuid();
  /** Resolves when the connection has closed, however it closed. */
  readonly closed: Promise<void>;
  readonly #init: ConnectionInit;
  readonly #sender: SocketSender;
  readonly #context: Context;
  readonly #queue: Inbound[] = [];
  readonly #timer: NodeJS.Timeout;
  #running: Promise<void> | undefined;
  #ending = false;
  #alive = true;
  /** Whether the queue filled up, until it is empty again: reading stops meanwhile. */
  #queueFull = false;
  #grace: NodeJS.Timeout | undefined;

  constructor(init: ConnectionInit) {
    this.#init = init;
    const socket = init.socket;
    const [ctx, cancel] = withCancel(background());
    this.#sender = new SocketSender({
      socket,
      stream: init.stream,
      connId: this.id,
      limits: init.limits,
      onCongestion: () => this.#congestion(),
      onOverflow: (buffered) => this.#overflow(buffered),
    });
    const upgraded = init.trace === undefined ? ctx : withValue(ctx, UPGRADE_TRACE, init.trace);
    const withId = withValue(upgraded, REQUEST_ID, init.snapshot.requestId());
    // The connection's Context carries its sender (sendMessage) and itself (connectionSignal).
    const pushing = init.sending?.(this.#sender, this.id) ?? this.#sender;
    const withSender = withValue(withId, SENDER_KEY, pushing);
    this.#context = withValue(withSender, CONNECTION_KEY, ctx);
    this.#timer = setInterval(() => this.#heartbeat(), init.limits.pingIntervalMs);
    this.#timer.unref();
    // `ws` reports bad frames, bad UTF-8 and oversized messages here, after it has sent the close
    // frame (1002, 1007, 1009): the client's fault, nothing to report or to crash on.
    socket.on('error', () => {});
    socket.on('pong', () => (this.#alive = true));
    socket.on('message', (data, isBinary) => this.#receive(data, isBinary));
    this.closed = new Promise((resolve) =>
      // 'close' is emitted once: `on` spares `once`'s wrapper, held as long as the connection.
      socket.on('close', () => {
        this.#ending = true;
        this.#queue.length = 0;
        clearInterval(this.#timer);
        clearTimeout(this.#grace);
        cancel();
        resolve();
      }),
    );
  }

  /**
   * Stops taking messages, lets the one running finish (its reply is still sent), then sends close
   * 1001. Resolves when the connection has closed.
   */
  shutdown(): Promise<void> {
    this.#ending = true;
    this.#queue.length = 0;
    void (this.#running ?? Promise.resolve()).then(() =>
      this.#init.socket.close(CLOSE.goingAway, 'server shutting down'),
    );
    return this.closed;
  }

  /** Ends the connection at once, without a closing handshake. */
  terminate(): void {
    this.#init.socket.terminate();
  }

  #heartbeat(): void {
    if (!this.#alive) {
      this.terminate();
      return;
    }
    this.#alive = false;
    this.#init.socket.ping();
  }

  #receive(data: RawData, isBinary: boolean): void {
    if (this.#ending) return;
    const buffer = data as Buffer; // the default binaryType, 'nodebuffer'
    const payload = new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
    const inbound: Inbound = { payload, type: isBinary ? 2 : 1 };
    if (this.#running !== undefined || this.#sender.congested) {
      this.#queue.push(inbound);
      if (this.#queue.length >= MAX_QUEUED && !this.#queueFull) {
        this.#queueFull = true;
        this.#reading();
      }
      return;
    }
    this.#pump(inbound);
  }

  /**
   * Runs `inbound`, then the messages that queued up meanwhile, one after another, in order. A
   * message whose execution answers at once is done before the next starts, with no promise in
   * between; one that has to wait sets `#running` until it is done, and later ones queue behind it.
   * While too much waits to be sent, the rest stay queued until the socket drains: pausing the
   * socket does not stop the messages `ws` has already read from being delivered. The socket is read
   * again once a queued message is done and none is left.
   */
  #pump(inbound: Inbound, queued = false): void {
    for (let next: Inbound | undefined = inbound; next !== undefined; queued = true) {
      const waiting = this.#run(next);
      if (waiting !== undefined) {
        this.#running = waiting.then(() => {
          this.#running = undefined;
          this.#pumpQueue(queued);
        });
        return;
      }
      if (queued && this.#queue.length === 0) this.#queueEmptied();
      if (this.#sender.congested) return;
      next = this.#queue.shift();
    }
  }

  /** Goes on with the queue once a message that had to wait is done. */
  #pumpQueue(queued: boolean): void {
    if (queued && this.#queue.length === 0) this.#queueEmptied();
    if (this.#sender.congested) return;
    const next = this.#queue.shift();
    if (next !== undefined) this.#pump(next, true);
  }

  #queueEmptied(): void {
    if (!this.#queueFull) return;
    this.#queueFull = false;
    this.#reading();
  }

  /** Stops or goes on reading; once drained, runs the messages that waited, unless one runs. */
  #congestion(): void {
    this.#reading();
    if (!this.#sender.congested && this.#running === undefined) this.#pumpQueue(true);
  }

  /** Reads the socket unless the queue is full or too much waits to be sent, and not otherwise. */
  #reading(): void {
    const socket = this.#init.socket;
    const stop = this.#queueFull || this.#sender.congested;
    if (stop && !socket.isPaused) socket.pause();
    else if (!stop && socket.isPaused) socket.resume();
  }

  /**
   * Closes the connection with 1008 once a frame was refused for `maxBackpressureBytes`, and
   * terminates it if it has not closed shortly after; logs it once, at `info`: the client's doing.
   */
  #overflow(buffered: number): void {
    this.#ending = true;
    this.#queue.length = 0;
    const { socket, snapshot, limits, logger } = this.#init;
    if (socket.readyState !== socket.OPEN) return;
    socket.close(CLOSE.policyViolation, 'backpressure limit');
    this.#grace = setTimeout(() => this.terminate(), OVERFLOW_GRACE_MS);
    this.#grace.unref();
    const fields = {
      path: snapshot.path(),
      connId: this.id,
      requestId: snapshot.requestId(),
      closeCode: CLOSE.policyViolation,
      bufferedBytes: buffered,
      limit: limits.maxBackpressureBytes,
    };
    log(logger, 'info', fields, 'websocket backpressure limit reached');
  }

  /** Runs one message: undefined when it is done, else a promise of its end. */
  #run(inbound: Inbound): Promise<void> | undefined {
    const { snapshot, route, params } = this.#init;
    const startedAt = performance.now();
    const msg = new WsMessage(
      {
        path: snapshot.path(),
        connId: this.id,
        messageType: inbound.type,
        payload: inbound.payload,
        request: snapshot,
      },
      this.#sender,
      this.#context,
    );
    msg.route(params as Record<string, string>, route.meta.pathKeys);
    const done = this.#init.execute(msg, route);
    if (isPromise(done)) return done.then((err) => this.#finish(msg, err, startedAt));
    this.#finish(msg, done, startedAt);
    return undefined;
  }

  #finish(msg: WsMessage, err: Error | undefined, startedAt: number): void {
    msg.finish();
    if (err !== undefined) this.#fail(msg, err, startedAt);
  }

  /**
   * Closes the connection after a failed message, and logs it once: a server error (1011) at
   * `error` with the error, a payload that does not fit (1007, the client's) at `info`.
   */
  #fail(msg: WsMessage, err: Error, startedAt: number): void {
    this.#ending = true;
    this.#queue.length = 0;
    const socket = this.#init.socket;
    if (socket.readyState !== socket.OPEN) return; // closed meanwhile: the client left
    const { code, reason } = closingFor(err);
    socket.close(code, reason);
    const fields = {
      path: msg.path(),
      connId: this.id,
      requestId: msg.requestId(),
      closeCode: code,
      durationMs: elapsedMs(startedAt),
      code: errorCode(err),
      ...recordFieldsOf(msg),
    };
    if (code === CLOSE.handlerError) {
      log(this.#init.logger, 'error', { ...fields, err }, 'websocket message failed');
    } else log(this.#init.logger, 'info', fields, 'websocket message failed');
  }
}
