import type { ExecutionContext } from 'fw/core';
import { PARAMS_KEY, PATH_KEYS_KEY } from 'fw/core';
import { consumerContext, httpContext, webSocketContext } from 'fw/testing';
import { describe, expect, it } from 'vitest';
import { EventContext } from '../../../../runtime/events/event-context.js';
import { DEFAULT_BODY_LIMITS } from '../../../../runtime/http/body-limits.js';
import { HttpContext } from '../../../../runtime/http/http-context.js';
import { WsContext } from '../../../../runtime/ws/ws-context.js';

type Case<G, W> = [name: string, { given: G; want: W }];
type Read = { ctx: () => ExecutionContext; read: (ctx: ExecutionContext) => unknown };

/** A routed HTTP request with a repeated header and a repeated query key. */
const http = (): ExecutionContext =>
  httpContext({
    method: 'post',
    url: '/users/7/posts/9?tag=a&tag=b&flag',
    headers: { 'X-Trace': ['t1', 't2'], Accept: 'application/json' },
    params: { id: '7', post: '9' },
  });

/** An HTTP context built through the class, as the server builds it. */
const httpRaw = (url: string): ExecutionContext =>
  new HttpContext({
    method: 'DELETE',
    url,
    rawHeaders: ['Host', 'example.test', 'x-a', '1', 'X-A', '2'],
    body: [],
    limits: DEFAULT_BODY_LIMITS,
  });

const consumer = (): ExecutionContext => consumerContext('order.created', { id: 1 });

/** A WebSocket message on a routed path, with its upgrade request. */
const ws = (): ExecutionContext => {
  const ctx = webSocketContext({
    path: '/ws/rooms/9',
    payload: 'hi',
    request: {
      url: '/ws/rooms/9?room=9&room=10&x',
      headers: { 'X-Trace': ['w1', 'w2'], Host: 'chat.test' },
    },
  });
  ctx.set(PARAMS_KEY, { room: '9' });
  ctx.set(PATH_KEYS_KEY, ['room']);
  return ctx;
};

/** A WebSocket message context without an upgrade request. */
const wsBare = (): ExecutionContext =>
  new WsContext({ path: '/ws', connId: 'c1', messageType: 1, payload: new Uint8Array() });

const row = (
  name: string,
  ctx: () => ExecutionContext,
  read: (ctx: ExecutionContext) => unknown,
  want: unknown,
): Case<Read, unknown> => [name, { given: { ctx, read }, want }];

const frozen = (
  name: string,
  ctx: () => ExecutionContext,
  read: (ctx: ExecutionContext) => unknown,
): Case<Read, true> => [name, { given: { ctx, read }, want: true }];

