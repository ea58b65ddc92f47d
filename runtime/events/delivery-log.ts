/**
 * The one log record of a failed event message, the same from every transport: the event, the
 * request id, which delivery it was, what happens to the message now, and how long it ran.
 */
import { errorCode } from '../core/error-chain.js';
import { elapsedMs, type Logger, log } from '../core/log/logger.js';
import { recordFieldsOf } from '../core/log/record-fields.js';
import { type Delivery, type DeliveryAttempt, isUnprocessable } from './transport.js';

/** What becomes of a message whose handler failed. */
export type Disposition = 'redelivered' | 'dead-lettered' | 'dropped';

/**
 * What becomes of a message whose delivery `attempt` failed with `err`: redelivered while
 * attempts remain and the failure can be retried, else dead-lettered or dropped. Every transport
 * decides by this, so telemetry reports what the transport did.
 */
export function dispositionOf(err: unknown, attempt: DeliveryAttempt): Disposition {
  if (!isUnprocessable(err) && attempt.number < attempt.max) return 'redelivered';
  return attempt.deadLetter ? 'dead-lettered' : 'dropped';
}

/** What the transport knows of a failed delivery besides the message. */
export interface DeliveryFailure {
  /** This delivery's number, 1 for the first. */
  readonly attempt: number;
  /** Deliveries before the message is dead-lettered or dropped. */
  readonly maxAttempts: number;
  readonly disposition: Disposition;
  /** When the handler started (`performance.now()`). */
  readonly startedAt: number;
  /** The consumer group, on a broker. */
  readonly group?: string;
  /** Where a dead-lettered message went: the NATS subject, the RabbitMQ exchange. */
  readonly deadLetterTo?: string;
  /** Why the message could not be dead-lettered, when it could not. */
  readonly deadLetterError?: string;
}

/** Logs `delivery`'s failure once, at `error`, with `err` itself. @internal */
export function logDeliveryFailure(
  logger: Logger,
  delivery: Delivery,
  err: unknown,
  failure: DeliveryFailure,
): void {
  log(
    logger,
    'error',
    {
      event: delivery.eventName,
      requestId: delivery.metadata?.requestId,
      ...(failure.group === undefined ? {} : { group: failure.group }),
      attempt: failure.attempt,
      maxAttempts: failure.maxAttempts,
      disposition: failure.disposition,
      ...(failure.deadLetterTo === undefined ? {} : { deadLetterTo: failure.deadLetterTo }),
      ...(failure.deadLetterError === undefined
        ? {}
        : { deadLetterError: failure.deadLetterError }),
      durationMs: elapsedMs(failure.startedAt),
      code: errorCode(err),
      err,
      ...recordFieldsOf(delivery),
    },
    'event failed',
  );
}
