/**
 * WebSocket: clients subscribe on `/ws/orders`, and a broadcast consumer pushes each new order to
 * them. A client is connected to one instance, so every instance must receive every order.
 */
import { EventConsumer, OnEvent, OnMessage, sendMessage, WebSocketGateway } from 'fw';
import type { Context } from 'fw/context';
import type { WebSocketMessageContext } from 'fw/core';
import type { OrderPlaced } from './orders.js';

/** The connections that asked for order updates, by connection id. */
export class OrderFeed {
  readonly #subscribers = new Map<string, Context>();

  subscribe(connId: string, ctx: Context): void {
    this.#subscribers.set(connId, ctx);
  }

  /** Sends `text` to every subscriber; a connection that has closed is dropped. */
  async push(text: string): Promise<void> {
    const sends = [...this.#subscribers].map(([id, ctx]) =>
      sendMessage(ctx, text).catch(() => this.#subscribers.delete(id)),
    );
    await Promise.all(sends);
  }
}

@WebSocketGateway('/ws/orders')
export class OrderFeedGateway {
  readonly #feed: OrderFeed;

  constructor(feed: OrderFeed) {
    this.#feed = feed;
  }

  /** Any message subscribes the connection; the reply confirms it. */
  @OnMessage()
  subscribe(msg: WebSocketMessageContext, ctx: Context): string {
    this.#feed.subscribe(msg.connId(), ctx);
    return 'subscribed';
  }
}

/** Pushes each order to this instance's subscribers: every instance receives every order. */
@EventConsumer({ broadcast: true })
export class OrderFeedEvents {
  readonly #feed: OrderFeed;

  constructor(feed: OrderFeed) {
    this.#feed = feed;
  }

  /** Pushes the order to the WebSocket subscribers of `/ws/orders` on this instance. */
  @OnEvent('order.placed')
  async placed(event: OrderPlaced): Promise<void> {
    const { orderId, sku, qty } = event;
    await this.#feed.push(JSON.stringify({ event: event.name, orderId, sku, qty }));
  }
}
