/** The options of `createApp`, their defaults, and their checks at start-up. */

import { jsonLogger } from '../core/log/json-logger.js';
import type { Logger } from '../core/log/logger.js';
import { appChecks as check, shown } from '../core/options.js';
import type { Interceptor, PostExecutionHook } from '../core/pipeline/interceptor.js';
import type { ArgumentResolver } from '../core/pipeline/resolver.js';
import { DEFAULT_MAX_SIZE, type PaginationOptions } from '../core/query/pagination.js';
import type { TrustProxy } from '../core/request/client-address.js';
import { normalizeOrigin } from '../core/request/origin.js';
import type { Transport } from '../events/transport.js';
import {
  DEFAULT_BODY_LIMITS,
  type MultipartLimits,
  type RequestLimits,
} from '../http/body-limits.js';
import { clientAddressOf } from '../node/client-address.js';
import { DEFAULT_SERVER_TIMEOUTS, type ServerTimeouts } from '../node/http-server.js';
import { type CompressionOptions, compressionPlugin } from '../plugins/compression/compression.js';
import type { DocsOptions } from '../plugins/docs-page/docs-options.js';
import { docsPage } from '../plugins/docs-page/docs-probe.js';
import type { Instrumentation } from '../plugins/instrumentation.js';
import type { Plugin } from '../plugins/plugin.js';
import { securityHeaders } from '../plugins/security-headers/security-headers.js';
import type { SecurityHeadersOptions } from '../plugins/security-headers/security-headers-options.js';
import type { StaticOptions } from '../plugins/static/static-options.js';
import { staticFiles } from '../plugins/static/static-route.js';
import { checkTelemetry, type TelemetryOptions } from '../plugins/telemetry/options.js';
import { openTelemetry } from '../plugins/telemetry/telemetry.js';
import { DEFAULT_WEBSOCKET_LIMITS, type WebSocketLimits } from '../ws/limits.js';
import type { Bindings, InterceptorClass } from './bindings.js';
import type { Override } from './di.js';
import { type HealthOptions, type HealthPaths, healthPaths } from './health.js';

export type { Logger } from '../core/log/logger.js';

