/** Job events as an fw consumer: a typed, validated payload through the consumer pipeline. */
import { EventConsumer, OnEvent } from 'fw';
import type { DomainEvent } from 'fw/publish';

/** The event of job events. */
export interface OrderShipped extends DomainEvent {
  readonly name: 'order.shipped';
  readonly orderId: number;
  readonly carrier: string;
}

/** Counts what it consumed, and resolves `done` at the count it was given. */
export class ShippedCounter {
  count = 0;
  #target = Number.POSITIVE_INFINITY;
  #done: () => void = () => {};

  /** Resolves once `n` events were consumed since the last call. */
  until(n: number): Promise<void> {
    this.count = 0;
    this.#target = n;
    return new Promise((resolve) => {
      this.#done = resolve;
    });
  }

  add(event: OrderShipped): void {
    if (event.orderId >= 0 && ++this.count === this.#target) this.#done();
  }
}

@EventConsumer()
export class ShippingEvents {
  readonly #counter: ShippedCounter;

  constructor(counter: ShippedCounter) {
    this.#counter = counter;
  }

  @OnEvent('order.shipped')
  shipped(event: OrderShipped): void {
    this.#counter.add(event);
  }
}
