/**
 * Dead letters: a message that failed `maxDeliver` times is published, with why, to the
 * dead-letter subject, and only then terminated, so it is kept rather than lost.
 */
import type { JetStreamClient, JsMsg } from '@nats-io/jetstream';
import { REQUEST_ID_HEADER } from '../../core/context/request-id.js';
import type { Disposition } from '../../events/delivery-log.js';
import { traceFieldsOf } from '../../events/trace-fields.js';
import type { Delivery } from '../../events/transport.js';
import { settle } from '../shared/promises.js';
import { DEAD_LETTER_HEADERS } from './dead-letter-headers.js';
import { natsLibrary } from './library.js';
import type { ResolvedOptions } from './options.js';
import { publishAcked } from './publish-acked.js';

const MAX_ERROR_CHARS = 512;

/** What became of a message given to {@link deadLetter}. @internal */
export interface DeadLettered {
  readonly disposition: Disposition;
  /** The subject it was dead-lettered to. */
  readonly deadLetterTo?: string;
  /** Why it could not be dead-lettered (it is then redelivered). */
  readonly deadLetterError?: string;
}

/**
 * Dead-letters the message of `delivery` (or drops it when there is no dead-letter subject) and
 * terminates it; if the dead letter cannot be published, negatively acknowledges it instead, so
 * that its next delivery tries again. @internal
 */
export async function deadLetter(
  js: JetStreamClient,
  options: ResolvedOptions,
  message: JsMsg,
  delivery: Delivery,
  failure: unknown,
): Promise<DeadLettered> {
  const { deadLetterSubject, group, stream } = options;
  if (deadLetterSubject === false) {
    settle(() => message.term());
    return { disposition: 'dropped' };
  }
  const deliveries = message.info.deliveryCount;
  const h = natsLibrary().nats.headers();
  const requestId = delivery.metadata?.requestId;
  if (requestId !== undefined) h.set(REQUEST_ID_HEADER, requestId);
  // The trace context goes with the dead letter, so that whoever handles it joins the trace.
  for (const [name, value] of traceFieldsOf(delivery.metadata?.trace)) h.set(name, value);
  h.set(DEAD_LETTER_HEADERS.event, delivery.eventName);
  h.set(DEAD_LETTER_HEADERS.group, group);
  h.set(DEAD_LETTER_HEADERS.deliveries, String(deliveries));
  h.set(DEAD_LETTER_HEADERS.error, oneLine(failure));
  h.set(DEAD_LETTER_HEADERS.sequence, String(message.seq));
  try {
    await publishAcked(
      js,
      {
        subject: deadLetterSubject,
        payload: message.data,
        headers: h,
        // Published again after a lost termination, it is still one dead letter.
        msgID: `${stream}:${group}:${message.seq}`,
      },
      options.publishTimeoutMs,
      () => false,
    );
  } catch (err) {
    settle(() => message.nak());
    return { disposition: 'redelivered', deadLetterError: oneLine(err) };
  }
  settle(() => message.term());
  return { disposition: 'dead-lettered', deadLetterTo: deadLetterSubject };
}

function oneLine(failure: unknown): string {
  const text = failure instanceof Error ? failure.message : String(failure);
  return text.replace(/[\r\n]+/g, ' ').slice(0, MAX_ERROR_CHARS);
}
