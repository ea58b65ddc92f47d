/** The WebSocket options of `createApp`, with their defaults. */
import type { ClientAddressOf } from '../core/request/client-address.js';

/** How the app bounds and watches its WebSocket connections; every value has a default. */
export interface WebSocketLimits {
  /** Browser origins, normalised by {@link normalizeOrigin}, allowed besides the server's own. */
  readonly allowedOrigins: readonly string[];
  /** Connections open or in their handshake at once; beyond it the upgrade gets 503. */
  readonly maxConnections: number;
  /** The largest message; a bigger one closes the connection with 1009. */
  readonly maxMessageBytes: number;
  /** How often each connection is pinged; one that did not answer the last ping is terminated. */
  readonly pingIntervalMs: number;
  /** How long the `preHandshake` interceptors may take before the upgrade is refused with 503. */
  readonly handshakeTimeoutMs: number;
  /**
   * Bytes waiting to be sent on a connection above which it is no longer read, until its socket
   * has drained: a client that sends without reading stops being served instead of piling replies.
   */
  readonly backpressureHighWaterMark: number;
  /** Bytes waiting to be sent beyond which a send is refused and the connection closed with 1008. */
  readonly maxBackpressureBytes: number;
  /** How long a `sendMessage` may wait for its frame to be written before it rejects. */
  readonly sendTimeoutMs: number;
  /** The client's address behind trusted proxies (`trustProxy`); undefined: the socket's peer. */
  readonly clientAddress?: ClientAddressOf | undefined;
}

/**
 * The defaults: 1,024 connections, 1 MiB messages, a 10 s handshake, a ping every 30 s; reading
 * stops above 64 KiB waiting to be sent, the connection closes beyond 4 MiB, a send waits 30 s.
 */
export const DEFAULT_WEBSOCKET_LIMITS: WebSocketLimits = Object.freeze({
  allowedOrigins: Object.freeze([]),
  maxConnections: 1024,
  maxMessageBytes: 1024 * 1024,
  pingIntervalMs: 30_000,
  handshakeTimeoutMs: 10_000,
  backpressureHighWaterMark: 64 * 1024,
  maxBackpressureBytes: 4 * 1024 * 1024,
  sendTimeoutMs: 30_000,
});
