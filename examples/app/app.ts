/**
 * The example application, all three inputs on one pipeline: users over HTTP, orders that publish
 * an event, its consumer, and a WebSocket feed the consumer pushes each order to.
 */
import { type App, createApp, type Logger, type Transport } from 'fw';
import { bindings } from './bindings.js';
import { OrderFeed, OrderFeedGateway } from './feed.js';
import { AuthInterceptor } from './interceptors.js';
import { OrderEvents } from './orders.js';
import { OrderLog, UserStore } from './store.js';
import { UserController } from './users.js';

/** What the example app can be given; the defaults are fw's JSON logger and in-memory events. */
export interface ExampleOptions {
  readonly logger?: Logger;
  readonly onOrder?: (entry: string) => void;
  readonly transport?: Transport;
}

/** Builds the example app with fresh in-memory stores. */
export function exampleApp(options: ExampleOptions = {}): {
  app: App;
  users: UserStore;
  orders: OrderLog;
} {
  const { logger, onOrder, transport } = options;
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
    // Probes at /health/live and /health/ready; the AuthInterceptor does not see them.
    health: { path: '/health' },
    ...(logger === undefined ? {} : { logger }),
    ...(transport === undefined ? {} : { transport }),
  });
  return { app, users, orders };
}
