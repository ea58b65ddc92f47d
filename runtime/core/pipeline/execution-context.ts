/** What the pipeline, routers and interceptors see of any request, message or event. */
import type { Context } from '../context/context.js';
import type { EventBus } from './event-bus.js';

/** Carries the request-scoped {@link Context}. */
export interface ContextCarrier {
  context(): Context;
}

/** Carries the request-scoped {@link EventBus}. */
export interface EventBusCarrier {
  eventBus(): EventBus;
}

/** What the pipeline, routers and interceptors see of any request, message or event. */
export interface ExecutionContext extends ContextCarrier, EventBusCarrier {
  /** `GET`, `POST`, … for HTTP; `EVENT` for a consumer; `WS` for a WebSocket message. */
  method(): string;
  /** The request path without the query, the event name, or the WebSocket path. */
  path(): string;
  params(): Readonly<Record<string, string>>;
  /** The path parameter keys in route order. */
  pathKeys(): readonly string[];
  /** First value of a header, name case-insensitive; `''` when absent. */
  header(name: string): string;
  queries(): Readonly<Record<string, readonly string[]>>;
  /**
   * The request's id: the `X-Request-Id` it arrived with (or an event's, or the WebSocket upgrade
   * request's) when that is a short token, otherwise a new one. Echoed as `X-Request-Id`, written
   * in fw's logs and carried by the events the request publishes.
   */
  requestId(): string;
  /** Stores a value for the rest of the request (interceptors share data this way). */
  set(key: string, value: unknown): void;
  get<T = unknown>(key: string): T | undefined;
  has(key: string): boolean;
}
