/** How handler parameters are described and filled. */
import type { QueryReader } from '../query/query.js';
import type { Validator } from '../validate/validator.js';
import type { ExecutionContext } from './execution-context.js';

/** One handler parameter as fwgen describes it. */
export interface ParameterMeta {
  readonly index: number;
  readonly name: string;
  /** A type id: `fw/query#Values`, `string`, `src/users/dto#CreateUser`, … (docs/API.md §5). */
  readonly type: string;
  /** The route key this parameter is bound to, for a path parameter. */
  readonly pathKey?: string;
  readonly optional: boolean;
  /** For a body or payload parameter of an application type: the generated validator. */
  readonly validate?: Validator;
  /** For a `Query<T>` parameter: the generated reader of the query into `T`. */
  readonly read?: QueryReader;
}

/** Fills handler parameters; bound to each parameter once, at start-up. */
export interface ArgumentResolver {
  supports(pm: ParameterMeta): boolean;
  resolve(ctx: ExecutionContext, pm: ParameterMeta): unknown;
}
