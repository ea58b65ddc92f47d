// Cookies over a real socket: read with cookie()/cookies() of HttpRequestContext, set with reply()
// and setCookie() from a handler and an interceptor, dropped with a handler's response when it
// fails, and cleared with clearCookie().
import { type CookieOptions, clearCookie, HttpError, reply, setCookie } from 'fw';
import type { HttpRequestContext, Interceptor } from 'fw/core';
import { describe, expect, it } from 'vitest';
import { completionFailed, problem, requestFailed, serve } from './support.js';
import { send } from './web-client.js';

const CTX = 'ctx:fw/core#HttpRequestContext';
const BASE = 'Path=/; HttpOnly; SameSite=Lax';

describe('reading cookies', () => {
  async function echo(cookie: string | readonly string[]) {
    const { port } = await serve([
      {
        method: 'GET',
        path: '/echo',
        params: [CTX],
        handle: (ctx: HttpRequestContext) => ({
          all: Object.entries(ctx.cookies()),
          sid: ctx.cookie('sid') ?? null,
          missing: ctx.cookie('missing') ?? null,
          proto: Object.getPrototypeOf(ctx.cookies()) === null,
          frozen: Object.isFrozen(ctx.cookies()),
        }),
      },
    ]);
    const res = await send(port, { path: '/echo', headers: { Cookie: cookie } });
    return JSON.parse(res.body);
  }

  it.each<[string, string | string[], [string, string][], string | null]>([
    ['one cookie', 'sid=abc', [['sid', 'abc']], 'abc'],
    [
      'several in one header',
      'a=1; sid=abc; b=2',
      [
        ['a', '1'],
        ['sid', 'abc'],
        ['b', '2'],
      ],
      'abc',
    ],
    [
      'several headers',
      ['a=1', 'sid=abc'],
      [
        ['a', '1'],
        ['sid', 'abc'],
      ],
      'abc',
    ],
    ['a duplicate, the first winning', 'sid=first; sid=second', [['sid', 'first']], 'first'],
    ['a duplicate in a later header', ['sid=first', 'sid=second'], [['sid', 'first']], 'first'],
    ['a quoted value', 'sid="a b"', [['sid', 'a b']], 'a b'],
    ['percent-escapes, not decoded', 'sid=%E2%9C%93%zz', [['sid', '%E2%9C%93%zz']], '%E2%9C%93%zz'],
    ['an empty value', 'sid=', [['sid', '']], ''],
    ['no Cookie header', [], [], null],
    [
      '__proto__ as a name',
      '__proto__=x; sid=y',
      [
        ['__proto__', 'x'],
        ['sid', 'y'],
      ],
      'y',
    ],
  ])('reads %s', async (_name, cookie, all, sid) => {
    expect(await echo(cookie)).toEqual({ all, sid, missing: null, proto: true, frozen: true });
  });
});

describe('setting cookies', () => {
  const options: [string, CookieOptions, string][] = [
    ['no options', {}, `sid=v; ${BASE}`],
    ['path', { path: '/api' }, 'sid=v; Path=/api; HttpOnly; SameSite=Lax'],
    [
      'domain',
      { domain: 'example.com' },
      'sid=v; Path=/; Domain=example.com; HttpOnly; SameSite=Lax',
    ],
    ['maxAge', { maxAge: 60 }, 'sid=v; Path=/; Max-Age=60; HttpOnly; SameSite=Lax'],
    [
      'expires',
      { expires: new Date(Date.UTC(2031, 5, 7, 8, 9, 10)) },
      'sid=v; Path=/; Expires=Sat, 07 Jun 2031 08:09:10 GMT; HttpOnly; SameSite=Lax',
    ],
    ['httpOnly: false', { httpOnly: false }, 'sid=v; Path=/; SameSite=Lax'],
    ['secure', { secure: true }, 'sid=v; Path=/; HttpOnly; Secure; SameSite=Lax'],
    ['sameSite Strict', { sameSite: 'Strict' }, 'sid=v; Path=/; HttpOnly; SameSite=Strict'],
    [
      'sameSite None',
      { sameSite: 'None', secure: true },
      'sid=v; Path=/; HttpOnly; Secure; SameSite=None',
    ],
    [
      'partitioned',
      { secure: true, partitioned: true },
      'sid=v; Path=/; HttpOnly; Secure; SameSite=Lax; Partitioned',
    ],
  ];

  it.each(options.map((o, i) => [o[0], i, o[2]] as const))(
    'sends %s with setCookie() from a handler and with reply()',
    async (_name, i, want) => {
      const { port } = await serve([
        {
          method: 'GET',
          path: '/set',
          params: [CTX],
          handle: (ctx: HttpRequestContext) => setCookie(ctx, 'sid', 'v', options[i]?.[1]),
        },
        {
          method: 'GET',
          path: '/reply',
          handle: () => reply('ok', { cookies: [{ name: 'sid', value: 'v', ...options[i]?.[1] }] }),
        },
      ]);
      const set = await send(port, { path: '/set' });
      const replied = await send(port, { path: '/reply' });
      expect([set.status, set.setCookies]).toEqual([204, [want]]);
      expect([replied.status, replied.body, replied.setCookies]).toEqual([200, 'ok', [want]]);
    },
  );

  it('sends every cookie, from an interceptor, the handler and its reply, in that order', async () => {
    const session: Interceptor = { preHandle: (ctx) => setCookie(ctx, 'seen', '1') };
    const { port } = await serve(
      [
        {
          method: 'POST',
          path: '/login',
          params: [CTX],
          handle: (ctx: HttpRequestContext) => {
            setCookie(ctx, 'a', '1');
            clearCookie(ctx, 'old');
            return reply(
              { ok: true },
              {
                status: 201,
                headers: { 'X-Kind': 'login' },
                cookies: [
                  { name: 'sid', value: 's', secure: true },
                  { name: 'theme', value: 'dark', httpOnly: false },
                ],
              },
            );
          },
        },
      ],
      { interceptors: [session] },
    );
    const res = await send(port, { method: 'POST', path: '/login' });
    expect([res.status, res.headers['x-kind'], JSON.parse(res.body)]).toEqual([
      201,
      'login',
      { ok: true },
    ]);
    expect(res.setCookies).toEqual([
      `seen=1; ${BASE}`,
      `a=1; ${BASE}`,
      'old=; Path=/; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; SameSite=Lax',
      'sid=s; Path=/; HttpOnly; Secure; SameSite=Lax',
      'theme=dark; Path=/; SameSite=Lax',
    ]);
  });
});

