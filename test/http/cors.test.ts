// cors() from fw/cors over a real socket: preflights answered 204 for every path, routed or not;
// actual requests carry the headers on success and on every error; other origins get none.
import { HttpError } from 'fw';
import type { Interceptor } from 'fw/core';
import { cors } from 'fw/cors';
import { describe, expect, it } from 'vitest';
import { serve, type TestRoute } from './support.js';
import { send } from './web-client.js';

const APP = 'https://app.example.com';

/** A route interceptor that refuses every request. */
class Guard implements Interceptor {
  preHandle() {
    return new HttpError(403, 'no');
  }
}
const EVIL = 'https://evil.example.com';

const routes: TestRoute[] = [
  {
    method: 'POST',
    path: '/orders',
    params: ['ctx:fw/core#HttpRequestContext'],
    handle: () => 'made',
  },
  {
    method: 'GET',
    path: '/boom',
    handle: () => {
      throw new Error('secret');
    },
  },
  {
    method: 'GET',
    path: '/teapot',
    handle: () => {
      throw new HttpError(418, 'teapot', { headers: { 'Retry-After': '5' } });
    },
  },
  {
    method: 'POST',
    path: '/things',
    params: [{ name: 'body', type: 'test/http#Thing', validate: (v) => ({ ok: true, value: v }) }],
    handle: () => 'ok',
  },
  {
    method: 'POST',
    path: '/checked',
    params: [
      {
        name: 'body',
        type: 'test/http#Checked',
        validate: () => ({ ok: false, issues: [{ path: 'a', message: 'expected a string' }] }),
      },
    ],
    handle: () => 'ok',
  },
  { method: 'GET', path: '/guarded', interceptors: [Guard], handle: () => 'secret' },
];

function preflight(origin: string, extra: Record<string, string> = {}) {
  return {
    method: 'OPTIONS',
    headers: { Origin: origin, 'Access-Control-Request-Method': 'POST', ...extra },
  };
}

describe('a preflight', () => {
  it('from an allowed origin is answered 204 with every header, and no handler runs', async () => {
    const seen: string[] = [];
    const spy: Interceptor = { preHandle: (ctx) => void seen.push(ctx.path()) };
    const { port } = await serve(routes, {
      interceptors: [
        cors({ origins: [APP], allowHeaders: ['Content-Type', 'X-Trace'], maxAge: 120 }),
        spy,
      ],
    });
    const res = await send(port, {
      path: '/orders',
      ...preflight(APP, { 'Access-Control-Request-Headers': 'x-trace, content-type, x-other' }),
    });
    expect(res.status).toBe(204);
    expect(res.body).toBe('');
    expect(res.cors).toEqual({
      'access-control-allow-origin': APP,
      'access-control-allow-methods': 'GET, HEAD, POST, PUT, PATCH, DELETE',
      'access-control-allow-headers': 'X-Trace, Content-Type',
      'access-control-max-age': '120',
    });
    expect(res.headers['vary']).toBe('Origin');
    expect(seen).toEqual([]);
  });

  it.each([
    ['a routed path with no OPTIONS route', '/orders'],
    ['a path no route matches', '/nowhere/at/all'],
    ['the root', '/'],
  ])('is answered on %s', async (_name, path) => {
    const { port } = await serve(routes, { interceptors: [cors({ origins: [APP] })] });
    const res = await send(port, { path, ...preflight(APP) });
    expect([res.status, res.cors['access-control-allow-origin']]).toEqual([204, APP]);
  });

  it('sends Allow-Credentials when credentials is set', async () => {
    const { port } = await serve(routes, {
      interceptors: [cors({ origins: [APP], credentials: true, methods: ['GET', 'POST'] })],
    });
    const res = await send(port, { path: '/orders', ...preflight(APP) });
    expect(res.cors).toEqual({
      'access-control-allow-origin': APP,
      'access-control-allow-credentials': 'true',
      'access-control-allow-methods': 'GET, POST',
      'access-control-max-age': '600',
    });
  });

  it('asks a predicate, and answers only the origins it allows', async () => {
    const asked: string[] = [];
    const origins = (origin: string) => {
      asked.push(origin);
      return origin.endsWith('.example.com');
    };
    const { port } = await serve(routes, { interceptors: [cors({ origins })] });
    const ok = await send(port, { path: '/orders', ...preflight(APP) });
    const no = await send(port, { path: '/orders', ...preflight('https://example.org') });
    expect([ok.status, ok.cors['access-control-allow-origin']]).toEqual([204, APP]);
    expect([no.status, no.cors]).toEqual([405, {}]);
    expect(asked).toEqual([APP, 'https://example.org']);
  });

  it("with origins '*' answers any origin with the origin itself", async () => {
    const { port } = await serve(routes, { interceptors: [cors({ origins: '*' })] });
    const res = await send(port, { path: '/x', ...preflight('http://localhost:5173') });
    expect([res.status, res.cors['access-control-allow-origin']]).toEqual([
      204,
      'http://localhost:5173',
    ]);
  });

  it.each([
    ['another origin', EVIL, '/orders', 405],
    ['another origin on an unrouted path', EVIL, '/nowhere', 404],
    ['the allowed origin in another case', 'https://APP.example.com', '/orders', 405],
    ['the allowed origin with a path', `${APP}/`, '/orders', 405],
    ['a subdomain of the allowed origin', 'https://x.app.example.com', '/orders', 405],
    ['the allowed origin over http', 'http://app.example.com', '/orders', 405],
  ])('from %s gets no CORS header and is served as usual', async (_name, origin, path, status) => {
    const { port } = await serve(routes, { interceptors: [cors({ origins: [APP] })] });
    const res = await send(port, { path, ...preflight(origin) });
    expect([res.status, res.cors]).toEqual([status, {}]);
  });

  it('leaves out Allow-Headers when none requested is allowed', async () => {
    const { port } = await serve(routes, { interceptors: [cors({ origins: [APP] })] });
    const res = await send(port, {
      path: '/orders',
      ...preflight(APP, { 'Access-Control-Request-Headers': 'X-Evil' }),
    });
    expect(res.status).toBe(204);
    expect(res.cors['access-control-allow-headers']).toBeUndefined();
  });

  it('matches requested headers case-insensitively and names each once', async () => {
    const { port } = await serve(routes, { interceptors: [cors({ origins: [APP] })] });
    const res = await send(port, {
      path: '/orders',
      ...preflight(APP, {
        'Access-Control-Request-Headers': 'CONTENT-TYPE,authorization , content-type',
      }),
    });
    expect(res.cors['access-control-allow-headers']).toBe('Content-Type, Authorization');
  });

  it('is an ordinary OPTIONS request without Access-Control-Request-Method', async () => {
    const { port } = await serve(routes, { interceptors: [cors({ origins: [APP] })] });
    const res = await send(port, { method: 'OPTIONS', path: '/orders', headers: { Origin: APP } });
    expect(res.status).toBe(405);
    expect(res.cors).toEqual({ 'access-control-allow-origin': APP });
  });
});

