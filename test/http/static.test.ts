// Static files of createApp({ static }) (runtime/static/, docs/API.md "Static files") over a real
// socket: each status and header @fastify/send gives, index and redirects, dotfiles, the SPA
// fallback, 404 for other methods, routes winning over files, and the global interceptors around
// each file. Path safety has its own suites: test/security/static-traversal.test.ts, test/fuzz/.
import { HttpError, type StaticOptions } from 'fw';
import {
  type ExecutionContext,
  type Interceptor,
  isHttpRequestContext,
  RESPONSE_WRITER_KEY,
  type ResponseWriter,
} from 'fw/core';
import { describe, expect, it, vi } from 'vitest';
import { FILES, rawRequest, staticTree } from './static-support.js';
import { deferred, problem, type Served, serve, type TestRoute } from './support.js';

async function served(
  options: Omit<StaticOptions, 'root'> = {},
  routes: readonly TestRoute[] = [],
  interceptors: readonly Interceptor[] = [],
): Promise<Served> {
  const { root } = staticTree();
  return serve(routes, {
    static: [{ root, prefix: '/assets', ...options }],
    interceptors,
  });
}

const notFound = (method: string, path: string) =>
  problem(404, 'Not Found', `No route matches ${method} ${path}`, 'FW_ERR_ROUTE_NOT_FOUND');

