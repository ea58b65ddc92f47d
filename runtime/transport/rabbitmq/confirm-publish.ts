/** Publishing one message on a confirm channel and waiting for the broker's answer. */
import type { ConfirmChannel } from 'amqplib';

/** The broker refused a message (`basic.nack`): sending it again will not help. @internal */
export class RefusedError extends Error {
  override readonly name = 'RefusedError';
}

/** The message header that carries the publishing request's id. */
export const REQUEST_ID_AMQP_HEADER = 'x-request-id';

/** One message as {@link confirmPublish} sends it, the same on every copy. @internal */
export interface AmqpOutgoing {
  readonly eventName: string;
  readonly payload: Uint8Array;
  /** The AMQP `message-id`, which every delivery of every copy carries. */
  readonly messageId: string;
  /** `x-request-id` and the trace context fields, already checked; none when empty. */
  readonly headers: Readonly<Record<string, string>> | undefined;
}

/**
 * Publishes `message.payload` to `exchange` with routing key `message.eventName`, persistent, as
 * JSON, with its message id and headers; resolves when the broker confirmed it, rejects with
 * {@link RefusedError} when it refused it, and with the channel's error when the channel ended
 * first (then nobody knows whether it arrived).
 * @internal
 */
export function confirmPublish(
  channel: ConfirmChannel,
  exchange: string,
  message: AmqpOutgoing,
): Promise<void> {
  const { eventName, payload, messageId, headers } = message;
  const content = Buffer.from(payload.buffer, payload.byteOffset, payload.byteLength);
  return new Promise<void>((resolve, reject) => {
    channel.publish(
      exchange,
      eventName,
      content,
      {
        persistent: true,
        contentType: 'application/json',
        type: eventName,
        messageId,
        timestamp: Math.floor(Date.now() / 1000),
        ...(headers === undefined ? {} : { headers }),
      },
      (err: unknown) => {
        if (err === null || err === undefined) resolve();
        else if (err instanceof Error && err.message === 'message nacked') {
          reject(new RefusedError(`rabbitmq: the broker refused event ${eventName} (nack)`));
        } else reject(err);
      },
    );
  });
}
