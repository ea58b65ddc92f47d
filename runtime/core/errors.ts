/**
 * The errors fw raises and renders: `FwError`, built from a code of the catalog (error-catalog.ts),
 * and the application's `HttpError`. Responses follow RFC 9457 (problem details); a 500 `FwError`
 * never shows its message to the client.
 */
import { ERRORS, type FwErrorCode, type ParamsOf } from './error-catalog.js';
import { STATUS_TITLES } from './status-titles.js';

export { ERRORS, type FwErrorCode } from './error-catalog.js';

type FwErrorOptions = {
  cause?: unknown;
  headers?: Record<string, string>;
  extensions?: Record<string, unknown>;
};

/** One failed check of a body or payload: where (`items[2].sku`, `''` for the whole) and what. */
export interface ProblemIssue {
  readonly path: string;
  readonly message: string;
}

/**
 * An RFC 9457 problem details object. fw's own problems carry `code` (an `FW_ERR_*` code, or
 * `FW_ERR_INTERNAL` for every 500 whose cause stays in the log), and validation failures `errors`;
 * an {@link HttpError}'s `extensions` are further members.
 */
export interface Problem {
  readonly type: string;
  readonly title: string;
  readonly status: number;
  readonly detail: string;
  /** A stable code clients can act on: on every problem of fw's; on an `HttpError`'s if it gave one. */
  readonly code?: string;
  /** Every failed check, for `FW_ERR_BODY_INVALID` and `FW_ERR_PAYLOAD_INVALID` (at most 100). */
  readonly errors?: readonly ProblemIssue[];
  readonly [member: string]: unknown;
}

/** The members of a problem that extensions may not replace. */
const RESERVED: ReadonlySet<string> = new Set(['type', 'title', 'status', 'detail']);

/** What {@link HttpError} takes besides its status and detail. */
export interface HttpErrorOptions {
  /** Response headers sent with the problem, e.g. `{ 'Retry-After': '30' }`. */
  readonly headers?: Record<string, string>;
  readonly cause?: unknown;
  /**
   * Further members of the problem, e.g. `{ code: 'OUT_OF_STOCK', sku }`; JSON values only. `type`,
   * `title`, `status` and `detail` are the error's own: naming one throws a `TypeError`.
   */
  readonly extensions?: Record<string, unknown>;
}

/**
 * An error with an HTTP status; its `detail` is shown to the client, with its `extensions`.
 * @example throw new HttpError(404, `No user ${id}`)
 * @example throw new HttpError(409, 'Out of stock', { extensions: { code: 'OUT_OF_STOCK', sku } })
 */
export class HttpError extends Error {
  readonly status: number;
  readonly detail: string;
  readonly headers: Readonly<Record<string, string>>;
  /** The problem's further members (a frozen copy of the option). */
  readonly extensions: Readonly<Record<string, unknown>>;

  constructor(status: number, detail: string, options: HttpErrorOptions = {}) {
    super(detail, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'HttpError';
    this.status = status;
    this.detail = detail;
    this.headers = options.headers ?? {};
    this.extensions = extensionsOf(options.extensions);
  }

  /** The problem details this error renders as. */
  getResponse(): Problem {
    return { ...problem(this.status, this.detail), ...this.extensions };
  }
}

const NO_EXTENSIONS: Readonly<Record<string, unknown>> = Object.freeze({});

function extensionsOf(
  extensions: Record<string, unknown> | undefined,
): Readonly<Record<string, unknown>> {
  if (extensions === undefined) return NO_EXTENSIONS;
  if (typeof extensions !== 'object' || extensions === null || Array.isArray(extensions)) {
    throw new TypeError(
      `HttpError option 'extensions' must be an object of problem members; got ${String(extensions)}`,
    );
  }
  for (const key of Object.keys(extensions)) {
    if (RESERVED.has(key)) {
      throw new TypeError(
        `HttpError extension '${key}' would replace the problem's own '${key}'; ` +
          `pass ${key === 'status' || key === 'detail' ? `it as the ${key} argument` : 'another name'}`,
      );
    }
  }
  return Object.freeze({ ...extensions });
}

/** An error raised by fw itself, with a stable code from {@link ERRORS}. */
export class FwError<C extends FwErrorCode = FwErrorCode> extends HttpError {
  readonly code: C;

  constructor(
    code: C,
    ...[params, options]: Record<never, never> extends ParamsOf<C>
      ? [params?: ParamsOf<C>, options?: FwErrorOptions]
      : [params: ParamsOf<C>, options?: FwErrorOptions]
  ) {
    const entry = ERRORS[code];
    const message = (entry.message as (p: unknown) => string)(params ?? {});
    super(entry.status, message, options);
    this.name = 'FwError';
    this.code = code;
  }

  /**
   * The problem with its `code`. fw's own 500s are programming errors: the client sees only
   * `Internal Server Error` and `FW_ERR_INTERNAL`; the log has the rest.
   */
  override getResponse(): Problem {
    if (this.status === 500) return internalProblem;
    return { ...problem(this.status, this.detail), code: this.code, ...this.extensions };
  }
}

/** Builds problem details with the standard title of `status`. */
export function problem(status: number, detail: string): Problem {
  return { type: 'about:blank', title: STATUS_TITLES[status] ?? 'Error', status, detail };
}

/** The code of a 500 whose cause the client is not told: a thrown `Error`, fw's own 500s. */
export const INTERNAL_CODE: FwErrorCode = 'FW_ERR_INTERNAL';

const internalProblem: Problem = Object.freeze({
  ...problem(500, 'Internal Server Error'),
  code: INTERNAL_CODE,
});

/** What the client sees of any error: an {@link HttpError}'s problem, or a bare 500. */
export function problemOf(err: unknown): Problem {
  return err instanceof HttpError ? err.getResponse() : internalProblem;
}
