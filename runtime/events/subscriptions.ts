/**
 * The subscriptions a broker transport opens: the app's, one per group, one per instance for the
 * broadcast consumers. Subscriptions that land on the same group (a `group` that names the
 * transport's own) become one, whose handler runs each of them that takes the event.
 */
import { joinErrors, toError } from '../core/error-chain.js';
import type {
  Delivery,
  DeliveryHandler,
  Subscription,
  Transport,
  TransportStartOptions,
} from './transport.js';

/**
 * The consumer group whose deliveries `subscription` gets, as telemetry names it: the one it
 * names, else the transport's own; none for a broadcast one, whose instances each get all.
 */
export function groupOf(subscription: Subscription, transport: Transport): string | undefined {
  const delivery = subscription.delivery;
  if (delivery === undefined) return transport.group;
  return 'group' in delivery ? delivery.group : undefined;
}

/** A subscription as a broker opens it. @internal */
export interface BrokerSubscription {
  /** The group whose queue or consumer it reads; the transport's own group for a broadcast one. */
  readonly group: string;
  /** Every instance gets every message: a queue or consumer of this instance alone. */
  readonly broadcast: boolean;
  /** Sorted. */
  readonly eventNames: readonly string[];
  readonly handle: DeliveryHandler;
}

/**
 * The subscriptions of `start(eventNames, handle, options)`, merged by group; without
 * `options.subscriptions`, the app's group alone over `eventNames`. Empty ones are left out.
 * @internal
 */
export function brokerSubscriptions(
  appGroup: string,
  eventNames: readonly string[],
  handle: DeliveryHandler,
  options: TransportStartOptions,
): BrokerSubscription[] {
  const given: readonly Subscription[] = options.subscriptions ?? [{ eventNames, handle }];
  const merged = new Map<string, Subscription[]>();
  for (const s of given) {
    if (s.eventNames.length === 0) continue;
    const d = s.delivery;
    const key = d !== undefined && 'broadcast' in d ? '' : (d?.group ?? appGroup);
    merged.set(key, [...(merged.get(key) ?? []), s]);
  }
  return [...merged].map(([key, subs]) => ({
    group: key === '' ? appGroup : key,
    broadcast: key === '',
    eventNames: [...new Set(subs.flatMap((s) => s.eventNames))].sort(),
    handle: subs.length === 1 ? (subs[0] as Subscription).handle : handleEach(subs),
  }));
}

/**
 * Runs the handler of every subscription that takes the event, side by side (a slow one does not
 * hold back the others); their failures are joined.
 */
function handleEach(subs: readonly Subscription[]): DeliveryHandler {
  return async (delivery: Delivery) => {
    const taking = subs.filter((s) => s.eventNames.includes(delivery.eventName));
    const outcomes = await Promise.allSettled(taking.map(async (s) => s.handle(delivery)));
    let failure: Error | undefined;
    for (const outcome of outcomes) {
      if (outcome.status === 'rejected') failure = joinErrors(failure, toError(outcome.reason));
    }
    if (failure !== undefined) throw failure;
  };
}
