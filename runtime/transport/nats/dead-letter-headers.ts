/**
 * The headers of a dead letter, in a file of their own: `fw/transport/nats` exports them, and its
 * declarations must name nothing of the NATS client, so that an app compiles before it is
 * installed.
 */

/** The headers a dead letter carries besides the original payload. */
export const DEAD_LETTER_HEADERS = Object.freeze({
  /** The event name. */
  event: 'Fw-Event',
  /** The consumer group whose handler failed. */
  group: 'Fw-Group',
  /** How many times the message was delivered. */
  deliveries: 'Fw-Deliveries',
  /** The last failure, on one line. */
  error: 'Fw-Error',
  /** The original message's sequence in the stream. */
  sequence: 'Fw-Stream-Sequence',
});
