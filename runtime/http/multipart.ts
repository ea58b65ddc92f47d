/**
 * Parses a `multipart/form-data` body with busboy, in memory and within {@link MultipartLimits}.
 * @see https://www.rfc-editor.org/rfc/rfc7578 (multipart/form-data)
 *
 * A filename is kept as the client sent it: untrusted input that may hold `/`, `\` or `..`; never
 * use it as a path. Parts without a name or named `__proto__` are dropped. A part with a `filename`
 * (even `''`, as for an empty file input) or of type `application/octet-stream` is a file.
 */
import { once } from 'node:events';
import type { Readable, Writable } from 'node:stream';
import type { FieldInfo, FileInfo } from 'busboy';
import { FwError } from '../core/errors.js';
import { DEFAULT_BODY_LIMITS, type MultipartLimits } from './body-limits.js';
import { parseMediaType } from './decode-body.js';
import { type BodySource, concatBytes, iterate, parseContentLength } from './read-body.js';

/** The request headers {@link parseMultipart} reads. */
export interface MultipartHeaders {
  readonly 'content-type'?: string | undefined;
  readonly 'content-length'?: string | undefined;
}

/** A file being received: its chunks until the form is complete. */
type PendingFile = {
  readonly filename: string;
  readonly contentType: string;
  chunks: Uint8Array[];
  size: number;
};

/**
 * Reads `source` as a multipart form: its fields and files, every record null-prototype and frozen.
 * Rejects with `FW_ERR_UNSUPPORTED_MEDIA_TYPE` (415) for another type, `FW_ERR_MULTIPART_MALFORMED`
 * (400) for a missing boundary or a malformed or truncated body, `FW_ERR_MULTIPART_LIMIT` (413)
 * naming the limit passed, or the source's own error. On a failure it stops reading and drops what
 * it held; the source is left unread, not closed, so that a 413 can still be sent. `reserve`, when
 * given, is called with each chunk's size before it is kept, and may throw to refuse the form.
 * @example const form = await parseMultipart(req, req.headers, DEFAULT_BODY_LIMITS.multipart)
 */
export async function parseMultipart(
  source: BodySource,
  headers: MultipartHeaders,
  limits: FormLimits,
  reserve?: (bytes: number) => void,
): Promise<MultipartForm> {
  const { bb, maxTotal } = await openForm(headers, limits);
  return receive(source, bb, limits, maxTotal, reserve);
}

/**
 * @internal A busboy parser as fw's form readers see it: a writable stream that emits busboy's
 * events. Named without busboy's own types, so that fw's published declarations do not need them
 * (an app need not install `@types/busboy`).
 */
export type FormParser = Writable;

/** The multipart limits and the app's body limit, from which the whole form's default derives. */
export type FormLimits = MultipartLimits & { readonly bodyLimit?: number };

/**
 * @internal Checks a form's headers and opens a busboy parser on them, within `limits`: 415 for
 * another type, 413 for a declared size over the whole form's limit, 400 for a bad boundary.
 */
export async function openForm(
  headers: MultipartHeaders,
  limits: FormLimits,
): Promise<{ readonly bb: FormParser; readonly maxTotal: number }> {
  const contentType = headers['content-type'] || undefined;
  if (parseMediaType(contentType)?.essence !== 'multipart/form-data') {
    const type = contentType?.trim().slice(0, 100) || '(none)';
    throw new FwError('FW_ERR_UNSUPPORTED_MEDIA_TYPE', { type, supported: 'multipart/form-data' });
  }
  const maxTotal =
    limits.maxTotalBytes ??
    limits.maxFiles * limits.maxFileBytes + (limits.bodyLimit ?? DEFAULT_BODY_LIMITS.bodyLimit);
  const declared = parseContentLength(headers['content-length']);
  if (declared !== undefined && declared > maxTotal) throw limitError('bytes in total', maxTotal);
  const busboy = await loadBusboy();
  try {
    const bb = busboy({
      headers: { 'content-type': contentType },
      // busboy reports reaching a size or part limit; fw refuses only passing it, hence the +1.
      limits: {
        files: limits.maxFiles,
        fileSize: limits.maxFileBytes + 1,
        fields: limits.maxFields,
        fieldSize: limits.maxFieldBytes + 1,
        parts: limits.maxParts + 1,
      },
      preservePath: true,
      defParamCharset: 'utf8',
    });
    return { bb, maxTotal };
  } catch (err) {
    throw malformed(err);
  }
}

