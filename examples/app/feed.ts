/**
 * The live order feed: WebSocket clients subscribe on `/ws/orders`, browsers follow
 * `/orders/live` (Server-Sent Events, live.ts), and a broadcast consumer pushes each new order to
 * both. A client is connected to one instance, so every instance must receive every order.
 */
import {
  connectionSignal,
  EventConsumer,
  OnEvent,
  OnMessage,
  sendMessage,
  WebSocketGateway,
} from 'fw';
import type { Context } from 'fw/context';
import type { WebSocketMessageContext } from 'fw/core';
import { Follower, type OrderNews, orderEvent } from './live.js';
import type { OrderPlaced } from './orders.js';

/** How many recent orders a reconnecting `EventSource` can catch up on. */
const RECENT = 100;

/** The connections that asked for order updates: WebSocket ones by connection id, and followers. */
export class OrderFeed {
  readonly #subscribers = new Map<string, Context>();
  readonly #followers = new Set<Follower>();
  readonly #recent: OrderNews[] = [];

  /**
   * Subscribes the connection of `ctx` until it closes: the connection's signal drops it at once,
   * so a client that comes and goes holds nothing here after it left.
   */
  subscribe(connId: string, ctx: Context): void {
    const closed = connectionSignal(ctx);
    if (closed.aborted || this.#subscribers.has(connId)) return;
    this.#subscribers.set(connId, ctx);
    closed.addEventListener('abort', () => this.#subscribers.delete(connId), { once: true });
  }

  /** How many connections and followers are subscribed now. */
  get size(): { readonly connections: number; readonly followers: number } {
    return { connections: this.#subscribers.size, followers: this.#followers.size };
  }

  /** A new follower, given first the recent orders after `lastId` when it resumes. */
  follow(lastId: number | undefined): Follower {
    const missed = lastId === undefined ? [] : this.#recent.filter((o) => o.orderId > lastId);
    const follower = new Follower(missed.map(orderEvent), (f) => this.#followers.delete(f));
    this.#followers.add(follower);
    return follower;
  }

  /** Sends `order` to every follower and subscriber; a send that fails drops its connection. */
  async push(order: OrderNews, text: string): Promise<void> {
    this.#recent.push(order);
    this.#recent.splice(0, this.#recent.length - RECENT);
    for (const follower of this.#followers) follower.add(orderEvent(order));
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

  /** Pushes the order to the subscribers of `/ws/orders` and `/orders/live` on this instance. */
  @OnEvent('order.placed')
  async placed(event: OrderPlaced): Promise<void> {
    const { orderId, sku, qty } = event;
    const text = JSON.stringify({ event: event.name, orderId, sku, qty });
    await this.#feed.push({ orderId, sku, qty }, text);
  }
}