describe('a cookie set by a handler that fails', () => {
  it.each([
    [
      'throws an HttpError',
      () => {
        throw new HttpError(409, 'taken');
      },
      409,
    ],
    [
      'throws an Error',
      () => {
        throw new Error('db down');
      },
      500,
    ],
    ['rejects', () => Promise.reject(new Error('db down')), 500],
  ])('is not sent when it %s; one set in preHandle is', async (_name, fail, status) => {
    const early: Interceptor = { preHandle: (ctx) => setCookie(ctx, 'early', '1') };
    const { port } = await serve(
      [
        {
          method: 'POST',
          path: '/login',
          params: [CTX],
          handle: (ctx: HttpRequestContext) => {
            setCookie(ctx, 'sid', 'granted');
            return fail();
          },
        },
      ],
      { interceptors: [early] },
    );
    const res = await send(port, { method: 'POST', path: '/login' });
    expect([res.status, res.setCookies]).toEqual([status, [`early=1; ${BASE}`]]);
  });

  it('is not sent when a later step fails: postHandle cannot fail, a hook can', async () => {
    const { port } = await serve(
      [
        {
          method: 'GET',
          path: '/x',
          params: [CTX],
          handle: (ctx: HttpRequestContext) => setCookie(ctx, 'sid', 'v'),
        },
      ],
      { hooks: [{ afterExecution: () => new HttpError(503, 'later') }] },
    );
    const res = await send(port, { path: '/x' });
    expect([res.status, res.setCookies]).toEqual([503, []]);
  });

  it('that was bad fails the request with a bare 500 and sends nothing of it', async () => {
    const { port, logger } = await serve([
      {
        method: 'GET',
        path: '/bad',
        params: [CTX],
        handle: (ctx: HttpRequestContext) => setCookie(ctx, 'sid', 'x\r\nSet-Cookie: evil=1'),
      },
    ]);
    const res = await send(port, { path: '/bad' });
    expect([res.status, res.setCookies]).toEqual([500, []]);
    expect(JSON.parse(res.body)).toEqual(
      problem(500, 'Internal Server Error', 'Internal Server Error'),
    );
    expect(logger.failures()).toEqual([
      requestFailed({
        method: 'GET',
        path: '/bad',
        status: 500,
        requestId: res.headers['x-request-id'],
        code: 'FW_ERR_BAD_COOKIE',
        err: expect.objectContaining({ code: 'FW_ERR_BAD_COOKIE' }),
      }),
    ]);
  });

  it('set in afterCompletion, once the response is gone, fails loudly and changes nothing', async () => {
    const late: Interceptor = { afterCompletion: (ctx) => setCookie(ctx, 'late', '1') };
    const { port, logger } = await serve([], { interceptors: [late] });
    const res = await send(port, { path: '/ok' });
    expect([res.status, res.body, res.setCookies]).toEqual([200, 'ok', []]);
    expect(logger.failures()).toEqual([
      completionFailed({
        interceptor: 'global interceptor 0',
        method: 'GET',
        path: '/ok',
        requestId: res.headers['x-request-id'],
        err: expect.objectContaining({
          code: 'FW_ERR_BAD_COOKIE',
          message:
            'Cannot set cookie "late": the response was already sent (afterCompletion runs after ' +
            'it); set cookies in the handler, preHandle, postHandle or beforeResponse',
        }),
      }),
    ]);
  });
});
