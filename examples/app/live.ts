/**
 * Server-Sent Events: `GET /orders/live` streams each new order to a browser's `EventSource`, fed
 * by the same broadcast consumer as the WebSocket feed. Each event's id is the order id, so a
 * browser that reconnects sends `Last-Event-ID` and first gets the recent orders it missed.
 */
import { Controller, Get, type SseEvent, sse } from 'fw';
import type { HttpRequestContext } from 'fw/core';
import type { OrderFeed } from './feed.js';

/** An order as the live feeds send it. */
export interface OrderNews {
  readonly orderId: number;
  readonly sku: string;
  readonly qty: number;
}

/** The `order` event of an order, with its id as the event id. */
export function orderEvent(order: OrderNews): SseEvent {
  return { id: order.orderId, event: 'order', data: order };
}

/**
 * How many events a follower may have waiting. A browser that reads slower than orders come in
 * would otherwise make its queue grow without end; past this many its stream is ended instead, and
 * its `EventSource` reconnects with `Last-Event-ID`, catching up from the feed's recent orders
 * (which hold more than this, so a follower ended here misses nothing that came in meanwhile).
 */
export const MAX_WAITING = 50;

/**
 * One `EventSource` following the feed: the events queued for it, given one at a time. `sse()`
 * calls `return()` when the browser goes away (or the app closes), which ends it at once; a
 * follower more than {@link MAX_WAITING} events behind ends itself.
 */
export class Follower implements AsyncIterableIterator<SseEvent> {
  readonly #queue: SseEvent[];
  readonly #onEnd: (follower: Follower) => void;
  #wake: (() => void) | undefined;
  #ended = false;

  constructor(backlog: readonly SseEvent[], onEnd: (follower: Follower) => void) {
    this.#queue = [...backlog];
    this.#onEnd = onEnd;
  }

  /** Queues `event`; a follower that already has {@link MAX_WAITING} waiting is ended instead. */
  add(event: SseEvent): void {
    if (this.#ended) return;
    if (this.#queue.length >= MAX_WAITING) {
      this.#end();
      return;
    }
    this.#queue.push(event);
    this.#wake?.();
  }

  async next(): Promise<IteratorResult<SseEvent>> {
    while (!this.#ended && this.#queue.length === 0) {
      await new Promise<void>((resolve) => {
        this.#wake = resolve;
      });
    }
    const event = this.#queue.shift();
    if (this.#ended || event === undefined) return { done: true, value: undefined };
    return { done: false, value: event };
  }

  async return(): Promise<IteratorResult<SseEvent>> {
    this.#end();
    return { done: true, value: undefined };
  }

  /** Ends the stream: what is queued is dropped, and the feed forgets this follower. */
  #end(): void {
    if (this.#ended) return;
    this.#ended = true;
    this.#queue.length = 0;
    this.#wake?.();
    this.#onEnd(this);
  }

  [Symbol.asyncIterator](): this {
    return this;
  }
}

@Controller('/orders')
export class LiveOrderController {
  readonly #feed: OrderFeed;

  constructor(feed: OrderFeed) {
    this.#feed = feed;
  }

  /**
   * Each order placed from now on, as Server-Sent Events named `order`.
   *
   * After `Last-Event-ID`, the recent orders placed since that one come first.
   */
  @Get('/live')
  live(req: HttpRequestContext) {
    const last = Number.parseInt(req.header('last-event-id'), 10);
    return sse(this.#feed.follow(Number.isSafeInteger(last) ? last : undefined));
  }
}
