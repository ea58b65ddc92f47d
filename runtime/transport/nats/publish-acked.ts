/**
 * Publishing to JetStream until the stream acknowledges: every attempt carries the same message
 * id, so a copy that did reach the stream before its answer was lost is dropped as a duplicate
 * (within the stream's duplicate window, 2 minutes by default).
 */
import type { JetStreamClient, PubAck } from '@nats-io/jetstream';
import type { MsgHdrs } from '@nats-io/transport-node';
import { natsLibrary } from './library.js';

/** What {@link publishAcked} sends. @internal */
export interface Outgoing {
  readonly subject: string;
  readonly payload: Uint8Array;
  /** @default a fresh unique id */
  readonly msgID?: string;
  readonly headers?: MsgHdrs;
}

// One attempt waits at most this long for the stream's answer before sending again.
const ATTEMPT_MS = 2000;
const RETRY_DELAY_MS = 100;

/**
 * Publishes `message`, resending while the connection or JetStream is unavailable, until
 * `timeoutMs` has passed; a refusal by the stream (too big, a limit) is not retried. @internal
 */
export async function publishAcked(
  js: JetStreamClient,
  message: Outgoing,
  timeoutMs: number,
  gaveUp: () => boolean,
): Promise<PubAck> {
  const msgID = message.msgID ?? natsLibrary().nats.nuid.next();
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const left = deadline - Date.now();
    try {
      const options = { msgID, timeout: Math.max(1, Math.min(left, ATTEMPT_MS)) };
      if (message.headers !== undefined) Object.assign(options, { headers: message.headers });
      return await js.publish(message.subject, message.payload, options);
    } catch (err) {
      if (
        err instanceof natsLibrary().jetstream.JetStreamApiError ||
        gaveUp() ||
        Date.now() + RETRY_DELAY_MS >= deadline
      ) {
        const reason = err instanceof Error ? err.message : String(err);
        throw new Error(
          `nats: ${message.subject} was not acknowledged by JetStream within ${timeoutMs} ms: ${reason}`,
          { cause: err },
        );
      }
      await new Promise((resolve) => setTimeout(resolve, RETRY_DELAY_MS));
    }
  }
}
