import { createApp, type InterceptorClass } from 'fw';
import type { ControllerContext, ExecutionContext, HandlerMeta, Interceptor } from 'fw/core';
import type { Pagination, Values } from 'fw/query';
import { describe, expect, it, onTestFinished } from 'vitest';
import { bindingsOf, recordingLogger, type TestRoute } from './support.js';

function app(routes: readonly TestRoute[], interceptors: readonly Interceptor[] = []) {
  const created = createApp({
    logger: recordingLogger(),
    interceptors,
    bindings: bindingsOf(routes),
  });
  onTestFinished(() => created.close());
  return created;
}

// Interceptors share values with the handler through the context; the handler reads them read-only.
describe('ControllerContext through HTTP', () => {
  it('reads what an interceptor set, and cannot set', async () => {
    const auth: Interceptor = { preHandle: (ctx) => ctx.set('user', { id: 7, role: 'admin' }) };
    const a = app(
      [
        {
          method: 'GET',
          path: '/me',
          params: ['cc:fw/core#ControllerContext'],
          handle: (cc: ControllerContext) => ({
            user: cc.get('user'),
            has: [cc.has('user'), cc.has('tenant')],
            canSet: 'set' in cc,
          }),
        },
      ],
      [auth],
    );

    const res = await a.inject({ url: '/me' });

    expect(res.status).toBe(200);
    expect(res.json()).toEqual({
      user: { id: 7, role: 'admin' },
      has: [true, false],
      canSet: false,
    });
  });
});

// Path parameters bind by name whatever the parameter order; params()/pathKeys() follow the route.
describe('path parameters by name', () => {
  it('binds two keys by name and shows them to a route interceptor in route order', async () => {
    const seen: { keys: readonly string[]; params: object; meta: readonly string[] }[] = [];
    const Spy: InterceptorClass = class implements Interceptor {
      preHandle(ctx: ExecutionContext, meta: HandlerMeta) {
        seen.push({ keys: ctx.pathKeys(), params: { ...ctx.params() }, meta: meta.pathKeys });
      }
    };
    const a = app([
      {
        method: 'GET',
        path: '/orgs/:org/repos/:repo',
        params: ['repo:string', 'org:string'],
        interceptors: [Spy],
        handle: (repo: string, org: string) => `${org}/${repo}`,
      },
    ]);

    const res = await a.inject({ url: '/orgs/acme%20inc/repos/fw?tab=issues' });

    expect([res.status, res.body]).toEqual([200, 'acme inc/fw']);
    expect(seen).toEqual([
      { keys: ['org', 'repo'], params: { org: 'acme inc', repo: 'fw' }, meta: ['org', 'repo'] },
    ]);
  });

  it('shows a global interceptor no params before routing, and the route ones after', async () => {
    const seen: string[] = [];
    const global: Interceptor = {
      preHandle: (ctx) => void seen.push(`pre:${ctx.pathKeys().join(',')}`),
      postHandle: (ctx) => void seen.push(`post:${ctx.pathKeys().join(',')}`),
    };
    const a = app([{ method: 'GET', path: '/a/:x/b/:y', handle: () => 'ok' }], [global]);

    await a.inject({ url: '/a/1/b/2' });

    expect(seen).toEqual(['pre:', 'post:x,y']);
  });
});

// `Values` and `Pagination` parameters read the query string (API.md section 2).
describe('query parameters through HTTP', () => {
  const routes: TestRoute[] = [
    {
      method: 'GET',
      path: '/search',
      params: ['q:fw/query#Values', 'page:fw/query#Pagination'],
      handle: (q: Values, page: Pagination) => ({
        tags: q.all('tag'),
        text: q.get('text'),
        limit: q.int('limit', 10),
        exact: q.getBoolByKey('exact', false),
        has: q.has('empty'),
        page,
      }),
    },
  ];

  it.each([
    [
      'every value, decoded',
      '/search?tag=a&tag=b&text=hello+world%21&limit=25&exact=YES&empty=&page=3&size=50',
      {
        tags: ['a', 'b'],
        text: 'hello world!',
        limit: 25,
        exact: true,
        has: true,
        page: { page: 3, size: 50 },
      },
    ],
    [
      'defaults for what is missing or invalid',
      '/search?limit=1e3&exact=maybe&page=0&size=x',
      { tags: [], text: '', limit: 10, exact: false, has: false, page: { page: 1, size: 20 } },
    ],
  ])('%s', async (_name, url, want) => {
    const res = await app(routes).inject({ url });

    expect(res.status).toBe(200);
    expect(res.json()).toEqual(want);
  });
});

// A `size` above the app's `pagination.maxSize` (100 by default) is clamped to it (API.md section 2).
describe('Pagination size bounded by the app', () => {
  const listed: TestRoute = {
    method: 'GET',
    path: '/items',
    params: ['p:fw/query#Pagination'],
    handle: (p: Pagination) => p,
  };

  it.each<[string, number | undefined, string, Pagination]>([
    ['the default maximum', undefined, 'page=2&size=100000', { page: 2, size: 100 }],
    ['at the default maximum', undefined, 'size=100', { page: 1, size: 100 }],
    ['a maximum of 25', 25, 'size=26', { page: 1, size: 25 }],
    ['a maximum of 500', 500, 'size=250', { page: 1, size: 250 }],
  ])('%s: ?%s', async (_name, maxSize, query, want) => {
    const created = createApp({
      logger: recordingLogger(),
      bindings: bindingsOf([listed]),
      ...(maxSize === undefined ? {} : { pagination: { maxSize } }),
    });
    onTestFinished(() => created.close());

    const res = await created.inject({ url: `/items?${query}` });

    expect([res.status, res.json()]).toEqual([200, want]);
  });
});
