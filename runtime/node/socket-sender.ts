/**
 * The sender of one `ws` socket, kept apart from `sender.ts`: that module is public, and its
 * declarations must not name `ws`'s types, which an app need not have installed (`@types/ws`).
 */
import type { WebSocket } from 'ws';
import { FwError } from '../core/errors.js';
import type { ConnectionSender } from '../ws/sender.js';

/** @internal The sender of one `ws` socket. */
export class SocketSender implements ConnectionSender {
  readonly #socket: WebSocket;
  readonly #connId: string;

  constructor(socket: WebSocket, connId: string) {
    this.#socket = socket;
    this.#connId = connId;
  }

  /**
   * Hands `data` to the socket without waiting for the write: frames still go out in call order,
   * and on a connection that has closed it is dropped. What a handler's reply uses.
   */
  post(data: string | Uint8Array): void {
    if (this.#socket.readyState === this.#socket.OPEN) {
      this.#socket.send(data, { binary: typeof data !== 'string' });
    }
  }

  send(data: string | Uint8Array): Promise<void> {
    return new Promise((resolve, reject) => {
      const closed = (cause?: unknown) =>
        new FwError('FW_ERR_WEBSOCKET_CLOSED', { connId: this.#connId }, { cause });
      if (this.#socket.readyState !== this.#socket.OPEN) return reject(closed());
      this.#socket.send(data, { binary: typeof data !== 'string' }, (err) =>
        err == null ? resolve() : reject(closed(err)),
      );
    });
  }
}
