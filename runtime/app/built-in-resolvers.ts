/** The built-in argument resolvers, in the order the app tries them after the application's own. */

import type { ArgumentResolver } from '../core/pipeline/types.js';
import type { PaginationOptions } from '../core/query/pagination.js';
import { BodyResolver } from '../core/resolvers/body-resolver.js';
import {
  ConsumerRequestContextResolver,
  ContextResolver,
  ControllerContextResolver,
  EventBusResolver,
  HttpRequestContextResolver,
  WebSocketContextResolver,
  WebSocketMessageContextResolver,
} from '../core/resolvers/context-resolvers.js';
import { PathParameterResolver } from '../core/resolvers/path-resolver.js';
import { QueryResolver } from '../http/query-resolver.js';
import { PaginationResolver, QueryValuesResolver } from '../http/resolvers.js';
import { UploadedFilesResolver } from '../http/uploaded-files-resolver.js';

/** A fresh list of fw's own resolvers; `pagination` bounds the `Pagination` parameters. */
export function builtInResolvers(
  options: { pagination?: PaginationOptions } = {},
): ArgumentResolver[] {
  return [
    new ContextResolver(),
    new ControllerContextResolver(),
    new HttpRequestContextResolver(),
    new ConsumerRequestContextResolver(),
    new WebSocketContextResolver(),
    new WebSocketMessageContextResolver(),
    new EventBusResolver(),
    new PathParameterResolver(),
    new PaginationResolver(options.pagination),
    new QueryValuesResolver(),
    new QueryResolver(),
    new BodyResolver(),
    new UploadedFilesResolver(),
  ];
}
