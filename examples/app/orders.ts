import { Controller, EventConsumer, OnEvent, Post, reply } from 'fw';
import type { Context } from 'fw/context';
import { type DomainEvent, publishEvents } from 'fw/publish';
import type { OrderFeed } from './feed.js';
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

@EventConsumer()
export class OrderEvents {
  readonly #log: OrderLog;
  readonly #feed: OrderFeed;

  constructor(log: OrderLog, feed: OrderFeed) {
    this.#log = log;
    this.#feed = feed;
  }

  /** Records the order, then pushes it to the WebSocket subscribers of `/ws/orders`. */
  @OnEvent('order.placed')
  async placed(event: OrderPlaced): Promise<void> {
    this.#log.record(`order ${event.orderId}: ${event.qty} x ${event.sku}`);
    const { orderId, sku, qty } = event;
    await this.#feed.push(JSON.stringify({ event: event.name, orderId, sku, qty }));
  }
}