/**
 * busboy, imported at the first form rather than at start-up: most apps take no multipart body,
 * and loading it costs a process a few milliseconds before its first request.
 */
let busboyModule: Promise<typeof import('busboy')> | undefined;
async function loadBusboy(): Promise<typeof import('busboy')> {
  busboyModule ??= import('busboy').then((m) => m.default);
  return busboyModule;
}

/** @internal How a reader of a form and {@link feedForm} tell each other that reading stopped. */
export interface FormControl {
  /** True once the form is read or has failed: feeding stops. */
  readonly settled: boolean;
  /** Aborted on a failure, to wake a feeder waiting for busboy to drain. */
  readonly signal: AbortSignal;
  fail(err: unknown): void;
}

/**
 * @internal Reports busboy's count limits and errors to `control.fail`: 413 naming the limit,
 * 400 for a malformed or truncated body. Registered before any wait for 'drain', so that a busboy
 * error is reported as malformed first.
 */
export function watchForm(bb: FormParser, limits: MultipartLimits, control: FormControl): void {
  bb.on('filesLimit', () => control.fail(limitError('files', limits.maxFiles)));
  bb.on('fieldsLimit', () => control.fail(limitError('fields', limits.maxFields)));
  bb.on('partsLimit', () => control.fail(limitError('parts', limits.maxParts)));
  bb.on('error', (err: unknown) => control.fail(malformed(err)));
  bb.on('close', () => control.fail(malformed(new Error('Unexpected end of form'))));
}

/**
 * @internal Writes `source` into busboy as fast as busboy takes it (a file stream not read stops
 * it, and so the socket), failing with 413 past `maxTotal` bytes; `reserve` as for
 * {@link parseMultipart}. A source that fails (a client that went away) fails the form.
 */
export function feedForm(
  source: BodySource,
  bb: FormParser,
  maxTotal: number,
  control: FormControl,
  reserve?: (bytes: number) => void,
): void {
  const feed = async (): Promise<void> => {
    const iterator = iterate(source);
    let total = 0;
    while (!control.settled) {
      const step = await iterator.next();
      if (control.settled) return;
      if (step.done === true) return void bb.end();
      total += step.value.byteLength;
      if (total > maxTotal) return control.fail(limitError('bytes in total', maxTotal));
      reserve?.(step.value.byteLength);
      if (!bb.write(step.value)) await once(bb, 'drain', { signal: control.signal });
    }
  };
  feed().catch((err: unknown) => control.fail(err));
}

