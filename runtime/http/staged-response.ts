/**
 * The staged HTTP response (Spine v0.5.1 `stagedResponseWriter`): every write is buffered until the
 * pipeline sends it, a checkpoint taken before the handler lets an error drop the staged success,
 * and header names and values are checked so a response can never be split.
 */
import { validateHeaderName, validateHeaderValue } from 'node:http';
import type { ResponseWriter } from '../core/types.js';
import { FwError } from '../errors.js';

/** One header as it will be sent: the name as first set, every value. */
export interface StagedHeader {
  readonly name: string;
  readonly values: string[];
}

interface Snapshot {
  readonly status: number;
  readonly headers: ReadonlyMap<string, StagedHeader> | undefined;
}

/** A {@link ResponseWriter} that buffers status, headers and body until {@link StagedResponse.take}. */
export class StagedResponse implements ResponseWriter {
  #status = 0;
  #headers: Map<string, StagedHeader> | undefined;
  #checkpoint: Snapshot | undefined;
  #sent = false;
  /** The body to send; `undefined` for none. */
  body: Uint8Array | string | undefined;

  setHeader(name: string, value: string): void {
    checkHeader(name, value);
    const key = name.toLowerCase();
    const headers = (this.#headers ??= new Map());
    headers.set(key, { name: headers.get(key)?.name ?? name, values: [value] });
  }

  addHeader(name: string, value: string): void {
    checkHeader(name, value);
    const key = name.toLowerCase();
    const headers = (this.#headers ??= new Map());
    const existing = headers.get(key);
    if (existing === undefined) headers.set(key, { name, values: [value] });
    else existing.values.push(value);
  }

  /**
   * @internal Sets a header fw itself chose (a constant, known valid) unless one is set already:
   * one lookup, no validation.
   */
  setDefault(name: string, value: string): void {
    const key = name.toLowerCase();
    const headers = (this.#headers ??= new Map());
    if (!headers.has(key)) headers.set(key, { name, values: [value] });
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
    return this.#headers?.get(name.toLowerCase())?.values[0];
  }

  /** Remembers the current status and headers; {@link rollback} returns to them. */
  checkpoint(): void {
    this.#checkpoint = { status: this.#status, headers: copy(this.#headers) };
  }

  /** Drops the body and what was written after the checkpoint (or nothing, without one). */
  rollback(): void {
    this.body = undefined;
    const point = this.#checkpoint;
    if (point === undefined) return;
    this.#status = point.status;
    this.#headers = copy(point.headers);
  }

  /** Hands the staged response over to be sent; afterwards the writer counts as committed. */
  take(): {
    status: number;
    headers: ReadonlyMap<string, StagedHeader> | undefined;
    body: Uint8Array | string | undefined;
  } {
    this.#sent = true;
    return { status: this.#status, headers: this.#headers, body: this.body };
  }
}

function copy(
  headers: ReadonlyMap<string, StagedHeader> | undefined,
): Map<string, StagedHeader> | undefined {
  if (headers === undefined) return undefined;
  const out = new Map<string, StagedHeader>();
  for (const [key, h] of headers) out.set(key, { name: h.name, values: [...h.values] });
  return out;
}

/** Node's own checks, at the call: a name must be a token, a value must not end the line. */
function checkHeader(name: string, value: string): void {
  validateHeaderName(name);
  validateHeaderValue(name, value);
}
