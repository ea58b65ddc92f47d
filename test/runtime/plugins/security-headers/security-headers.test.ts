// createApp({ securityHeaders }) over real sockets: the headers on every kind of answer (JSON, a
// problem, a static file, the docs page, 404, 304, inject()), the CSP on HTML only, a response's
// own header kept, each header changed or turned off, HSTS only with https, nothing when off,
// and every wrong option refused naming its key.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { get, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type AppOptions, createApp, HttpError, reply } from 'fw';
import { describe, expect, it, onTestFinished } from 'vitest';
import { bindingsOf, type Served, serve, type TestRoute } from '../../../http/support.js';

const DEFAULT_CSP =
  "default-src 'self'; base-uri 'self'; font-src 'self' https: data:; form-action 'self'; " +
  "frame-ancestors 'self'; img-src 'self' data:; object-src 'none'; script-src 'self'; " +
  "script-src-attr 'none'; style-src 'self' https: 'unsafe-inline'";

/** The headers `securityHeaders: true` sends on every answer. */
const DEFAULTS = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'SAMEORIGIN',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
};
const NAMES = [...Object.keys(DEFAULTS), 'content-security-policy', 'strict-transport-security'];

const ROUTES: readonly TestRoute[] = [
  { method: 'GET', path: '/json', handle: () => ({ ok: true }) },
  {
    method: 'GET',
    path: '/fail',
    handle: () => {
      throw new HttpError(409, 'taken');
    },
  },
  {
    method: 'GET',
    path: '/framed',
    handle: () => reply('framed', { headers: { 'X-Frame-Options': 'DENY' } }),
  },
];

/** A folder of public files, removed after the test. */
function publicFolder(): string {
  const root = mkdtempSync(join(tmpdir(), 'fw-security-headers-'));
  onTestFinished(() => rmSync(root, { recursive: true, force: true }));
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>page</title>');
  writeFileSync(join(root, 'app.js'), 'console.log(1);');
  return root;
}

function served(securityHeaders: AppOptions['securityHeaders']): Promise<Served> {
  return serve(ROUTES, {
    ...(securityHeaders === undefined ? {} : { securityHeaders }),
    static: [{ root: publicFolder(), prefix: '/site/' }],
    docs: { path: '/docs', openapi: { openapi: '3.1.0', info: { title: 't', version: '1' } } },
  });
}

/** The security headers of `res`, by lower-case name. */
function security(res: Response): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of NAMES) {
    const value = res.headers.get(name);
    if (value !== null) out[name] = value;
  }
  return out;
}

/** A GET with `If-None-Match: etag`: its status and headers. */
function conditionalGet(
  url: string,
  etag: string,
): Promise<{ status: number; headers: IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { 'if-none-match': etag } }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
    }).on('error', reject);
  });
}