function receive(
  source: BodySource,
  bb: FormParser,
  limits: MultipartLimits,
  maxTotal: number,
  reserve: ((bytes: number) => void) | undefined,
): Promise<MultipartForm> {
  return new Promise<MultipartForm>((resolve, reject) => {
    const values = new Map<string, string[]>();
    const files = new Map<string, PendingFile[]>();
    const stop = new AbortController();
    let parts = 0;
    const control = {
      settled: false,
      signal: stop.signal,
      fail(err: unknown): void {
        if (control.settled) return;
        control.settled = true;
        for (const list of files.values()) for (const file of list) file.chunks = [];
        values.clear();
        files.clear();
        bb.destroy();
        stop.abort(); // wakes a feeder waiting for 'drain'
        reject(err);
      },
    };
    const { fail } = control;
    const countPart = (): boolean => {
      if (++parts <= limits.maxParts) return true;
      fail(limitError('parts', limits.maxParts));
      return false;
    };

    bb.on('field', (name: string | undefined, value: string, info: FieldInfo) => {
      if (control.settled || !countPart()) return;
      if (info.valueTruncated) return fail(limitError('bytes per field', limits.maxFieldBytes));
      if (kept(name)) append(values, name, value);
    });
    bb.on('file', (name: string | undefined, stream: Readable, info: FileInfo) => {
      stream.on('error', (err: unknown) => fail(malformed(err)));
      stream.on('limit', () => fail(limitError('bytes per file', limits.maxFileBytes)));
      if (control.settled || !countPart() || !kept(name)) return void stream.resume();
      const file = append(files, name, {
        filename: info.filename ?? '',
        contentType: info.mimeType,
        chunks: [],
        size: 0,
      });
      stream.on('data', (chunk: Uint8Array) => {
        if (control.settled) return;
        file.chunks.push(chunk);
        file.size += chunk.byteLength;
      });
    });
    watchForm(bb, limits, control);
    bb.on('finish', () => {
      if (control.settled) return;
      control.settled = true;
      resolve(buildForm(values, files));
    });
    feedForm(source, bb, maxTotal, control, reserve);
  });
}

/** @internal A part is kept when it has a name, and one that no merge can mistake for a prototype. */
export function kept(name: string | undefined): name is string {
  return name !== undefined && name !== '__proto__';
}

function append<T>(map: Map<string, T[]>, name: string, item: T): T {
  const list = map.get(name);
  if (list === undefined) map.set(name, [item]);
  else list.push(item);
  return item;
}

function buildForm(
  values: Map<string, string[]>,
  files: Map<string, PendingFile[]>,
): MultipartForm {
  const value: Record<string, readonly string[]> = Object.create(null);
  for (const [name, list] of values) value[name] = Object.freeze(list);
  const file: Record<string, readonly UploadedFile[]> = Object.create(null);
  for (const [name, list] of files) file[name] = Object.freeze(list.map(uploadedFile));
  return Object.freeze({ value: Object.freeze(value), file: Object.freeze(file) });
}

function uploadedFile(pending: PendingFile): UploadedFile {
  // Copied into one exact-size array, so the socket's larger chunks are not kept alive.
  const only = pending.chunks.length === 1 ? pending.chunks[0] : undefined;
  const bytes =
    only === undefined ? concatBytes(pending.chunks, pending.size) : new Uint8Array(only);
  pending.chunks = [];
  const { filename, contentType, size } = pending;
  return Object.freeze({ filename, contentType, size, bytes: () => Promise.resolve(bytes) });
}

/** @internal The 413 of a form over one of its limits. */
export function limitError(what: string, limit: number): FwError {
  return new FwError('FW_ERR_MULTIPART_LIMIT', { what, limit });
}

const REASONS: Readonly<Record<string, string>> = {
  'Multipart: Boundary not found': 'the Content-Type has no boundary parameter',
  'Malformed content type': 'the Content-Type parameters cannot be parsed',
  'Unexpected end of form': 'the body ended before the closing boundary',
  'Unexpected end of file': 'the body ended before the closing boundary',
  'Malformed part header': 'a part has a malformed header',
};

/** @internal The 400 of a form busboy cannot parse, with the reason in words. */
export function malformed(err: unknown): FwError {
  const message = err instanceof Error ? err.message : '';
  const reason = REASONS[message] ?? 'the body is not valid multipart/form-data';
  return new FwError('FW_ERR_MULTIPART_MALFORMED', { reason }, { cause: err });
}

/** An uploaded file of a multipart form, held in memory within the app's limits. */
export interface UploadedFile {
  readonly filename: string;
  readonly contentType: string;
  readonly size: number;
  bytes(): Promise<Uint8Array>;
}

/** A decoded `multipart/form-data` body. */
export interface MultipartForm {
  readonly value: Readonly<Record<string, readonly string[]>>;
  /** Keyed by form field name. */
  readonly file: Readonly<Record<string, readonly UploadedFile[]>>;
}

/** A handler parameter of this type receives the uploaded files. */
export type UploadedFiles = MultipartForm['file'];
