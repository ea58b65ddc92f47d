/** WebSocket: clients subscribe on `/ws/orders`, and the order consumer pushes each new order to them. */
import { OnMessage, sendMessage, WebSocketGateway } from 'fw';
import type { Context } from 'fw/context';
import type { WebSocketMessageContext } from 'fw/core';

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
