/**
 * Reads a `multipart/form-data` body part by part as it arrives, each file as a stream, so that a
 * handler can write an upload of any size somewhere without holding it in memory. The limits of
 * {@link MultipartLimits} hold as the bytes pass, with the errors `multipartForm()` raises: a file
 * over `maxFileBytes` fails its stream with `FW_ERR_MULTIPART_LIMIT` mid-way.
 * @see https://www.rfc-editor.org/rfc/rfc7578 (multipart/form-data)
 */
import { PassThrough, type Readable } from 'node:stream';
import type { FieldInfo, FileInfo } from 'busboy';
import { FwError } from '../core/errors.js';
import type { MultipartLimits } from './body-limits.js';
import {
  type FormControl,
  type FormLimits,
  type FormParser,
  feedForm,
  kept,
  limitError,
  type MultipartHeaders,
  malformed,
  openForm,
  watchForm,
} from './multipart.js';
import type { BodySource } from './read-body.js';
import { UploadSpool } from './upload-spool.js';

/** A field of a form read part by part. */
export interface MultipartField {
  readonly kind: 'field';
  readonly name: string;
  readonly value: string;
}

/**
 * A file of a form read part by part: its bytes come through `stream` as the client sends them.
 * The filename is the client's, untrusted: never use it as a path.
 */
export interface MultipartFile {
  readonly kind: 'file';
  readonly name: string;
  readonly filename: string;
  readonly contentType: string;
  /**
   * The file's bytes, a Node `Readable` (`for await`, or `pipeline(part.stream, sink)`). It must
   * be read before the next part is asked for: moving on discards what is left of it. Past
   * `maxFileBytes`, or when the form fails, it fails with the form's error.
   */
  readonly stream: Readable;
  /**
   * Writes the file's stream to a temporary file of its own (under `os.tmpdir()`, mode 0600) and
   * resolves with where it is. The file is removed when the request ends, however it ends: move it
   * elsewhere to keep it. Rejects as the stream fails (a 413 mid-file).
   */
  save(): Promise<SavedFile>;
}

/** A file of a form written to a temporary file by {@link MultipartFile.save}. */
export interface SavedFile {
  readonly name: string;
  readonly filename: string;
  readonly contentType: string;
  /** The temporary file, removed when the request ends. */
  readonly path: string;
  readonly size: number;
}

/** One part of a form read part by part. */
export type MultipartPart = MultipartField | MultipartFile;

/**
 * The parts of a `multipart/form-data` body, in the order sent, read as the handler asks for them
 * (`for await (const part of parts)`). A handler parameter of this type receives them.
 * @example
 * class Uploads {
 *   @Post('/uploads')
 *   async upload(parts: MultipartParts) {
 *     for await (const part of parts) {
 *       if (part.kind === 'file') await pipeline(part.stream, createWriteStream(tempPath()));
 *     }
 *   }
 * }
 */
export interface MultipartParts extends AsyncIterable<MultipartPart> {
  /** Stops reading: the file being read fails, and the rest of the body is left unread. */
  cancel(): void;
}

/** Why reading stopped when the handler or the request's end stopped it. */
const CANCELED = Object.freeze(new Error('the multipart body was not read to its end'));

/**
 * The parts of `source` as a form: nothing is read before the first part is asked for. The first
 * `next()` rejects as `parseMultipart` would for a refused type or declared size.
 */
export function multipartParts(
  source: BodySource,
  headers: MultipartHeaders,
  limits: FormLimits,
): MultipartParts & { dispose(): void } {
  return new PartReader(source, headers, limits);
}

type Waiter = {
  resolve(step: IteratorResult<MultipartPart>): void;
  reject(err: unknown): void;
};

/** Parts queue up as busboy finds them; `next()` takes the oldest or waits for one. */
class PartReader implements MultipartParts, AsyncIterator<MultipartPart>, FormControl {
  readonly #source: BodySource;
  readonly #headers: MultipartHeaders;
  readonly #limits: FormLimits;
  readonly #stop = new AbortController();
  readonly #queue: MultipartPart[] = [];
  #opened: Promise<void> | undefined;
  #bb: FormParser | undefined;
  #waiter: Waiter | undefined;
  /** The stream of every file not yet ended, to fail with the form. */
  readonly #streams = new Set<Readable>();
  /** The stream of the file given out last, discarded when the next part is asked for. */
  #current: Readable | undefined;
  #parts = 0;
  #finished = false;
  #error: unknown;
  /** The folder of the files saved with `save()`; made at the first one. */
  #spool: UploadSpool | undefined;
  settled = false;

  constructor(source: BodySource, headers: MultipartHeaders, limits: FormLimits) {
    this.#source = source;
    this.#headers = headers;
    this.#limits = limits;
  }

