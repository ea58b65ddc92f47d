/** The options of `createApp`, their defaults, and their checks at start-up. */
import type { ArgumentResolver, Interceptor, PostExecutionHook } from '../core/types.js';
import { FwError } from '../errors.js';
import type { Transport } from '../events/transport.js';
import { type BodyLimits, DEFAULT_BODY_LIMITS, type MultipartLimits } from '../http/body-limits.js';
import { DEFAULT_WEBSOCKET_LIMITS, normalizeOrigin, type WebSocketLimits } from '../ws/limits.js';
import type { Bindings } from './bindings.js';

/** Where fw reports errors that no response can carry (5xx, failures after sending). */
export interface Logger {
  error(message: string, err: unknown): void;
}

/** What `createApp` takes. Every limit has a safe default. */
export interface AppOptions {
  /** What fwgen generated. */
  readonly bindings: Bindings;
  /** Instances to use for controllers and interceptors instead of creating them. */
  readonly providers?: readonly object[];
  /** Global interceptors, in order. */
  readonly interceptors?: readonly Interceptor[];
  /** Argument resolvers tried before the built-in ones. */
  readonly resolvers?: readonly ArgumentResolver[];
  /** Post-execution hooks, run before the app's event dispatch hook. */
  readonly hooks?: readonly PostExecutionHook[];
  /** Largest request body in bytes. @default 1048576 (1 MiB) */
  readonly bodyLimit?: number;
  /** Bounds of multipart forms. */
  readonly multipart?: Partial<MultipartLimits>;
  /** A deadline on each HTTP request's `Context`. @default none */
  readonly requestTimeoutMs?: number;
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
  /** How events travel. @default the in-memory transport */
  readonly transport?: Transport;
  /** @default console */
  readonly logger?: Logger;
}

/** The options with defaults applied. */
export interface ResolvedOptions {
  readonly limits: BodyLimits;
  readonly requestTimeoutMs: number | undefined;
  readonly closeTimeoutMs: number;
  readonly webSocket: WebSocketLimits;
  readonly logger: Logger;
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
  const multipart: Record<string, number> = { ...DEFAULT_BODY_LIMITS.multipart };
  for (const [key, value] of Object.entries(options.multipart ?? {})) {
    if (!MULTIPART_KEYS.includes(key)) {
      invalid(`multipart.${key}`, `one of ${MULTIPART_KEYS.join(', ')}`, key);
    }
    multipart[key] = positive(`multipart.${key}`, value);
  }
  return {
    limits: Object.freeze({
      bodyLimit: positive('bodyLimit', options.bodyLimit ?? DEFAULT_BODY_LIMITS.bodyLimit),
      multipart: Object.freeze(multipart as unknown as MultipartLimits),
    }),
    requestTimeoutMs:
      options.requestTimeoutMs === undefined
        ? undefined
        : positive('requestTimeoutMs', options.requestTimeoutMs),
    closeTimeoutMs: positive('closeTimeoutMs', options.closeTimeoutMs ?? 10_000),
    webSocket: resolveWebSocket(options),
    logger: options.logger ?? console,
  };
}

function resolveWebSocket(options: AppOptions): WebSocketLimits {
  const d = DEFAULT_WEBSOCKET_LIMITS;
  const origins = options.allowedOrigins ?? d.allowedOrigins;
  if (!Array.isArray(origins)) invalid('allowedOrigins', 'an array of origins', String(origins));
  const allowedOrigins = origins.map((o: unknown) => {
    const origin = typeof o === 'string' ? normalizeOrigin(o) : undefined;
    if (origin === undefined) {
      invalid('allowedOrigins', "origins such as 'https://app.example.com'", String(o));
    }
    return origin;
  });
  const maxConnections = positive('maxConnections', options.maxConnections ?? d.maxConnections);
  if (!Number.isInteger(maxConnections)) {
    invalid('maxConnections', 'a positive integer', String(maxConnections));
  }
  return Object.freeze({
    allowedOrigins: Object.freeze(allowedOrigins),
    maxConnections,
    maxMessageBytes: positive('maxMessageBytes', options.maxMessageBytes ?? d.maxMessageBytes),
    pingIntervalMs: positive('pingIntervalMs', options.pingIntervalMs ?? d.pingIntervalMs),
    handshakeTimeoutMs: positive(
      'handshakeTimeoutMs',
      options.handshakeTimeoutMs ?? d.handshakeTimeoutMs,
    ),
  });
}

function positive(option: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
    invalid(option, 'a positive number', String(value));
  }
  return value as number;
}

function invalid(option: string, expected: string, got: string): never {
  throw new FwError('FW_ERR_INVALID_OPTION', { option, expected, got });
}
