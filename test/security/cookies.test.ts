// Cookie parsing that a hostile or careless client cannot confuse (RFC 6265 section 4.2 and 5.4):
// the first cookie of a name wins, a `;` always ends a pair (quotes or not), a `,` never does, only
// spaces and tabs are trimmed, nothing is percent-decoded, and any name is just a name.
// test/runtime/context/cookies.test.ts has the ordinary cases; these are the hostile ones.
import { HttpError } from 'fw';
import type { HttpRequestContext, Interceptor, WebSocketHandshakeContext } from 'fw/core';
import { describe, expect, it } from 'vitest';
import { parseCookies } from '../../runtime/core/request/cookies.js';
import { RawClient, serve } from '../http/support.js';

type Case = [name: string, { given: string[]; want: [string, string][] }];

const cases: Case[] = [
  // duplicates: the first wins, within a header and across headers
  ['a duplicate name', { given: ['sid=good; sid=evil'], want: [['sid', 'good']] }],
  ['a duplicate in a later header', { given: ['sid=good', 'sid=evil'], want: [['sid', 'good']] }],
  ['a duplicate with an empty value first', { given: ['sid=; sid=evil'], want: [['sid', '']] }],
  [
    'names that differ only in case are two cookies',
    {
      given: ['__host-sid=evil; __Host-sid=good'],
      want: [
        ['__host-sid', 'evil'],
        ['__Host-sid', 'good'],
      ],
    },
  ],
  // quotes
  ['a quoted value', { given: ['a="x y"'], want: [['a', 'x y']] }],
  [
    'a quoted value cannot hide a ;',
    {
      given: ['a="x; sid=evil"'],
      want: [
        ['a', '"x'],
        ['sid', 'evil"'],
      ],
    },
  ],
  ['a quote only on the left', { given: ['a="x'], want: [['a', '"x']] }],
  ['a quoted name is not unquoted', { given: ['"sid"=x'], want: [['"sid"', 'x']] }],
  // separators
  ['a , does not end a pair', { given: ['a=1,sid=evil'], want: [['a', '1,sid=evil']] }],
  ['a , and a space do not either', { given: ['a=1, sid=evil'], want: [['a', '1, sid=evil']] }],
  [
    '= in a value',
    {
      given: ['a=b=c; d=='],
      want: [
        ['a', 'b=c'],
        ['d', '='],
      ],
    },
  ],
  ['empty pairs', { given: [';;; ; a=1 ;;'], want: [['a', '1']] }],
  // whitespace
  ['spaces and tabs around', { given: [' \t a \t = \t 1 \t '], want: [['a', '1']] }],
  ['a space inside a name is kept', { given: ['a b=1'], want: [['a b', '1']] }],
  [
    'a leading U+00A0 keeps a name apart',
    {
      given: ['\u00a0sid=evil; sid=good'],
      want: [
        ['\u00a0sid', 'evil'],
        ['sid', 'good'],
      ],
    },
  ],
  [
    'a trailing U+00A0 keeps a name apart',
    {
      given: ['__Host-sid\u00a0=evil; __Host-sid=good'],
      want: [
        ['__Host-sid\u00a0', 'evil'],
        ['__Host-sid', 'good'],
      ],
    },
  ],
  ['U+00A0 around a value is kept', { given: ['a=\u00a0x\u00a0'], want: [['a', '\u00a0x\u00a0']] }],
  // missing parts
  ['no =', { given: ['sid; a=1'], want: [['a', '1']] }],
  ['only =', { given: ['=; =x; a=1'], want: [['a', '1']] }],
  ['an empty header', { given: [''], want: [] }],
  // escapes are not decoded, so an escaped name is another name
  [
    'invalid percent-escapes kept',
    {
      given: ['a=%; b=%zz; c=%E0%A4%A; d=%00'],
      want: [
        ['a', '%'],
        ['b', '%zz'],
        ['c', '%E0%A4%A'],
        ['d', '%00'],
      ],
    },
  ],
  [
    'an escaped name is not the plain one',
    {
      given: ['%73id=evil; sid=good'],
      want: [
        ['%73id', 'evil'],
        ['sid', 'good'],
      ],
    },
  ],
  // names Object.prototype has
  [
    'prototype member names',
    {
      given: ['__proto__=a; constructor=b; prototype=c; hasOwnProperty=d; toString=e'],
      want: [
        ['__proto__', 'a'],
        ['constructor', 'b'],
        ['prototype', 'c'],
        ['hasOwnProperty', 'd'],
        ['toString', 'e'],
      ],
    },
  ],
  [
    'RFC 2109 attributes are ordinary names',
    {
      given: ['$Version=1; sid=x; $Path=/'],
      want: [
        ['$Version', '1'],
        ['sid', 'x'],
        ['$Path', '/'],
      ],
    },
  ],
];