// API.md section 4: what each ExecutionContext method answers for each kind of context.
describe('the protocol table', () => {
  const cases: Case<Read, unknown>[] = [
    row('HTTP method(): upper case', http, (c) => c.method(), 'POST'),
    row(
      'HTTP method(): as received',
      () => httpRaw('/'),
      (c) => c.method(),
      'DELETE',
    ),
    row('HTTP path(): no query', http, (c) => c.path(), '/users/7/posts/9'),
    row(
      'HTTP path(): no query string',
      () => httpRaw('/a/b'),
      (c) => c.path(),
      '/a/b',
    ),
    row(
      'HTTP path(): empty query string',
      () => httpRaw('/a?'),
      (c) => c.path(),
      '/a',
    ),
    row(
      'HTTP path(): ? in the query',
      () => httpRaw('/a?b=?c'),
      (c) => c.path(),
      '/a',
    ),
    row(
      'HTTP path(): absolute form',
      () => httpRaw('http://h.test/a/b?x=1'),
      (c) => c.path(),
      '/a/b',
    ),
    row(
      'HTTP path(): absolute form, no path',
      () => httpRaw('https://h.test?x=1'),
      (c) => c.path(),
      '/',
    ),
    row(
      'HTTP path(): asterisk form',
      () => httpRaw('*'),
      (c) => c.path(),
      '*',
    ),
    row('HTTP header(): first value', http, (c) => c.header('X-Trace'), 't1'),
    row('HTTP header(): lower-case name', http, (c) => c.header('x-trace'), 't1'),
    row('HTTP header(): upper-case name', http, (c) => c.header('X-TRACE'), 't1'),
    row('HTTP header(): absent', http, (c) => c.header('X-Missing'), ''),
    row(
      'HTTP header(): raw repeated',
      () => httpRaw('/'),
      (c) => c.header('X-A'),
      '1',
    ),
    row('HTTP header(): __proto__ absent', http, (c) => c.header('__proto__'), ''),
    row('HTTP header(): constructor absent', http, (c) => c.header('constructor'), ''),
    row('HTTP params(): as routed', http, (c) => c.params(), { id: '7', post: '9' }),
    row('HTTP pathKeys(): route order', http, (c) => c.pathKeys(), ['id', 'post']),
    row(
      'HTTP params(): not routed',
      () => httpRaw('/'),
      (c) => c.params(),
      {},
    ),
    row(
      'HTTP pathKeys(): not routed',
      () => httpRaw('/'),
      (c) => c.pathKeys(),
      [],
    ),
    row('HTTP queries(): every value', http, (c) => c.queries(), { tag: ['a', 'b'], flag: [''] }),
    row(
      'HTTP queries(): no query',
      () => httpRaw('/a'),
      (c) => c.queries(),
      {},
    ),
    row(
      'HTTP queries(): absolute form',
      () => httpRaw('http://h.test/a?x=1&x=2'),
      (c) => c.queries(),
      { x: ['1', '2'] },
    ),
    row(
      'HTTP queries(): absolute form, no path',
      () => httpRaw('http://h.test?x=1'),
      (c) => c.queries(),
      { x: ['1'] },
    ),
    row('consumer method()', consumer, (c) => c.method(), 'EVENT'),
    row('consumer path(): the event name', consumer, (c) => c.path(), 'order.created'),
    row('consumer header()', consumer, (c) => c.header('content-type'), ''),
    row('consumer params()', consumer, (c) => c.params(), {}),
    row('consumer pathKeys()', consumer, (c) => c.pathKeys(), []),
    row('consumer queries()', consumer, (c) => c.queries(), {}),
    row('WS method()', ws, (c) => c.method(), 'WS'),
    row('WS path(): the WebSocket path', ws, (c) => c.path(), '/ws/rooms/9'),
    row('WS header(): from the upgrade', ws, (c) => c.header('x-trace'), 'w1'),
    row('WS header(): name case-insensitive', ws, (c) => c.header('HOST'), 'chat.test'),
    row('WS header(): absent', ws, (c) => c.header('X-Missing'), ''),
    row('WS params(): as matched', ws, (c) => c.params(), { room: '9' }),
    row('WS pathKeys(): as matched', ws, (c) => c.pathKeys(), ['room']),
    row('WS queries(): from the upgrade', ws, (c) => c.queries(), { room: ['9', '10'], x: [''] }),
    row('WS without a snapshot: path()', wsBare, (c) => c.path(), '/ws'),
    row('WS without a snapshot: header()', wsBare, (c) => c.header('host'), ''),
    row('WS without a snapshot: queries()', wsBare, (c) => c.queries(), {}),
    row('WS without a route: params()', wsBare, (c) => c.params(), {}),
    row('WS without a route: pathKeys()', wsBare, (c) => c.pathKeys(), []),
  ];
  it.each(cases)('%s', (_name, { given, want }) => {
    expect(given.read(given.ctx())).toEqual(want);
  });
});

// API.md section 4: params(), pathKeys() and queries() hand out frozen data.
describe('what the table methods return is frozen', () => {
  const cases: Case<Read, true>[] = [
    frozen('HTTP params()', http, (c) => c.params()),
    frozen('HTTP pathKeys()', http, (c) => c.pathKeys()),
    frozen('HTTP queries()', http, (c) => c.queries()),
    frozen('HTTP queries() values', http, (c) => c.queries()['tag']),
    frozen('consumer params()', consumer, (c) => c.params()),
    frozen('consumer pathKeys()', consumer, (c) => c.pathKeys()),
    frozen('consumer queries()', consumer, (c) => c.queries()),
    frozen('WS params()', ws, (c) => c.params()),
    frozen('WS pathKeys()', ws, (c) => c.pathKeys()),
    frozen('WS queries()', ws, (c) => c.queries()),
    frozen('WS queries() values', ws, (c) => c.queries()['room']),
  ];
  it.each(cases)('%s', (_name, { given, want }) => {
    expect(Object.isFrozen(given.read(given.ctx()))).toBe(want);
  });
});

// API.md section 4: context() and eventBus() are scoped to one request, event or message.
describe('context() and eventBus() are scoped to one execution', () => {
  const kinds: Case<() => ExecutionContext, true>[] = [
    ['HTTP', { given: http, want: true }],
    ['HTTP through the class', { given: () => httpRaw('/'), want: true }],
    ['consumer', { given: consumer, want: true }],
    [
      'consumer through the class',
      { given: () => new EventContext({ eventName: 'e', payload: new Uint8Array() }), want: true },
    ],
    ['WS', { given: ws, want: true }],
    ['WS without a snapshot', { given: wsBare, want: true }],
  ];
  it.each(kinds)('%s: the same bus and context on every call', (_name, { given, want }) => {
    const ctx = given();
    const first = [ctx.eventBus(), ctx.context()];
    const again = [ctx.eventBus(), ctx.context()];
    expect(again.every((x, i) => x === first[i])).toBe(want);
  });
  it.each(kinds)('%s: another execution has another bus', (_name, { given, want }) => {
    const [one, two] = [given(), given()];
    expect(one.eventBus() !== two.eventBus()).toBe(want);
  });
  it.each(kinds)('%s: a live context, with no deadline', (_name, { given }) => {
    const context = given().context();
    expect(context.err()).toBeUndefined();
    expect(context.deadline()).toBeUndefined();
    expect(context.signal.aborted).toBe(false);
  });
});