/** What `createApp` takes. Every limit has a safe default. */
export interface AppOptions {
  /** What fwgen generated. */
  readonly bindings: Bindings;
  /**
   * Instances of the graph replaced, for tests: `override(key, value)` for a class or a provider
   * constant. Dependents get the value; what only the replaced instance needed is not created.
   * A key that is not in the graph fails `createApp` (`FW_ERR_NOT_PROVIDED`).
   * @example overrides: [override(UserStore, new MemoryUserStore())]
   */
  readonly overrides?: readonly Override[];
  /**
   * Instances to use instead of the app's own: shorthand for
   * `override(instance.constructor, instance)`.
   */
  readonly providers?: readonly object[];
  /**
   * Global interceptors, in order: instances, or classes, whose instance is taken from the graph
   * (mark one `@Injectable()` when nothing else needs it). With bindings that have no graph, a
   * class is taken from `providers` or created with no arguments.
   */
  readonly interceptors?: readonly (Interceptor | InterceptorClass)[];
  /** Argument resolvers tried before the built-in ones. */
  readonly resolvers?: readonly ArgumentResolver[];
  /** Post-execution hooks, run before the app's event dispatch hook. */
  readonly hooks?: readonly PostExecutionHook[];
  /** Largest request body in bytes. @default 1048576 (1 MiB) */
  readonly bodyLimit?: number;
  /** Bounds of multipart forms. */
  readonly multipart?: Partial<MultipartLimits>;
  /**
   * Most bytes of request bodies that all requests in flight may hold in memory at once: bodies
   * read by `bind()` and forms read by `multipartForm()` (an `UploadedFiles` parameter) count
   * until their request ends; a `MultipartParts` stream does not. A request that would pass it
   * answers 503 with `Retry-After`. @default 134217728 (128 MiB)
   */
  readonly maxBufferedBytes?: number;
  /**
   * Bounds of `Pagination` parameters: a `size` above `maxSize` is clamped to it.
   * @default { maxSize: 100 }
   */
  readonly pagination?: PaginationOptions;
  /** Most query parameters; a handler reading a query with more gets 400. @default 1000 */
  readonly maxQueryParams?: number;
  /** Longest request target (path and query) in characters; longer answers 414. @default 8192 */
  readonly maxUrlLength?: number;
  /** Most header fields in a request; more answer 431. @default 100 */
  readonly maxHeaderCount?: number;
  /** Largest request head (request line and headers) in bytes; larger answers 431. @default 16384 */
  readonly maxHeaderBytes?: number;
  /** How long a client may take to send the request head; past it 408 and the connection closes. @default 30000 */
  readonly headersTimeoutMs?: number;
  /** How long a client may take to send the whole request, body included; past it 408. @default 120000 */
  readonly receiveTimeoutMs?: number;
  /** How long an idle kept-alive connection stays open. @default 5000 */
  readonly keepAliveTimeoutMs?: number;
  /**
   * A deadline on each HTTP request, from its arrival: the request's `Context` ends with
   * `DeadlineExceeded`, and a client still waiting then gets 503. @default none
   */
  readonly requestTimeoutMs?: number;
  /**
   * Which peers are reverse proxies whose `X-Forwarded-For` names the client (`ctx.clientAddress()`):
   * `true` all, a number of hops, or addresses and CIDR ranges. @default false (the socket's peer)
   */
  readonly trustProxy?: TrustProxy;
  /** How long `close()` waits for requests in flight. @default 10000 */
  readonly closeTimeoutMs?: number;
  /** Browser origins (`https://app.example.com`) allowed to open WebSockets besides the server's own. @default [] */
  readonly allowedOrigins?: readonly string[];
  /** Most WebSocket connections at once, handshakes included; beyond it 503. @default 1024 */
  readonly maxConnections?: number;
  /** Largest WebSocket message in bytes; a bigger one closes the connection with 1009. @default 1048576 */
  readonly maxMessageBytes?: number;
  /** How often each WebSocket connection is pinged; one that missed the last pong is terminated. @default 30000 */
  readonly pingIntervalMs?: number;
  /** How long the `preHandshake` interceptors of a WebSocket upgrade may take; past it 503. @default 10000 */
  readonly handshakeTimeoutMs?: number;
  /**
   * Bytes waiting to be sent on a WebSocket connection above which the server stops reading it until
   * its socket drains (never below the socket's own 16 KiB mark). @default 65536
   */
  readonly backpressureHighWaterMark?: number;
  /**
   * Bytes waiting to be sent on a WebSocket connection beyond which a reply or `sendMessage` is
   * refused (`FW_ERR_WEBSOCKET_BACKPRESSURE`) and the connection is closed with 1008. At least
   * `backpressureHighWaterMark`. @default 4194304 (4 MiB)
   */
  readonly maxBackpressureBytes?: number;
  /**
   * How long `sendMessage` waits for its frame to be written before it rejects with
   * `FW_ERR_WEBSOCKET_SEND_TIMEOUT`. @default 30000
   */
  readonly sendTimeoutMs?: number;
  /** Largest event payload a consumer takes, in bytes; a bigger one is dead-lettered. @default 1048576 */
  readonly maxPayloadBytes?: number;
  /** How events travel. @default the in-memory transport */
  readonly transport?: Transport;
  /**
   * Where failed requests, messages and connections are logged, pino's way (`pino()` fits as it
   * is). @default jsonLogger(): JSON lines on stdout, level info
   */
  readonly logger?: Logger;
  /**
   * Liveness and readiness probes as JSON at `{path}/live` and `{path}/ready`, answered before
   * the interceptors. @default none
   */
  readonly health?: HealthOptions;
  /**
   * The API docs page: Swagger UI on `openapi` at `path`, with `{path}/openapi.json` and
   * `{path}/asyncapi.json`, answered before the interceptors (public wherever it is enabled).
   * Needs the optional package `swagger-ui-dist`. @default none
   * @see docs/API.md, "The API docs page"
   */
  readonly docs?: DocsOptions;
  /**
   * Folders served as files at path prefixes, for GET and HEAD, through the global interceptors;
   * a route of a controller that matches a path wins over a file. @default none
   * @example static: [{ root: './public', prefix: '/', fallback: 'index.html' }]
   * @see docs/API.md, "Static files"
   */
  readonly static?: readonly StaticOptions[];
  /**
   * Response compression, br or gzip as the client's `Accept-Encoding` prefers, for bodies of at
   * least `threshold` bytes and every stream. @default none (off)
   * @see docs/API.md, "Compression"
   */
  readonly compression?: CompressionOptions;
  /**
   * Security headers on every response (`X-Content-Type-Options`, `X-Frame-Options`,
   * `Referrer-Policy`, `Cross-Origin-Opener-Policy`, `Cross-Origin-Resource-Policy`,
   * `Strict-Transport-Security` with `https`, `Content-Security-Policy` on HTML): `true` for the
   * defaults, or an object that changes or turns off (`false`) each. @default off
   * @example securityHeaders: { https: true, frameOptions: 'DENY' }
   * @see docs/API.md, "Security headers"
   */
  readonly securityHeaders?: boolean | SecurityHeadersOptions;
  /**
   * OpenTelemetry traces, metrics and log correlation, through `@opentelemetry/api` (an optional
   * peer dependency) and the providers a NodeSDK registered, unless given here. @default none (off)
   * @see docs/operations.md, "Tracing and metrics"
   */
  readonly telemetry?: TelemetryOptions;
}

