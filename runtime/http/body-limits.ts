/**
 * The bounds on request bodies that `bind()` and `multipartForm()` enforce. Every limit has a safe
 * default; going over one answers 413 before the excess is buffered.
 */

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

/** Every bound on a request body. */
export interface BodyLimits {
  /** Largest JSON or urlencoded body in bytes. @default 1048576 (1 MiB) */
  readonly bodyLimit: number;
  readonly multipart: MultipartLimits;
}

const MiB = 1024 * 1024;

/** The default limits, frozen. */
export const DEFAULT_BODY_LIMITS: BodyLimits = Object.freeze({
  bodyLimit: MiB,
  multipart: Object.freeze({
    maxFiles: 10,
    maxFileBytes: 10 * MiB,
    maxFields: 100,
    maxFieldBytes: 64 * 1024,
    maxParts: 110,
  }),
});
