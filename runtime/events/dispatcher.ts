/**
 * Dispatching the events a request published (the event dispatch hook and
 * `DefaultEventDispatcher`): after a successful execution the drained events go to the dispatcher,
 * one event at a time, each to every publisher at once; failures are joined.
 */
import type { Context } from '../core/context/context.js';
import { joinErrors, toError } from '../core/error-chain.js';
import type { DomainEvent } from '../core/pipeline/event-bus.js';
import type { ExecutionContext } from '../core/pipeline/execution-context.js';
import type { PostExecutionHook } from '../core/pipeline/interceptor.js';
import { HAS_EVENT_BUS } from '../core/pipeline/keys.js';

/** Sends one event somewhere: a broker, another process, the app's own consumers. */
export interface EventPublisher {
  publish(ctx: Context, event: DomainEvent): Promise<void>;
}

/** Sends a request's events to where they go. */
export interface Dispatcher {
  dispatch(ctx: Context, events: DomainEvent[]): Promise<void>;
}

/** The default {@link Dispatcher}: events in order, each to every publisher in parallel. */
export class DefaultDispatcher implements Dispatcher {
  readonly #publishers: readonly EventPublisher[];

  constructor(publishers: readonly EventPublisher[]) {
    publishers.forEach((p, i) => {
      if (typeof p?.publish !== 'function')
        throw new TypeError(`event publisher[${i}] cannot be nil`);
    });
    this.#publishers = [...publishers];
  }

  async dispatch(ctx: Context, events: DomainEvent[]): Promise<void> {
    let failure: Error | undefined;
    for (const event of events) {
      // `new Promise` turns a publisher that throws instead of rejecting into a rejection, so the
      // others still get the event and the failure is reported like any other.
      const outcomes = await Promise.allSettled(
        this.#publishers.map((p) => new Promise<void>((resolve) => resolve(p.publish(ctx, event)))),
      );
      for (const outcome of outcomes) {
        if (outcome.status === 'rejected') {
          const cause = toError(outcome.reason);
          const err = new Error(`failed to publish event (${event.name}): ${cause.message}`, {
            cause,
          });
          failure = joinErrors(failure, err);
        }
      }
    }
    if (failure !== undefined) throw failure;
  }
}

/**
 * The post-execution hook that hands a successful execution's events to `dispatcher`; a dispatch
 * error fails the execution. Does nothing after a failure or when nothing was published.
 */
export function eventDispatchHook(dispatcher: Dispatcher): PostExecutionHook {
  return {
    afterExecution(ctx: ExecutionContext, _results: unknown[], err: Error | undefined) {
      if (err !== undefined) return;
      const peek = (ctx as Partial<Record<typeof HAS_EVENT_BUS, () => boolean>>)[HAS_EVENT_BUS];
      if (peek !== undefined && !peek.call(ctx)) return;
      const events = ctx.eventBus().drain();
      if (events.length === 0) return;
      return dispatcher.dispatch(ctx.context(), events);
    },
  };
}
