import { Controller, EventConsumer, OnEvent, Post, reply } from 'fw';
import type { Context } from 'fw/context';
import { type DomainEvent, publishEvents } from 'fw/publish';
import type { OrderLog } from './store.js';

/** What a client sends to place an order. */
export interface PlaceOrder {
  userId: number;
  sku: string;
  qty: number;
}

/** Published when an order was placed. */
export interface OrderPlaced extends DomainEvent {
  readonly name: 'order.placed';
  readonly orderId: number;
  readonly sku: string;
  readonly qty: number;
}

@Controller('/orders')
export class OrderController {
  #next = 1;

  /** Places an order and publishes `order.placed`; its consumer runs after the answer. */
  @Post('/')
  place(body: PlaceOrder, ctx: Context) {
    const orderId = this.#next++;
    const event: OrderPlaced = { name: 'order.placed', occurredAt: new Date(), orderId, ...body };
    publishEvents(ctx, event);
    return reply({ orderId }, { status: 202 });
  }
}

/**
 * Records each order once: the instances of the app's consumer group share the messages (the
 * default; `@EventConsumer({ group: 'billing' })` would name another group).
 */
@EventConsumer()
export class OrderEvents {
  readonly #log: OrderLog;

  constructor(log: OrderLog) {
    this.#log = log;
  }

  /** Records the order, once among the app's instances. */
  @OnEvent('order.placed')
  placed(event: OrderPlaced): void {
    this.#log.record(`order ${event.orderId}: ${event.qty} x ${event.sku}`);
  }
}
