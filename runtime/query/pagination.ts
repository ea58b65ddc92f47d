/**
 * `Pagination`: the `page` and `size` query parameters of a list endpoint, with Spine's defaults
 * (`query.Pagination`, docs/API.md section 2). No upper bound is put on `size`; check it in the
 * handler.
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

function positive(raw: string, def: number): number {
  const n = parseSafeInt(raw);
  return n === undefined || n < 1 ? def : n;
}

/**
 * Reads `page` (default 1) and `size` (default 20) from the first value of each; a value that is
 * missing, not an integer (the `Values.int` rules) or below 1 gives the default. The result is frozen.
 * @example paginationOf(newValues({ page: ['3'] })) // { page: 3, size: 20 }
 */
export function paginationOf(values: Values): Pagination {
  return Object.freeze({
    page: positive(values.get('page'), DEFAULT_PAGE),
    size: positive(values.get('size'), DEFAULT_SIZE),
  });
}
