/**
 * The small interface every event transport implements (in-memory, RabbitMQ, NATS JetStream): it
 * delivers messages by event name to one handler and acknowledges a message only when the handler
 * resolves (at-least-once delivery).
 */
import { findError } from '../core/error-chain.js';
import { FwError } from '../errors.js';

/** One message as a transport delivers it: the event name and the UTF-8 JSON of the event. */
export interface Delivery {
  readonly eventName: string;
  readonly payload: Uint8Array;
}

/** Handles one delivery: resolving acknowledges it, rejecting negatively acknowledges it. */
export type DeliveryHandler = (delivery: Delivery) => Promise<void>;

/** Carries events between publishers and the app's consumers. */
export interface Transport {
  /** Starts delivering the messages of `eventNames` to `handle`. */
  start(eventNames: readonly string[], handle: DeliveryHandler): Promise<void>;
  /** Sends one message. */
  publish(eventName: string, payload: Uint8Array): Promise<void>;
  /** Stops taking messages, waits for those in flight, then disconnects. */
  close(): Promise<void>;
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