  get signal(): AbortSignal {
    return this.#stop.signal;
  }

  [Symbol.asyncIterator](): AsyncIterator<MultipartPart> {
    return this;
  }

  async next(): Promise<IteratorResult<MultipartPart>> {
    this.#opened ??= this.#open();
    await this.#opened;
    const current = this.#current;
    this.#current = undefined;
    if (current !== undefined && !current.readableEnded && !current.destroyed) current.resume();
    const part = this.#queue.shift();
    if (part !== undefined) return this.#give(part);
    if (this.#error !== undefined) throw this.#error;
    if (this.#finished) return { done: true, value: undefined };
    return new Promise((resolve, reject) => {
      this.#waiter = { resolve, reject };
    });
  }

  async return(): Promise<IteratorResult<MultipartPart>> {
    this.cancel();
    return { done: true, value: undefined };
  }

  /**
   * @internal The request has ended: reading stops, and the files saved with `save()` are removed
   * (a failure to remove them is not the request's: the system's temporary folder is cleaned too).
   */
  dispose(): void {
    this.cancel();
    void this.#spool?.dispose().catch(() => {});
  }

  cancel(): void {
    if (this.settled) return;
    this.fail(CANCELED);
    this.#error = undefined;
    this.#finished = true;
  }

  fail(err: unknown): void {
    if (this.settled) return;
    this.settled = true;
    this.#error = err;
    this.#queue.length = 0;
    // The file being read fails with the form's error, not with busboy's own when it is destroyed.
    for (const stream of this.#streams) stream.destroy(err === CANCELED ? undefined : toError(err));
    this.#streams.clear();
    this.#bb?.destroy();
    this.#stop.abort(); // wakes a feeder waiting for 'drain'
    const waiter = this.#waiter;
    this.#waiter = undefined;
    if (waiter === undefined) return;
    if (err === CANCELED) waiter.resolve({ done: true, value: undefined });
    else waiter.reject(err);
  }

  async #open(): Promise<void> {
    if (this.settled) return;
    const { bb, maxTotal } = await openForm(this.#headers, this.#limits);
    if (this.settled) return void bb.destroy();
    this.#bb = bb;
    const limits = this.#limits;
    bb.on('field', (name: string | undefined, value: string, info: FieldInfo) => {
      if (this.settled || !this.#countPart(limits)) return;
      if (info.valueTruncated)
        return this.fail(limitError('bytes per field', limits.maxFieldBytes));
      if (kept(name)) this.#push({ kind: 'field', name, value });
    });
    bb.on('file', (name: string | undefined, stream: Readable, info: FileInfo) => {
      stream.on('error', (err: unknown) =>
        this.fail(err instanceof FwError ? err : malformed(err)),
      );
      stream.on('limit', () => this.fail(limitError('bytes per file', limits.maxFileBytes)));
      if (this.settled || !this.#countPart(limits) || !kept(name)) return void stream.resume();
      // The handler reads a stream of fw's own, so that a failure reaches it as fw's error (413,
      // 400) rather than busboy's, which fails its own stream before it reports the form's error.
      const own = new PassThrough();
      stream.pipe(own);
      this.#streams.add(own);
      own.once('close', () => this.#streams.delete(own));
      // A failure of a stream no one reads any more is the form's, reported by next(): not a crash.
      own.on('error', () => {});
      const filename = info.filename ?? '';
      const contentType = info.mimeType;
      const save = async (): Promise<SavedFile> => {
        this.#spool ??= new UploadSpool();
        const saved = await this.#spool.save(own);
        return Object.freeze({ name, filename, contentType, ...saved });
      };
      this.#push({ kind: 'file', name, filename, contentType, stream: own, save });
    });
    watchForm(bb, limits, this);
    bb.on('finish', () => {
      if (this.settled) return;
      this.settled = true;
      this.#finished = true;
      const waiter = this.#waiter;
      this.#waiter = undefined;
      waiter?.resolve({ done: true, value: undefined });
    });
    feedForm(this.#source, bb, maxTotal, this);
  }

  #countPart(limits: MultipartLimits): boolean {
    if (++this.#parts <= limits.maxParts) return true;
    this.fail(limitError('parts', limits.maxParts));
    return false;
  }

  #push(part: MultipartPart): void {
    const waiter = this.#waiter;
    if (waiter === undefined) return void this.#queue.push(part);
    this.#waiter = undefined;
    waiter.resolve(this.#give(part));
  }

  #give(part: MultipartPart): IteratorResult<MultipartPart> {
    if (part.kind === 'file') this.#current = part.stream;
    return { done: false, value: Object.freeze(part) };
  }
}

function toError(err: unknown): Error {
  return err instanceof Error ? err : new Error(String(err));
}
