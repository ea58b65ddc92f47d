/** The soak's GET: path and query parameters, and a value an interceptor stored for the handler. */
import { Controller, Get, UseInterceptors } from 'fw';
import type { ControllerContext, ExecutionContext, Interceptor } from 'fw/core';
import type { Values } from 'fw/query';

/** Stores the calling client (`x-client`) in the request's store. */
export class ClientInterceptor implements Interceptor {
  preHandle(ctx: ExecutionContext): void {
    ctx.set('client', ctx.header('x-client') || 'anonymous');
  }
}

/** What `GET /items/:id` answers. */
export interface Item {
  id: number;
  page: number;
  tags: readonly string[];
  client: string;
}

@Controller('/items')
@UseInterceptors(ClientInterceptor)
export class ItemController {
  @Get('/:id')
  get(id: number, q: Values, ctx: ControllerContext): Item {
    return {
      id,
      page: q.int('page', 1),
      tags: q.all('tag'),
      client: ctx.get<string>('client') ?? '',
    };
  }
}