/**
 * What all requests may hold in memory at once by default: 128 MiB, room for one form at the
 * default multipart ceiling (10 files of 10 MiB and 1 MiB more) with others beside it.
 */
const DEFAULT_MAX_BUFFERED_BYTES = 128 * 1024 * 1024;

/** The largest event payload a consumer takes by default: 1 MiB. */
const DEFAULT_MAX_PAYLOAD_BYTES = 1024 * 1024;

/** The options with defaults applied. */
export interface ResolvedOptions {
  readonly limits: RequestLimits;
  readonly maxBufferedBytes: number;
  readonly timeouts: ServerTimeouts;
  readonly requestTimeoutMs: number | undefined;
  readonly closeTimeoutMs: number;
  readonly webSocket: WebSocketLimits;
  readonly maxPayloadBytes: number;
  readonly pagination: Required<PaginationOptions>;
  readonly logger: Logger;
  readonly health: HealthPaths | undefined;
  /** The optional features the options turn on, in the order they join the app. */
  readonly plugins: readonly Plugin[];
  /** What `telemetry` wraps the app's executions with; undefined when it is off. */
  readonly instrumentation: Instrumentation | undefined;
}

const MULTIPART_KEYS: readonly string[] = [
  'maxFiles',
  'maxFileBytes',
  'maxFields',
  'maxFieldBytes',
  'maxParts',
  'maxTotalBytes',
];

/** Applies defaults and rejects values that make no sense, naming the option. */
export function resolveOptions(options: AppOptions): ResolvedOptions {
  const d = DEFAULT_BODY_LIMITS;
  const t = DEFAULT_SERVER_TIMEOUTS;
  checkInterceptors(options.interceptors);
  const health = healthPaths(options.health);
  const pagination = resolvePagination(options.pagination);
  const clientAddress = clientAddressOf(options.trustProxy, (expected) =>
    check.invalid('trustProxy', expected, shown(options.trustProxy)),
  );
  const logger = resolveLogger(options.logger);
  const instrumentation =
    options.telemetry === undefined ? undefined : openTelemetry(checkTelemetry(options.telemetry));
  const multipart: Record<string, number> = { ...d.multipart };
  for (const [key, value] of Object.entries(options.multipart ?? {})) {
    if (!MULTIPART_KEYS.includes(key)) {
      check.invalid(`multipart.${key}`, `one of ${MULTIPART_KEYS.join(', ')}`, shown(key));
    }
    multipart[key] = check.positive(`multipart.${key}`, value);
  }
  return {
    limits: Object.freeze({
      bodyLimit: check.positive('bodyLimit', options.bodyLimit ?? d.bodyLimit),
      multipart: Object.freeze(multipart as unknown as MultipartLimits),
      maxQueryParams: check.count('maxQueryParams', options.maxQueryParams, d.maxQueryParams),
      maxUrlLength: check.count('maxUrlLength', options.maxUrlLength, d.maxUrlLength),
      maxHeaderCount: check.count('maxHeaderCount', options.maxHeaderCount, d.maxHeaderCount),
      clientAddress,
    }),
    maxBufferedBytes: check.positive(
      'maxBufferedBytes',
      options.maxBufferedBytes ?? DEFAULT_MAX_BUFFERED_BYTES,
    ),
    timeouts: Object.freeze({
      maxHeaderBytes: check.count('maxHeaderBytes', options.maxHeaderBytes, t.maxHeaderBytes),
      headersTimeoutMs: check.positive(
        'headersTimeoutMs',
        options.headersTimeoutMs ?? t.headersTimeoutMs,
      ),
      receiveTimeoutMs: check.positive(
        'receiveTimeoutMs',
        options.receiveTimeoutMs ?? t.receiveTimeoutMs,
      ),
      keepAliveTimeoutMs: check.positive(
        'keepAliveTimeoutMs',
        options.keepAliveTimeoutMs ?? t.keepAliveTimeoutMs,
      ),
    }),
    requestTimeoutMs:
      options.requestTimeoutMs === undefined
        ? undefined
        : check.positive('requestTimeoutMs', options.requestTimeoutMs),
    closeTimeoutMs: check.positive('closeTimeoutMs', options.closeTimeoutMs ?? 10_000),
    webSocket: Object.freeze({ ...resolveWebSocket(options), clientAddress }),
    maxPayloadBytes: check.count(
      'maxPayloadBytes',
      options.maxPayloadBytes,
      DEFAULT_MAX_PAYLOAD_BYTES,
    ),
    pagination,
    logger: instrumentation?.logger(logger) ?? logger,
    health,
    plugins: [
      staticFiles(options.static),
      docsPage(options.docs, pagination.maxSize),
      compressionPlugin(options.compression),
      securityHeaders(options.securityHeaders),
    ].filter((p) => p !== undefined),
    instrumentation,
  };
}

