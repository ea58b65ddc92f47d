/**
 * `fw/query`: the read-only query-parameter view that handlers receive, its pagination helper,
 * typed query objects (`Query<T>`, read by the readers fwgen generates) and the resolvers that
 * inject them (docs/API.md section 2).
 */
export { type Pagination, type PaginationOptions, paginationOf } from '../core/query/pagination.js';
export { parseQuery } from '../core/query/parse.js';
export {
  allValues,
  oneValue,
  type Query,
  type QueryKind,
  type QueryLiterals,
  type QueryReader,
} from '../core/query/query.js';
export { newValues, Values } from '../core/query/values.js';
export { PaginationResolver, QueryValuesResolver } from '../http/resolvers.js';
