/**
 * The staged HTTP response: every write is buffered until the
 * pipeline sends it, a checkpoint taken before the handler lets an error drop the staged success,
 * and header names and values are checked so a response can never be split.
 */
import { validateHeaderName, validateHeaderValue } from 'node:http';
import { lowerAscii } from '../core/ascii.js';
import { FwError } from '../core/errors.js';
import { discardStream, type StreamBody } from './stream-body.js';

/**
 * The headers staged: `[key, name, value, key, name, value, …]`, the key lower case, the name as
 * first set, one triple per value; a name's values sit together, in the order they were added.
 * A flat list, not a map of lists: a response has a few headers, and this costs one array.
 */
export type StagedHeaders = string[];

/** A {@link ResponseWriter} that buffers status, headers and body until {@link StagedResponse.take}. */
export class StagedResponse implements ResponseWriter {
  #status = 0;
  #headers: StagedHeaders | undefined;
  /** The status and headers at the checkpoint, when one was taken. */
  #checkpointed = false;
  #savedStatus = 0;
  #savedHeaders: StagedHeaders | undefined;
  #sent = false;
  /** The body to send; `undefined` for none. A stream is sent as it is read (stream-body.ts). */
  body: Uint8Array | string | StreamBody | undefined;

  setHeader(name: string, value: string): void {
    checkHeader(name, value);
    const key = lowerAscii(name);
    const at = this.#headers === undefined ? -1 : find(this.#headers, key);
    if (at === -1) {
      this.#append(key, name, value);
      return;
    }
    const headers = this.#headers as StagedHeaders;
    headers[at + 2] = value;
    // Every later value of the name goes: they sit right after the first.
    const end = runEnd(headers, at, key);
    if (end > at + 3) headers.splice(at + 3, end - at - 3);
  }

  addHeader(name: string, value: string): void {
    checkHeader(name, value);
    const key = lowerAscii(name);
    const at = this.#headers === undefined ? -1 : find(this.#headers, key);
    if (at === -1) {
      this.#append(key, name, value);
      return;
    }
    const headers = this.#headers as StagedHeaders;
    headers.splice(runEnd(headers, at, key), 0, key, headers[at + 1] as string, value);
  }

  /**
   * @internal Sets a header fw itself chose (a constant, known valid) unless one is set already:
   * `key` is `name` in lower case, given so that nothing is checked or converted.
   */
  setDefault(key: string, name: string, value: string): void {
    const headers = this.#headers;
    if (headers === undefined || find(headers, key) === -1) this.#append(key, name, value);
  }

  /** Adds a triple; the first makes a list of exactly three, where `[]` would grow at once. */
  #append(key: string, name: string, value: string): void {
    const headers = this.#headers;
    if (headers === undefined) this.#headers = [key, name, value];
    else headers.push(key, name, value);
  }

  writeStatus(code: number): void {
    if (!Number.isInteger(code) || code < 100 || code > 599) {
      throw new FwError('FW_ERR_INVALID_STATUS', { status: code });
    }
    this.#status = code;
  }

  isCommitted(): boolean {
    return this.#status !== 0 || this.#sent;
  }

  /** The status written so far; 0 when none. */
  status(): number {
    return this.#status;
  }

  /** The first value of a header staged so far. */
  getHeader(name: string): string | undefined {
    const headers = this.#headers;
    if (headers === undefined) return undefined;
    const at = find(headers, lowerAscii(name));
    return at === -1 ? undefined : headers[at + 2];
  }

  /** Remembers the current status and headers; {@link rollback} returns to them. */
  checkpoint(): void {
    this.#checkpointed = true;
    this.#savedStatus = this.#status;
    this.#savedHeaders = this.#headers?.slice();
  }

  /**
   * @internal The headers an error response keeps, as {@link rollback} would leave them: those
   * staged before the checkpoint (all of them, without one), such as CORS headers from `preHandle`.
   */
  keptHeaders(): Readonly<StagedHeaders> | undefined {
    return this.#checkpointed ? this.#savedHeaders : this.#headers;
  }

  /** Drops the body and what was written after the checkpoint (or nothing, without one). */
  rollback(): void {
    const body = this.body;
    this.body = undefined;
    // A stream dropped here is never read: its source is stopped, so it holds nothing open.
    if (typeof body === 'object' && !(body instanceof Uint8Array)) discardStream(body);
    if (!this.#checkpointed) return;
    this.#status = this.#savedStatus;
    this.#headers = this.#savedHeaders?.slice();
  }

  /** Whether the response was handed over to be sent: what is written now reaches no client. */
  isSent(): boolean {
    return this.#sent;
  }

  /** Hands the staged response over to be sent; afterwards the writer counts as committed. */
  take(): {
    status: number;
    headers: Readonly<StagedHeaders> | undefined;
    body: Uint8Array | string | StreamBody | undefined;
  } {
    this.#sent = true;
    return { status: this.#status, headers: this.#headers, body: this.body };
  }

  /**
   * @internal Takes back a response handed over whose stream failed before its first chunk, so
   * that the error can be staged and sent in its place.
   */
  reopen(): void {
    this.#sent = false;
  }
}

/** Where the first triple of `key` starts in `headers`; -1 when there is none. */
function find(headers: StagedHeaders, key: string): number {
  for (let i = 0; i < headers.length; i += 3) if (headers[i] === key) return i;
  return -1;
}

/** Where the triples of `key` that start at `at` end: a name's values sit together. */
function runEnd(headers: StagedHeaders, at: number, key: string): number {
  let end = at + 3;
  while (headers[end] === key) end += 3;
  return end;
}

/**
 * @internal Node's own checks, at the call: a name must be a token, a value must not end the
 * line. What passes the loops below passes Node's checks, which run only for the rest and throw
 * their own errors: Node tests each with a regular expression, a few hundred instructions a header.
 */
export function checkHeader(name: string, value: string): void {
  if (!isToken(name)) validateHeaderName(name);
  if (!isFieldValue(value)) validateHeaderValue(name, value);
}

/** The `tchar`s of RFC 9110 section 5.6.2, by character code: what Node takes in a name. */
const TCHAR = new Uint8Array(128);
for (const c of "!#$%&'*+-.^_`|~0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ") {
  TCHAR[c.charCodeAt(0)] = 1;
}

/** Whether `s` is a non-empty string of `tchar`s. */
function isToken(s: unknown): boolean {
  if (typeof s !== 'string' || s.length === 0) return false;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c > 127 || TCHAR[c] === 0) return false;
  }
  return true;
}

/** Whether `s` is a string Node sends as a value: tab, and visible Latin-1 but DEL. */
function isFieldValue(s: unknown): boolean {
  if (typeof s !== 'string') return false;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if ((c < 0x20 && c !== 0x09) || c === 0x7f || c > 0xff) return false;
  }
  return true;
}

/** Output of an HTTP response, stored under `RESPONSE_WRITER_KEY`. */
export interface ResponseWriter {
  /** Replaces every value of a header. Throws a `TypeError` for a name or value that could split the response. */
  setHeader(name: string, value: string): void;
  addHeader(name: string, value: string): void;
  writeStatus(code: number): void;
  /** True once a status was written. */
  isCommitted(): boolean;
}
