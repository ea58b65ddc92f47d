/**
 * The context of one consumed event message: an `ExecutionContext` and a `ConsumerRequestContext`
 * (Spine's `ConsumerRequestContextImpl`). `method()` is `EVENT`, `path()` the event name; headers,
 * path parameters and queries are empty.
 */
import { brandContext } from '../core/guards.js';
import type { ConsumerRequestContext, ExecutionContext } from '../core/types.js';
import { background, type Context } from './context.js';
import { ContextStore } from './store.js';

const NO_QUERIES: Readonly<Record<string, readonly string[]>> = Object.freeze(Object.create(null));

/** What an {@link EventContext} is built from. */
export interface EventContextInit {
  readonly eventName: string;
  readonly payload: Uint8Array;
  /** The message-scoped context; `background()` when absent. */
  readonly context?: Context;
}

/** The concrete consumer request context. */
export class EventContext extends ContextStore implements ExecutionContext, ConsumerRequestContext {
  readonly #init: EventContextInit;

  constructor(init: EventContextInit) {
    super();
    this.#init = init;
  }

  method(): string {
    return 'EVENT';
  }

  path(): string {
    return this.#init.eventName;
  }

  header(_name: string): string {
    return '';
  }

  queries(): Readonly<Record<string, readonly string[]>> {
    return NO_QUERIES;
  }

  eventName(): string {
    return this.#init.eventName;
  }

  payload(): Uint8Array {
    return this.#init.payload;
  }

  context(): Context {
    return this.#init.context ?? background();
  }
}

brandContext(EventContext.prototype);
