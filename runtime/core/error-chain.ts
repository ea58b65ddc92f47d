/**
 * Go's `errors.Join`, `errors.Is` and `errors.As` for JavaScript errors: a joined error is an
 * `AggregateError`, and a chain is followed through `errors` and `cause`.
 */
import { HttpError } from './errors.js';

/**
 * Turns anything thrown into an `Error` (a thrown string becomes its message). Never throws itself,
 * not even for a value that cannot be turned into a string (a null-prototype object).
 */
export function toError(thrown: unknown): Error {
  if (thrown instanceof Error) return thrown;
  return new Error(typeof thrown === 'string' ? thrown : `non-error thrown: ${show(thrown)}`, {
    cause: thrown,
  });
}

function show(value: unknown): string {
  try {
    return String(value);
  } catch {
    try {
      return Object.prototype.toString.call(value);
    } catch {
      return typeof value;
    }
  }
}

/** The error of {@link joinErrors}; only these are flattened when joined again. */
class JoinedError extends AggregateError {}

/**
 * Joins two errors as Go's `errors.Join` does; undefined when both are. Errors it joined before are
 * flattened into the new list; any other error, a user's `AggregateError` included, is kept whole,
 * so that `errorIs` and `findHttpError` still find it and its cause.
 */
export function joinErrors(a: Error | undefined, b: Error | undefined): Error | undefined {
  if (a === undefined) return b;
  if (b === undefined || a === b) return a;
  const errors = [...flatten(a), ...flatten(b)];
  return new JoinedError(errors, errors.map((e) => e.message).join('\n'));
}

function flatten(err: Error): Error[] {
  return err instanceof JoinedError ? (err.errors as Error[]) : [err];
}

/** Whether `target` is `err` or anywhere in its chain. */
export function errorIs(err: unknown, target: Error): boolean {
  return find(err, (e) => e === target) !== undefined;
}

/** The first {@link HttpError} in the chain of `err`, depth first, as Go's `errors.As`. */
export function findHttpError(err: unknown): HttpError | undefined {
  return find(err, (e): e is HttpError => e instanceof HttpError) as HttpError | undefined;
}

/** The first error in the chain of `err` that `match` accepts, depth first. */
export function findError(err: unknown, match: (e: unknown) => boolean): unknown {
  return find(err, match);
}

function find(err: unknown, match: (e: unknown) => boolean, depth = 0): unknown {
  if (err === undefined || err === null || depth > 32) return undefined;
  if (match(err)) return err;
  if (err instanceof AggregateError) {
    for (const inner of err.errors) {
      const found = find(inner, match, depth + 1);
      if (found !== undefined) return found;
    }
  }
  return err instanceof Error ? find(err.cause, match, depth + 1) : undefined;
}

/**
 * The code that names `err` in a log: the `code` of its first `HttpError` (an `FwError`'s
 * `FW_ERR_*`), else its own string `code` (`ECONNRESET`); undefined when it has none.
 */
export function errorCode(err: unknown): string | undefined {
  const code =
    (findHttpError(err) as { code?: unknown } | undefined)?.code ??
    (err as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' ? code : undefined;
}
