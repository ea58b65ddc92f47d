/**
 * Response bodies that are streams (docs/API.md "Streaming"): a web `ReadableStream`, a Node
 * `Readable` or any `AsyncIterable` of `string` or `Uint8Array`. {@link StreamSource} reads one
 * chunk at a time, so the writer pulls only as fast as the client takes the bytes, and a cancel
 * stops the source at once, even while a read is pending.
 */
import { FwError } from '../core/errors.js';

/** A body sent as it is produced: each chunk a `string` (UTF-8) or bytes. */
export type StreamBody =
  | ReadableStream<string | Uint8Array>
  | NodeJS.ReadableStream
  | AsyncIterable<string | Uint8Array>;

/**
 * Whether `body` is a {@link StreamBody}: the one test on the way to JSON. A web `ReadableStream`
 * and a Node `Readable` are both async iterable in Node 20.
 */
export function isStreamBody(body: unknown): body is StreamBody {
  const iterable = body as { [Symbol.asyncIterator]?: unknown } | null;
  return typeof iterable?.[Symbol.asyncIterator] === 'function';
}

/** A chunk as a source gives it. */
export type Chunk = string | Uint8Array;

interface Pull {
  next(): Promise<IteratorResult<unknown>>;
  stop(reason: Error | undefined): unknown;
}

/** How to pull from and stop each kind of stream. */
function pullOf(body: StreamBody): Pull {
  const web = body as ReadableStream<unknown>;
  if (typeof web.getReader === 'function') {
    const reader = web.getReader();
    return { next: () => reader.read(), stop: (reason) => reader.cancel(reason) };
  }
  const iterator = (body as AsyncIterable<unknown>)[Symbol.asyncIterator]();
  const node = body as { destroy?: unknown; pipe?: unknown };
  if (typeof node.destroy === 'function' && typeof node.pipe === 'function') {
    const readable = body as unknown as { destroy(err?: Error): void };
    return { next: () => iterator.next(), stop: () => readable.destroy() };
  }
  return { next: () => iterator.next(), stop: () => iterator.return?.() };
}

/**
 * @internal One stream being sent. {@link StreamSource.read} gives the next chunk, `undefined` at
 * the end or once canceled; it rejects when the source fails. {@link StreamSource.cancel} stops the
 * source (`cancel()`, `destroy()` or `return()`) unless it has ended, once.
 */
export class StreamSource {
  readonly #pull: Pull;
  /** Set once the source ended, failed or was canceled: nothing is asked of it after. */
  #over = false;
  /** Ends the pending read with `undefined`, when a cancel comes while one waits. */
  #wake: ((chunk: undefined) => void) | undefined;

  constructor(body: StreamBody) {
    this.#pull = pullOf(body);
  }

  read(): Promise<Chunk | undefined> {
    if (this.#over) return Promise.resolve(undefined);
    return new Promise<Chunk | undefined>((resolve, reject) => {
      this.#wake = resolve;
      this.#pull.next().then(
        (result) => {
          this.#wake = undefined;
          if (this.#over) return resolve(undefined);
          if (result.done === true) {
            this.#over = true;
            return resolve(undefined);
          }
          const chunk = result.value;
          if (typeof chunk === 'string' || chunk instanceof Uint8Array) return resolve(chunk);
          this.cancel();
          reject(badChunk(chunk));
        },
        (err: unknown) => {
          this.#wake = undefined;
          if (this.#over) return resolve(undefined);
          this.#over = true;
          reject(err);
        },
      );
    });
  }

  cancel(reason?: Error): void {
    if (this.#over) return;
    this.#over = true;
    const wake = this.#wake;
    this.#wake = undefined;
    wake?.(undefined);
    try {
      const stopped = this.#pull.stop(reason);
      if (stopped instanceof Promise) stopped.catch(ignore);
    } catch {
      // a source that fails to stop has nothing more to say to this response
    }
  }
}

const ignore = (): void => {};

function badChunk(chunk: unknown): FwError {
  return new FwError('FW_ERR_STREAM_CHUNK', { got: chunk === null ? 'null' : typeof chunk });
}

/** @internal Stops a stream body that will not be sent (dropped by an error, a HEAD, a 204). */
export function discardStream(body: StreamBody): void {
  try {
    new StreamSource(body).cancel();
  } catch {
    // a web stream locked by another reader: that reader stops it
  }
}
