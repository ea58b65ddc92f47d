import { background, withValue } from 'fw/context';
import type { WebSocketRequestContext } from 'fw/core';
import { describe, expect, it } from 'vitest';
import { WebSocketRequestSnapshot } from '../../../../runtime/core/request/ws-request-snapshot.js';
import { WsContext } from '../../../../runtime/ws/ws-context.js';

/** Everything a request context answers, in a list. */
const answers = (ctx: WebSocketRequestContext): unknown[] => [
  ctx.path(),
  ctx.headers(),
  ctx.queries(),
  ctx.cookies(),
  ctx.remoteAddr(),
  ctx.host(),
  ctx.requestURI(),
  ctx.requestId(),
];

// Spine v0.5.1 snapshotWebSocketRequest: a snapshot of another request context is a copy.
describe('WebSocketRequestSnapshot.of()', () => {
  /** A request context whose data can change underneath, as a mutable implementation might. */
  function mutable() {
    const headers: Record<string, string[]> = { host: ['chat.test'], cookie: ['sid=abc'] };
    const state = { url: '/ws?room=1', remoteAddr: '10.0.0.7:1' };
    const key = Symbol('key');
    const ctx: WebSocketRequestContext = {
      path: () => state.url.split('?')[0] as string,
      header: (n) => headers[n.toLowerCase()]?.[0] ?? '',
      headers: () => headers,
      query: () => '',
      queries: () => ({}),
      cookie: () => undefined,
      cookies: () => ({}),
      remoteAddr: () => state.remoteAddr,
      clientAddress: () => state.remoteAddr,
      host: () => headers['host']?.[0] ?? '',
      requestURI: () => state.url,
      requestId: () => 'req-7',
      context: () => withValue(background(), key, 'v'),
    };
    return { ctx, headers, state, key };
  }

  it('copies the request data', () => {
    const { ctx, key } = mutable();
    const copy = WebSocketRequestSnapshot.of(ctx);
    expect([copy.path(), copy.host(), copy.query('room'), copy.cookie('sid')]).toEqual([
      '/ws',
      'chat.test',
      '1',
      'abc',
    ]);
    expect([
      copy.remoteAddr(),
      copy.requestURI(),
      copy.context().value(key),
      copy.requestId(),
    ]).toEqual(['10.0.0.7:1', '/ws?room=1', 'v', 'req-7']);
  });

  it('does not follow later changes of its source', () => {
    const { ctx, headers, state } = mutable();
    const copy = WebSocketRequestSnapshot.of(ctx);
    (headers['host'] as string[])[0] = 'evil.test';
    headers['cookie'] = ['sid=evil'];
    state.url = '/other?room=9';
    state.remoteAddr = '1.2.3.4:5';
    expect([copy.host(), copy.cookie('sid'), copy.query('room'), copy.remoteAddr()]).toEqual([
      'chat.test',
      'abc',
      '1',
      '10.0.0.7:1',
    ]);
  });

  it('copies another snapshot into a new object with the same answers', () => {
    const first = new WebSocketRequestSnapshot({
      url: '/ws?room=1&room=2',
      headers: { Host: 'chat.test', Cookie: 'sid=abc; theme="dark"', 'X-A': ['1', '2'] },
      remoteAddr: '10.0.0.7:1',
    });
    const copy = WebSocketRequestSnapshot.of(first);
    expect(copy).not.toBe(first);
    expect(answers(copy)).toEqual(answers(first));
    expect(answers(copy)).toEqual([
      '/ws',
      { host: ['chat.test'], cookie: ['sid=abc; theme="dark"'], 'x-a': ['1', '2'] },
      { room: ['1', '2'] },
      { sid: 'abc', theme: 'dark' },
      '10.0.0.7:1',
      'chat.test',
      '/ws?room=1&room=2',
      first.requestId(),
    ]);
  });

  it('is taken by a message context given any request context', () => {
    const { ctx, headers } = mutable();
    const msg = new WsContext({
      path: '/ws',
      connId: 'c',
      messageType: 1,
      payload: new Uint8Array(),
      request: ctx,
    });
    headers['host'] = ['evil.test'];
    expect(msg.host()).toBe('chat.test');
  });
});
