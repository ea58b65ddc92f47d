/**
 * The argument resolvers of `fw/query`: a `Values` or `Pagination` handler parameter is filled from
 * the query of an HTTP request (Spine `QueryValuesResolver`, `PaginationResolver`). Any other
 * context (consumer, WebSocket) fails with `FW_ERR_NOT_HTTP_CONTEXT`.
 */

import { FwError } from '../core/errors.js';
import { isHttpRequestContext } from '../core/pipeline/guards.js';
import type { ArgumentResolver, ExecutionContext, ParameterMeta } from '../core/pipeline/types.js';
import {
  DEFAULT_MAX_SIZE,
  type Pagination,
  type PaginationOptions,
  paginationOf,
} from '../core/query/pagination.js';
import { newValues, QUERY_VALUES, type Values } from '../core/query/values.js';

/** The parameter type id of a `Values` parameter. */
const VALUES_TYPE = 'fw/query#Values';
/** The parameter type id of a `Pagination` parameter. */
const PAGINATION_TYPE = 'fw/query#Pagination';

/**
 * @internal The query of an HTTP request as {@link Values}: over the request's decoded pairs when
 * the context is fw's own (no copy), else `newValues(ctx.queries())`; `FW_ERR_NOT_HTTP_CONTEXT`
 * for any other context.
 */
export function httpValues(ctx: ExecutionContext): Values {
  const own = (ctx as Partial<Record<typeof QUERY_VALUES, () => Values>>)[QUERY_VALUES];
  if (own !== undefined) return own.call(ctx);
  if (!isHttpRequestContext(ctx)) throw new FwError('FW_ERR_NOT_HTTP_CONTEXT');
  return newValues(ctx.queries());
}

/**
 * Gives a `Values` parameter a copy of the request's query parameters.
 * @example
 * class Users { @Get('/') list(q: Values) { return q.get('name'); } }
 * @see Values
 */
export class QueryValuesResolver implements ArgumentResolver {
  /** True exactly when the parameter's type id is `fw/query#Values`. */
  supports(pm: ParameterMeta): boolean {
    return pm.type === VALUES_TYPE;
  }

  /** `newValues(ctx.queries())`; throws `FW_ERR_NOT_HTTP_CONTEXT` outside an HTTP request. */
  resolve(ctx: ExecutionContext, _pm: ParameterMeta): Values {
    return httpValues(ctx);
  }
}

/**
 * Gives a `Pagination` parameter the request's `page` and `size` (defaults 1 and 20), `size` at
 * most `maxSize` (default 100; the app passes its `pagination.maxSize`).
 * @example
 * class Users { @Get('/') list(p: Pagination) { return repo.page(p.page, p.size); } }
 * @see paginationOf
 */
export class PaginationResolver implements ArgumentResolver {
  readonly #maxSize: number;

  constructor(options: PaginationOptions = {}) {
    this.#maxSize = options.maxSize ?? DEFAULT_MAX_SIZE;
  }

  /** True exactly when the parameter's type id is `fw/query#Pagination`. */
  supports(pm: ParameterMeta): boolean {
    return pm.type === PAGINATION_TYPE;
  }

  /** `paginationOf` the request's query; throws `FW_ERR_NOT_HTTP_CONTEXT` outside an HTTP request. */
  resolve(ctx: ExecutionContext, _pm: ParameterMeta): Pagination {
    return paginationOf(httpValues(ctx), this.#maxSize);
  }
}
