/**
 * Retries with delays on the broker (the `retry` option): a message whose handler failed is
 * published, persistent and confirmed, to a delay queue of its group, one per distinct wait
 * (`${group}.retry.${ms}`), and only then acknowledged. The delay queue holds it for its
 * `x-message-ttl` and dead-letters it, through the default exchange, back to the group's queue.
 * The copy carries the number of its next delivery (`x-fw-attempt`, as republishing starts
 * `x-delivery-count` anew) and its event name (`x-fw-event`, as it returns routed by the group's
 * name). The wait lives on the broker: an app that stops meanwhile loses nothing, and the next
 * instance of the group receives the retry.
 */
import type { Channel, ConfirmChannel, ConsumeMessage, MessageProperties } from 'amqplib';
import type { RetryPolicy } from '../../events/retry-policy.js';
import { retryDelay } from '../../events/retry-policy.js';
import { RefusedError } from './confirm-publish.js';

/** The header of a retried copy: the number of its next delivery (2 for the first retry). */
export const ATTEMPT_HEADER = 'x-fw-attempt';
/** The header of a retried copy: its event name (its routing key is the group's name now). */
export const EVENT_HEADER = 'x-fw-event';

// What the broker adds to a message as it dead-letters or counts it: not copied to a retry.
const BROKER_HEADERS = /^x-(death|delivery-count|first-death-|last-death-)/;

/** The delay queue of `group` for waits of `ms`. @internal */
export function retryQueue(group: string, ms: number): string {
  return `${group}.retry.${ms}`;
}

/**
 * Declares `group`'s delay queues, one per distinct wait of `policy` (idempotent): quorum queues
 * that dead-letter at least once, so a copy leaves one only once the group's queue has it.
 * @internal
 */
export async function declareRetryQueues(
  channel: Channel,
  group: string,
  policy: RetryPolicy,
): Promise<void> {
  for (const ms of new Set(policy.delays)) {
    const queue = retryQueue(group, ms);
    try {
      await channel.assertQueue(queue, {
        durable: true,
        arguments: {
          'x-queue-type': 'quorum',
          'x-message-ttl': ms,
          'x-dead-letter-exchange': '',
          'x-dead-letter-routing-key': group,
          'x-dead-letter-strategy': 'at-least-once',
          'x-overflow': 'reject-publish',
        },
      });
    } catch (err) {
      throw new Error(
        `rabbitmq: cannot declare delay queue '${queue}': ${(err as Error).message}. A queue ` +
          'of that name exists with other arguments; delete it or choose another group',
        { cause: err },
      );
    }
  }
}

/**
 * The number of this delivery of `message`: the one its retried copy carries (1 for a message
 * as published), plus the failed deliveries the group's quorum queue counted since.
 * @internal
 */
export function attemptOf(message: ConsumeMessage): number {
  const headers = message.properties.headers;
  const carried = Number(headers?.[ATTEMPT_HEADER]);
  const base = Number.isSafeInteger(carried) && carried >= 1 ? carried : 1;
  return base + Number(headers?.['x-delivery-count'] ?? 0);
}

/** The event of `message`: the one its retried copy names, else its routing key. @internal */
export function eventNameOf(message: ConsumeMessage): string {
  const carried: unknown = message.properties.headers?.[EVENT_HEADER];
  return typeof carried === 'string' && carried !== '' ? carried : message.fields.routingKey;
}

/**
 * Sends a copy of `message`, whose delivery `failed` failed, to the delay queue of the wait after
 * it; resolves once the broker confirmed it (the caller then acknowledges the original).
 * @internal
 */
export function scheduleRetry(
  publisher: ConfirmChannel,
  group: string,
  policy: RetryPolicy,
  message: ConsumeMessage,
  failed: number,
): Promise<void> {
  const eventName = eventNameOf(message);
  const props = message.properties as Partial<MessageProperties>;
  const headers: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(props.headers ?? {})) {
    if (!BROKER_HEADERS.test(name)) headers[name] = value;
  }
  headers[ATTEMPT_HEADER] = failed + 1;
  headers[EVENT_HEADER] = eventName;
  const queue = retryQueue(group, retryDelay(policy, failed));
  return new Promise<void>((resolve, reject) => {
    publisher.publish(
      '',
      queue,
      message.content,
      {
        persistent: true,
        contentType: props.contentType ?? 'application/json',
        type: props.type ?? eventName,
        ...(props.messageId === undefined ? {} : { messageId: props.messageId }),
        ...(props.timestamp === undefined ? {} : { timestamp: props.timestamp }),
        headers,
      },
      (err: unknown) => {
        if (err === null || err === undefined) resolve();
        else if (err instanceof Error && err.message === 'message nacked') {
          reject(new RefusedError(`rabbitmq: the broker refused the retry of ${eventName}`));
        } else reject(err);
      },
    );
  });
}
