/**
 * One WebSocket message on its way through the pipeline: the message context plus the reply the
 * handler's return value stages, sent on the same connection once the execution has succeeded.
 */
import { type WebSocketContextInit, WsContext } from '../context/ws-context.js';
import { FwError } from '../errors.js';
import type { WebSocketSender } from './sender.js';

/** A {@link WsContext} with its staged reply and the connection's sender. */
export class WsMessage extends WsContext {
  readonly #sender: WebSocketSender;
  #reply: string | Uint8Array | undefined;

  constructor(init: WebSocketContextInit, sender: WebSocketSender) {
    super(init);
    this.#sender = sender;
  }

  /** Stages the handler's result: nothing for `undefined`; throws when it cannot be sent. */
  stage(result: unknown): void {
    this.#reply = result === undefined ? undefined : encodeReply(result);
  }

  /** Sends the staged reply; a connection that has closed meanwhile drops it. */
  async reply(): Promise<void> {
    const reply = this.#reply;
    this.#reply = undefined;
    if (reply === undefined) return;
    try {
      await this.#sender.send(reply);
    } catch {
      // The client has gone: there is no one left to tell.
    }
  }
}

/**
 * A result as a message: a string as text, a `Uint8Array` as binary, anything else as JSON text.
 * @example encodeReply({ ok: true }) // '{"ok":true}'
 */
export function encodeReply(result: unknown): string | Uint8Array {
  if (typeof result === 'string' || result instanceof Uint8Array) return result;
  let json: string | undefined;
  try {
    json = JSON.stringify(result);
  } catch (err) {
    throw new FwError(
      'FW_ERR_RESPONSE_NOT_SERIALIZABLE',
      { reason: (err as Error).message },
      { cause: err },
    );
  }
  if (json === undefined) {
    throw new FwError('FW_ERR_RESPONSE_NOT_SERIALIZABLE', {
      reason: `a ${typeof result} is not JSON`,
    });
  }
  return json;
}
