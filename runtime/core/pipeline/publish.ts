/**
 * Publishing domain events from a handler: the `Context` a handler
 * receives carries the request's event bus under {@link PUBLISHER_KEY}.
 */
import type { Context } from '../context/context.js';
import type { DomainEvent, EventBus } from './event-bus.js';

/** The key under which a handler's `Context` carries the request's {@link EventBus}. */
export const PUBLISHER_KEY: unique symbol = Symbol('fw.publisher');

/**
 * Publishes events on the request's bus; they are dispatched after the handler succeeds.
 * Does nothing when `ctx` carries no bus.
 * @example publishEvents(ctx, { name: 'order.created', occurredAt: new Date(), orderId });
 */
export function publishEvents(ctx: Context, ...events: DomainEvent[]): void {
  const bus = ctx.value(PUBLISHER_KEY) as EventBus | undefined;
  bus?.publish(...events);
}
