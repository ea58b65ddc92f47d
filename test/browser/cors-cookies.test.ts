// CORS and cookies in a real headless Chromium: a page served from a second origin
// sends a credentialed cross-origin JSON POST, which passes its preflight; the HttpOnly session
// cookie the login sets comes back on the next request and is invisible to document.cookie; a
// failed login sets no cookie and its error is still readable by the page.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { HttpError, setCookie } from 'fw';
import type { HttpRequestContext, Interceptor } from 'fw/core';
import { cors } from 'fw/cors';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { serve } from '../http/support.js';
import { launchChromium } from './support.js';

let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
}, 60_000);
afterAll(() => browser?.close());

/** A server of one blank page: the second origin the page runs on. */
async function pageServer(): Promise<string> {
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html' }).end('<!doctype html><title>front</title>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  onTestFinished(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('a page on another origin, in Chromium', () => {
  it('logs in with a credentialed JSON POST and sends the HttpOnly cookie back', async () => {
    const front = await pageServer();
    const methods: string[] = [];
    const record: Interceptor = { preHandle: (ctx) => void methods.push(ctx.method()) };
    const api = await serve(
      [
        {
          method: 'POST',
          path: '/login',
          params: ['ctx:fw/core#HttpRequestContext'],
          handle: async (ctx: HttpRequestContext) => {
            const { user } = await ctx.bind<{ user: string }>();
            if (user !== 'ada') throw new HttpError(401, 'unknown user');
            setCookie(ctx, 'sid', `s-${user}`);
            return { user };
          },
        },
        {
          method: 'GET',
          path: '/me',
          params: ['ctx:fw/core#HttpRequestContext'],
          handle: (ctx: HttpRequestContext) => ({ sid: ctx.cookie('sid') ?? null }),
        },
      ],
      {
        interceptors: [
          record,
          cors({ origins: [front], credentials: true, exposeHeaders: ['X-Request-Id'] }),
        ],
      },
    );
    const context = await browser.newContext();
    onTestFinished(() => context.close());
    const page = await context.newPage();
    await page.goto(front);

    const results = await page.evaluate(async (base) => {
      const post = (user: string) =>
        fetch(`${base}/login`, {
          method: 'POST',
          credentials: 'include',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ user }),
        });
      const refused = await post('eve');
      const refusedBody = (await refused.json()) as { detail: string };
      const login = await post('ada');
      const me = await fetch(`${base}/me`, { credentials: 'include' });
      return {
        refused: [refused.status, refusedBody.detail],
        login: [login.status, await login.json(), login.headers.get('x-request-id') !== null],
        me: [me.status, await me.json()],
        // The tests' lib has no DOM types; this runs in the page.
        documentCookie: (globalThis as unknown as { document: { cookie: string } }).document.cookie,
      };
    }, api.url(''));

    expect(results).toEqual({
      refused: [401, 'unknown user'],
      login: [200, { user: 'ada' }, true],
      me: [200, { sid: 's-ada' }],
      documentCookie: '',
    });
    // The JSON POST was preflighted once (the answer is cached for maxAge); the GET was simple.
    expect(methods).toEqual(['OPTIONS', 'POST', 'POST', 'GET']);
    const cookies = await context.cookies(api.url('/'));
    expect(cookies.map((c) => [c.name, c.value, c.httpOnly, c.sameSite])).toEqual([
      ['sid', 's-ada', true, 'Lax'],
    ]);
  });

  it('cannot read an answer, nor pass a preflight, from an origin not listed', async () => {
    const front = await pageServer();
    const api = await serve([{ method: 'POST', path: '/echo', handle: () => 'hi' }], {
      interceptors: [cors({ origins: ['https://app.example.com'] })],
    });
    const context = await browser.newContext();
    onTestFinished(() => context.close());
    const page = await context.newPage();
    await page.goto(front);
    const results = await page.evaluate(async (base) => {
      const attempt = (init: RequestInit) =>
        fetch(`${base}/echo`, init).then(
          (r) => `read ${r.status}`,
          (e: Error) => `refused ${e.name}`,
        );
      return [
        await attempt({ method: 'POST' }),
        await attempt({ method: 'POST', headers: { 'Content-Type': 'application/json' } }),
      ];
    }, api.url(''));
    expect(results).toEqual(['refused TypeError', 'refused TypeError']);
  });
});
