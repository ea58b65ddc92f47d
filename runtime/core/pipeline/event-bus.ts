/** The request-scoped event bus (Spine's `DefaultEventBus`). */
import type { DomainEvent, EventBus } from './types.js';

/** An in-order queue of the events one request published. */
export class DefaultEventBus implements EventBus {
  #events: DomainEvent[] | undefined;

  publish(...events: DomainEvent[]): void {
    const queue = (this.#events ??= []);
    for (const event of events) queue.push(event);
  }

  drain(): DomainEvent[] {
    const events = this.#events ?? [];
    this.#events = undefined;
    return events;
  }
}
