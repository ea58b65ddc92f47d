/**
 * Response compression (docs/API.md "Compression"), off unless `createApp({ compression })` is
 * given: `Accept-Encoding` is negotiated with its q-values (RFC 9110 section 12.5.3), and a body
 * worth it goes out as a `node:zlib` stream, each chunk flushed so a stream's events arrive as
 * they are sent. Skipped: bodies under the threshold, types already compressed, a
 * `Content-Encoding` already set, `Cache-Control: no-transform`, ranges, HEAD, 204 and 304.
 */
import { pipeline, Readable } from 'node:stream';
import { constants, createBrotliCompress, createGzip } from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';
import { appChecks as check, shown } from '../../core/options.js';
import type { ResponseEncoder } from '../../http/exchange.js';
import type { StagedResponse } from '../../http/staged-response.js';
import { type StreamBody, StreamSource } from '../../http/stream-body.js';
import type { Plugin } from '../plugin.js';

/** The encodings fw can produce. */
export type Encoding = 'br' | 'gzip';

/** The `compression` option of `createApp`. */
export interface CompressionOptions {
  /** Smallest body compressed, in bytes; a stream of unknown size always is. @default 1024 */
  readonly threshold?: number;
  /** The encodings offered, preferred first when the client weighs them the same. @default ['br', 'gzip'] */
  readonly encodings?: readonly Encoding[];
}

/** The option checked, with its defaults. */
export interface Compression {
  readonly threshold: number;
  readonly encodings: Encoding[];
}

/** Types whose bodies are compressed already: compressing them again only costs time. */
const COMPRESSED_TYPE =
  /^(?:image\/(?!svg\+xml)|video\/|audio\/|font\/woff2?|application\/(?:zip|gzip|x-gzip|x-bzip2|x-7z-compressed|x-rar-compressed|x-xz|zstd|x-zstd|wasm))/i;

/** Whether `res`'s staged headers allow compressing it: none of the exclusions applies. */
function eligible(res: StagedResponse, status: number): boolean {
  if (status === 206 || res.getHeader('content-range') !== undefined) return false;
  if (res.getHeader('content-encoding') !== undefined) return false;
  const type = res.getHeader('content-type');
  if (type !== undefined && COMPRESSED_TYPE.test(type)) return false;
  const cache = res.getHeader('cache-control');
  return cache === undefined || !/(?:^|,)\s*no-transform\s*(?:,|$)/i.test(cache);
}

/**
 * The encoding to send for `acceptEncoding`, or undefined for none (identity). Never throws,
 * whatever the header holds.
 */
export function chooseEncoding(
  acceptEncoding: string,
  encodings: readonly Encoding[],
): Encoding | undefined {
  if (acceptEncoding === '') return undefined;
  const header = acceptEncoding.toLowerCase();
  let offered = encodings as Encoding[];
  // `*` stands for any encoding not listed: one refused by name (`br;q=0, *`) stays refused.
  if (header.includes('*')) offered = offered.filter((e) => !refused(header, e));
  if (offered.length === 0) return undefined;
  try {
    return negotiate(header, offered) ?? undefined;
  } catch {
    return undefined;
  }
}

/** Whether `header` names `encoding` with q=0. */
function refused(header: string, encoding: string): boolean {
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.split(';');
    if (name.trim() !== encoding) continue;
    for (const p of params) {
      const param = p.trim();
      if (param.startsWith('q=') && Number.parseFloat(param.slice(2)) === 0) return true;
    }
  }
  return false;
}

/**
 * Compresses the body about to be sent, when it should be: adds `Vary: Accept-Encoding` to
 * `headers` for any body that could be compressed, and `Content-Encoding` when it is, a strong
 * `ETag` made weak (the bytes differ); answers the compressed stream, or undefined to send the
 * body as it is. `size` is the body's length, when known.
 */
