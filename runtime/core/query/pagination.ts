/**
 * `Pagination`: the `page` and `size` query parameters of a list endpoint, with defaults page 1
 * and size 20 (docs/API.md section 2), and `size` clamped to the app's `pagination.maxSize`
 * (100 by default), so a client cannot ask one request for the whole table.
 */
import { parseSafeInt } from './scalars.js';
import type { Values } from './values.js';

/** The requested page (from 1) and page size; a handler parameter of this type gets it. */
export interface Pagination {
  readonly page: number;
  readonly size: number;
}

/** The page used when `page` is missing, not an integer or below 1. */
const DEFAULT_PAGE = 1;
/** The size used when `size` is missing, not an integer or below 1. */
const DEFAULT_SIZE = 20;
/** The largest `size` unless the app sets `pagination.maxSize`; a larger one is clamped to it. */
export const DEFAULT_MAX_SIZE = 100;

/** The `pagination` option of `createApp`. */
export interface PaginationOptions {
  /** The largest page size a `Pagination` parameter gives; a larger `size` is clamped to it. @default 100 */
  readonly maxSize?: number;
}

function positive(raw: string, def: number): number {
  const n = parseSafeInt(raw);
  return n === undefined || n < 1 ? def : n;
}

/**
 * Reads `page` (default 1) and `size` (default 20) from the first value of each; a value that is
 * missing, not an integer (the `Values.int` rules) or below 1 gives the default, and a `size` above
 * `maxSize` (default 100) gives `maxSize`. The result is frozen.
 * @example paginationOf(newValues({ page: ['3'] })) // { page: 3, size: 20 }
 * @example paginationOf(newValues({ size: ['5000'] })) // { page: 1, size: 100 }
 */
export function paginationOf(values: Values, maxSize = DEFAULT_MAX_SIZE): Pagination {
  return Object.freeze({
    page: positive(values.get('page'), DEFAULT_PAGE),
    size: Math.min(positive(values.get('size'), DEFAULT_SIZE), maxSize),
  });
}
