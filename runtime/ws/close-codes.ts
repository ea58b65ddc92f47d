/**
 * The close code a failed message ends its connection with (RFC 6455 section 7.4.1). A payload that
 * is not valid JSON or does not match the handler's declared type is the client's fault: 1007, with
 * the problem's detail as the reason. Any other error is the server's: 1011 `handler error`, with
 * nothing of the error's own text. A message over a rate limit breaks the server's policy: 1008,
 * with the problem's detail (when to come back) as the reason.
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
   * A client that let more than `maxBackpressureBytes` pile up unread, or sent messages over a
   * rate limit: it broke the server's policy, so the fault is the client's (not 1013, a server's
   * overload).
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
  const limited = findError(err, (e) => e instanceof FwError && e.code === 'FW_ERR_RATE_LIMITED');
  if (limited instanceof FwError) {
    return { code: CLOSE.policyViolation, reason: closeReason(limited.detail) };
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
