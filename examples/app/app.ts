/**
 * The example application, all three inputs on one pipeline: users over HTTP, orders that publish
 * an event, its consumer, and a WebSocket feed the consumer pushes each order to.
 */
import { type App, createApp, type Logger } from 'fw';
import { bindings } from './bindings.js';
import { OrderFeed, OrderFeedGateway } from './feed.js';
import { AuthInterceptor } from './interceptors.js';
import { OrderEvents } from './orders.js';
import { OrderLog, UserStore } from './store.js';
import { UserController } from './users.js';

/** Builds the example app with fresh in-memory stores. */
export function exampleApp(options: { logger?: Logger; onOrder?: (entry: string) => void } = {}): {
  app: App;
  users: UserStore;
  orders: OrderLog;
} {
  const { logger, onOrder } = options;
  const users = new UserStore();
  const orders = new OrderLog(onOrder);
  const feed = new OrderFeed();
  users.add('Ada', 'ada@example.com', ['admin']);
  const app = createApp({
    bindings,
    providers: [
      new UserController(users),
      new OrderEvents(orders, feed),
      new OrderFeedGateway(feed),
    ],
    interceptors: [new AuthInterceptor()],
    ...(logger === undefined ? {} : { logger }),
  });
  return { app, users, orders };
}
