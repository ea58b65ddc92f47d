/** The soak's POST: a validated JSON body that publishes an event, and the consumer of that event. */
import { Controller, EventConsumer, OnEvent, Post, reply } from 'fw';
import type { Context } from 'fw/context';
import { type DomainEvent, publishEvents } from 'fw/publish';
import type { SoakCounters } from './counters.js';

/** One line of an order. */
export interface OrderLine {
  sku: string;
  qty: number;
  price: number;
}

/** What the load process posts: `ref` is its own number for the request, answered back. */
export interface PlaceOrder {
  ref: number;
  customer: string;
  lines: OrderLine[];
  note?: string;
}

/** Published by `POST /orders`; `publishedAt` is the server's `performance.now()`. */
export interface OrderPlaced extends DomainEvent {
  readonly name: 'order.placed';
  readonly orderId: number;
  readonly total: number;
  readonly publishedAt: number;
}

@Controller('/orders')
export class OrderController {
  readonly #counters: SoakCounters;
  #next = 1;

  constructor(counters: SoakCounters) {
    this.#counters = counters;
  }

  @Post('/')
  place(body: PlaceOrder, ctx: Context) {
    const orderId = this.#next++;
    let total = 0;
    for (const line of body.lines) total += line.qty * line.price;
    const event: OrderPlaced = {
      name: 'order.placed',
      occurredAt: new Date(),
      orderId,
      total,
      publishedAt: performance.now(),
    };
    publishEvents(ctx, event);
    this.#counters.published++;
    return reply({ ref: body.ref, orderId }, { status: 202 });
  }
}

@EventConsumer()
export class OrderEvents {
  readonly #counters: SoakCounters;

  constructor(counters: SoakCounters) {
    this.#counters = counters;
  }

  /** Counts the event, on a later turn as a consumer that awaits I/O would. */
  @OnEvent('order.placed')
  async placed(event: OrderPlaced): Promise<void> {
    await Promise.resolve();
    if (event.orderId > 0) this.#counters.consume(event.publishedAt);
  }
}
