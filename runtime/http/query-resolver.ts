/**
 * A `Query<T>` parameter (type id `fw/query#Query`): the request's query read into `T` by the
 * reader fwgen generated for it (`ParameterMeta.read`), over the request's `Values`.
 */

import type { ArgumentResolver, ExecutionContext, ParameterMeta } from '../core/pipeline/types.js';
import type { QueryReader } from '../core/query/query.js';
import { httpValues } from './resolvers.js';

/** The parameter type id of a `Query<T>` parameter. */
const QUERY_TYPE = 'fw/query#Query';

/** Fills a `Query<T>` parameter that has its generated reader. */
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
