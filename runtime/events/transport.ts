/**
 * The small interface every event transport implements (in-memory, RabbitMQ, NATS JetStream): it
 * delivers messages by event name to one handler and acknowledges a message only when the handler
 * resolves (at-least-once delivery).
 */

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
