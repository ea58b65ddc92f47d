import {
  isConsumerRequestContext,
  isHttpRequestContext,
  isWebSocketContext,
  isWebSocketMessageContext,
} from 'fw/core';
import { consumerContext, httpContext, webSocketContext } from 'fw/testing';
import { describe, expect, it } from 'vitest';
import { DEFAULT_BODY_LIMITS } from '../../../../runtime/http/body-limits.js';
import { HttpContext } from '../../../../runtime/http/http-context.js';

type Case<G, W> = [name: string, { given: G; want: W }];
type Verdicts = { http: boolean; consumer: boolean; ws: boolean; wsMessage: boolean };

/** The methods of each interface, as API.md section 4 declares them. */
const EXECUTION = [
  'context',
  'eventBus',
  'method',
  'path',
  'params',
  'pathKeys',
  'header',
  'queries',
  'set',
  'get',
  'has',
  'requestId',
];
const HTTP = [...EXECUTION, 'param', 'query', 'headers', 'bind', 'multipartForm'];
const CONSUMER = [...EXECUTION, 'eventName', 'payload'];
const WEBSOCKET = [...EXECUTION, 'connId', 'messageType', 'payload'];
const REQUEST = ['headers', 'query', 'cookie', 'cookies', 'remoteAddr', 'host', 'requestURI'];
const WEBSOCKET_MESSAGE = [...WEBSOCKET, ...REQUEST];

/** An object literal with a function for each of `names`. */
const literal = (names: readonly string[]): Record<string, unknown> =>
  Object.fromEntries(names.map((name) => [name, () => undefined]));

const verdicts = (ctx: unknown): Verdicts => ({
  http: isHttpRequestContext(ctx),
  consumer: isConsumerRequestContext(ctx),
  ws: isWebSocketContext(ctx),
  wsMessage: isWebSocketMessageContext(ctx),
});

const v = (http: boolean, consumer: boolean, ws: boolean, wsMessage: boolean): Verdicts => ({
  http,
  consumer,
  ws,
  wsMessage,
});

/** A class with the HTTP methods on its prototype, not fw's own. */
class ForeignHttp {}
for (const name of HTTP) Object.defineProperty(ForeignHttp.prototype, name, { value: () => '' });

// API.md section 4: each guard accepts its own context kind, and is structural as Go's type assertions are.
describe('the guards', () => {
  const cases: Case<() => unknown, Verdicts>[] = [
    ['httpContext', { given: () => httpContext({ url: '/' }), want: v(true, false, false, false) }],
    [
      'HttpContext class',
      {
        given: () =>
          new HttpContext({
            method: 'GET',
            url: '/',
            rawHeaders: [],
            body: [],
            limits: DEFAULT_BODY_LIMITS,
          }),
        want: v(true, false, false, false),
      },
    ],
    ['consumerContext', { given: () => consumerContext('e'), want: v(false, true, false, false) }],
    [
      'webSocketContext with a request',
      {
        given: () => webSocketContext({ path: '/ws', request: { url: '/ws' } }),
        want: v(false, false, true, true),
      },
    ],
    [
      'webSocketContext without a request',
      { given: () => webSocketContext({ path: '/ws' }), want: v(false, false, true, true) },
    ],
    ['null', { given: () => null, want: v(false, false, false, false) }],
    ['undefined', { given: () => undefined, want: v(false, false, false, false) }],
    ['{}', { given: () => ({}), want: v(false, false, false, false) }],
    ['a string', { given: () => 'GET', want: v(false, false, false, false) }],
    ['a number', { given: () => 42, want: v(false, false, false, false) }],
    ['an array', { given: () => [], want: v(false, false, false, false) }],
    ['an HTTP literal', { given: () => literal(HTTP), want: v(true, false, false, false) }],
    ['a consumer literal', { given: () => literal(CONSUMER), want: v(false, true, false, false) }],
    [
      'a WebSocket literal',
      { given: () => literal(WEBSOCKET), want: v(false, false, true, false) },
    ],
    [
      'a WebSocket message literal',
      { given: () => literal(WEBSOCKET_MESSAGE), want: v(false, false, true, true) },
    ],
    [
      'every method at once',
      {
        given: () => literal([...HTTP, ...CONSUMER, ...WEBSOCKET_MESSAGE]),
        want: v(true, true, true, true),
      },
    ],
    [
      'methods on a foreign prototype',
      { given: () => new ForeignHttp(), want: v(true, false, false, false) },
    ],
    [
      'a null-prototype object',
      {
        given: () => Object.assign(Object.create(null), literal(CONSUMER)),
        want: v(false, true, false, false),
      },
    ],
    [
      'bind is not a function',
      { given: () => ({ ...literal(HTTP), bind: true }), want: v(false, false, false, false) },
    ],
    [
      'payload is bytes, not a method',
      {
        given: () => ({ ...literal(CONSUMER), payload: new Uint8Array() }),
        want: v(false, false, false, false),
      },
    ],
  ];
  it.each(cases)('%s', (_name, { given, want }) => {
    expect(verdicts(given())).toEqual(want);
  });
});

// API.md section 4: a plain object missing any one method of the interface fails its guard.
describe('a literal missing one method', () => {
  const guards: [string, (ctx: unknown) => boolean, readonly string[]][] = [
    ['isHttpRequestContext', isHttpRequestContext, HTTP],
    ['isConsumerRequestContext', isConsumerRequestContext, CONSUMER],
    ['isWebSocketContext', isWebSocketContext, WEBSOCKET],
    ['isWebSocketMessageContext', isWebSocketMessageContext, WEBSOCKET_MESSAGE],
  ];
  const cases: Case<{ guard: (ctx: unknown) => boolean; ctx: Record<string, unknown> }, false>[] =
    guards.flatMap(([guardName, guard, names]) =>
      names.map(
        (
          missing,
        ): Case<{ guard: (ctx: unknown) => boolean; ctx: Record<string, unknown> }, false> => [
          `${guardName} without ${missing}`,
          { given: { guard, ctx: literal(names.filter((n) => n !== missing)) }, want: false },
        ],
      ),
    );
  it.each(cases)('%s', (_name, { given, want }) => {
    expect(given.guard(given.ctx)).toBe(want);
  });

  it.each(guards)('%s accepts the full literal', (_name, guard, names) => {
    expect(guard(literal(names))).toBe(true);
  });
});
