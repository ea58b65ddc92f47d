// Set-Cookie cannot be turned against the app (docs/security.md "Cookies cannot be confused"): no
// name, value or attribute can add an attribute or a header, the defaults are HttpOnly and
// SameSite=Lax, and a cookie set by a handler that fails is never sent.
import { HttpError, reply, setCookie } from 'fw';
import type { HttpRequestContext } from 'fw/core';
import { describe, expect, it } from 'vitest';
import { serve } from '../http/support.js';
import { send } from '../http/web-client.js';

const CTX = 'ctx:fw/core#HttpRequestContext';

describe('Set-Cookie from hostile text', () => {
  // What an app might copy from a request into a cookie without checking it.
  const hostile: [string, string, string, Record<string, string>][] = [
    ['a value that adds a header', 'sid', 'x\r\nSet-Cookie: admin=1', {}],
    ['a value that adds an attribute', 'sid', 'x; Domain=evil.example', {}],
    ['a value that starts another cookie', 'sid', 'x, admin=1', {}],
    ['a value with NUL', 'sid', 'x\u0000', {}],
    ['a value outside Latin-1', 'sid', 'x\u0100', {}],
    ['a name with =', 'admin=1; sid', 'x', {}],
    ['a name with a newline', 'sid\nX-Evil: 1', 'x', {}],
    ['a path that adds an attribute', 'sid', 'x', { path: '/; SameSite=None' }],
    ['a domain that adds a header', 'sid', 'x', { domain: 'a.example\r\nX-Evil: 1' }],
  ];

  it.each(hostile)('refuses %s: a bare 500, no Set-Cookie', async (_name, name, value, options) => {
    const { port } = await serve([
      {
        method: 'GET',
        path: '/set',
        params: [CTX],
        handle: (ctx: HttpRequestContext) => setCookie(ctx, name, value, options),
      },
      {
        method: 'GET',
        path: '/reply',
        handle: () => reply('ok', { cookies: [{ name, value, ...options }] }),
      },
    ]);
    for (const path of ['/set', '/reply']) {
      const res = await send(port, { path });
      expect([res.status, res.setCookies, res.headers['x-evil']]).toEqual([500, [], undefined]);
      expect(res.body).not.toContain('admin');
    }
  });
});

describe('Set-Cookie defaults', () => {
  it('are HttpOnly, SameSite=Lax and Path=/', async () => {
    const { port } = await serve([
      {
        method: 'GET',
        path: '/set',
        params: [CTX],
        handle: (ctx: HttpRequestContext) => setCookie(ctx, 'sid', 'x'),
      },
    ]);
    expect((await send(port, { path: '/set' })).setCookies).toEqual([
      'sid=x; Path=/; HttpOnly; SameSite=Lax',
    ]);
  });

  it('never send a cookie a failing handler set, nor one of its reply', async () => {
    const { port } = await serve([
      {
        method: 'POST',
        path: '/login',
        params: [CTX],
        handle: (ctx: HttpRequestContext) => {
          setCookie(ctx, 'sid', 'granted');
          throw new HttpError(401, 'wrong password');
        },
      },
    ]);
    const res = await send(port, { method: 'POST', path: '/login' });
    expect([res.status, res.setCookies]).toEqual([401, []]);
  });
});
