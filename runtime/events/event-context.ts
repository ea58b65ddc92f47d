/**
 * The context of one consumed event message: an `ExecutionContext` and a `ConsumerRequestContext`
 * `method()` is `EVENT`, `path()` the event name; headers,
 * path parameters and queries are empty.
 */

import { background, type Context, withValue } from '../core/context/context.js';
import { REQUEST_ID, requestIdFor } from '../core/context/request-id.js';
import { brandContext, EXECUTION_METHODS, hasMethods } from '../core/pipeline/context-kinds.js';
import { ContextStore } from '../core/pipeline/context-store.js';
import type {
  ContextCarrier,
  EventBusCarrier,
  ExecutionContext,
} from '../core/pipeline/execution-context.js';

const NO_QUERIES: Readonly<Record<string, readonly string[]>> = Object.freeze(Object.create(null));

/** What an {@link EventContext} is built from. */
export interface EventContextInit {
  readonly eventName: string;
  readonly payload: Uint8Array;
  /** The message-scoped context; without one, a child of `background()` carrying the id. */
  readonly context?: Context;
  /** The id the message was published with; a new one is made unless it is a short token. */
  readonly requestId?: string | undefined;
}

/** The concrete consumer request context. */
export class EventContext extends ContextStore implements ExecutionContext, ConsumerRequestContext {
  readonly #init: EventContextInit;
  #requestId: string | undefined;
  #context: Context | undefined;

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

  requestId(): string {
    return (this.#requestId ??= requestIdFor(this.#init.requestId));
  }

  /** The `Context` the message was given, else one carrying its id (`requestIdOf`). */
  context(): Context {
    return (this.#context ??=
      this.#init.context ?? withValue(background(), REQUEST_ID, this.requestId()));
  }
}

/** How consumer argument resolvers read an event message. */
export interface ConsumerRequestContext extends ContextCarrier, EventBusCarrier {
  eventName(): string;
  payload(): Uint8Array;
  /** The id the message was published with when it is a short token, otherwise a new one. */
  requestId(): string;
}

/** Every method of {@link ConsumerRequestContext} and `ExecutionContext`. */
const CONSUMER_METHODS: readonly string[] = [...EXECUTION_METHODS, 'eventName', 'payload'];

/** Whether `ctx` is an event consumer's context (and an execution context). */
export function isConsumerRequestContext(
  ctx: unknown,
): ctx is ConsumerRequestContext & ExecutionContext {
  return hasMethods(ctx, CONSUMER_METHODS);
}

brandContext(EventContext.prototype, [CONSUMER_METHODS]);
