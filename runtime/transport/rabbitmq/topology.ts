/**
 * What the transport declares on the broker: the durable topic exchange events are published to,
 * and for a consuming app its group's quorum queue, bound to each consumed event name, with a
 * dead-letter exchange and queue behind it (one per group), its delay queues with `retry`, and
 * for its broadcast consumers an exclusive queue of each instance.
 */
import type { Channel } from 'amqplib';
import type { ResolvedOptions } from './options.js';
import { declareRetryQueues } from './retry.js';

/** Declares the topic exchange events are published to (idempotent). @internal */
export async function declareExchange(channel: Channel, options: ResolvedOptions): Promise<void> {
  await channel.assertExchange(options.exchange, 'topic', { durable: true });
}

/**
 * Declares the group's queue and its bindings (idempotent, safe from several instances at once).
 * Rejects, naming the queue, when it already exists with other arguments.
 * @internal
 */
export async function declareGroup(
  channel: Channel,
  options: ResolvedOptions,
  eventNames: readonly string[],
): Promise<void> {
  await declareExchange(channel, options);
  const dead = options.deadLetter;
  if (dead !== false) {
    await channel.assertExchange(dead.exchange, 'direct', { durable: true });
    await channel.assertQueue(dead.queue, {
      durable: true,
      arguments: { 'x-queue-type': 'quorum' },
    });
    await channel.bindQueue(dead.queue, dead.exchange, options.group);
  }
  try {
    await channel.assertQueue(options.group, { durable: true, arguments: queueArguments(options) });
  } catch (err) {
    throw new Error(
      `rabbitmq: cannot declare queue '${options.group}': ${(err as Error).message}. ` +
        'A queue of that name exists with other arguments (maxDeliveries, deadLetter, or not a ' +
        'quorum queue); delete it or choose another group',
      { cause: err },
    );
  }
  for (const eventName of eventNames) {
    await channel.bindQueue(options.group, options.exchange, eventName);
  }
  if (options.retry !== undefined) await declareRetryQueues(channel, options.group, options.retry);
}

/**
 * The group queue's arguments: a quorum queue, so the broker counts deliveries
 * (`x-delivery-count`) and dead-letters a message after `x-delivery-limit` failed ones, at least
 * once (the message stays in the queue until the dead-letter queue confirmed it).
 * @internal
 */
export function queueArguments(options: ResolvedOptions): Record<string, unknown> {
  const args: Record<string, unknown> = {
    'x-queue-type': 'quorum',
    'x-delivery-limit': options.maxDeliveries - 1,
  };
  const dead = options.deadLetter;
  if (dead === false) return args;
  return {
    ...args,
    'x-dead-letter-exchange': dead.exchange,
    'x-dead-letter-routing-key': options.group,
    'x-dead-letter-strategy': 'at-least-once',
    'x-overflow': 'reject-publish',
  };
}

/**
 * Declares an instance's broadcast queue: a classic queue, exclusive to this connection and
 * deleted with it (or when its last consumer leaves), bound like a group's queue. It has no
 * delivery limit or dead letters: a message its consumers fail is dropped
 * (docs/transport-rabbitmq.md).
 * @internal
 */
export async function declareBroadcast(
  channel: Channel,
  options: ResolvedOptions,
  queue: string,
  eventNames: readonly string[],
): Promise<void> {
  await declareExchange(channel, options);
  await channel.assertQueue(queue, {
    exclusive: true,
    autoDelete: true,
    durable: false,
    arguments: { 'x-queue-type': 'classic' },
  });
  for (const eventName of eventNames) {
    await channel.bindQueue(queue, options.exchange, eventName);
  }
}
