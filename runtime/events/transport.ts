/**
 * The small interface every event transport implements (in-memory, RabbitMQ, NATS JetStream): it
 * delivers messages by event name to one handler and acknowledges a message only when the handler
 * resolves (at-least-once delivery).
 */
import { isRequestId } from '../core/context/request-id.js';
import { findError } from '../core/error-chain.js';
import { FwError } from '../core/errors.js';
import type { Logger } from '../core/log/logger.js';

/**
 * What travels with a message besides its payload. A broker transport carries it in the
 * message's headers (`x-request-id` on RabbitMQ, `X-Request-Id` on NATS).
 */
export interface EventMetadata {
  /**
   * The id of the request that published the event; the consumer's `requestId()` when it is a
   * short token (1–128 of `A-Z a-z 0-9 . _ : + / = -`). Anything else is not sent.
   */
  readonly requestId?: string | undefined;
  /**
   * The trace context of the span that published the event, as W3C Trace Context header fields
   * (`traceparent`, `tracestate`, and `baggage` when the propagator writes it): a broker transport
   * carries each as a message header of that name, and gives back only those names, each a string
   * of at most {@link MAX_TRACE_FIELD} characters.
   */
  readonly trace?: Readonly<Record<string, string>> | undefined;
  /**
   * The id to send the message with, when the sender chose one (telemetry does, to name it on
   * the producer's span): used when it is a short token as `requestId` is, else the transport
   * makes one. Every delivery of the message gives it back as `Delivery.messageId`.
   */
  readonly messageId?: string | undefined;
}

/** The id to send a message with: the one `metadata` chose when it is a short token, else `make()`'s. */
export function messageIdFor(metadata: EventMetadata | undefined, make: () => string): string {
  const id = metadata?.messageId;
  return isRequestId(id) ? id : make();
}

/** The trace context header fields a transport carries with a message. */
export const TRACE_FIELDS: readonly string[] = ['traceparent', 'tracestate', 'baggage'];

/** The longest value of a trace context field a transport carries; a longer one is dropped. */
export const MAX_TRACE_FIELD = 8192;

/** Which delivery of its message a {@link Delivery} is, and what becomes of it if it fails. */
export interface DeliveryAttempt {
  /** 1 for the first delivery. */
  readonly number: number;
  /** Deliveries before the message is dead-lettered or dropped. */
  readonly max: number;
  /** Whether a message that fails its last delivery goes to a dead letter (else it is dropped). */
  readonly deadLetter: boolean;
}

/** One message as a transport delivers it: the event name and the UTF-8 JSON of the event. */
export interface Delivery {
  readonly eventName: string;
  readonly payload: Uint8Array;
  /** What the message was published with; fw's transports always give a `requestId`. */
  readonly metadata?: EventMetadata;
  /** The broker's id of the message, the same on every delivery of it. */
  readonly messageId?: string | undefined;
  /** Which delivery this is; fw's transports always give it. */
  readonly attempt?: DeliveryAttempt | undefined;
}

/** Handles one delivery: resolving acknowledges it, rejecting negatively acknowledges it. */
export type DeliveryHandler = (delivery: Delivery) => Promise<void>;

/**
 * How a consumer's instances share its messages (`@EventConsumer({ group })` or
 * `@EventConsumer({ broadcast: true })`): none of them for the transport's own `group` (the app's).
 */
export type EventDelivery = { readonly group: string } | { readonly broadcast: true };

/**
 * One way the app's consumers receive their events: the events of the consumers that share a
 * delivery, and the handler that runs those consumers alone.
 */
export interface Subscription {
  /**
   * Shared by the instances of this group, or received by every instance; the app's group when
   * absent.
   */
  readonly delivery?: EventDelivery;
  readonly eventNames: readonly string[];
  readonly handle: DeliveryHandler;
}

/** What the app hands a transport as it starts it. */
export interface TransportStartOptions {
  /** The app's logger: a transport created without its own `logger` reports to this one. */
  readonly logger?: Logger;
  /**
   * The consumers by delivery, each with its own handler. A broker transport gives each group its
   * own queue or consumer and each instance its own for broadcast ones. A transport that ignores
   * this gives every message of `eventNames` to the `handle` of `start`, which runs every consumer
   * of the event, as if all shared the app's group.
   */
  readonly subscriptions?: readonly Subscription[];
}

/** Carries events between publishers and the app's consumers. */
export interface Transport {
  /** Starts delivering the messages of `eventNames` to `handle`. */
  start(
    eventNames: readonly string[],
    handle: DeliveryHandler,
    options?: TransportStartOptions,
  ): Promise<void>;
  /** Sends one message; `metadata` travels with it to the consumer. */
  publish(eventName: string, payload: Uint8Array, metadata?: EventMetadata): Promise<void>;
  /** Stops taking messages, waits for those in flight, then disconnects. */
  close(): Promise<void>;
  /**
   * The messaging system, as telemetry names it (`messaging.system`): `rabbitmq`, `nats`,
   * `fw_memory`. Undefined: reported as `fw_custom`.
   */
  readonly system?: string;
  /** The consumer group the app's own consumers share on the broker, as telemetry names it. */
  readonly group?: string;
  /**
   * Whether the transport can reach its broker now (readiness). A transport without this member
   * counts as connected once started.
   */
  connected?(): boolean;
}

const UNPROCESSABLE: ReadonlySet<string> = new Set([
  'FW_ERR_PAYLOAD_MALFORMED',
  'FW_ERR_PAYLOAD_INVALID',
  'FW_ERR_PAYLOAD_TOO_LARGE',
  'FW_ERR_NO_CONSUMER',
]);

/**
 * Whether a delivery that failed with `err` can never succeed, whatever is retried: its payload is
 * not JSON, is over `maxPayloadBytes`, does not match a consumer's declared type, or no consumer
 * takes its event. A broker transport dead-letters such a message at once instead of redelivering
 * it.
 */
export function isUnprocessable(err: unknown): boolean {
  return findError(err, (e) => e instanceof FwError && UNPROCESSABLE.has(e.code)) !== undefined;
}
