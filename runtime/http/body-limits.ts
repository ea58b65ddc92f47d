/**
 * The bounds on what a request carries. The context enforces those on what it parses lazily (the
 * body through `bind()` and `multipartForm()`, the query); going over a body limit answers 413
 * before the excess is buffered. The server checks the request head (`RequestLimits`) on arrival.
 * Every limit has a safe default.
 */
import { FwError } from '../core/errors.js';
import type { ClientAddressOf } from '../core/request/client-address.js';

/** Bounds of a `multipart/form-data` body. A part is a file or a field. */
export interface MultipartLimits {
  /** Most file parts. @default 10 */
  readonly maxFiles: number;
  /** Largest file in bytes. @default 10485760 (10 MiB) */
  readonly maxFileBytes: number;
  /** Most non-file fields. @default 100 */
  readonly maxFields: number;
  /** Largest field value in bytes. @default 65536 (64 KiB) */
  readonly maxFieldBytes: number;
  /** Most parts of any kind, including those skipped for lack of a name. @default 110 */
  readonly maxParts: number;
  /**
   * Largest whole multipart body in bytes, boundaries and headers included.
   * @default maxFiles × maxFileBytes + bodyLimit (the files plus one ordinary body for the rest)
   */
  readonly maxTotalBytes?: number;
}

/** Every bound that the request context enforces as it parses. */
export interface BodyLimits {
  /** Largest JSON or urlencoded body in bytes. @default 1048576 (1 MiB) */
  readonly bodyLimit: number;
  readonly multipart: MultipartLimits;
  /** Most query parameters; reading a query with more answers 400. @default 1000 */
  readonly maxQueryParams: number;
}

/** The bounds on the request head, checked before the pipeline runs. */
export interface RequestLimits extends BodyLimits {
  /** Longest request target (path and query) in characters; a longer one answers 414. @default 8192 */
  readonly maxUrlLength: number;
  /** Most header fields; more answer 431. @default 100 */
  readonly maxHeaderCount: number;
  /**
   * Read from the head too, though no bound: the client's address behind the proxies `trustProxy`
   * trusts. Undefined: the socket's peer.
   */
  readonly clientAddress?: ClientAddressOf | undefined;
}

const MiB = 1024 * 1024;

/** The default limits, frozen. */
export const DEFAULT_BODY_LIMITS: RequestLimits = Object.freeze({
  bodyLimit: MiB,
  maxQueryParams: 1000,
  maxUrlLength: 8192,
  maxHeaderCount: 100,
  multipart: Object.freeze({
    maxFiles: 10,
    maxFileBytes: 10 * MiB,
    maxFields: 100,
    maxFieldBytes: 64 * 1024,
    maxParts: 110,
  }),
});

/** The error of a request head over `limits`, or undefined when it is within them. */
export function checkRequestHead(
  url: string,
  rawHeaders: readonly string[],
  limits: RequestLimits,
): FwError | undefined {
  if (url.length > limits.maxUrlLength) {
    return new FwError('FW_ERR_URL_TOO_LONG', { limit: limits.maxUrlLength });
  }
  if (rawHeaders.length > 2 * limits.maxHeaderCount) {
    return new FwError('FW_ERR_TOO_MANY_HEADERS', { limit: limits.maxHeaderCount });
  }
  return undefined;
}
