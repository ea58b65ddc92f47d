import { FwError } from 'fw';
import { background, type Context, withValue } from 'fw/context';
import type { ControllerContext, ExecutionContext } from 'fw/core';
import { type DomainEvent, PUBLISHER_KEY, publishEvents } from 'fw/publish';
import { consumerContext, httpContext, webSocketContext } from 'fw/testing';
import { describe, expect, it } from 'vitest';
import {
  ContextResolver,
  ControllerContextResolver,
  EventBusResolver,
} from '../../../../runtime/core/resolvers/context-resolvers.js';
import { EventContext } from '../../../../runtime/events/event-context.js';
import { ConsumerRequestContextResolver } from '../../../../runtime/events/resolvers.js';
import { HttpRequestContextResolver } from '../../../../runtime/http/resolvers.js';
import {
  WebSocketContextResolver,
  WebSocketMessageContextResolver,
} from '../../../../runtime/ws/resolvers.js';
import { thrown } from '../../http/multipart-fixtures.js';

type Case<G, W> = [name: string, { given: G; want: W }];

const event = (name: string): DomainEvent => ({ name, occurredAt: new Date(0) });

/** One context of each kind, fresh per call. */
const kinds: Case<() => ExecutionContext, null>[] = [
  ['HTTP', { given: () => httpContext({ url: '/orders' }), want: null }],
  ['consumer', { given: () => consumerContext('order.created', { id: 1 }), want: null }],
  [
    'WebSocket',
    { given: () => webSocketContext({ path: '/ws', request: { url: '/ws' } }), want: null },
  ],
];

describe('ContextResolver.resolve', () => {
  // A Context parameter is the request context carrying the request's bus under PUBLISHER_KEY.
  const resolver = new ContextResolver();

  it.each(kinds)('%s: the bus under PUBLISHER_KEY is the request bus', (_name, { given }) => {
    const ctx = given();
    const resolved = resolver.resolve(ctx) as Context;
    expect(resolved.value(PUBLISHER_KEY)).toBe(ctx.eventBus());
    expect(resolved.signal).toBe(ctx.context().signal);
  });

  it.each(kinds)('%s: publishEvents lands on the request bus', (_name, { given }) => {
    const ctx = given();
    const resolved = resolver.resolve(ctx) as Context;
    const first = event('a');
    const second = event('b');
    publishEvents(resolved, first);
    publishEvents(resolved, second);
    expect(ctx.eventBus().drain()).toEqual([first, second]);
    expect(ctx.eventBus().drain()).toEqual([]);
  });

  it('keeps the values of the request context', () => {
    const context = withValue(background(), 'tenant', 'acme');
    const ctx = new EventContext({ eventName: 'x', payload: new Uint8Array(), context });
    expect((resolver.resolve(ctx) as Context).value('tenant')).toBe('acme');
  });
});

describe('ControllerContextResolver.resolve', () => {
  // The controller sees the execution context's values, read-only.
  const resolver = new ControllerContextResolver();

  it.each(kinds)('%s', (_name, { given }) => {
    const ctx = given();
    ctx.set('auth.user', 'ada');
    const view = resolver.resolve(ctx) as ControllerContext;
    expect([view.get('auth.user'), view.has('auth.user'), view.has('missing')]).toEqual([
      'ada',
      true,
      false,
    ]);
    expect(Object.keys(view).sort()).toEqual(['get', 'has']);
    ctx.set('later', 1);
    expect(view.get('later')).toBe(1);
  });
});

describe('EventBusResolver.resolve', () => {
  // An EventBus parameter is the same bus the request drains after the handler.
  it.each(kinds)('%s', (_name, { given }) => {
    const ctx = given();
    expect(new EventBusResolver().resolve(ctx)).toBe(ctx.eventBus());
  });
});

describe('protocol context resolvers', () => {
  // Each accepts its own kind (returning the context itself) and names the kind it needed otherwise.
  const resolvers = {
    http: new HttpRequestContextResolver(),
    consumer: new ConsumerRequestContextResolver(),
    webSocket: new WebSocketContextResolver(),
    webSocketMessage: new WebSocketMessageContextResolver(),
  };
  const NOT_HTTP = 'context is not an HTTP request context';
  const NOT_CONSUMER = 'context is not a consumer request context';
  const NOT_WS = 'context is not a WebSocket context';
  type Want = Record<keyof typeof resolvers, 'self' | string>;
  const cases: Case<() => ExecutionContext, Want>[] = [
    [
      'HTTP',
      {
        given: () => httpContext({ url: '/' }),
        want: { http: 'self', consumer: NOT_CONSUMER, webSocket: NOT_WS, webSocketMessage: NOT_WS },
      },
    ],
    [
      'consumer',
      {
        given: () => consumerContext('e'),
        want: { http: NOT_HTTP, consumer: 'self', webSocket: NOT_WS, webSocketMessage: NOT_WS },
      },
    ],
    [
      'WebSocket with a snapshot',
      {
        given: () => webSocketContext({ path: '/ws', request: { url: '/ws?room=1' } }),
        want: {
          http: NOT_HTTP,
          consumer: NOT_CONSUMER,
          webSocket: 'self',
          webSocketMessage: 'self',
        },
      },
    ],
    [
      'WebSocket without a snapshot',
      {
        given: () => webSocketContext({ path: '/ws' }),
        want: {
          http: NOT_HTTP,
          consumer: NOT_CONSUMER,
          webSocket: 'self',
          webSocketMessage: 'self',
        },
      },
    ],
    [
      'structural WebSocketContext without the upgrade request',
      {
        given: () => bareWebSocketContext(),
        want: {
          http: NOT_HTTP,
          consumer: NOT_CONSUMER,
          webSocket: 'self',
          webSocketMessage: NOT_WS,
        },
      },
    ],
  ];

  it.each(cases)('%s', (_name, { given, want }) => {
    for (const [kind, resolver] of Object.entries(resolvers)) {
      const ctx = given();
      const expected = want[kind as keyof Want];
      if (expected === 'self') {
        expect(resolver.resolve(ctx), kind).toBe(ctx);
        continue;
      }
      const err = thrown(() => resolver.resolve(ctx));
      expect(err, kind).toBeInstanceOf(FwError);
      expect([err.message, err.status], kind).toEqual([expected, 500]);
    }
  });
});

/** A WebSocketContext with only the methods of that interface: no cookies, host or request URI. */
function bareWebSocketContext(): ExecutionContext {
  const ws = webSocketContext({ path: '/ws' });
  const names = [
    'method',
    'path',
    'params',
    'pathKeys',
    'header',
    'queries',
    'set',
    'get',
    'has',
    'context',
    'eventBus',
    'requestId',
    'connId',
    'messageType',
    'payload',
  ] as const;
  const bound: Record<string, unknown> = {};
  for (const name of names) bound[name] = (ws[name] as (...args: never[]) => unknown).bind(ws);
  return bound as unknown as ExecutionContext;
}
