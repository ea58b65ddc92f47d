/** Publishing one message on a confirm channel and waiting for the broker's answer. */
import { randomUUID } from 'node:crypto';
import type { ConfirmChannel } from 'amqplib';

/** The broker refused a message (`basic.nack`): sending it again will not help. @internal */
export class RefusedError extends Error {
  override readonly name = 'RefusedError';
}

/**
 * Publishes `payload` to `exchange` with routing key `eventName`, persistent, as JSON; resolves
 * when the broker confirmed it, rejects with {@link RefusedError} when it refused it, and with the
 * channel's error when the channel ended first (then nobody knows whether it arrived).
 * @internal
 */
export function confirmPublish(
  channel: ConfirmChannel,
  exchange: string,
  eventName: string,
  payload: Uint8Array,
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
