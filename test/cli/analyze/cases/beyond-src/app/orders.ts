import { Controller, Post } from 'fw';
import type { Order } from '../shared/order.js';

@Controller('/orders')
export class OrdersController {
  @Post('/')
  create(order: Order): Order {
    return order;
  }
}
