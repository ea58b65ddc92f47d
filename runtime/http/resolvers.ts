/**
 * The argument resolvers of the HTTP input: the request's own context, its uploaded files (in
 * memory, or part by part as they arrive), and its query as `Values`, `Pagination` or a typed
 * `Query<T>`. Any other context (consumer, WebSocket) fails with `FW_ERR_NOT_HTTP_CONTEXT`.
 */

import { FwError } from '../core/errors.js';
import type { ExecutionContext } from '../core/pipeline/execution-context.js';
import type { ArgumentResolver, ParameterMeta } from '../core/pipeline/resolver.js';
import {
  DEFAULT_MAX_SIZE,
  type Pagination,
  type PaginationOptions,
  paginationOf,
} from '../core/query/pagination.js';
import type { QueryReader } from '../core/query/query.js';
import { newValues, QUERY_VALUES, type Values } from '../core/query/values.js';
import { ProtocolContextResolver } from '../core/resolvers/context-resolvers.js';
import { isHttpRequestContext } from './http-context.js';

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

/** The parameter type id of a `Query<T>` parameter. */
const QUERY_TYPE = 'fw/query#Query';

/**
 * Fills a `Query<T>` parameter that has its generated reader: the request's query read into `T`
 * by the reader fwgen generated for it (`ParameterMeta.read`), over the request's `Values`.
 */
export class QueryResolver implements ArgumentResolver {
  /** True for a `fw/query#Query` parameter with a reader; one without is no resolver's. */
  supports(pm: ParameterMeta): boolean {
    return pm.type === QUERY_TYPE && typeof pm.read === 'function';
  }

  /**
   * The reader's object; 400 `FW_ERR_INVALID_QUERY_PARAM` from the reader, 400
   * `FW_ERR_TOO_MANY_QUERY_PARAMS` past `maxQueryParams`, `FW_ERR_NOT_HTTP_CONTEXT` outside HTTP.
   */
  resolve(ctx: ExecutionContext, pm: ParameterMeta): unknown {
    return (pm.read as QueryReader)(httpValues(ctx));
  }
}

/** Fills an `UploadedFiles` parameter: the files of a `multipart/form-data` request, by field. */
export class UploadedFilesResolver implements ArgumentResolver {
  supports(pm: ParameterMeta): boolean {
    return pm.type === 'fw/core#UploadedFiles';
  }

  async resolve(ctx: ExecutionContext): Promise<unknown> {
    if (!isHttpRequestContext(ctx)) throw new FwError('FW_ERR_NOT_HTTP_CONTEXT');
    return (await ctx.multipartForm()).file;
  }
}

/**
 * Fills a `MultipartParts` parameter: the parts of a `multipart/form-data` request, read as they
 * arrive, each file as a stream (`HttpRequestContext.multipartParts()`).
 */
export class MultipartPartsResolver implements ArgumentResolver {
  supports(pm: ParameterMeta): boolean {
    return pm.type === 'fw/core#MultipartParts';
  }

  resolve(ctx: ExecutionContext): unknown {
    if (!isHttpRequestContext(ctx)) throw new FwError('FW_ERR_NOT_HTTP_CONTEXT');
    return ctx.multipartParts();
  }
}

/** `HttpRequestContext`, for an HTTP request. */
export class HttpRequestContextResolver extends ProtocolContextResolver {
  readonly type = 'fw/core#HttpRequestContext';
  protected readonly accepts = isHttpRequestContext;
  protected readonly refusal = 'FW_ERR_NOT_HTTP_CONTEXT';
}
