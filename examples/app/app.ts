/**
 * The example application, all three inputs on one pipeline: users over HTTP, orders that publish
 * an event, its consumer, and a WebSocket feed the consumer pushes each order to. Every controller
 * and service comes from the object graph fwgen wrote into `bindings.ts`: nothing is wired here.
 */
import { type App, createApp, type Logger, type Override, type Transport } from 'fw';
import { bindings } from './bindings.js';
import { AuthInterceptor } from './interceptors.js';

/** What the example app can be given; the defaults are fw's JSON logger and in-memory events. */
export interface ExampleOptions {
  readonly logger?: Logger;
  readonly transport?: Transport;
  /** Instances of the graph to replace, for tests: `override(config, { admin: … })`. */
  readonly overrides?: readonly Override[];
}

/** Builds the example app; `app.get(OrderLog)` reads what its consumer recorded. */
export function exampleApp(options: ExampleOptions = {}): App {
  const { logger, transport, overrides } = options;
  return createApp({
    bindings,
    interceptors: [AuthInterceptor],
    // Probes at /health/live and /health/ready; the AuthInterceptor does not see them.
    health: { path: '/health' },
    // The API described by the documents fwgen wrote beside the bindings (`npm run bindings`):
    // Swagger UI at /docs, and /docs/openapi.json and /docs/asyncapi.json. Public, like the probes.
    docs: {
      path: '/docs',
      openapi: new URL('./openapi.json', import.meta.url),
      asyncapi: new URL('./asyncapi.json', import.meta.url),
    },
    ...(logger === undefined ? {} : { logger }),
    ...(transport === undefined ? {} : { transport }),
    ...(overrides === undefined ? {} : { overrides }),
  });
}
