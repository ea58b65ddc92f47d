/**
 * A file held in memory and served as it is (RFC 9110): its content type, a strong `ETag` that
 * answers `If-None-Match` with 304, and `Cache-Control: no-cache`, so a browser keeps the file and
 * asks each time whether it changed (the URLs carry no version). Text goes gzipped to a client
 * that accepts it once it has been compressed: the first such request starts compressing in the
 * background and gets the file plain, so no request waits for zlib.
 */
import { createHash } from 'node:crypto';
import { gzip } from 'node:zlib';
import type { HttpExchange } from '../../http/exchange.js';

/** A header fw sets: its name lower case, as sent, and its value. @internal */
export type ConstantHeader = readonly [key: string, name: string, value: string];

/** The gzipped bodies by plain body, shared by every app of the process; null while compressing. */
const gzipped = new WeakMap<Buffer, Buffer | null>();

/** One file served from memory. @internal */
export class StaticFile {
  readonly #type: string;
  readonly #body: Buffer;
  readonly #etag: string;
  readonly #gzipEtag: string;
  readonly #compressible: boolean;
  readonly #headers: readonly ConstantHeader[];

  constructor(type: string, body: string | Buffer, headers: readonly ConstantHeader[] = []) {
    this.#type = type;
    this.#body = typeof body === 'string' ? Buffer.from(body) : body;
    const hash = createHash('sha256').update(this.#body).digest('base64url').slice(0, 27);
    this.#etag = `"${hash}"`;
    this.#gzipEtag = `"${hash}-gzip"`;
    this.#compressible = type.startsWith('text/') || type.startsWith('application/json');
    this.#headers = headers;
  }

  /** Answers `ex` (a GET or a HEAD) with the file, or with 304 when the client's copy is current. */
  serve(ex: HttpExchange): void {
    const res = ex.response;
    const gz =
      this.#compressible && acceptsGzip(ex.header('accept-encoding')) ? this.#gzip() : undefined;
    const etag = gz === undefined ? this.#etag : this.#gzipEtag;
    const current = this.#matches(ex.header('if-none-match'));
    res.writeStatus(current ? 304 : 200);
    res.setDefault('etag', 'ETag', etag);
    res.setDefault('cache-control', 'Cache-Control', 'no-cache');
    if (this.#compressible) res.setDefault('vary', 'Vary', 'Accept-Encoding');
    for (const [key, name, value] of this.#headers) res.setDefault(key, name, value);
    if (!current) {
      res.setDefault('content-type', 'Content-Type', this.#type);
      if (gz !== undefined) res.setDefault('content-encoding', 'Content-Encoding', 'gzip');
      res.body = gz ?? this.#body;
    }
    ex.send();
  }

  /** Whether `If-None-Match` names either encoding's tag, weakly compared, or is `*`. */
  #matches(header: string): boolean {
    if (header === '') return false;
    for (const part of header.split(',')) {
      const tag = part.trim().replace(/^W\//, '');
      if (tag === '*' || tag === this.#etag || tag === this.#gzipEtag) return true;
    }
    return false;
  }

  /** The gzipped body when ready; the first call starts compressing. */
  #gzip(): Buffer | undefined {
    const body = this.#body;
    if (gzipped.has(body)) return gzipped.get(body) ?? undefined;
    gzipped.set(body, null);
    gzip(body, (err, out) => {
      // A body gzip does not shrink, or one it failed on, is sent plain from now on.
      if (err === null && out.byteLength < body.byteLength) gzipped.set(body, out);
    });
    return undefined;
  }
}

/**
 * Whether an `Accept-Encoding` value accepts gzip: `gzip` with a q above 0, or `*` when gzip is
 * not named (RFC 9110 section 12.5.3).
 * @internal
 */
export function acceptsGzip(header: string): boolean {
  if (header === '') return false;
  let star = false;
  for (const part of header.split(',')) {
    const [coding = '', ...params] = part.split(';');
    const name = coding.trim().toLowerCase();
    if (name !== 'gzip' && name !== 'x-gzip' && name !== '*') continue;
    const q = params.map((p) => p.trim().toLowerCase()).find((p) => p.startsWith('q='));
    const accepted = q === undefined || Number(q.slice(2)) > 0;
    if (name !== '*') return accepted;
    star = accepted;
  }
  return star;
}
