/**
 * The sender of one `ws` socket, kept apart from `sender.ts`: that module is public, and its
 * declarations must not name `ws`'s types, which an app need not have installed (`@types/ws`).
 *
 * It watches the bytes waiting to be sent (`bufferedAmount`: the network socket's write buffer and
 * what `ws` holds back). Above the high-water mark the connection is told to stop reading, and told
 * again when the network socket has drained; a frame that would take them past
 * `maxBackpressureBytes` is not sent at all, and the connection is told once, to close. A client
 * that sends without reading thus costs the server a bounded amount of memory.
 */
import type { Duplex } from 'node:stream';
import type { WebSocket } from 'ws';
import { FwError } from '../core/errors.js';
import type { WebSocketLimits } from '../ws/limits.js';
import type { ConnectionSender } from '../ws/sender.js';

/** The bounds a {@link SocketSender} keeps. */
export type SendLimits = Pick<
  WebSocketLimits,
  'backpressureHighWaterMark' | 'maxBackpressureBytes' | 'sendTimeoutMs'
>;

/** What a {@link SocketSender} sends on, and whom it tells about the bytes waiting. */
export interface SenderInit {
  readonly socket: WebSocket;
  /** The network socket under `socket`, whose `drain` says its write buffer has emptied. */
  readonly stream: Duplex;
  readonly connId: string;
  readonly limits: SendLimits;
  /** Called when {@link SocketSender.congested} changes. */
  readonly onCongestion: () => void;
  /** Called once, when a frame was refused for `maxBackpressureBytes`, with the bytes waiting. */
  readonly onOverflow: (buffered: number) => void;
}

/** The most bytes a UTF-16 code unit takes in UTF-8, for a size bound that needs no encoding. */
const MAX_UTF8_PER_UNIT = 3;

/** @internal The sender of one `ws` socket. */
export class SocketSender implements ConnectionSender {
  readonly #init: SenderInit;
  #congested = false;
  #overflowed = false;

  constructor(init: SenderInit) {
    this.#init = init;
  }

  /**
   * Whether more than the high-water mark is waiting to be sent and the network socket has not
   * drained since: the connection is not read meanwhile.
   */
  get congested(): boolean {
    return this.#congested;
  }

  /**
   * Hands `data` to the socket without waiting for the write: frames still go out in call order.
   * On a connection that has closed, or past `maxBackpressureBytes`, it is dropped. What a
   * handler's reply uses.
   */
  post(data: string | Uint8Array): void {
    const socket = this.#init.socket;
    if (socket.readyState !== socket.OPEN || this.#overflows(data)) return;
    socket.send(data, { binary: typeof data !== 'string' });
    this.#watch();
  }

  send(data: string | Uint8Array): Promise<void> {
    const { socket, connId, limits } = this.#init;
    return new Promise((resolve, reject) => {
      const closed = (cause?: unknown) =>
        new FwError('FW_ERR_WEBSOCKET_CLOSED', { connId }, { cause });
      if (socket.readyState !== socket.OPEN) return reject(closed());
      if (this.#overflows(data)) {
        const limit = limits.maxBackpressureBytes;
        return reject(new FwError('FW_ERR_WEBSOCKET_BACKPRESSURE', { connId, limit }));
      }
      // The frame stays queued after a timeout: the connection's bounds, not this, free it.
      const ms = limits.sendTimeoutMs;
      const timer = setTimeout(
        () => reject(new FwError('FW_ERR_WEBSOCKET_SEND_TIMEOUT', { connId, ms })),
        ms,
      );
      timer.unref();
      socket.send(data, { binary: typeof data !== 'string' }, (err) => {
        clearTimeout(timer);
        if (err == null) resolve();
        else reject(closed(err));
      });
      this.#watch();
    });
  }

  /**
   * Whether sending `data` would take the bytes waiting past `maxBackpressureBytes`; the first
   * time it would, the connection is told. Strings are measured in bytes only near the limit.
   */
  #overflows(data: string | Uint8Array): boolean {
    const { socket, limits } = this.#init;
    const buffered = socket.bufferedAmount;
    const limit = limits.maxBackpressureBytes;
    if (typeof data === 'string') {
      if (buffered + data.length * MAX_UTF8_PER_UNIT <= limit) return false;
      if (buffered + Buffer.byteLength(data) <= limit) return false;
    } else if (buffered + data.byteLength <= limit) return false;
    if (!this.#overflowed) {
      this.#overflowed = true;
      this.#init.onOverflow(buffered);
    }
    return true;
  }

  /**
   * After a write: above the high-water mark, with the network socket waiting for `drain` (so
   * that one surely comes), the connection is congested until the `drain`.
   */
  #watch(): void {
    const { socket, stream, limits } = this.#init;
    if (this.#congested || socket.bufferedAmount <= limits.backpressureHighWaterMark) return;
    if (!stream.writableNeedDrain) return;
    this.#congested = true;
    stream.once('drain', () => {
      this.#congested = false;
      this.#init.onCongestion();
    });
    this.#init.onCongestion();
  }
}