export function compress(
  c: Compression,
  res: StagedResponse,
  status: number,
  acceptEncoding: string,
  headers: string[],
  body: string | Uint8Array | StreamBody,
  size: number | undefined,
): Readable | undefined {
  if ((size !== undefined && size < c.threshold) || !eligible(res, status)) return undefined;
  headers.push('Vary', 'Accept-Encoding');
  const encoding = chooseEncoding(acceptEncoding, c.encodings);
  if (encoding === undefined) return undefined;
  for (let i = 0; i < headers.length; i += 2) {
    if ((headers[i] as string).toLowerCase() !== 'etag') continue;
    const etag = headers[i + 1] as string;
    if (!etag.startsWith('W/')) headers[i + 1] = `W/${etag}`;
  }
  headers.push('Content-Encoding', encoding);
  const zip = encoder(encoding, size);
  if (typeof body === 'string' || body instanceof Uint8Array) zip.end(body);
  // A failure on either side ends both: the source is stopped when the client leaves.
  else pipeline(readableOf(body), zip, ignore);
  return zip;
}

const ignore = (): void => {};

/**
 * A Readable over `body` read through a {@link StreamSource}, one chunk at a time: destroying it
 * stops the source at once, where `Readable.from` would wait for a pending read to settle first.
 */
function readableOf(body: StreamBody): Readable {
  const source = new StreamSource(body);
  return new Readable({
    objectMode: true,
    highWaterMark: 1,
    read() {
      source.read().then(
        (chunk) => this.push(chunk ?? null),
        (err: Error) => this.destroy(err),
      );
    },
    destroy(err, callback) {
      source.cancel();
      callback(err);
    },
  });
}

/** A zlib stream flushing each chunk; brotli at quality 4, fast for a response. */
function encoder(encoding: Encoding, size: number | undefined) {
  if (encoding === 'gzip') return createGzip({ flush: constants.Z_SYNC_FLUSH });
  const params: Record<number, number> = { [constants.BROTLI_PARAM_QUALITY]: 4 };
  if (size !== undefined) params[constants.BROTLI_PARAM_SIZE_HINT] = size;
  return createBrotliCompress({ flush: constants.BROTLI_OPERATION_FLUSH, params });
}

const ENCODINGS: readonly Encoding[] = ['br', 'gzip'];

/**
 * The `compression` option checked, or undefined when it is not given. Throws
 * `FW_ERR_INVALID_OPTION` naming the option at fault.
 */
export function resolveCompression(
  options: CompressionOptions | undefined,
): Compression | undefined {
  if (options === undefined) return undefined;
  const given = check.record(
    'compression',
    options,
    "an object such as { threshold: 1024, encodings: ['br', 'gzip'] }",
    ['threshold', 'encodings'],
  );
  const threshold = given['threshold'] ?? 1024;
  if (typeof threshold !== 'number' || !Number.isSafeInteger(threshold) || threshold < 0) {
    check.invalid(
      'compression.threshold',
      'an integer number of bytes, 0 or more',
      shown(threshold),
    );
  }
  const encodings = (given['encodings'] ?? ENCODINGS) as Encoding[];
  if (
    !Array.isArray(encodings) ||
    encodings.length === 0 ||
    encodings.some((e) => !ENCODINGS.includes(e)) ||
    new Set(encodings).size !== encodings.length
  ) {
    check.invalid(
      'compression.encodings',
      "a list of 'br' and 'gzip', each once",
      shown(encodings),
    );
  }
  return Object.freeze({ threshold, encodings: [...encodings] });
}

/**
 * The compression plug-in of `createApp({ compression })`, or undefined when the option is not
 * given: every response the server sends is encoded by {@link compress}. @internal
 */
export function compressionPlugin(options: CompressionOptions | undefined): Plugin | undefined {
  const c = resolveCompression(options);
  if (c === undefined) return undefined;
  const encode: ResponseEncoder = (ex, status, headers, body, size) =>
    compress(c, ex.response, status, ex.header('accept-encoding'), headers, body, size);
  return { name: 'compression', setup: (host) => host.setEncoder(encode) };
}