describe('a file', () => {
  it.each([
    ['app.js', 'application/javascript; charset=utf-8'],
    ['style.css', 'text/css; charset=utf-8'],
    ['data.json', 'application/json; charset=utf-8'],
    ['index.html', 'text/html; charset=utf-8'],
    ['digits.txt', 'text/plain; charset=utf-8'],
    ['docs/guide.txt', 'text/plain; charset=utf-8'],
  ])('GET %s: 200, its bytes, Content-Type %s, validators and caching', async (file, type) => {
    const s = await served();
    const res = await rawRequest(s.port, 'GET', `/assets/${file}`);
    expect(res.status).toBe(200);
    expect(res.body).toBe(FILES[file]);
    expect(res.headers['content-type']).toBe(type);
    expect(res.headers['content-length']).toBe(String(Buffer.byteLength(FILES[file] as string)));
    expect(res.headers['etag']).toMatch(/^W\/"[0-9a-f]+-[0-9a-f]+"$/);
    expect(new Date(res.headers['last-modified'] as string).getTime()).not.toBeNaN();
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.headers['cache-control']).toBe('public, max-age=0');
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it('a name with a space, percent-encoded', async () => {
    const s = await served();
    const res = await rawRequest(s.port, 'GET', '/assets/with%20space.txt');
    expect([res.status, res.body]).toEqual([200, 'spaced']);
  });

  it.each([
    [{ maxAge: 3_600_000 }, 'public, max-age=3600'],
    [{ maxAge: 31_536_000_000, immutable: true }, 'public, max-age=31536000, immutable'],
    [{ maxAge: 1500 }, 'public, max-age=1'],
  ])('Cache-Control for %j: %s', async (options, cacheControl) => {
    const s = await served(options);
    const res = await rawRequest(s.port, 'GET', '/assets/app.js');
    expect(res.headers['cache-control']).toBe(cacheControl);
  });

  it('HEAD: 200 with the headers of GET and no body', async () => {
    const s = await served();
    const get = await rawRequest(s.port, 'GET', '/assets/digits.txt');
    const head = await rawRequest(s.port, 'HEAD', '/assets/digits.txt');
    expect(head.status).toBe(200);
    expect(head.body).toBe('');
    expect(head.headers['content-length']).toBe('10');
    for (const name of [
      'content-type',
      'content-length',
      'etag',
      'last-modified',
      'accept-ranges',
      'cache-control',
    ]) {
      expect(head.headers[name]).toBe(get.headers[name]);
    }
  });
});

describe('conditional requests', () => {
  it('304 with no body for If-None-Match with the ETag, and for If-Modified-Since', async () => {
    const s = await served();
    const first = await rawRequest(s.port, 'GET', '/assets/app.js');
    const etag = first.headers['etag'] as string;
    const conditions: Record<string, string>[] = [
      { 'If-None-Match': etag },
      { 'If-None-Match': `"other", ${etag}` },
      { 'If-Modified-Since': first.headers['last-modified'] as string },
    ];
    for (const headers of conditions) {
      const res = await rawRequest(s.port, 'GET', '/assets/app.js', headers);
      expect(res.status).toBe(304);
      expect(res.body).toBe('');
      expect(res.headers['etag']).toBe(etag);
      expect(res.headers['content-type']).toBeUndefined();
    }
  });

  it('200 for an If-None-Match that does not match', async () => {
    const s = await served();
    const res = await rawRequest(s.port, 'GET', '/assets/app.js', { 'If-None-Match': '"nope"' });
    expect([res.status, res.body]).toEqual([200, FILES['app.js']]);
  });

  it('412 for an If-Match that does not match', async () => {
    const s = await served();
    const res = await rawRequest(s.port, 'GET', '/assets/app.js', { 'If-Match': '"nope"' });
    expect(res.status).toBe(412);
    expect(JSON.parse(res.body)).toMatchObject({ code: 'FW_ERR_PRECONDITION_FAILED' });
  });
});

describe('ranges', () => {
  it.each([
    ['bytes=2-4', '234', 'bytes 2-4/10'],
    ['bytes=7-', '789', 'bytes 7-9/10'],
    ['bytes=-3', '789', 'bytes 7-9/10'],
    ['bytes=8-99999999999999999999', '89', 'bytes 8-9/10'],
  ])('Range %s: 206 with %s and Content-Range %s', async (range, body, contentRange) => {
    const s = await served();
    const res = await rawRequest(s.port, 'GET', '/assets/digits.txt', { Range: range });
    expect(res.status).toBe(206);
    expect(res.body).toBe(body);
    expect(res.headers['content-range']).toBe(contentRange);
    expect(res.headers['content-length']).toBe(String(body.length));
  });

  it.each(['bytes=20-30', 'bytes=10-'])(
    'Range %s past the end: 416 with bytes */10',
    async (range) => {
      const s = await served();
      const res = await rawRequest(s.port, 'GET', '/assets/digits.txt', { Range: range });
      expect(res.status).toBe(416);
      expect(res.headers['content-range']).toBe('bytes */10');
      expect(JSON.parse(res.body)).toMatchObject({
        status: 416,
        code: 'FW_ERR_RANGE_NOT_SATISFIABLE',
      });
    },
  );

  // Several ranges are answered whole (send makes no multipart/byteranges), garbage is ignored.
  it.each([
    ['many ranges', `bytes=${Array.from({ length: 1000 }, (_, i) => `${i}-${i}`).join(',')}`],
    ['two overlapping', 'bytes=0-5,3-8'],
    ['garbage', 'bytes=abc'],
    ['another unit', 'items=0-1'],
    ['no bytes=', '0-1'],
    ['reversed', 'bytes=5-2'],
    ['huge numbers', 'bytes=99999999999999999999999-999999999999999999999999'],
    ['negative', 'bytes=--1'],
  ])('%s: the server answers (200, 206 or 416) and stays up', async (_name, range) => {
    const s = await served();
    const res = await rawRequest(s.port, 'GET', '/assets/digits.txt', { Range: range });
    expect([200, 206, 416]).toContain(res.status);
    if (res.status === 200) expect(res.body).toBe(FILES['digits.txt']);
    expect(await s.alive()).toBe(200);
  });

  it('If-Range with an old ETag: the whole file', async () => {
    const s = await served();
    const res = await rawRequest(s.port, 'GET', '/assets/digits.txt', {
      Range: 'bytes=0-1',
      'If-Range': 'W/"old"',
    });
    expect([res.status, res.body]).toEqual([200, FILES['digits.txt']]);
  });
});

describe('folders and index', () => {
  it.each([
    ['/assets/', FILES['index.html']],
    ['/assets/docs/', FILES['docs/index.html']],
  ])('GET %s: the index', async (path, body) => {
    const s = await served();
    const res = await rawRequest(s.port, 'GET', path);
    expect([res.status, res.body]).toEqual([200, body]);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
  });

  it.each([
    ['/assets', '/assets/'],
    ['/assets/docs', '/assets/docs/'],
  ])('GET %s: 301 to %s', async (path, location) => {
    const s = await served();
    const res = await rawRequest(s.port, 'GET', path);
    expect([res.status, res.headers['location']]).toEqual([301, location]);
  });

  it('a folder without its index: 404; index: false serves none', async () => {
    const s = await served({ index: false });
    expect((await rawRequest(s.port, 'GET', '/assets/')).status).toBe(404);
    expect((await rawRequest(s.port, 'GET', '/assets/docs/')).status).toBe(404);
    const other = await served();
    expect((await rawRequest(other.port, 'GET', '/assets/empty/')).status).toBe(404);
  });

  it('prefix /: the root index at /, files at /name', async () => {
    const s = await served({ prefix: '/' });
    expect((await rawRequest(s.port, 'GET', '/')).body).toBe(FILES['index.html']);
    expect((await rawRequest(s.port, 'GET', '/app.js')).body).toBe(FILES['app.js']);
    expect((await rawRequest(s.port, 'GET', '/ok')).body).toBe('ok');
  });
});

describe('not found', () => {
  it.each([
    '/assets/missing.js',
    '/assets/.env',
    '/assets/.hidden/inside.txt',
    '/assets/empty/.keep',
    '/assets/docs/guide.txt/',
  ])('GET %s: 404 as for a path no route matches', async (path) => {
    const s = await served();
    const res = await rawRequest(s.port, 'GET', path);
    expect(res.status).toBe(404);
    expect(JSON.parse(res.body)).toEqual(notFound('GET', path));
  });

  it('a path outside the prefix is not a file', async () => {
    const s = await served();
    expect((await rawRequest(s.port, 'GET', '/app.js')).status).toBe(404);
    expect((await rawRequest(s.port, 'GET', '/assetsx/app.js')).status).toBe(404);
  });
});

describe('the single-page app fallback', () => {
  it.each([
    ['text/html', 200],
    ['text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8', 200],
    ['TEXT/HTML; q=0.5', 200],
    ['text/html;q=0', 404],
    ['application/json', 404],
    ['*/*', 404],
    ['', 404],
  ])('Accept %j on an unknown path: %i', async (accept, status) => {
    const s = await served({ fallback: 'index.html' });
    const headers: Record<string, string> = accept === '' ? {} : { Accept: accept };
    const res = await rawRequest(s.port, 'GET', '/assets/app/settings/42', headers);
    expect(res.status).toBe(status);
    if (status === 200) {
      expect(res.body).toBe(FILES['index.html']);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    }
  });

  it('a file that exists is served as itself; outside the prefix and for POST, no fallback', async () => {
    const s = await served({ fallback: 'index.html' });
    const html = { Accept: 'text/html' };
    expect((await rawRequest(s.port, 'GET', '/assets/app.js', html)).body).toBe(FILES['app.js']);
    expect((await rawRequest(s.port, 'GET', '/elsewhere', html)).status).toBe(404);
    expect((await rawRequest(s.port, 'POST', '/assets/app/x', html)).status).toBe(404);
  });

  it('a refused path gets 404, not the fallback', async () => {
    const s = await served({ fallback: 'index.html' });
    const res = await rawRequest(s.port, 'GET', '/assets/.env', { Accept: 'text/html' });
    expect(res.status).toBe(404);
  });
});

// The router has GET (so HEAD) on `<prefix>/*` as a fallback: a path that only the static files
// take is no route's path, so another method there is 404 as anywhere no route matches, whether or
// not a file is there (routing never reads the disk).
describe('other methods', () => {
  it.each(['POST', 'PUT', 'DELETE', 'PATCH'])('%s: 404, no Allow', async (method) => {
    const s = await served();
    for (const path of ['/assets/app.js', '/assets/missing', '/assets']) {
      const res = await rawRequest(s.port, method, path);
      expect([res.status, res.headers['allow']]).toEqual([404, undefined]);
    }
  });
});

describe('other methods with the prefix /', () => {
  it('a misspelled POST is 404, not 405; a route of its own answers', async () => {
    const s = await served({ prefix: '/' }, [
      { method: 'POST', path: '/items', handle: () => 'created' },
    ]);
    const res = await rawRequest(s.port, 'POST', '/nope');
    expect([res.status, res.headers['allow']]).toEqual([404, undefined]);
    expect((await rawRequest(s.port, 'POST', '/items')).body).toBe('created');
  });

  it("a route's path answers 405 for another method, with the files' GET in Allow", async () => {
    const s = await served({ prefix: '/' }, [
      { method: 'POST', path: '/items', handle: () => 'created' },
    ]);
    const res = await rawRequest(s.port, 'PUT', '/items');
    expect([res.status, res.headers['allow']]).toEqual([405, 'GET, HEAD, POST']);
  });
});

describe('routes of controllers win over files', () => {
  const routes: TestRoute[] = [
    { method: 'GET', path: '/assets/app.js', handle: () => 'route: static' },
    {
      method: 'GET',
      path: '/assets/p/:id',
      params: ['id:string'],
      handle: (id: string) => `route: ${id}`,
    },
    { method: 'POST', path: '/assets/upload', handle: () => 'posted' },
  ];

  it.each([
    ['GET', '/assets/app.js', 200, 'route: static'],
    ['GET', '/assets/p/style.css', 200, 'route: style.css'],
    ['POST', '/assets/upload', 200, 'posted'],
    ['GET', '/assets/style.css', 200, FILES['style.css']],
    ['GET', '/assets/p/1/2', 404, undefined],
  ])('%s %s: %i', async (method, path, status, body) => {
    const s = await served({}, routes);
    const res = await rawRequest(s.port, method, path);
    expect(res.status).toBe(status);
    if (body !== undefined) expect(res.body).toBe(body);
  });

  it('a parametric route at the prefix takes every one-segment path', async () => {
    const s = await served({}, [
      {
        method: 'GET',
        path: '/assets/:name',
        params: ['name:string'],
        handle: (n: string) => `route ${n}`,
      },
    ]);
    expect((await rawRequest(s.port, 'GET', '/assets/app.js')).body).toBe('route app.js');
    expect((await rawRequest(s.port, 'GET', '/assets/docs/guide.txt')).body).toBe(
      FILES['docs/guide.txt'],
    );
  });

  it('a route at the prefix itself wins over the redirect', async () => {
    const s = await served({}, [{ method: 'GET', path: '/assets', handle: () => 'the route' }]);
    expect((await rawRequest(s.port, 'GET', '/assets')).body).toBe('the route');
  });
});

describe('the global interceptors', () => {
  const writer = (ctx: ExecutionContext) =>
    ctx.get<ResponseWriter>(RESPONSE_WRITER_KEY) as ResponseWriter;

  it('run around a file: preHandle, postHandle and afterCompletion, headers kept', async () => {
    const seen: string[] = [];
    const tracing: Interceptor = {
      preHandle(ctx) {
        seen.push(`pre ${ctx.path()}`);
        writer(ctx).setHeader('Access-Control-Allow-Origin', 'https://app.example');
      },
      postHandle: () => void seen.push('post'),
      afterCompletion: (_ctx, _meta, err) => void seen.push(`after ${err === undefined}`),
    };
    const s = await served({}, [], [tracing]);
    const res = await rawRequest(s.port, 'GET', '/assets/app.js');
    expect(res.status).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe('https://app.example');
    // afterCompletion runs once the file stream has ended on the server, which may be just after
    // the client has read the last byte.
    await vi.waitFor(() => expect(seen).toEqual(['pre /assets/app.js', 'post', 'after true']));
    const missing = await rawRequest(s.port, 'GET', '/assets/missing');
    expect(missing.status).toBe(404);
    expect(missing.headers['access-control-allow-origin']).toBe('https://app.example');
  });

  it('an auth interceptor rejects a file with 401, and lets it through with credentials', async () => {
    const auth: Interceptor = {
      preHandle(ctx) {
        if (isHttpRequestContext(ctx) && ctx.header('authorization') === 'Bearer ok') return;
        return new HttpError(401, 'Log in first', { headers: { 'WWW-Authenticate': 'Bearer' } });
      },
    };
    const s = await served({}, [], [auth]);
    const refused = await rawRequest(s.port, 'GET', '/assets/app.js');
    expect(refused.status).toBe(401);
    expect(refused.headers['www-authenticate']).toBe('Bearer');
    expect(refused.body).not.toContain('console.log');
    const head = await rawRequest(s.port, 'HEAD', '/assets/app.js');
    expect(head.status).toBe(401);
    const allowed = await rawRequest(s.port, 'GET', '/assets/app.js', {
      Authorization: 'Bearer ok',
    });
    expect([allowed.status, allowed.body]).toEqual([200, FILES['app.js']]);
  });
});

describe('two roots', () => {
  it('each prefix serves its own root; the longer prefix wins', async () => {
    const a = staticTree();
    const b = staticTree();
    const { writeFileSync } = await import('node:fs');
    writeFileSync(`${b.root}/app.js`, 'the other app');
    const s = await serve([], {
      static: [
        { root: a.root, prefix: '/' },
        { root: b.root, prefix: '/v2' },
      ],
    });
    expect((await rawRequest(s.port, 'GET', '/app.js')).body).toBe(FILES['app.js']);
    expect((await rawRequest(s.port, 'GET', '/v2/app.js')).body).toBe('the other app');
  });
});

describe('large files', () => {
  it('a 3 MiB file arrives whole, with its Content-Length, as a stream', async () => {
    const { root } = staticTree();
    const { writeFileSync } = await import('node:fs');
    const big = Buffer.alloc(3 * 1024 * 1024, 'abcdefgh');
    writeFileSync(`${root}/big.bin`, big);
    const s = await serve([], { static: [{ root, prefix: '/assets' }] });
    const res = await fetch(s.url('/assets/big.bin'));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-length')).toBe(String(big.length));
    expect(res.headers.get('content-type')).toBe('application/octet-stream');
    expect(Buffer.from(await res.arrayBuffer()).equals(big)).toBe(true);
  });

  it('a client that leaves mid-file: afterCompletion runs and the server keeps serving', async () => {
    const { root } = staticTree();
    const { writeFileSync } = await import('node:fs');
    writeFileSync(`${root}/big.bin`, Buffer.alloc(16 * 1024 * 1024, 'x'));
    const completed = deferred();
    const s = await serve([], {
      static: [{ root, prefix: '/assets' }],
      interceptors: [{ afterCompletion: () => completed.resolve() }],
    });
    const abort = new AbortController();
    const res = await fetch(s.url('/assets/big.bin'), { signal: abort.signal });
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    expect((await reader.read()).done).toBe(false);
    abort.abort();
    await completed.promise;
    expect(await s.alive()).toBe(200);
  });
});

describe('without a socket', () => {
  it('app.inject() serves files as the server does', async () => {
    const s = await served();
    const res = await s.app.inject({ method: 'GET', url: '/assets/digits.txt' });
    expect([res.status, res.body]).toEqual([200, FILES['digits.txt']]);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    const ranged = await s.app.inject({
      method: 'GET',
      url: '/assets/digits.txt',
      headers: { range: 'bytes=0-2' },
    });
    expect([ranged.status, ranged.body]).toEqual([206, '012']);
  });
});

describe('what is not a regular file', () => {
  it('a named pipe in the root: 404, never a hang', async () => {
    const { root } = staticTree();
    const { execFileSync } = await import('node:child_process');
    execFileSync('mkfifo', [`${root}/pipe.txt`]);
    const s = await serve([], { static: [{ root, prefix: '/assets' }] });
    expect((await rawRequest(s.port, 'GET', '/assets/pipe.txt')).status).toBe(404);
  });
});
