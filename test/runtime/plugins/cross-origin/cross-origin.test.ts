// crossOriginProtection() over real sockets: non-safe requests judged by Sec-Fetch-Site, then by
// Origin against Host, trusted origins (its own list, a global cors()'s), the double-submit token
// for requests with cookies and neither header, the 403 problem, and its options refused by key.
import { request } from 'node:http';
import type { Interceptor } from 'fw/core';
import { cors } from 'fw/cors';
import { crossOriginProtection } from 'fw/cross-origin';
import { describe, expect, it } from 'vitest';
import { type Served, serve, type TestRoute } from '../../../http/support.js';

interface Answer {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: string;
}

/** One request with exactly `headers` (and `Host: 127.0.0.1:<port>` unless given). */
function send(
  app: Served,
  method: string,
  headers: Record<string, string> = {},
  path = '/write',
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(app.url(path), { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: Buffer.concat(chunks).toString(),
        }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

/** An app whose writes count, behind `interceptors`. */
async function guarded(interceptors: Interceptor[]): Promise<Served & { writes: () => number }> {
  let writes = 0;
  const routes: TestRoute[] = [
    { method: 'GET', path: '/write', handle: () => 'read' },
    { method: 'POST', path: '/write', handle: () => ({ writes: ++writes }) },
    { method: 'PUT', path: '/write', handle: () => ({ writes: ++writes }) },
    { method: 'PATCH', path: '/write', handle: () => ({ writes: ++writes }) },
    { method: 'DELETE', path: '/write', handle: () => ({ writes: ++writes }) },
  ];
  const app = await serve(routes, { interceptors });
  return Object.assign(app, { writes: () => writes });
}

const EVIL = 'http://evil.example';

describe('crossOriginProtection()', () => {
  it('refuses a non-safe request a browser sent from another site, and runs nothing', async () => {
    const app = await guarded([crossOriginProtection()]);
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      for (const site of ['cross-site', 'same-site']) {
        const res = await send(app, method, { 'sec-fetch-site': site, origin: EVIL });
        expect(res.status).toBe(403);
        expect(res.headers['content-type']).toBe('application/problem+json');
        expect(JSON.parse(res.body)).toMatchObject({
          status: 403,
          code: 'FW_ERR_CROSS_ORIGIN_REQUEST',
          detail: expect.stringContaining(`This ${method} was sent by a page of another origin`),
        });
      }
    }
    expect(app.writes()).toBe(0);
  });

  it('passes same-origin, the user’s own navigation, safe methods and non-browser clients', async () => {
    const app = await guarded([crossOriginProtection()]);
    const own = `http://127.0.0.1:${app.port}`;
    const passes: [string, Record<string, string>][] = [
      ['POST', { 'sec-fetch-site': 'same-origin', origin: own }],
      ['POST', { 'sec-fetch-site': 'none' }],
      ['POST', { origin: own }], // an older browser: Origin names the host
      ['POST', {}], // curl, a server: neither header
      ['POST', { cookie: 'sid=1' }],
      ['GET', { 'sec-fetch-site': 'cross-site', origin: EVIL }],
      ['HEAD', { 'sec-fetch-site': 'cross-site' }],
    ];
    for (const [method, headers] of passes) {
      const res = await send(app, method, headers);
      expect([method, headers, res.status]).toEqual([method, headers, 200]);
    }
    expect(app.writes()).toBe(5);
  });

  it('judges an older browser by Origin against Host: another host, or null, is refused', async () => {
    const app = await guarded([crossOriginProtection()]);
    for (const origin of [EVIL, 'null', `http://127.0.0.1:${app.port + 1}`, 'not an origin']) {
      const res = await send(app, 'POST', { origin });
      expect([origin, res.status]).toEqual([origin, 403]);
    }
    // A default port compares equal, whether or not Host spells it.
    const res = await send(app, 'POST', { origin: 'https://api.example', host: 'api.example:443' });
    expect(res.status).toBe(200);
  });

  it('trusts its trustedOrigins and the origins a global cors() allows, not cors’s *', async () => {
    const partner = 'https://partner.example';
    const front = 'https://front.example';
    const app = await guarded([
      cors({ origins: [front], credentials: true }),
      crossOriginProtection({ trustedOrigins: ['HTTPS://Partner.example:443'] }),
    ]);
    for (const origin of [partner, front]) {
      const res = await send(app, 'POST', { 'sec-fetch-site': 'cross-site', origin });
      expect([origin, res.status]).toEqual([origin, 200]);
    }
    expect((await send(app, 'POST', { origin: front })).status).toBe(200);
    const any = await guarded([cors({ origins: '*' }), crossOriginProtection()]);
    const res = await send(any, 'POST', { 'sec-fetch-site': 'cross-site', origin: front });
    expect(res.status).toBe(403);
  });

  it('with token: gives a token cookie, and wants it back in the header when neither header comes', async () => {
    const app = await guarded([crossOriginProtection({ token: true })]);
    const first = await send(app, 'GET');
    const setCookie = (first.headers['set-cookie'] ?? []) as string[];
    expect(setCookie).toHaveLength(1);
    expect(setCookie[0]).toMatch(/^fw-csrf=[A-Za-z0-9_-]{43}; Path=\/; SameSite=Strict$/);
    const token = (setCookie[0] as string).slice('fw-csrf='.length, 'fw-csrf='.length + 43);
    // A client that has one is given none.
    const again = await send(app, 'GET', { cookie: `fw-csrf=${token}` });
    expect(again.headers['set-cookie']).toBeUndefined();

    const cookie = `sid=1; fw-csrf=${token}`;
    const refused: Record<string, string>[] = [
      {},
      { 'x-csrf-token': 'wrong' },
      { 'x-csrf-token': `${token.slice(0, 42)}A` },
      { 'x-csrf-token': '' },
    ];
    for (const headers of refused) {
      const res = await send(app, 'POST', { cookie, ...headers });
      expect(res.status).toBe(403);
      expect(JSON.parse(res.body)).toMatchObject({ code: 'FW_ERR_CSRF_TOKEN' });
    }
    const empty = await send(app, 'POST', { cookie: 'sid=1', 'x-csrf-token': '' });
    expect(empty.status).toBe(403);
    expect((await send(app, 'POST', { cookie, 'x-csrf-token': token })).status).toBe(200);
    // Without cookies there is nothing to forge; with Sec-Fetch-Site the token is not needed.
    expect((await send(app, 'POST', {})).status).toBe(200);
    expect((await send(app, 'POST', { cookie, 'sec-fetch-site': 'same-origin' })).status).toBe(200);
    expect(app.writes()).toBe(3);
  });

  it('names its token cookie and header as told', async () => {
    const app = await guarded([
      crossOriginProtection({ token: { cookie: 'xsrf', header: 'X-XSRF', secure: true } }),
    ]);
    const first = await send(app, 'GET');
    expect(String(first.headers['set-cookie'])).toMatch(
      /^xsrf=.{43}; Path=\/; Secure; SameSite=Strict$/,
    );
    const res = await send(app, 'POST', { cookie: 'xsrf=abc' });
    expect(JSON.parse(res.body)).toMatchObject({
      code: 'FW_ERR_CSRF_TOKEN',
      detail: expect.stringContaining('its X-XSRF header does not match its xsrf cookie'),
    });
    expect((await send(app, 'POST', { cookie: 'xsrf=abc', 'x-xsrf': 'abc' })).status).toBe(200);
  });

  it.each([
    [{ trustedOrigins: 'https://a.example' }, 'crossOriginProtection.trustedOrigins'],
    [{ trustedOrigins: ['https://a.example/path'] }, 'crossOriginProtection.trustedOrigins'],
    [{ trustedOrigins: ['*'] }, 'crossOriginProtection.trustedOrigins'],
    [{ token: 'yes' }, 'crossOriginProtection.token'],
    [{ token: { cookie: 'a b' } }, 'crossOriginProtection.token.cookie'],
    [{ token: { cookie: '__Host-csrf' } }, 'crossOriginProtection.token.cookie'],
    [{ token: { header: 'X Token' } }, 'crossOriginProtection.token.header'],
    [{ token: { secure: 'no' } }, 'crossOriginProtection.token.secure'],
    [{ token: { name: 'x' } }, 'crossOriginProtection.token.name'],
    [{ bypass: ['/hooks'] }, 'crossOriginProtection.bypass'],
  ])('refuses %j, naming %s', (options, key) => {
    expect(() => crossOriginProtection(options as never)).toThrow(
      expect.objectContaining({
        code: 'FW_ERR_INVALID_OPTION',
        message: expect.stringContaining(`'${key}'`),
      }),
    );
  });
});
