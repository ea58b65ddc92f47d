/** The built-in argument resolvers, in the order the app tries them after the application's own. */

import type { ArgumentResolver } from '../core/pipeline/resolver.js';
import type { PaginationOptions } from '../core/query/pagination.js';
import { BodyResolver } from '../core/resolvers/body-resolver.js';
import {
  ContextResolver,
  ControllerContextResolver,
  EventBusResolver,
} from '../core/resolvers/context-resolvers.js';
import { PathParameterResolver } from '../core/resolvers/path-resolver.js';
import { ConsumerRequestContextResolver } from '../events/resolvers.js';
import {
  HttpRequestContextResolver,
  MultipartPartsResolver,
  PaginationResolver,
  QueryResolver,
  QueryValuesResolver,
  UploadedFilesResolver,
} from '../http/resolvers.js';
import { WebSocketContextResolver, WebSocketMessageContextResolver } from '../ws/resolvers.js';

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
    new MultipartPartsResolver(),
  ];
}
