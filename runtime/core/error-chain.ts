/**
 * Go's `errors.Join`, `errors.Is` and `errors.As` for JavaScript errors: a joined error is an
 * `AggregateError`, and a chain is followed through `errors` and `cause`.
 */
import { HttpError } from '../errors.js';

/** Turns anything thrown into an `Error` (a thrown string becomes its message). */
export function toError(thrown: unknown): Error {
  if (thrown instanceof Error) return thrown;
  return new Error(typeof thrown === 'string' ? thrown : `non-error thrown: ${String(thrown)}`, {
    cause: thrown,
  });
}

/** Joins two errors as Go's `errors.Join` does; undefined when both are. */
export function joinErrors(a: Error | undefined, b: Error | undefined): Error | undefined {
  if (a === undefined) return b;
  if (b === undefined || a === b) return a;
  const errors = [...flatten(a), ...flatten(b)];
  return new AggregateError(errors, errors.map((e) => e.message).join('\n'));
}

function flatten(err: Error): Error[] {
  return err instanceof AggregateError ? (err.errors as Error[]) : [err];
}

/** Whether `target` is `err` or anywhere in its chain. */
export function errorIs(err: unknown, target: Error): boolean {
  return find(err, (e) => e === target) !== undefined;
}

/** The first {@link HttpError} in the chain of `err`, depth first, as Go's `errors.As`. */
export function findHttpError(err: unknown): HttpError | undefined {
  return find(err, (e): e is HttpError => e instanceof HttpError) as HttpError | undefined;
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