describe('parseCookies() of hostile headers', () => {
  it.each(cases)('%s', (_name, { given, want }) => {
    const cookies = parseCookies(given);
    expect(Object.entries(cookies)).toEqual(want);
    expect(Object.getPrototypeOf(cookies)).toBeNull();
  });

  it('reads 20,000 cookies, the first of each name winning', () => {
    const header = Array.from({ length: 20_000 }, (_, i) => `c${i % 10_000}=${i}`).join('; ');
    const cookies = parseCookies([header]);
    expect(Object.keys(cookies)).toHaveLength(10_000);
    expect([cookies['c0'], cookies['c9999']]).toEqual(['0', '9999']);
  });
});

/** A server whose gateway refuses every upgrade after recording the snapshot's cookies. */
async function recording(): Promise<{ port: number; seen: Record<string, string>[] }> {
  const seen: Record<string, string>[] = [];
  const guard: Interceptor = {
    preHandshake: (ctx: WebSocketHandshakeContext) => {
      seen.push({ ...ctx.cookies() });
      return new HttpError(403, 'recorded');
    },
  };
  const { port } = await serve([{ method: 'WS', path: '/ws', handle: () => 'x' }], {
    interceptors: [guard],
  });
  return { port, seen };
}

/** Sends an upgrade request with `cookieLines` as raw Latin-1 `Cookie` header lines. */
async function upgradeWith(port: number, cookieLines: string[]): Promise<number> {
  const client = await RawClient.connect(port);
  const head = [
    'GET /ws HTTP/1.1',
    'Host: t',
    'Connection: Upgrade',
    'Upgrade: websocket',
    'Sec-WebSocket-Version: 13',
    'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==',
    ...cookieLines.map((c) => `Cookie: ${c}`),
  ];
  await client.write(Buffer.from(`${head.join('\r\n')}\r\n\r\n`, 'latin1'));
  const res = await client.response();
  client.destroy();
  return res.status;
}

describe('cookies of a WebSocket upgrade, over a socket', () => {
  it('keeps a raw 0xA0 byte before a name apart from the name', async () => {
    const { port, seen } = await recording();
    expect(await upgradeWith(port, ['\u00a0__Host-sid=evil; __Host-sid=good'])).toBe(403);
    expect(seen[0]?.['__Host-sid']).toBe('good');
  });

  it('lets the first of two Cookie headers win', async () => {
    const { port, seen } = await recording();
    expect(await upgradeWith(port, ['sid=good', 'sid=evil; other=1'])).toBe(403);
    expect(seen).toEqual([{ sid: 'good', other: '1' }]);
  });

  it('reads a Cookie header as large as Node accepts', async () => {
    const { port, seen } = await recording();
    const header = Array.from({ length: 1500 }, (_, i) => `c${i}=${i}`).join('; ');
    expect(Buffer.byteLength(header)).toBeGreaterThan(14_000);
    expect(await upgradeWith(port, [`${header}; c0=evil`])).toBe(403);
    expect([Object.keys(seen[0] ?? {}).length, seen[0]?.['c0']]).toEqual([1500, '0']);
  });
});

/** A server whose `GET /c` answers the request's cookies as JSON. */
async function httpCookies(): Promise<number> {
  const { port } = await serve([
    {
      method: 'GET',
      path: '/c',
      params: ['ctx:fw/core#HttpRequestContext'],
      handle: (ctx: HttpRequestContext) => ({ ...ctx.cookies() }),
    },
  ]);
  return port;
}

/** Sends `GET /c` with `cookieLines` as raw Latin-1 `Cookie` header lines; the cookies read. */
async function readOverHttp(port: number, cookieLines: string[]): Promise<Record<string, string>> {
  const client = await RawClient.connect(port);
  const head = ['GET /c HTTP/1.1', 'Host: t', 'Connection: close'];
  head.push(...cookieLines.map((c) => `Cookie: ${c}`));
  await client.write(Buffer.from(`${head.join('\r\n')}\r\n\r\n`, 'latin1'));
  const res = await client.response();
  client.destroy();
  expect(res.status).toBe(200);
  return JSON.parse(res.body);
}

// The same parser reads an HTTP request's cookies (HttpRequestContext.cookie/cookies).
describe('cookies of an HTTP request, over a socket', () => {
  it('keeps a raw 0xA0 byte before a name apart from the name', async () => {
    const port = await httpCookies();
    const cookies = await readOverHttp(port, ['\u00a0__Host-sid=evil; __Host-sid=good']);
    expect(cookies['__Host-sid']).toBe('good');
  });

  it('lets the first of two Cookie headers win', async () => {
    const port = await httpCookies();
    expect(await readOverHttp(port, ['sid=good', 'sid=evil; other=1'])).toEqual({
      sid: 'good',
      other: '1',
    });
  });

  it('reads a Cookie header as large as Node accepts', async () => {
    const port = await httpCookies();
    const header = Array.from({ length: 1500 }, (_, i) => `c${i}=${i}`).join('; ');
    const cookies = await readOverHttp(port, [`${header}; c0=evil`]);
    expect([Object.keys(cookies).length, cookies['c0']]).toEqual([1500, '0']);
  });
});