describe('an actual request from an allowed origin', () => {
  const options = {
    origins: [APP],
    credentials: true,
    exposeHeaders: ['X-Request-Id', 'Retry-After'],
  };
  const want = {
    'access-control-allow-origin': APP,
    'access-control-allow-credentials': 'true',
    'access-control-expose-headers': 'X-Request-Id, Retry-After',
  };

  it.each([
    ['success', 'POST', '/orders', undefined, 200],
    ['a handler that throws', 'GET', '/boom', undefined, 500],
    ['an HttpError', 'GET', '/teapot', undefined, 418],
    ['a malformed body', 'POST', '/things', '{"a":', 400],
    ['a body that fails validation', 'POST', '/checked', '{"a":1}', 400],
    ['a route interceptor that refuses', 'GET', '/guarded', undefined, 403],
    ['no route', 'GET', '/nowhere', undefined, 404],
    ['another method', 'DELETE', '/orders', undefined, 405],
  ])('keeps the CORS headers and Vary on %s', async (_name, method, path, body, status) => {
    const { port } = await serve(routes, { interceptors: [cors(options)] });
    const res = await send(port, {
      method,
      path,
      headers: { Origin: APP, 'Content-Type': 'application/json' },
      ...(body === undefined ? {} : { body }),
    });
    expect(res.status).toBe(status);
    expect(res.cors).toEqual(want);
    expect(res.headers['vary']).toBe('Origin');
  });

  it('keeps them on the 503 of a handler that ignores its deadline', async () => {
    const hang: TestRoute = { method: 'GET', path: '/hang', handle: () => new Promise(() => {}) };
    const { port } = await serve([hang], { interceptors: [cors(options)], requestTimeoutMs: 100 });
    const res = await send(port, { path: '/hang', headers: { Origin: APP } });
    expect([res.status, res.cors, res.headers['vary']]).toEqual([503, want, 'Origin']);
    expect(res.headers['content-type']).toBe('application/problem+json');
  });

  it('keeps them beside the headers of an HttpError', async () => {
    const { port } = await serve(routes, { interceptors: [cors(options)] });
    const res = await send(port, { path: '/teapot', headers: { Origin: APP } });
    expect([res.headers['retry-after'], res.cors['access-control-allow-origin']]).toEqual([
      '5',
      APP,
    ]);
  });

  it('keeps them when a later interceptor refuses the request', async () => {
    const deny: Interceptor = { preHandle: () => new HttpError(401, 'who are you') };
    const { port } = await serve(routes, { interceptors: [cors(options), deny] });
    const res = await send(port, { method: 'POST', path: '/orders', headers: { Origin: APP } });
    expect([res.status, res.cors]).toEqual([401, want]);
  });

  it('sends Vary: Origin to a request without Origin too, and nothing else', async () => {
    const { port } = await serve(routes, { interceptors: [cors(options)] });
    const res = await send(port, { method: 'POST', path: '/orders' });
    expect([res.status, res.cors, res.headers['vary']]).toEqual([200, {}, 'Origin']);
  });

  it('gives another origin no CORS header, and the answer as usual', async () => {
    const { port } = await serve(routes, { interceptors: [cors(options)] });
    const res = await send(port, { method: 'POST', path: '/orders', headers: { Origin: EVIL } });
    expect([res.status, res.body, res.cors]).toEqual([200, 'made', {}]);
  });
});
