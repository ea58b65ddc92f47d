// Set-Cookie text and its checks (runtime/http/set-cookie.ts): every attribute's text, every
// FW_ERR_BAD_COOKIE with its message, and setCookie refusing contexts with no HTTP response.
import { type CookieOptions, clearCookie, type FwError, type Reply, reply, setCookie } from 'fw';
import { RESPONSE_WRITER_KEY, type ResponseWriter } from 'fw/core';
import { consumerContext, httpContext, webSocketContext } from 'fw/testing';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { serializeCookie } from '../../../runtime/http/set-cookie.js';
import { thrown } from '../../http/support.js';

const BASE = 'Path=/; HttpOnly; SameSite=Lax';

describe('serializeCookie()', () => {
  it.each<[string, CookieOptions, string]>([
    ['the defaults', {}, `sid=v; ${BASE}`],
    ['path', { path: '/app' }, 'sid=v; Path=/app; HttpOnly; SameSite=Lax'],
    [
      'domain',
      { domain: 'example.com' },
      `sid=v; Path=/; Domain=example.com; HttpOnly; SameSite=Lax`,
    ],
    ['maxAge', { maxAge: 3600 }, 'sid=v; Path=/; Max-Age=3600; HttpOnly; SameSite=Lax'],
    ['maxAge 0', { maxAge: 0 }, 'sid=v; Path=/; Max-Age=0; HttpOnly; SameSite=Lax'],
    [
      'expires',
      { expires: new Date(Date.UTC(2030, 0, 2, 3, 4, 5)) },
      'sid=v; Path=/; Expires=Wed, 02 Jan 2030 03:04:05 GMT; HttpOnly; SameSite=Lax',
    ],
    ['httpOnly false', { httpOnly: false }, 'sid=v; Path=/; SameSite=Lax'],
    ['secure', { secure: true }, 'sid=v; Path=/; HttpOnly; Secure; SameSite=Lax'],
    ['sameSite Strict', { sameSite: 'Strict' }, 'sid=v; Path=/; HttpOnly; SameSite=Strict'],
    [
      'sameSite None with secure',
      { sameSite: 'None', secure: true },
      'sid=v; Path=/; HttpOnly; Secure; SameSite=None',
    ],
    [
      'partitioned',
      { partitioned: true, secure: true },
      'sid=v; Path=/; HttpOnly; Secure; SameSite=Lax; Partitioned',
    ],
    [
      'all of them',
      {
        path: '/a',
        domain: 'a.example',
        maxAge: 5,
        expires: new Date(0),
        httpOnly: true,
        secure: true,
        sameSite: 'None',
        partitioned: true,
      },
      'sid=v; Path=/a; Domain=a.example; Max-Age=5; Expires=Thu, 01 Jan 1970 00:00:00 GMT; ' +
        'HttpOnly; Secure; SameSite=None; Partitioned',
    ],
  ])('writes %s', (_name, options, want) => {
    expect(serializeCookie('sid', 'v', options)).toBe(want);
  });

  it('keeps an empty value and every visible ASCII character but ; and ,', () => {
    const value = '!"#$%&\'()*+-./09:<=>?@AZ[\\]^_`az{|}~ x';
    expect(serializeCookie('a', '')).toBe(`a=; ${BASE}`);
    expect(serializeCookie('a', value)).toBe(`a=${value}; ${BASE}`);
  });

  const bad = (reason: string, cookie = '"sid"') => `Cannot set cookie ${cookie}: ${reason}`;
  const NAME = "the name must be a non-empty token (letters, digits and !#$%&'*+-.^_`|~)";
  const text = (what: string, at: string, i: number) =>
    `the ${what} has ${at} at ${i}; it may hold visible ASCII but ';' and ',' ` +
    '(encode it first, e.g. with encodeURIComponent)';

  it.each<[string, string, string, CookieOptions, string]>([
    ['an empty name', '', 'v', {}, bad(NAME, '""')],
    ['a name with a space', 'a b', 'v', {}, bad(NAME, '"a b"')],
    ['a name with =', 'a=b', 'v', {}, bad(NAME, '"a=b"')],
    ['a name with ;', 'a;b', 'v', {}, bad(NAME, '"a;b"')],
    ['a name with a newline', 'a\nb', 'v', {}, bad(NAME, '"a\\nb"')],
    ['a name outside ASCII', 'é', 'v', {}, bad(NAME, '"é"')],
    ['a value with ;', 'sid', 'a;Domain=evil', {}, bad(text('value', "';'", 1))],
    ['a value with ,', 'sid', 'a,b', {}, bad(text('value', "','", 1))],
    ['a value with CR', 'sid', 'a\r\nSet-Cookie: x=1', {}, bad(text('value', 'U+000D', 1))],
    ['a value with NUL', 'sid', '\0', {}, bad(text('value', 'U+0000', 0))],
    ['a value with a tab', 'sid', 'a\tb', {}, bad(text('value', 'U+0009', 1))],
    ['a value with DEL', 'sid', 'a\x7f', {}, bad(text('value', 'U+007F', 1))],
    ['a value outside ASCII', 'sid', 'café', {}, bad(text('value', 'U+00E9', 3))],
    ['a path with ;', 'sid', 'v', { path: '/; Domain=evil' }, bad(text('path', "';'", 1))],
    ['a path with a newline', 'sid', 'v', { path: '/\n' }, bad(text('path', 'U+000A', 1))],
    ['a domain with ,', 'sid', 'v', { domain: 'a,b' }, bad(text('domain', "','", 1))],
    [
      'an empty domain',
      'sid',
      'v',
      { domain: '' },
      bad("the domain must not be empty; leave it out for the host's own"),
    ],
    [
      'sameSite None without secure',
      'sid',
      'v',
      { sameSite: 'None' },
      bad("sameSite: 'None' needs secure: true; browsers drop such a cookie otherwise"),
    ],
    [
      'partitioned without secure',
      'sid',
      'v',
      { partitioned: true },
      bad('partitioned needs secure: true; browsers drop such a cookie otherwise'),
    ],
    [
      'another sameSite',
      'sid',
      'v',
      { sameSite: 'lax' as 'Lax' },
      bad("sameSite must be 'Strict', 'Lax' or 'None'; got lax"),
    ],
    [
      'a negative maxAge',
      'sid',
      'v',
      { maxAge: -1 },
      bad('maxAge must be a whole number of seconds, 0 or more; got -1'),
    ],
    [
      'a fractional maxAge',
      'sid',
      'v',
      { maxAge: 1.5 },
      bad('maxAge must be a whole number of seconds, 0 or more; got 1.5'),
    ],
    [
      'an invalid date',
      'sid',
      'v',
      { expires: new Date(Number.NaN) },
      bad('expires must be a valid Date; got Invalid Date'),
    ],
    [
      'a flag that is not a boolean',
      'sid',
      'v',
      { secure: 'yes' as unknown as boolean },
      bad('secure must be true or false; got yes'),
    ],
    [
      'an unknown option',
      'sid',
      'v',
      { httponly: false } as CookieOptions,
      bad(
        "unknown option 'httponly'; use path, domain, maxAge, expires, httpOnly, secure, " +
          'sameSite, partitioned',
      ),
    ],
    [
      'a __Secure- cookie without secure',
      '__Secure-sid',
      'v',
      {},
      bad('a __Secure- cookie needs secure: true', '"__Secure-sid"'),
    ],
    [
      'a __Host- cookie with a domain',
      '__Host-sid',
      'v',
      { secure: true, domain: 'example.com' },
      bad("a __Host- cookie needs secure: true, path '/' and no domain", '"__Host-sid"'),
    ],
  ])('throws FW_ERR_BAD_COOKIE for %s', (_name, name, value, options, message) => {
    const err = thrown(() => serializeCookie(name, value, options)) as FwError;
    expect([err.code, err.status, err.message]).toEqual(['FW_ERR_BAD_COOKIE', 500, message]);
  });

  it('cuts a long name short in the message', () => {
    const err = thrown(() => serializeCookie(`${'a'.repeat(100)} `, 'v')) as FwError;
    expect(err.message).toBe(`Cannot set cookie "${'a'.repeat(64)}…": ${NAME}`);
  });
});

