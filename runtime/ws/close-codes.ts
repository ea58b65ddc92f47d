/**
 * The close code a failed message ends its connection with (RFC 6455 section 7.4.1). A payload that
 * is not valid JSON or does not match the handler's declared type is the client's fault: 1007, with
 * the problem's detail as the reason. Any other error is the server's: 1011 `handler error`, with
 * nothing of the error's own text.
 */
import { findError } from '../core/error-chain.js';
import { FwError } from '../core/errors.js';

/** RFC 6455 close codes fw sends. */
export const CLOSE = Object.freeze({
  /** The server is shutting down. */
  goingAway: 1001,
  /** A message whose data does not fit its type. */
  invalidPayload: 1007,
  /**
   * A client that let more than `maxBackpressureBytes` pile up unread: it broke the server's policy
   * of reading what it asked for, so the fault is the client's (not 1013, a server's overload).
   */
  policyViolation: 1008,
  /** A message over `maxMessageBytes` (sent by `ws` itself). */
  tooBig: 1009,
  /** The handler or a hook failed. */
  handlerError: 1011,
} as const);

/** A close code and its reason. */
export interface Closing {
  readonly code: number;
  readonly reason: string;
}

const PAYLOAD_ERRORS: ReadonlySet<string> = new Set([
  'FW_ERR_PAYLOAD_MALFORMED',
  'FW_ERR_PAYLOAD_INVALID',
]);

/** How a connection closes after a message failed with `err`. */
export function closingFor(err: Error): Closing {
  const payload = findError(err, (e) => e instanceof FwError && PAYLOAD_ERRORS.has(e.code));
  if (payload instanceof FwError) {
    return { code: CLOSE.invalidPayload, reason: closeReason(payload.detail) };
  }
  return { code: CLOSE.handlerError, reason: 'handler error' };
}

const MAX_REASON_BYTES = 123; // a control frame's payload is at most 125 bytes, 2 for the code

/** `text` cut to fit a close frame, on a character boundary, with `…` when cut. */
export function closeReason(text: string): string {
  if (Buffer.byteLength(text) <= MAX_REASON_BYTES) return text;
  let cut = '';
  for (const ch of text) {
    if (Buffer.byteLength(`${cut}${ch}…`) > MAX_REASON_BYTES) break;
    cut += ch;
  }
  return `${cut}…`;
}
