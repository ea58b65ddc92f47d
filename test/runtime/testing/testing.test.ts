import type { ResponseWriter } from 'fw/core';
import { RESPONSE_WRITER_KEY } from 'fw/core';
import { consumerContext, httpContext, webSocketContext } from 'fw/testing';
import { describe, expect, it } from 'vitest';

type Case<G, W> = [name: string, { given: G; want: W }];
type HttpInit = Parameters<typeof httpContext>[0];
type WsInit = Parameters<typeof webSocketContext>[0];

const text = (bytes: Uint8Array): string => new TextDecoder().decode(bytes);

// API.md section 9: httpContext({ method, url, headers?, body?, params? }) is a routed HTTP request.
describe('httpContext()', () => {
  type Want = { method: string; path: string; params: object; pathKeys: string[]; type: string };
  const cases: Case<HttpInit, Want>[] = [
    [
      'defaults',
      {
        given: { url: '/a' },
        want: { method: 'GET', path: '/a', params: {}, pathKeys: [], type: '' },
      },
    ],
    [
      'method upper-cased',
      {
        given: { method: 'patch', url: '/a' },
        want: { method: 'PATCH', path: '/a', params: {}, pathKeys: [], type: '' },
      },
    ],
    [
      'query left out of the path',
      {
        given: { url: '/a?x=1' },
        want: { method: 'GET', path: '/a', params: {}, pathKeys: [], type: '' },
      },
    ],
    [
      'params as routed',
      {
        given: { url: '/u/7', params: { id: '7', tab: 'x' } },
        want: {
          method: 'GET',
          path: '/u/7',
          params: { id: '7', tab: 'x' },
          pathKeys: ['id', 'tab'],
          type: '',
        },
      },
    ],
    [
      'an object body is JSON',
      {
        given: { method: 'POST', url: '/', body: { a: 1 } },
        want: { method: 'POST', path: '/', params: {}, pathKeys: [], type: 'application/json' },
      },
    ],
    [
      'a given Content-Type is kept',
      {
        given: {
          method: 'POST',
          url: '/',
          headers: { 'content-type': 'application/vnd.x+json' },
          body: { a: 1 },
        },
        want: {
          method: 'POST',
          path: '/',
          params: {},
          pathKeys: [],
          type: 'application/vnd.x+json',
        },
      },
    ],
    [
      'a string body has no type',
      {
        given: { method: 'POST', url: '/', body: 'x' },
        want: { method: 'POST', path: '/', params: {}, pathKeys: [], type: '' },
      },
    ],
  ];
  it.each(cases)('%s', (_name, { given, want }) => {
    const ctx = httpContext(given);
    expect({
      method: ctx.method(),
      path: ctx.path(),
      params: ctx.params(),
      pathKeys: ctx.pathKeys(),
      type: ctx.header('content-type'),
    }).toEqual(want);
  });

  const bodies: Case<HttpInit['body'], unknown>[] = [
    ['an object', { given: { a: [1, 'x'] }, want: { a: [1, 'x'] } }],
    ['an array', { given: [1, 2], want: [1, 2] }],
    ['a JSON string', { given: '{"a":1}', want: { a: 1 } }],
    ['JSON bytes', { given: new TextEncoder().encode('[true]'), want: [true] }],
  ];
  it.each(bodies)('bind() reads the body given as %s', async (_name, { given, want }) => {
    const ctx = httpContext({
      method: 'POST',
      url: '/',
      headers: { 'Content-Type': 'application/json' },
      body: given,
    });
    expect(await ctx.bind()).toEqual(want);
  });

  it('has a ResponseWriter of its own under RESPONSE_WRITER_KEY', () => {
    const one = httpContext({ url: '/' }).get<ResponseWriter>(RESPONSE_WRITER_KEY);
    const two = httpContext({ url: '/' }).get<ResponseWriter>(RESPONSE_WRITER_KEY);
    one?.writeStatus(201);
    expect([one?.isCommitted(), two?.isCommitted()]).toEqual([true, false]);
  });
});

// API.md section 9: consumerContext(name, payload) is an event message; an object payload is JSON.
describe('consumerContext()', () => {
  const cases: Case<[string, unknown?], { name: string; payload: string }>[] = [
    ['no payload', { given: ['e'], want: { name: 'e', payload: '' } }],
    ['bytes', { given: ['e', new Uint8Array([104, 105])], want: { name: 'e', payload: 'hi' } }],
    ['a string', { given: ['e', 'plain'], want: { name: 'e', payload: 'plain' } }],
    [
      'an object',
      {
        given: ['order.created', { orderId: 7 }],
        want: { name: 'order.created', payload: '{"orderId":7}' },
      },
    ],
  ];
  it.each(cases)('%s', (_name, { given, want }) => {
    const ctx = consumerContext(...given);
    expect({ name: ctx.eventName(), payload: text(ctx.payload()) }).toEqual(want);
  });
});

// API.md section 9: webSocketContext({ path, connId?, messageType?, payload?, request? }) is a message.
describe('webSocketContext()', () => {
  type Want = { path: string; connId: string; messageType: 1 | 2; payload: string; uri: string };
  const bytes = new Uint8Array([0x6f, 0x6b]);
  const cases: Case<WsInit, Want>[] = [
    [
      'defaults',
      {
        given: { path: '/ws' },
        want: { path: '/ws', connId: 'test-connection', messageType: 1, payload: '', uri: '' },
      },
    ],
    [
      'a connection id',
      {
        given: { path: '/ws', connId: 'c9' },
        want: { path: '/ws', connId: 'c9', messageType: 1, payload: '', uri: '' },
      },
    ],
    [
      'a string payload is text',
      {
        given: { path: '/ws', payload: 'hi' },
        want: { path: '/ws', connId: 'test-connection', messageType: 1, payload: 'hi', uri: '' },
      },
    ],
    [
      'a bytes payload is binary',
      {
        given: { path: '/ws', payload: bytes },
        want: { path: '/ws', connId: 'test-connection', messageType: 2, payload: 'ok', uri: '' },
      },
    ],
    [
      'an object payload is JSON text',
      {
        given: { path: '/ws', payload: { a: 1 } },
        want: {
          path: '/ws',
          connId: 'test-connection',
          messageType: 1,
          payload: '{"a":1}',
          uri: '',
        },
      },
    ],
    [
      'a message type given',
      {
        given: { path: '/ws', messageType: 2, payload: 'hi' },
        want: { path: '/ws', connId: 'test-connection', messageType: 2, payload: 'hi', uri: '' },
      },
    ],
    [
      'a request',
      {
        given: { path: '/ws', request: { url: '/ws?x=1' } },
        want: {
          path: '/ws',
          connId: 'test-connection',
          messageType: 1,
          payload: '',
          uri: '/ws?x=1',
        },
      },
    ],
  ];
  it.each(cases)('%s', (_name, { given, want }) => {
    const ctx = webSocketContext(given);
    expect({
      path: ctx.path(),
      connId: ctx.connId(),
      messageType: ctx.messageType(),
      payload: text(ctx.payload()),
      uri: ctx.requestURI(),
    }).toEqual(want);
  });

  it('hands back the very payload bytes given', () => {
    const payload = new Uint8Array([1, 2]);
    expect(webSocketContext({ path: '/ws', payload }).payload()).toBe(payload);
  });
});
