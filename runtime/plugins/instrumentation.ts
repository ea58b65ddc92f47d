/**
 * What an app's telemetry wraps: every execution that `createApp` builds (HTTP requests, event
 * deliveries, WebSocket messages), every event it sends, the WebSocket upgrades, and its logger.
 * `createApp` applies it once, while it builds the app; an app without telemetry applies nothing,
 * so it pays nothing. `plugins/telemetry/` makes the OpenTelemetry one.
 */
import type { Logger } from '../core/log/logger.js';
import type { Execute } from '../core/pipeline/pipeline.js';
import type { DeliveryHandler, EventMetadata } from '../events/transport.js';
import type { HttpExchange } from '../http/exchange.js';
import type { UpgradeObserver } from '../ws/upgrade-observer.js';
import type { WsMessage } from '../ws/ws-message.js';

/** Sends one event: to the transport, or (`app.emit`) to the app's own consumers. */
export type SendEvent = (
  eventName: string,
  payload: Uint8Array,
  metadata: EventMetadata,
) => Promise<void>;

/** Who consumes a delivery, as telemetry names it. */
export interface ConsumerFacts {
  /** The transport's `system` (`rabbitmq`, `nats`, `fw_memory`). */
  readonly system: string;
  /** The consumer group: a named one, or the transport's own; none for broadcast consumers. */
  readonly group: string | undefined;
}

/** Wrappers around what an app does, each returning what it wraps with telemetry added. */
export interface Instrumentation {
  /** The app's logger: its records carry the trace and span they were written under. */
  logger(logger: Logger): Logger;
  /** Every HTTP request, over a socket and through `inject()`. */
  http(execute: Execute<HttpExchange>): Execute<HttpExchange>;
  /** Every WebSocket message. */
  messages(execute: Execute<WsMessage>): Execute<WsMessage>;
  /** Sending events, by the transport named `system`: adds to `metadata` the context it carries. */
  send(send: SendEvent, system: string): SendEvent;
  /** Handling one delivery of a message. */
  deliveries(handle: DeliveryHandler, consumer: ConsumerFacts): DeliveryHandler;
  /** The gateways' upgrades and connections. */
  readonly upgrades: UpgradeObserver;
}
