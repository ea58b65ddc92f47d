/**
 * Request ids: the one a request arrived with (`X-Request-Id`, an event's metadata) when it is a
 * short token, otherwise a new one; and the request's `Context` carrying it.
 *
 * A token is 1 to 128 characters of `A-Z a-z 0-9 . _ : + / = -`: enough for UUIDs, ULIDs, base64
 * and the `Root=1-…` of a tracing header's value, and nothing that could break a log line, a
 * header or a broker's header table (no spaces, quotes, control characters or non-ASCII).
 */
import type { Context } from './context.js';

/** The HTTP header a request id arrives in and is echoed in. */
export const REQUEST_ID_HEADER = 'X-Request-Id';

/** @internal The key under which a request's `Context` carries its id. */
export const REQUEST_ID: unique symbol = Symbol('fw.requestId');

const TOKEN = /^[A-Za-z0-9._:+/=-]{1,128}$/;

/** Whether `value` is a request id fw keeps: a string of 1–128 token characters. @internal */
export function isRequestId(value: unknown): value is string {
  return typeof value === 'string' && TOKEN.test(value);
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/**
 * 36 random bits, drawn once per process: ids of two processes differ by their prefix. Short, so
 * that an id up to the 60 millionth stays under 13 characters, which V8 makes as one flat string
 * (a longer concatenation is a rope, flattened again when the header is written).
 */
const PREFIX = (() => {
  const bytes = crypto.getRandomValues(new Uint8Array(6));
  let prefix = '';
  for (const b of bytes) prefix += ALPHABET[b & 63];
  return `${prefix}-`;
})();
let counter = 0;

/**
 * A new request id: the process's random prefix and a counter in base 36, `k3Zq9_-1f`. Unique in
 * the process, and between processes but for a one-in-2^36 chance; cheap (no random numbers per
 * request). @internal
 */
export function newRequestId(): string {
  return PREFIX + (++counter).toString(36);
}

/** `incoming` when it is a request id fw keeps, otherwise a new one. @internal */
export function requestIdFor(incoming: unknown): string {
  return isRequestId(incoming) ? incoming : newRequestId();
}

/**
 * The id of a request with Node's `rawHeaders`: its first `X-Request-Id` when that is a token
 * (of two, the first, as `header()` reads it), otherwise a new one. @internal
 */
export function requestIdOfHeaders(rawHeaders: readonly string[]): string {
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
    const name = rawHeaders[i] as string;
    // Most names differ in length or first letter: no lower-cased copy is made for them.
    if (
      name.length === 12 &&
      (name.charCodeAt(0) | 0x20) === 0x78 && // x or X
      (name === 'x-request-id' || name.toLowerCase() === 'x-request-id')
    ) {
      return requestIdFor(rawHeaders[i + 1]);
    }
  }
  return newRequestId();
}

/**
 * The id of the request, event message or WebSocket connection that `ctx` belongs to; undefined
 * for a `Context` made outside one (`background()`).
 * @example logger.info({ requestId: requestIdOf(ctx) }, 'order created');
 */
export function requestIdOf(ctx: Context): string | undefined {
  const id = ctx.value(REQUEST_ID);
  return typeof id === 'string' ? id : undefined;
}
