/**
 * Reads a request body into memory within a byte limit. The source is any async iterable of bytes:
 * a `node:http` request on a real socket, or `[buffer]` from `inject()`.
 */
import { FwError } from '../core/errors.js';

/** A request body: a `node:http` request, an async generator, or `[buffer]` from `inject()`. */
export type BodySource = AsyncIterable<Uint8Array> | Iterable<Uint8Array>;

/** How {@link readBody} bounds a body. */
export interface ReadBodyOptions {
  /** Largest body in bytes; one byte more rejects with 413. */
  readonly limit: number;
  /** The `Content-Length` header, if any: a declared size over `limit` rejects before reading. */
  readonly contentLength?: string | number | undefined;
  /**
   * Called with each chunk's size before it is kept; throwing refuses the body with that error
   * (the app's bound on the bytes all requests hold, `maxBufferedBytes`).
   */
  readonly reserve?: ((bytes: number) => void) | undefined;
}

/**
 * Reads every chunk of `source` and resolves with the bytes, concatenated once (a single chunk is
 * returned as is). Rejects with `FW_ERR_BODY_TOO_LARGE` (413) as soon as the declared or the
 * counted size passes `limit`, keeping nothing of the excess, and with the source's own error when
 * it fails (a client that aborted).
 *
 * On a refusal the source is left unread, not closed: closing a socket's request would cut the
 * connection before the 413 could be sent; the server answers with `Connection: close` instead.
 * @example const bytes = await readBody(req, { limit: 1 << 20, contentLength: req.headers['content-length'] })
 */
export async function readBody(source: BodySource, options: ReadBodyOptions): Promise<Uint8Array> {
  const { limit } = options;
  const declared = parseContentLength(options.contentLength);
  if (declared !== undefined && declared > limit) {
    throw new FwError('FW_ERR_BODY_TOO_LARGE', { limit });
  }
  const { reserve } = options;
  if (isNodeReadable(source)) return readNodeStream(source, limit, reserve);
  const iterator = iterate(source);
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const step = await iterator.next();
    if (step.done === true) break;
    const chunk = step.value;
    total += chunk.byteLength;
    if (total > limit) throw new FwError('FW_ERR_BODY_TOO_LARGE', { limit });
    reserve?.(chunk.byteLength);
    if (chunk.byteLength > 0) chunks.push(chunk);
  }
  return concatBytes(chunks, total);
}

/** The part of a Node readable stream (an `IncomingMessage`) that {@link readBody} uses. */
interface NodeReadable {
  on(event: string, listener: (...args: never[]) => void): unknown;
  off(event: string, listener: (...args: never[]) => void): unknown;
  pause(): unknown;
  readonly readableEnded: boolean;
}

function isNodeReadable(source: BodySource): source is BodySource & NodeReadable {
  const s = source as Partial<NodeReadable>;
  return typeof s.on === 'function' && typeof s.pause === 'function' && 'readableEnded' in s;
}

/**
 * Reads a Node stream through its events: its async iterator costs a promise per chunk and more
 * per request than the body itself, for the usual body of one chunk. A refusal pauses the stream
 * and leaves the rest unread, as the iterator path does.
 */
function readNodeStream(
  stream: NodeReadable,
  limit: number,
  reserve: ((bytes: number) => void) | undefined,
): Promise<Uint8Array> {
  if (stream.readableEnded) return Promise.resolve(new Uint8Array(0));
  return new Promise((resolve, reject) => {
    const chunks: Uint8Array[] = [];
    let total = 0;
    const stop = () => {
      stream.off('data', onData);
      stream.off('end', onEnd);
      stream.off('error', onError);
      stream.off('close', onClose);
    };
    const refuse = (err: unknown) => {
      stop();
      stream.pause();
      reject(err);
    };
    const onData = (chunk: Uint8Array) => {
      total += chunk.byteLength;
      if (total > limit) return refuse(new FwError('FW_ERR_BODY_TOO_LARGE', { limit }));
      try {
        reserve?.(chunk.byteLength);
      } catch (err) {
        return refuse(err);
      }
      if (chunk.byteLength > 0) chunks.push(chunk);
    };
    const onEnd = () => {
      stop();
      resolve(concatBytes(chunks, total));
    };
    const onError = (err: Error) => {
      stop();
      reject(err);
    };
    // Closed without an end and without an error: the client went away.
    const onClose = () => {
      stop();
      reject(Object.assign(new Error('aborted'), { code: 'ECONNRESET' }));
    };
    stream.on('data', onData);
    stream.on('end', onEnd);
    stream.on('error', onError);
    stream.on('close', onClose);
  });
}

/**
 * @internal An iterator over `source`, its steps to be awaited. Iterated by hand, not with
 * `for await`, which would call `return()` on a refusal and so destroy the request.
 */
export function iterate(source: BodySource): AsyncIterator<Uint8Array> | Iterator<Uint8Array> {
  return Symbol.asyncIterator in source
    ? source[Symbol.asyncIterator]()
    : source[Symbol.iterator]();
}

/** @internal Joins chunks into one array of `total` bytes; a single chunk is returned without a copy. */
export function concatBytes(chunks: readonly Uint8Array[], total: number): Uint8Array {
  if (chunks.length === 1) return chunks[0] as Uint8Array;
  const out = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}

/**
 * @internal The size a `Content-Length` value declares, or undefined when absent or not a plain
 * decimal number (the bytes are still counted as they arrive).
 */
export function parseContentLength(value: string | number | undefined): number | undefined {
  if (typeof value === 'number') {
    return Number.isSafeInteger(value) && value >= 0 ? value : undefined;
  }
  if (value === undefined || !/^\s*\d{1,16}\s*$/.test(value)) return undefined;
  return Number(value);
}
