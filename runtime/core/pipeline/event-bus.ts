/** The request-scoped event bus and the domain events it queues. */

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

/** Something that happened in the domain; published on a request's {@link EventBus}. */
export interface DomainEvent {
  readonly name: string;
  readonly occurredAt: Date;
}

/** The request-scoped queue of domain events; the same bus for the whole request. */
export interface EventBus {
  publish(...events: DomainEvent[]): void;
  /** Returns the events published so far, in order, and empties the bus. */
  drain(): DomainEvent[];
}
