// The API docs page of createApp({ docs }) over real sockets (runtime/docs/, docs/security.md): the
// page with its CSP and only relative URLs, both documents as JSON, every Swagger UI asset byte for
// byte from swagger-ui-dist, and nothing else under the page's path, however the path is spelled.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { HttpError } from 'fw';
import type { Interceptor } from 'fw/core';
import { describe, expect, it } from 'vitest';
import { RawClient, type RawResponse, type Served, serve } from '../../../http/support.js';

const CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; " +
  "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

const OPENAPI = {
  openapi: '3.1.0',
  info: { title: 'Notes <&> "API"', version: '1.0.0' },
  paths: { '/notes': { get: { operationId: 'Notes.list', responses: {} } } },
};
const ASYNCAPI = { asyncapi: '3.0.0', info: { title: 'Notes events', version: '1.0.0' } };

const SWAGGER_UI_DIR = dirname(
  createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'),
);

/** Every file served besides the page and the documents, with its type and where it comes from. */
const ASSETS: readonly [name: string, type: string, from: 'swagger-ui-dist' | 'fw'][] = [
  ['swagger-ui-bundle.js', 'text/javascript; charset=utf-8', 'swagger-ui-dist'],
  ['swagger-ui.css', 'text/css; charset=utf-8', 'swagger-ui-dist'],
  ['favicon-32x32.png', 'image/png', 'swagger-ui-dist'],
  ['favicon-16x16.png', 'image/png', 'swagger-ui-dist'],
  ['docs.js', 'text/javascript; charset=utf-8', 'fw'],
  ['docs.css', 'text/css; charset=utf-8', 'fw'],
];

/** Refuses every request with 401, as an auth interceptor does without credentials. */
class DenyAll implements Interceptor {
  preHandle(): Error {
    return new HttpError(401, 'Sign in first');
  }
}

function withDocs(docs: object = { path: '/docs', openapi: OPENAPI, asyncapi: ASYNCAPI }) {
  return serve([], { docs: docs as never });
}

/** One request written as given (no URL normalisation), read raw. */
async function raw(
  served: Served,
  target: string,
  method = 'GET',
  headers = '',
): Promise<RawResponse> {
  const client = await RawClient.connect(served.port);
  try {
    await client.write(
      `${method} ${target} HTTP/1.1\r\nHost: t\r\n${headers}Connection: close\r\n\r\n`,
    );
    const res = await client.response({ head: method === 'HEAD' });
    // Nothing follows the response before the server closes: no body after a HEAD's headers.
    await expect(client.response()).rejects.toThrow('received: ""');
    return res;
  } finally {
    client.destroy();
  }
}

/** The `src` and `href` attributes of an HTML page. */
function urlsOf(html: string): string[] {
  return [...html.matchAll(/\b(?:src|href)="([^"]*)"/g)].map((m) => m[1] as string);
}

