import type { WebSocketMessageContext, WebSocketRequestContext } from 'fw/core';
import { webSocketContext } from 'fw/testing';
import { describe, expect, it } from 'vitest';
import { WebSocketRequestSnapshot } from '../../../../runtime/core/request/ws-request-snapshot.js';
import { WsContext } from '../../../../runtime/ws/ws-context.js';

type Case<G, W> = [name: string, { given: G; want: W }];
type Read = (ctx: WebSocketRequestContext) => unknown;

/** The upgrade request the tests snapshot. */
const REQUEST = {
  url: '/ws/chat?room=1&room=2&flag',
  headers: {
    Host: 'chat.test',
    'X-Trace': ['t1', 't2'],
    Cookie: ['sid=abc; theme="dark"', 'sid=late; lang=en'],
  },
  remoteAddr: '10.0.0.7:51234',
};

const message = (): WebSocketMessageContext =>
  webSocketContext({ path: '/ws/chat', request: structuredClone(REQUEST) });

const bare = (): WebSocketMessageContext =>
  new WsContext({ path: '/ws/chat', connId: 'c1', messageType: 1, payload: new Uint8Array() });

const READS: [name: string, read: Read, fromRequest: unknown, withoutRequest: unknown][] = [
  ['header(X-Trace)', (c) => c.header('X-Trace'), 't1', ''],
  ['header(x-trace)', (c) => c.header('x-trace'), 't1', ''],
  [
    'headers()',
    (c) => c.headers(),
    { host: ['chat.test'], 'x-trace': ['t1', 't2'], cookie: REQUEST.headers.Cookie },
    {},
  ],
  ['query(room)', (c) => c.query('room'), '1', ''],
  ['query(flag)', (c) => c.query('flag'), '', ''],
  ['query(missing)', (c) => c.query('missing'), '', ''],
  ['queries()', (c) => c.queries(), { room: ['1', '2'], flag: [''] }, {}],
  ['cookie(sid)', (c) => c.cookie('sid'), 'abc', undefined],
  ['cookie(theme)', (c) => c.cookie('theme'), 'dark', undefined],
  ['cookie(missing)', (c) => c.cookie('missing'), undefined, undefined],
  ['cookies()', (c) => c.cookies(), { sid: 'abc', theme: 'dark', lang: 'en' }, {}],
  ['remoteAddr()', (c) => c.remoteAddr(), '10.0.0.7:51234', ''],
  ['host()', (c) => c.host(), 'chat.test', ''],
  ['requestURI()', (c) => c.requestURI(), '/ws/chat?room=1&room=2&flag', ''],
];

// API.md section 4: a WebSocket message context answers request data from the upgrade request.
describe('a message context answers from its upgrade request', () => {
  const cases = READS.map(
    ([name, read, want]): Case<Read, unknown> => [name, { given: read, want }],
  );
  it.each(cases)('%s', (_name, { given, want }) => {
    expect(given(message())).toEqual(want);
  });
  it.each(cases)('the snapshot itself: %s', (_name, { given, want }) => {
    expect(given(new WebSocketRequestSnapshot(structuredClone(REQUEST)))).toEqual(want);
  });
});

// API.md section 4: a WebSocket context built without a snapshot answers '' and {} (cookie: undefined).
describe('a message context without an upgrade request', () => {
  const cases = READS.map(
    ([name, read, , want]): Case<Read, unknown> => [name, { given: read, want }],
  );
  it.each(cases)('%s', (_name, { given, want }) => {
    expect(given(bare())).toEqual(want);
  });
  it.each(cases)('through fw/testing: %s', (_name, { given, want }) => {
    expect(given(webSocketContext({ path: '/ws/chat' }))).toEqual(want);
  });
});

