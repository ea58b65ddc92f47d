// CORS that a hostile page or client cannot widen (docs/security.md "CORS answers only the origins
// it lists"): no Origin is matched loosely or written back unless allowed, no requested header is
// echoed, and a hostile Access-Control-Request-Headers neither breaks the server nor leaks.
import { HttpError } from 'fw';
import type { Interceptor } from 'fw/core';
import { cors } from 'fw/cors';
import { describe, expect, it } from 'vitest';
import { RawClient, serve } from '../http/support.js';

const APP = 'https://app.example.com';

/** A served app with cors first and an auth check after it; `POST /orders` answers 200. */
async function app(options: Parameters<typeof cors>[0] = { origins: [APP], credentials: true }) {
  const auth: Interceptor = {
    preHandle: (ctx) =>
      ctx.header('authorization') === 'ok' || ctx.path() === '/ok'
        ? undefined
        : new HttpError(401, 'no'),
  };
  return serve([{ method: 'POST', path: '/orders', handle: () => 'made' }], {
    interceptors: [cors(options), auth],
  });
}

/** Sends `lines` as a raw Latin-1 request head; the response's status and CORS headers. */
async function raw(port: number, lines: string[]) {
  const client = await RawClient.connect(port);
  const head = [...lines, 'Host: t', 'Connection: close'].join('\r\n');
  await client.write(Buffer.from(`${head}\r\n\r\n`, 'latin1'));
  const res = await client.response();
  client.destroy();
  const found = Object.entries(res.headers).filter(([n]) => n.startsWith('access-control-'));
  return { status: res.status, cors: Object.fromEntries(found), head: res.head };
}

const preflight = (origin: string, headers = 'content-type') => [
  'OPTIONS /orders HTTP/1.1',
  `Origin: ${origin}`,
  'Access-Control-Request-Method: POST',
  `Access-Control-Request-Headers: ${headers}`,
];

describe('an Origin near an allowed one', () => {
  it.each([
    ['a suffix', `${APP}.evil.example`],
    ['a prefix', 'https://evilapp.example.com'],
    ['a subdomain', 'https://x.app.example.com'],
    ['another scheme', 'http://app.example.com'],
    ['another port', 'https://app.example.com:8443'],
    ['upper case', 'https://APP.example.com'],
    ['a trailing slash', `${APP}/`],
    ['userinfo', `https://evil@app.example.com`],
    ['a raw 0xA0 byte', `${APP}\u00a0`],
    ['two origins in one', `${APP} https://evil.example`],
    ['null', 'null'],
  ])('%s gets no CORS header, and its preflight meets the auth check', async (_name, origin) => {
    const { port } = await app();
    const res = await raw(port, preflight(origin));
    expect([res.status, res.cors]).toEqual([401, {}]);
  });

  it('only the first of two Origin headers counts', async () => {
    const { port } = await app();
    const evilFirst = await raw(port, [...preflight('https://evil.example'), `Origin: ${APP}`]);
    expect([evilFirst.status, evilFirst.cors]).toEqual([401, {}]);
  });
});

describe('a hostile Access-Control-Request-Headers', () => {
  it.each([
    ['14 KB of names', Array.from({ length: 1400 }, (_, i) => `x-h${i}`).join(',')],
    ['only commas', ','.repeat(10_000)],
    ['Latin-1 and quotes', 'content-type\u00e9, "authorization", <script>, \u00a0authorization'],
    ['a name with spaces inside', 'content type, authorization x'],
  ])('of %s answers only configured names, and the server still answers', async (_n, value) => {
    const { port, alive } = await app();
    const res = await raw(port, preflight(APP, value));
    expect(res.status).toBe(204);
    const allowed = res.cors['access-control-allow-headers'];
    expect(
      allowed === undefined || /^(Content-Type|Authorization)(, Authorization)?$/.test(allowed),
    ).toBe(true);
    expect(res.head).not.toMatch(/script|x-h1|\u00e9/);
    expect(await alive()).toBe(200);
  });
});

describe('a preflight', () => {
  it('from an allowed origin passes before the auth check, and nothing else does', async () => {
    const { port } = await app();
    const ok = await raw(port, preflight(APP));
    const actual = await raw(port, [
      'POST /orders HTTP/1.1',
      `Origin: ${APP}`,
      'Content-Length: 0',
    ]);
    expect(ok.status).toBe(204);
    expect([actual.status, actual.cors['access-control-allow-origin']]).toEqual([401, APP]);
  });
});