describe('the docs page', () => {
  it('serves an HTML page with its CSP, the escaped title, and only URLs relative to it', async () => {
    const served = await withDocs();
    const res = await fetch(served.url('/docs'));

    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('content-security-policy')).toBe(CSP);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const html = await res.text();
    expect(html).toContain('<title>Notes &lt;&amp;&gt; &quot;API&quot;</title>');
    expect(html).not.toMatch(/<script>|<style|\bstyle=|\bon[a-z]+=/i);
    expect(urlsOf(html).sort()).toEqual([
      'docs/asyncapi.json',
      'docs/docs.css',
      'docs/docs.js',
      'docs/favicon-16x16.png',
      'docs/favicon-32x32.png',
      'docs/openapi.json',
      'docs/swagger-ui-bundle.js',
      'docs/swagger-ui.css',
    ]);
    expect(html).not.toMatch(/https?:|\/\//);
  });

  it('serves every URL the page and its script name, from a nested path too', async () => {
    const served = await withDocs({ path: '/internal/api-docs', openapi: OPENAPI });
    const page = served.url('/internal/api-docs');
    const html = await (await fetch(page)).text();
    const script = await (await fetch(new URL('api-docs/docs.js', page))).text();

    expect(script).toContain('url: "api-docs/openapi.json"');
    expect(script).toContain('validatorUrl: null');
    for (const url of urlsOf(html)) {
      const res = await fetch(new URL(url, page));
      expect([url, res.status], url).toEqual([url, 200]);
      expect(new URL(res.url).pathname).toMatch(/^\/internal\/api-docs\/[\w.-]+$/);
    }
  });

  it('serves both documents as JSON, the AsyncAPI one only when given', async () => {
    const served = await withDocs();
    for (const [name, doc] of [
      ['openapi.json', OPENAPI],
      ['asyncapi.json', ASYNCAPI],
    ] as const) {
      const res = await fetch(served.url(`/docs/${name}`));
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(res.headers.get('content-security-policy')).toBe(CSP);
      expect(await res.json()).toEqual(doc);
    }
    const without = await withDocs({ path: '/docs', openapi: OPENAPI });
    expect((await fetch(without.url('/docs/asyncapi.json'))).status).toBe(404);
    expect(await (await fetch(without.url('/docs'))).text()).not.toContain('asyncapi');
  });

  it.each(ASSETS)('serves %s as %s, the file of %s', async (name, type, from) => {
    const served = await withDocs();
    const res = await fetch(served.url(`/docs/${name}`), { headers: { 'accept-encoding': '' } });

    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(type);
    expect(res.headers.get('content-security-policy')).toBe(CSP);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const body = Buffer.from(await res.arrayBuffer());
    if (from === 'swagger-ui-dist') {
      expect(body.equals(readFileSync(join(SWAGGER_UI_DIR, name)))).toBe(true);
    } else {
      expect(body.length).toBeGreaterThan(0);
    }
  });

  it.each([
    '/docs/index.html',
    '/docs/package.json',
    '/docs/swagger-ui.js',
    '/docs/oauth2-redirect.html',
    '/docs/swagger-initializer.js',
    '/docs/swagger-ui-bundle.js.map',
    '/docs/docs',
    '/docs/swagger-ui-bundle.js/',
    '/docs//swagger-ui-bundle.js',
    '/docs/./swagger-ui-bundle.js',
    '/docs/../package.json',
    '/docs/%2e%2e/package.json',
    '/docs/%2E%2E%2Fpackage.json',
    '/docs/..%2f..%2fpackage.json',
    '/docs/..%5c..%5cpackage.json',
    '/docs/%2e%2e%2f%2e%2e%2fnode_modules%2fswagger-ui-dist%2fpackage.json',
    '/docs/swagger-ui-bundle%2ejs',
    '/docs/swagger-ui-bundle.js%00',
    '/docs/SWAGGER-UI-BUNDLE.JS',
  ])('answers 404 for %s, which it does not serve', async (target) => {
    const served = await withDocs();
    const res = await raw(served, target);

    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toBe('application/problem+json');
    expect(JSON.parse(res.body)).toMatchObject({ status: 404, code: 'FW_ERR_ROUTE_NOT_FOUND' });
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    const served = await withDocs();
    for (const path of ['/docs', '/docs/openapi.json', '/docs/swagger-ui-bundle.js']) {
      const get = await raw(served, path);
      const head = await raw(served, path, 'HEAD');
      expect(head.status, path).toBe(200);
      expect(head.body, path).toBe('');
      for (const name of ['content-type', 'content-security-policy', 'etag', 'content-length']) {
        expect(head.headers[name], `${path} ${name}`).toBe(get.headers[name]);
      }
    }
  });

  it('answers 405 with Allow to other methods, and sends /docs/ to the page', async () => {
    const served = await withDocs();
    const post = await raw(served, '/docs/openapi.json', 'POST', 'Content-Length: 0\r\n');
    expect([post.status, post.headers['allow']]).toEqual([405, 'GET, HEAD']);
    const slash = await raw(served, '/docs/');
    expect([slash.status, slash.headers['location']]).toEqual([308, '../docs']);
    expect((await fetch(served.url('/docs/'))).url).toBe(served.url('/docs'));
    expect((await fetch(served.url('/docs?deep=1'))).status).toBe(200);
  });

  it('answers a current If-None-Match with 304, and gzips text once compressed', async () => {
    const served = await withDocs();
    const first = await raw(served, '/docs/swagger-ui-bundle.js');
    const etag = first.headers['etag'] as string;
    const again = await raw(
      served,
      '/docs/swagger-ui-bundle.js',
      'GET',
      `If-None-Match: ${etag}\r\n`,
    );
    expect([again.status, again.body, again.headers['etag']]).toEqual([304, '', etag]);

    const gzip = 'Accept-Encoding: gzip\r\n';
    await expect
      .poll(async () => (await raw(served, '/docs/swagger-ui-bundle.js', 'GET', gzip)).headers)
      .toMatchObject({ 'content-encoding': 'gzip', vary: 'Accept-Encoding' });
    const res = await fetch(served.url('/docs/swagger-ui-bundle.js'));
    expect(
      Buffer.from(await res.arrayBuffer()).equals(
        readFileSync(join(SWAGGER_UI_DIR, 'swagger-ui-bundle.js')),
      ),
    ).toBe(true);
  });

  it("answers before the app's interceptors: the page is public where it is enabled", async () => {
    const served = await serve([], {
      interceptors: [DenyAll],
      docs: { path: '/docs', openapi: OPENAPI },
    });
    expect((await fetch(served.url('/docs'))).status).toBe(200);
    expect((await fetch(served.url('/docs/openapi.json'))).status).toBe(200);
    expect((await fetch(served.url('/ok'))).status).toBe(401);
  });

  it('answers through inject() as over a socket', async () => {
    const { app } = await withDocs();
    const doc = await app.inject({ method: 'GET', url: '/docs/openapi.json' });
    expect([doc.status, doc.headers['content-type'], doc.json()]).toEqual([
      200,
      'application/json; charset=utf-8',
      OPENAPI,
    ]);
    const page = await app.inject({ method: 'GET', url: '/docs' });
    expect([page.status, page.headers['content-security-policy']]).toEqual([200, CSP]);
    expect((await app.inject({ method: 'GET', url: '/docs/index.html' })).status).toBe(404);
  });

  it('is off unless configured: nothing under /docs is served', async () => {
    const served = await serve([]);
    for (const path of ['/docs', '/docs/openapi.json', '/docs/swagger-ui-bundle.js']) {
      const res = await raw(served, path);
      expect([path, res.status]).toEqual([path, 404]);
      expect(res.headers['content-security-policy']).toBeUndefined();
    }
  });
});
