/**
 * The example application, all three inputs on one pipeline: users over HTTP, orders that publish
 * an event, its consumer, and a WebSocket feed and Server-Sent Events the consumer pushes each
 * order to; a browser page (`public/`) signs in with a cookie and shows the orders live. Every
 * controller and service comes from the object graph fwgen wrote into `bindings.ts`.
 */
import { fileURLToPath } from 'node:url';
import {
  type App,
  createApp,
  type Logger,
  type Override,
  type TelemetryOptions,
  type Transport,
} from 'fw';
import { cors } from 'fw/cors';
import { crossOriginProtection } from 'fw/cross-origin';
import { idempotency } from 'fw/idempotency';
import { bindings } from './bindings.js';
import { originsFromEnv } from './config.js';
import { AuthInterceptor } from './interceptors.js';

/** What the example app can be given; the defaults are fw's JSON logger and in-memory events. */
export interface ExampleOptions {
  readonly logger?: Logger;
  readonly transport?: Transport;
  /** Instances of the graph to replace, for tests: `override(config, { admin: … })`. */
  readonly overrides?: readonly Override[];
  /**
   * Other origins whose pages may call the API with cookies and open its WebSockets;
   * `FW_EXAMPLE_ORIGINS` by default.
   */
  readonly origins?: readonly string[];
  /** OpenTelemetry, on the providers a NodeSDK registered (`FW_EXAMPLE_OTEL=1`, main.ts). */
  readonly telemetry?: TelemetryOptions;
}

/**
 * The browser front-end: HTML, CSS, and the page's script with the generated client, both compiled
 * by `tsc` into `public/js/` (`npm run page:build`), no bundler.
 */
const PUBLIC = fileURLToPath(new URL('./public', import.meta.url));

/** Builds the example app; `app.get(OrderLog)` reads what its consumer recorded. */
export function exampleApp(options: ExampleOptions = {}): App {
  const { logger, transport, overrides, telemetry } = options;
  const origins = options.origins ?? originsFromEnv(process.env);
  return createApp({
    bindings,
    // CORS first, so a preflight is answered before anything else runs. Then who is calling, and
    // Idempotency-Key: a client that retries POST /orders with the same key (after a timeout, or
    // a 503 whose event's outcome was unknown) gets the first answer, and no second order. Each
    // caller's keys are their own; one instance keeps them in memory (Redis for several).
    // The pages of those origins may open the order feed's WebSocket too: cors() is the app's one
    // list of origins (the API's own always may). The session is a cookie, which the browser
    // sends with a form another site's page posts here: crossOriginProtection() refuses such a
    // POST, PUT, PATCH or DELETE (by Sec-Fetch-Site and Origin), and trusts cors()'s origins.
    interceptors: [
      cors({ origins, credentials: true }),
      crossOriginProtection(),
      AuthInterceptor,
      idempotency({ scope: (ctx) => ctx.get<string>('auth.user') ?? '' }),
    ],
    // The page at /, its files with ETag and Last-Modified; the controllers' routes win over them.
    static: [{ root: PUBLIC, prefix: '/' }],
    // br or gzip for answers of 1 KiB or more, and for the Server-Sent Events stream.
    compression: { threshold: 1024 },
    // nosniff, X-Frame-Options, Referrer-Policy, COOP, CORP on every answer, and a CSP on the page
    // (the docs page keeps its own). Behind a proxy that ends TLS, add https: true for HSTS.
    securityHeaders: true,
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
    ...(telemetry === undefined ? {} : { telemetry }),
  });
}
