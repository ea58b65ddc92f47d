/**
 * The app's consumers grouped by how their instances share messages (`@EventConsumer({ group })`,
 * `@EventConsumer({ broadcast: true })` or neither), so that the transport opens one subscription
 * for each and runs only that subscription's consumers for its messages.
 */
import type { Route } from '../core/pipeline/pipeline.js';
import type { DeliveryHandler, EventDelivery, Subscription } from './transport.js';

interface Consumers {
  readonly delivery: EventDelivery | undefined;
  /** By event name, in the order the bindings list them. */
  readonly routes: Map<string, Route[]>;
}

/** The consumers of each delivery. @internal */
export class ConsumerDeliveries {
  readonly #byKey = new Map<string, Consumers>();

  /** Adds the consumer `route` of `eventName`. */
  add(eventName: string, route: Route, delivery: EventDelivery | undefined): void {
    const key = keyOf(delivery);
    let consumers = this.#byKey.get(key);
    if (consumers === undefined) {
      consumers = { delivery, routes: new Map() };
      this.#byKey.set(key, consumers);
    }
    consumers.routes.set(eventName, [...(consumers.routes.get(eventName) ?? []), route]);
  }

  /** One subscription per delivery, sorted by key; `handler` runs the consumers it is given. */
  subscriptions(
    handler: (routes: ReadonlyMap<string, readonly Route[]>) => DeliveryHandler,
  ): Subscription[] {
    return [...this.#byKey]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([, { delivery, routes }]) => ({
        ...(delivery === undefined ? {} : { delivery }),
        eventNames: [...routes.keys()].sort(),
        handle: handler(routes),
      }));
  }
}

function keyOf(delivery: EventDelivery | undefined): string {
  if (delivery === undefined) return '';
  return 'broadcast' in delivery ? '*broadcast' : `group:${delivery.group}`;
}
