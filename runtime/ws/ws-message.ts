/**
 * One WebSocket message on its way through the pipeline: the message context plus the reply the
 * handler's return value stages, sent on the same connection once the execution has succeeded.
 */
import { type Context, withCancel } from '../core/context/context.js';
import { jsonText } from '../core/serialize/json-text.js';
import type { Writer } from '../core/serialize/writers.js';
import type { ConnectionSender } from './sender.js';
import { type WebSocketContextInit, WsContext } from './ws-context.js';

/**
 * A {@link WsContext} with its staged reply and the connection's sender. Its `Context`, a child of
 * the connection's, is made the first time it is asked for; {@link WsMessage.finish} cancels it.
 */
export class WsMessage extends WsContext {
  readonly #sender: ConnectionSender;
  readonly #parent: Context;
  #context: Context | undefined;
  #cancel: (() => void) | undefined;
  #reply: string | Uint8Array | undefined;

  constructor(
    init: Omit<WebSocketContextInit, 'context'>,
    sender: ConnectionSender,
    parent: Context,
  ) {
    super(init);
    this.#sender = sender;
    this.#parent = parent;
  }

  override context(): Context {
    if (this.#context === undefined) [this.#context, this.#cancel] = withCancel(this.#parent);
    return this.#context;
  }

  /** Cancels the message's `Context`, if it was made: the message is done. */
  finish(): void {
    this.#cancel?.();
  }

  /**
   * Stages the handler's result: nothing for `undefined`, JSON written by `write` (the handler's
   * generated writer) when it has one; throws when it cannot be sent.
   */
  stage(result: unknown, write?: Writer): void {
    this.#reply = result === undefined ? undefined : encodeReply(result, write);
  }

  /**
   * Sends the staged reply, after whatever `sendMessage` sent before; a connection that has closed
   * meanwhile drops it. It does not wait for the write.
   */
  reply(): void {
    const reply = this.#reply;
    this.#reply = undefined;
    if (reply === undefined) return;
    this.#sender.post(reply);
  }
}

/**
 * A result as a message: a string as text, a `Uint8Array` as binary, anything else as JSON text,
 * by `write` (the writer of the handler's declared reply type) when given, else `JSON.stringify`.
 * @example encodeReply({ ok: true }) // '{"ok":true}'
 */
export function encodeReply(result: unknown, write?: Writer): string | Uint8Array {
  if (typeof result === 'string' || result instanceof Uint8Array) return result;
  return jsonText(result, write);
}
