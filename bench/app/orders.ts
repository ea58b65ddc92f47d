/**
 * The HTTP jobs of the benchmark as fw controllers: every peer in `bench/peers/servers/` serves the
 * same routes with the same bytes (`bench/http/jobs.ts` checks them before measuring).
 */
import { Controller, Get, Post, reply, UseInterceptors } from 'fw';
import type { ControllerContext, ExecutionContext, Interceptor } from 'fw/core';
import type { Values } from 'fw/query';

/** Job get's hook: stores the calling user in the request store, where the handler reads it. */
export class UserInterceptor implements Interceptor {
  preHandle(ctx: ExecutionContext): void {
    ctx.set('user', ctx.header('x-user') || 'anonymous');
  }
}

/** One line of an order (job post). */
export interface OrderLine {
  sku: string;
  qty: number;
  price: number;
}

/** The body of job post: about 1 KiB of JSON. */
export interface NewOrder {
  customer: { id: number; name: string; email: string };
  items: OrderLine[];
  note: string;
}

/** Job post-checked's customer: job post's, with a constraint on every field. */
export interface CheckedCustomer {
  /**
   * @integer
   * @minimum 1
   */
  id: number;
  /**
   * @minLength 1
   * @maxLength 100
   */
  name: string;
  /** @format email */
  email: string;
}

/** Job post-checked's order line: job post's, with a constraint on every field. */
export interface CheckedOrderLine {
  /** @pattern ^SKU-\d{6}$ */
  sku: string;
  /**
   * @integer
   * @minimum 1
   * @maximum 100
   */
  qty: number;
  /**
   * @exclusiveMinimum 0
   * @maximum 10000
   */
  price: number;
}

/**
 * The body of job post-checked: job post's, with a constraint on every field (the same ones are in
 * the Fastify peer's JSON schema).
 */
export interface CheckedOrder {
  customer: CheckedCustomer;
  /**
   * @minItems 1
   * @maxItems 50
   */
  items: CheckedOrderLine[];
  /** @maxLength 2000 */
  note: string;
}

/** What job get answers. */
export interface UserOrder {
  userId: number;
  orderId: number;
  active: boolean;
  page: number;
  tags: readonly string[];
  user: string;
}

@Controller('/users')
@UseInterceptors(UserInterceptor)
export class OrderController {
  /** Job get: path integers, a boolean, an integer and every `tag` from the query, the stored user. */
  @Get('/:id/orders/:orderId')
  get(id: number, orderId: number, q: Values, ctx: ControllerContext) {
    const body: UserOrder = {
      userId: id,
      orderId,
      active: q.getBoolByKey('active', false),
      page: q.int('page', 1),
      tags: q.all('tag'),
      user: ctx.get<string>('user') ?? '',
    };
    return reply(body, { headers: { 'x-bench': 'fw' } });
  }

  /** Job post: a validated JSON body. */
  @Post('/:id/orders')
  create(id: number, body: NewOrder) {
    let total = 0;
    for (const line of body.items) total += line.qty * line.price;
    return { userId: id, customer: body.customer.id, items: body.items.length, total };
  }

  /** Job post-checked: job post with a constraint on every field of the body's DTO. */
  @Post('/:id/checked-orders')
  createChecked(id: number, body: CheckedOrder) {
    let total = 0;
    for (const line of body.items) total += line.qty * line.price;
    return { userId: id, customer: body.customer.id, items: body.items.length, total };
  }
}
