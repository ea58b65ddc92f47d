import { background, type Context, withValue } from 'fw/context';
import type { ExecutionContext } from 'fw/core';
import { type Dispatcher, type DomainEvent, eventDispatchHook } from 'fw/publish';
import { describe, expect, it } from 'vitest';
import {
  createPipeline,
  type Protocol,
  type Route,
} from '../../../runtime/core/pipeline/pipeline.js';
import { EventContext } from '../../../runtime/events/event-context.js';

const event = (name: string): DomainEvent => ({ name, occurredAt: new Date(0) });

/** A dispatcher that records each call and fails with `failure` when given one. */
function recordingDispatcher(failure?: Error) {
  const calls: [Context, DomainEvent[]][] = [];
  const dispatcher: Dispatcher = {
    async dispatch(ctx, events) {
      calls.push([ctx, events]);
      if (failure !== undefined) throw failure;
    },
  };
  return { calls, dispatcher };
}

/** A consumer context whose request context carries `tenant`. */
function contextWithEvents(...events: DomainEvent[]): EventContext {
  const context = withValue(background(), 'tenant', 'acme');
  const ctx = new EventContext({ eventName: 'x', payload: new Uint8Array(), context });
  ctx.eventBus().publish(...events);
  return ctx;
}

describe('eventDispatchHook', () => {
  // After a success, the drained events go to the dispatcher with the request context.
  it('dispatches the drained events with ctx.context()', async () => {
    const { calls, dispatcher } = recordingDispatcher();
    const [a, b] = [event('a'), event('b')];
    const ctx = contextWithEvents(a, b);
    await eventDispatchHook(dispatcher).afterExecution(ctx, ['result'], undefined);
    expect(calls).toHaveLength(1);
    const [given, events] = calls[0] as [Context, DomainEvent[]];
    expect(given).toBe(ctx.context());
    expect(given.value('tenant')).toBe('acme');
    expect(events).toEqual([a, b]);
    expect(ctx.eventBus().drain()).toEqual([]);
  });

  it('does nothing after a failed execution, and leaves the bus alone', async () => {
    const { calls, dispatcher } = recordingDispatcher();
    const a = event('a');
    const ctx = contextWithEvents(a);
    const r = eventDispatchHook(dispatcher).afterExecution(ctx, [], new Error('handler failed'));
    expect(r).toBeUndefined();
    expect(calls).toEqual([]);
    expect(ctx.eventBus().drain()).toEqual([a]);
  });

  it('does nothing when nothing was published', () => {
    const { calls, dispatcher } = recordingDispatcher();
    expect(eventDispatchHook(dispatcher).afterExecution(contextWithEvents(), [], undefined)).toBe(
      undefined,
    );
    expect(calls).toEqual([]);
  });

  it('rejects with the dispatch error', async () => {
    const failure = new Error('failed to publish event (a): broker down');
    const { dispatcher } = recordingDispatcher(failure);
    const r = eventDispatchHook(dispatcher).afterExecution(
      contextWithEvents(event('a')),
      [],
      undefined,
    );
    await expect(Promise.resolve(r)).rejects.toBe(failure);
  });
});

describe('eventDispatchHook in a pipeline', () => {
  // A dispatch error fails the execution; only events of a successful execution are dispatched.
  function run(dispatcher: Dispatcher, handler: (ctx: ExecutionContext) => void) {
    const route: Route = {
      meta: { pathKeys: [] },
      interceptors: [],
      params: [],
      resolvers: [],
      controller: undefined,
      invoke: () => handler(ctx),
    };
    const responded: (Error | undefined)[] = [];
    const protocol: Protocol<EventContext> = {
      route: () => route,
      checkpoint: () => {},
      stage: () => {},
      respond: (_ctx, err) => void responded.push(err),
    };
    const ctx = new EventContext({ eventName: 'x', payload: new Uint8Array() });
    const execute = createPipeline({
      interceptors: [],
      hooks: [eventDispatchHook(dispatcher)],
      protocol,
    });
    return Promise.resolve(execute(ctx)).then((err) => ({ err, responded }));
  }

  it('fails the execution when dispatch fails', async () => {
    const failure = new Error('broker down');
    const { calls, dispatcher } = recordingDispatcher(failure);
    const { err, responded } = await run(dispatcher, (ctx) => ctx.eventBus().publish(event('a')));
    expect(err).toBe(failure);
    expect(responded).toEqual([failure]);
    expect(calls.map(([, events]) => events.map((e) => e.name))).toEqual([['a']]);
  });

  it('does not dispatch the events of a handler that threw', async () => {
    const { calls, dispatcher } = recordingDispatcher();
    const { err } = await run(dispatcher, (ctx) => {
      ctx.eventBus().publish(event('a'));
      throw new Error('handler failed');
    });
    expect(err?.message).toBe('handler failed');
    expect(calls).toEqual([]);
  });
});