/** The `pagination` option with its default; refuses anything but `{ maxSize }`, a positive integer. */
function resolvePagination(pagination: unknown): Required<PaginationOptions> {
  if (pagination === undefined) return Object.freeze({ maxSize: DEFAULT_MAX_SIZE });
  const { maxSize } = check.record('pagination', pagination, 'an object such as { maxSize: 100 }', [
    'maxSize',
  ]);
  return Object.freeze({ maxSize: check.count('pagination.maxSize', maxSize, DEFAULT_MAX_SIZE) });
}

/** Refuses a global interceptor that is neither an instance nor a class. */
function checkInterceptors(interceptors: readonly unknown[] = []): void {
  for (const i of interceptors) {
    if (typeof i !== 'function' && (typeof i !== 'object' || i === null)) {
      check.invalid('interceptors', 'an array of interceptor instances or classes', shown(i));
    }
  }
}

const LOGGER_METHODS = ['error', 'warn', 'info'] as const;

/** The logger, or the default one; refuses one without `error`, `warn` and `info` methods. */
function resolveLogger(logger: Logger | undefined): Logger {
  if (logger === undefined) return jsonLogger();
  for (const method of LOGGER_METHODS) {
    if (typeof (logger as Partial<Logger> | null)?.[method] !== 'function') {
      check.invalid(
        'logger',
        'a logger with error, warn and info methods taking (fields, message), as pino, console or jsonLogger()',
        `one without ${method}()`,
      );
    }
  }
  return logger;
}

function resolveWebSocket(options: AppOptions): WebSocketLimits {
  const d = DEFAULT_WEBSOCKET_LIMITS;
  const origins = options.allowedOrigins ?? d.allowedOrigins;
  if (!Array.isArray(origins)) {
    check.invalid('allowedOrigins', 'an array of origins', shown(origins));
  }
  const allowedOrigins = origins.map((o: unknown) => {
    const origin = typeof o === 'string' ? normalizeOrigin(o) : undefined;
    if (origin === undefined) {
      check.invalid('allowedOrigins', "origins such as 'https://app.example.com'", shown(o));
    }
    return origin;
  });
  const maxConnections = check.count('maxConnections', options.maxConnections, d.maxConnections);
  return Object.freeze({
    allowedOrigins: Object.freeze(allowedOrigins),
    maxConnections,
    maxMessageBytes: check.positive(
      'maxMessageBytes',
      options.maxMessageBytes ?? d.maxMessageBytes,
    ),
    pingIntervalMs: check.positive('pingIntervalMs', options.pingIntervalMs ?? d.pingIntervalMs),
    handshakeTimeoutMs: check.positive(
      'handshakeTimeoutMs',
      options.handshakeTimeoutMs ?? d.handshakeTimeoutMs,
    ),
    ...resolveBackpressure(options),
  });
}

/** The longest delay `setTimeout` keeps. */
const MAX_TIMER_MS = 2_147_483_647;

type Backpressure = Pick<
  WebSocketLimits,
  'backpressureHighWaterMark' | 'maxBackpressureBytes' | 'sendTimeoutMs'
>;

/** The outgoing-buffer bounds of WebSocket connections; the limit may not be below the mark. */
function resolveBackpressure(options: AppOptions): Backpressure {
  const d = DEFAULT_WEBSOCKET_LIMITS;
  const mark = check.count(
    'backpressureHighWaterMark',
    options.backpressureHighWaterMark,
    d.backpressureHighWaterMark,
  );
  const max = check.count(
    'maxBackpressureBytes',
    options.maxBackpressureBytes,
    Math.max(d.maxBackpressureBytes, mark),
  );
  if (max < mark) {
    check.invalid(
      'maxBackpressureBytes',
      `at least backpressureHighWaterMark (${mark})`,
      shown(options.maxBackpressureBytes),
    );
  }
  // A timer longer than 2^31 - 1 ms would fire at once.
  const sendTimeoutMs = check.integer(
    'sendTimeoutMs',
    options.sendTimeoutMs ?? d.sendTimeoutMs,
    1,
    MAX_TIMER_MS,
  );
  return { backpressureHighWaterMark: mark, maxBackpressureBytes: max, sendTimeoutMs };
}
