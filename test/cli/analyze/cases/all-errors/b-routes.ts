import { Controller, Get, OnEvent } from 'fw';
import type { Order } from './a-types.js';

@Controller('/orders')
export class OrderController {
  @Get('/:id')
  @OnEvent('order.placed')
  mixed(id: number): number {
    return id;
  }

  @Get('/:id/*')
  bad(id: number, extra: number, body: Order): number {
    return id + extra + body.qty;
  }

  @Get('/ok/:id')
  ok(id: number): number {
    return id;
  }
}