describe('setCookie() and clearCookie()', () => {
  const writer = (ctx: { get<T>(key: string): T | undefined }) =>
    ctx.get<ResponseWriter>(RESPONSE_WRITER_KEY) as unknown as { getHeader(n: string): string };

  it('add a Set-Cookie to the staged response, one per call', () => {
    const ctx = httpContext({ url: '/' });
    setCookie(ctx, 'a', '1');
    clearCookie(ctx, 'b', { path: '/x' });
    const staged = ctx.get<{ take(): { headers: string[] } }>(RESPONSE_WRITER_KEY);
    const headers = staged?.take().headers ?? [];
    expect(headers.filter((_, i) => i % 3 === 2)).toEqual([
      `a=1; ${BASE}`,
      'b=; Path=/x; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; SameSite=Lax',
    ]);
    expect(writer(ctx).getHeader('set-cookie')).toBe(`a=1; ${BASE}`);
  });

  it.each([
    ['a WebSocket message', () => webSocketContext({ path: '/ws' })],
    ['an event', () => consumerContext('order.created')],
  ])('throw FW_ERR_BAD_COOKIE on %s, which has no response', (_name, make) => {
    const err = thrown(() => setCookie(make(), 'sid', 'v')) as FwError;
    expect([err.code, err.message]).toEqual([
      'FW_ERR_BAD_COOKIE',
      'Cannot set cookie "sid": this context has no HTTP response (a WebSocket message or an ' +
        "event); set cookies from an HTTP handler's HttpRequestContext or an interceptor's " +
        'ExecutionContext',
    ]);
    expect((thrown(() => clearCookie(make(), 'sid')) as FwError).code).toBe('FW_ERR_BAD_COOKIE');
  });
});

describe('reply() with cookies', () => {
  it('keeps frozen copies of the cookies it was given', () => {
    const given = { name: 'sid', value: 'v', secure: true };
    const r = reply('ok', { status: 201, cookies: [given] });
    given.value = 'changed';
    expect([r.status, r.cookies]).toEqual([201, [{ name: 'sid', value: 'v', secure: true }]]);
    expect(Object.isFrozen(r.cookies?.[0])).toBe(true);
  });

  it('keeps the literal status in the type', () => {
    const r = reply({ id: 1 }, { status: 201, cookies: [{ name: 'sid', value: 'v' }] });
    expectTypeOf(r).toEqualTypeOf<Reply<{ id: number }, 201>>();
    expectTypeOf(reply('ok', { cookies: [] })).toEqualTypeOf<Reply<string, 200>>();
  });

  it('throws FW_ERR_BAD_COOKIE where it is called', () => {
    const err = thrown(() => reply('ok', { cookies: [{ name: 'sid', value: 'a;b' }] })) as FwError;
    expect(err.code).toBe('FW_ERR_BAD_COOKIE');
  });
});
