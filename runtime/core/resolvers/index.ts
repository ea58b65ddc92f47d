/** The built-in argument resolvers, in the order the app tries them after the application's own. */
import type { PaginationOptions } from '../../query/pagination.js';
import { PaginationResolver, QueryValuesResolver } from '../../query/resolvers.js';
import type { ArgumentResolver } from '../types.js';
import { BodyResolver } from './body-resolver.js';
import {
  ConsumerRequestContextResolver,
  ContextResolver,
  ControllerContextResolver,
  EventBusResolver,
  HttpRequestContextResolver,
  WebSocketContextResolver,
  WebSocketMessageContextResolver,
} from './context-resolvers.js';
import { PathParameterResolver } from './path-resolver.js';
import { QueryResolver } from './query-resolver.js';
import { UploadedFilesResolver } from './uploaded-files-resolver.js';

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
