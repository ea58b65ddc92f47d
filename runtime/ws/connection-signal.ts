/**
 * Learning that a WebSocket connection has closed, from any `Context` of one of its messages: the
 * connection's `Context` travels under `CONNECTION_KEY`, and its signal aborts once the connection
 * has closed, however it closed (the client left, a failed message, the app's `close()`, a
 * terminated connection). A message's own `Context` ends with the message; this one lives as long
 * as the connection, so a gateway that keeps connections (a subscriber list) can drop each one the
 * moment it goes, without waiting for a send to fail.
 */
import type { Context } from '../core/context/context.js';
import { FwError } from '../core/errors.js';

/** The key under which a WebSocket connection's `Context` carries itself. */
export const CONNECTION_KEY: unique symbol = Symbol('fw.websocket.connection');

/**
 * The signal of the WebSocket connection of `ctx`: it aborts when the connection closes. Throws
 * `FW_ERR_NO_WEBSOCKET_CONNECTION` when `ctx` is not the `Context` of a WebSocket message handler.
 * @example
 * const closed = connectionSignal(ctx);
 * if (closed.aborted) return;
 * closed.addEventListener('abort', () => subscribers.delete(id), { once: true });
 */
export function connectionSignal(ctx: Context): AbortSignal {
  const connection = ctx.value(CONNECTION_KEY) as Context | undefined;
  if (connection === undefined) throw new FwError('FW_ERR_NO_WEBSOCKET_CONNECTION');
  return connection.signal;
}
