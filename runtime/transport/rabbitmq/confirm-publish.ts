/** Publishing one message on a confirm channel and waiting for the broker's answer. */
import { randomUUID } from 'node:crypto';
import type { ConfirmChannel } from 'amqplib';

/** The broker refused a message (`basic.nack`): sending it again will not help. @internal */
export class RefusedError extends Error {
  override readonly name = 'RefusedError';
}

/** The message header that carries the publishing request's id. */
export const REQUEST_ID_AMQP_HEADER = 'x-request-id';

/**
 * Publishes `payload` to `exchange` with routing key `eventName`, persistent, as JSON, with
 * `requestId` (already checked to be a token) in its headers; resolves
 * when the broker confirmed it, rejects with {@link RefusedError} when it refused it, and with the
 * channel's error when the channel ended first (then nobody knows whether it arrived).
 * @internal
 */
export function confirmPublish(
  channel: ConfirmChannel,
  exchange: string,
  eventName: string,
  payload: Uint8Array,
  requestId: string | undefined,
): Promise<void> {
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
        messageId: randomUUID(),
        timestamp: Math.floor(Date.now() / 1000),
        ...(requestId === undefined ? {} : { headers: { [REQUEST_ID_AMQP_HEADER]: requestId } }),
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