// API.md section 4: changing the upgrade request after the snapshot changes nothing in it.
describe('later changes to the upgrade request', () => {
  const UNCHANGED = READS.map(([, , fromRequest]) => fromRequest);
  const changes: Case<(r: typeof REQUEST) => void, unknown[]>[] = [
    ['a header value pushed', { given: (r) => r.headers['X-Trace'].push('t3'), want: UNCHANGED }],
    ['a header replaced', { given: (r) => void (r.headers.Host = 'evil.test'), want: UNCHANGED }],
    [
      'a header added',
      { given: (r) => Object.assign(r.headers, { 'X-New': 'n' }), want: UNCHANGED },
    ],
    [
      'a cookie changed',
      { given: (r) => void (r.headers.Cookie[0] = 'sid=evil'), want: UNCHANGED },
    ],
    ['the url replaced', { given: (r) => void (r.url = '/other?room=9'), want: UNCHANGED }],
    [
      'the remote address replaced',
      { given: (r) => void (r.remoteAddr = '1.2.3.4:5'), want: UNCHANGED },
    ],
  ];
  it.each(changes)('%s', (_name, { given, want }) => {
    const request = structuredClone(REQUEST);
    const ctx = webSocketContext({ path: '/ws/chat', request });
    given(request);
    expect(READS.map(([, read]) => read(ctx))).toEqual(want);
  });

  it('a flat rawHeaders list changed afterwards', () => {
    const rawHeaders = ['Host', 'chat.test', 'Cookie', 'sid=abc'];
    const snapshot = new WebSocketRequestSnapshot({ url: '/ws', rawHeaders });
    rawHeaders[1] = 'evil.test';
    rawHeaders.push('X-New', 'n');
    expect(snapshot.headers()).toEqual({ host: ['chat.test'], cookie: ['sid=abc'] });
    expect(snapshot.cookie('sid')).toBe('abc');
  });
});

// API.md section 4: what the snapshot methods return is frozen; changing it throws and changes nothing.
describe('what the snapshot hands out is frozen', () => {
  type Mutation = (ctx: WebSocketRequestContext) => void;
  const mutations: Case<Mutation, Read>[] = [
    [
      'add a header',
      {
        given: (c) => void ((c.headers() as Record<string, string[]>)['x-new'] = ['n']),
        want: (c) => c.header('x-new'),
      },
    ],
    [
      'push a header value',
      {
        given: (c) => void (c.headers()['x-trace'] as string[]).push('t3'),
        want: (c) => c.headers()['x-trace'],
      },
    ],
    [
      'replace a header value',
      { given: (c) => void ((c.headers()['host'] as string[])[0] = 'evil'), want: (c) => c.host() },
    ],
    [
      'delete a header',
      {
        given: (c) => void delete (c.headers() as Record<string, string[]>)['host'],
        want: (c) => c.header('host'),
      },
    ],
    [
      'add a query key',
      {
        given: (c) => void ((c.queries() as Record<string, string[]>)['x'] = ['1']),
        want: (c) => c.query('x'),
      },
    ],
    [
      'push a query value',
      {
        given: (c) => void (c.queries()['room'] as string[]).push('3'),
        want: (c) => c.queries()['room'],
      },
    ],
    [
      'replace a query value',
      {
        given: (c) => void ((c.queries()['room'] as string[])[0] = '9'),
        want: (c) => c.query('room'),
      },
    ],
    [
      'add a cookie',
      {
        given: (c) => void ((c.cookies() as Record<string, string>)['x'] = '1'),
        want: (c) => c.cookie('x'),
      },
    ],
    [
      'replace a cookie',
      {
        given: (c) => void ((c.cookies() as Record<string, string>)['sid'] = 'evil'),
        want: (c) => c.cookie('sid'),
      },
    ],
  ];
  it.each(mutations)('%s', (_name, { given, want }) => {
    const ctx = message();
    const before = want(ctx);
    expect(() => given(ctx)).toThrow(TypeError);
    expect(want(ctx)).toEqual(before);
  });
});
