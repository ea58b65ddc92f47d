/**
 * Sending on a WebSocket connection at any time (`sendMessage` through `SENDER_KEY`): the
 * connection's `Context` carries its sender, and so does every `Context` parameter of a message
 * handler, which is a child of it.
 *
 * Writes are ordered by the order of the calls: Node runs one piece of JavaScript at a time, and
 * `ws` writes each frame whole (or queues it behind the frames before it), so two sends never
 * interleave on the wire, whatever awaits between them. No lock is needed, as it would be where
 * threads write at the same time.
 */
import type { Context } from '../core/context/context.js';
import { FwError } from '../core/errors.js';

/** The key under which a WebSocket connection's `Context` carries its {@link WebSocketSender}. */
export const SENDER_KEY: unique symbol = Symbol('fw.websocket.sender');

/** Sends messages on one connection. */
export interface WebSocketSender {
  /**
   * Resolves once the frame is written; rejects with `FW_ERR_WEBSOCKET_CLOSED` when closed,
   * `FW_ERR_WEBSOCKET_BACKPRESSURE` past `maxBackpressureBytes`, `FW_ERR_WEBSOCKET_SEND_TIMEOUT` past
   * `sendTimeoutMs`.
   */
  send(data: string | Uint8Array): Promise<void>;
}

/**
 * @internal The sender of one connection as fw's own code uses it: besides `send`, `post` hands a
 * frame over without waiting for the write, in call order, and drops it once the connection has
 * closed (what a handler's reply uses). The Node adapter implements it over a `ws` socket.
 */
export interface ConnectionSender extends WebSocketSender {
  post(data: string | Uint8Array): void;
}

const noop = (): void => {};

/**
 * Sends `data` on the WebSocket connection of `ctx`: a string as a text message, bytes as a binary
 * one. Throws `FW_ERR_NO_WEBSOCKET_SENDER` when `ctx` is not the `Context` of a WebSocket message
 * handler. The promise rejects with `FW_ERR_WEBSOCKET_CLOSED` once the connection has closed, with
 * `FW_ERR_WEBSOCKET_BACKPRESSURE` at once (nothing sent, the connection closing with 1008) when the
 * frame would take the bytes waiting on the connection past `maxBackpressureBytes`, and with
 * `FW_ERR_WEBSOCKET_SEND_TIMEOUT` when the frame is not written within `sendTimeoutMs`; a promise
 * nobody awaits never crashes the process.
 * @example
 * @OnMessage() async join(room: string, ctx: Context) { await sendMessage(ctx, `joined ${room}`); }
 */
export function sendMessage(ctx: Context, data: string | Uint8Array): Promise<void> {
  const sender = ctx.value(SENDER_KEY) as WebSocketSender | undefined;
  if (sender === undefined) throw new FwError('FW_ERR_NO_WEBSOCKET_SENDER');
  if (typeof data !== 'string' && !(data instanceof Uint8Array)) {
    throw new TypeError(
      `sendMessage: data must be a string or a Uint8Array, instead got ${typeof data}`,
    );
  }
  const sent = sender.send(data);
  sent.catch(noop); // marks it handled; the caller who awaits still sees the rejection
  return sent;
}