describe('securityHeaders: true', () => {
  it('sends the defaults on JSON, problems, 404, static files, 304 and the docs page', async () => {
    const app = await served(true);
    const answers = {
      json: await fetch(app.url('/json')),
      problem: await fetch(app.url('/fail')),
      notFound: await fetch(app.url('/nowhere')),
      script: await fetch(app.url('/site/app.js')),
      docsJson: await fetch(app.url('/docs/openapi.json')),
    };
    expect(answers.json.status).toBe(200);
    expect(answers.problem.headers.get('content-type')).toBe('application/problem+json');
    expect(answers.notFound.status).toBe(404);
    for (const res of Object.values(answers)) expect(security(res)).toMatchObject(DEFAULTS);
    // Only HTML answers carry the policy; the docs page's files keep the docs page's own.
    expect(security(answers.json)['content-security-policy']).toBeUndefined();
    expect(security(answers.script)['content-security-policy']).toBeUndefined();
    expect(answers.docsJson.headers.get('content-security-policy')).toContain("default-src 'none'");

    const page = await fetch(app.url('/site/index.html'));
    expect(security(page)).toEqual({ ...DEFAULTS, 'content-security-policy': DEFAULT_CSP });
    // node:http, not fetch: fetch sends a conditional request with `Cache-Control: no-cache`.
    const etag = page.headers.get('etag') as string;
    const notModified = await conditionalGet(app.url('/site/index.html'), etag);
    expect(notModified.status).toBe(304);
    expect(notModified.headers).toMatchObject(DEFAULTS);

    const docs = await fetch(app.url('/docs'));
    expect(docs.status).toBe(200);
    expect(security(docs)).toMatchObject(DEFAULTS);
    expect(docs.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });

  it('keeps a header the response set itself', async () => {
    const app = await served(true);
    const res = await fetch(app.url('/framed'));
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
  });

  it('sends the same headers to inject()', async () => {
    const app = createApp({ bindings: bindingsOf(ROUTES), securityHeaders: true });
    const res = await app.inject({ url: '/json' });
    expect(res.headers).toMatchObject(DEFAULTS);
  });
});

describe('securityHeaders options', () => {
  it('sends nothing when off', async () => {
    for (const option of [undefined, false] as const) {
      const app = await served(option);
      expect(security(await fetch(app.url('/json')))).toEqual({});
      expect(security(await fetch(app.url('/site/index.html')))).toEqual({});
    }
  });

  it('changes or turns off each header', async () => {
    const app = await served({
      frameOptions: 'DENY',
      referrerPolicy: false,
      crossOriginOpenerPolicy: 'same-origin-allow-popups',
      crossOriginResourcePolicy: 'cross-origin',
      contentTypeOptions: false,
      contentSecurityPolicy: "default-src 'none'",
    });
    expect(security(await fetch(app.url('/site/index.html')))).toEqual({
      'x-frame-options': 'DENY',
      'cross-origin-opener-policy': 'same-origin-allow-popups',
      'cross-origin-resource-policy': 'cross-origin',
      'content-security-policy': "default-src 'none'",
    });
    const bare = await served({
      frameOptions: false,
      crossOriginOpenerPolicy: false,
      crossOriginResourcePolicy: false,
      contentTypeOptions: false,
      referrerPolicy: 'strict-origin-when-cross-origin',
      contentSecurityPolicy: false,
    });
    expect(security(await fetch(bare.url('/site/index.html')))).toEqual({
      'referrer-policy': 'strict-origin-when-cross-origin',
    });
  });

  it('sends Strict-Transport-Security and upgrade-insecure-requests only with https', async () => {
    const app = await served({ https: true });
    const page = await fetch(app.url('/site/index.html'));
    expect(page.headers.get('strict-transport-security')).toBe(
      'max-age=31536000; includeSubDomains',
    );
    expect(page.headers.get('content-security-policy')).toBe(
      `${DEFAULT_CSP}; upgrade-insecure-requests`,
    );
    const tuned = await served({
      https: true,
      strictTransportSecurity: { maxAge: 600, includeSubDomains: false, preload: true },
    });
    const json = await fetch(tuned.url('/json'));
    expect(json.headers.get('strict-transport-security')).toBe('max-age=600; preload');
  });

  it.each([
    [{ frameOptions: 'ALLOW-FROM x' }, 'securityHeaders.frameOptions'],
    [{ referrerPolicy: 'never' }, 'securityHeaders.referrerPolicy'],
    [{ crossOriginOpenerPolicy: 'x' }, 'securityHeaders.crossOriginOpenerPolicy'],
    [{ crossOriginResourcePolicy: true }, 'securityHeaders.crossOriginResourcePolicy'],
    [{ contentTypeOptions: 'yes' }, 'securityHeaders.contentTypeOptions'],
    [
      { contentSecurityPolicy: "default-src 'self'\r\nX: y" },
      'securityHeaders.contentSecurityPolicy',
    ],
    [{ contentSecurityPolicy: '' }, 'securityHeaders.contentSecurityPolicy'],
    [{ https: 1 }, 'securityHeaders.https'],
    [{ strictTransportSecurity: {} }, 'securityHeaders.strictTransportSecurity'],
    [
      { https: true, strictTransportSecurity: { maxAge: -1 } },
      'securityHeaders.strictTransportSecurity.maxAge',
    ],
    [
      { https: true, strictTransportSecurity: { max: 1 } },
      'securityHeaders.strictTransportSecurity.max',
    ],
    [{ xssFilter: true }, 'securityHeaders.xssFilter'],
    ['on', 'securityHeaders'],
  ])('refuses %j, naming %s', (option, key) => {
    let caught: unknown;
    try {
      createApp({ bindings: bindingsOf(ROUTES), securityHeaders: option as never });
    } catch (err) {
      caught = err;
    }
    expect(caught).toMatchObject({ code: 'FW_ERR_INVALID_OPTION' });
    expect((caught as Error).message).toContain(`'${key}'`);
  });
});
