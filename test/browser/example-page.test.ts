// The example app's page (examples/app/public, its script compiled from examples/app/page with the
// generated client) in Debian's headless Chromium, as `npm start` serves it and from a second
// origin: it loads with no console error and no failed request, calls the API only through the
// client, shows the problem of a refused sign-in, signs in with the HttpOnly session cookie, shows
// an order placed through the API arriving live over the feed's WebSocket, and on reload gets its
// page and scripts back as 304.
import { fileURLToPath } from 'node:url';
import { BINDINGS_VERSION, createApp } from 'fw';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { exampleApp } from '../../examples/app/app.js';
import { createClient, unwrap } from '../../examples/app/client.js';
import { buildExamplePage, launchChromium } from './support.js';

const PUBLIC = fileURLToPath(new URL('../../examples/app/public', import.meta.url));

let browser: Browser;
beforeAll(async () => {
  [browser] = await Promise.all([launchChromium(), buildExamplePage()]);
}, 60_000);
afterAll(() => browser?.close());

/** Listens on 127.0.0.1 port 0 and closes after the test; returns the origin. */
async function listen(app: ReturnType<typeof createApp>): Promise<string> {
  const { port } = await app.listen({ port: 0, host: '127.0.0.1' });
  onTestFinished(() => app.close());
  return `http://127.0.0.1:${port}`;
}

/** What a page saw: what went wrong on it, each `fetch` it made, and its WebSocket frames. */
interface Opened {
  readonly page: Page;
  /** Console errors and warnings, uncaught errors, failed requests, answers of 400 or more. */
  readonly problems: string[];
  /** Each WebSocket the page opened, as `url: frames`, `>` sent and `<` received. */
  readonly sockets: Map<string, string[]>;
}

/**
 * Added by the browser before the page's own scripts: each `fetch` is recorded with the script
 * that called it, read from the call's stack (the first frame with a URL below this wrapper).
 */
const RECORD_FETCHES = `{
  const fetch = globalThis.fetch;
  globalThis.fetchCalls = [];
  globalThis.fetch = function (input, init) {
    const caller = (new Error().stack ?? '').split('\\n').slice(2).join(' ').match(/https?:[^\\s)]*?\\.js/);
    const url = String(input instanceof Request ? input.url : input);
    globalThis.fetchCalls.push([(init?.method ?? 'GET') + ' ' + url, caller ? new URL(caller[0]).pathname : '?']);
    return fetch.call(this, input, init);
  };
}`;

/** A new page that records what goes wrong on it, its fetches and its WebSocket frames. */
async function openPage(): Promise<Opened> {
  const context = await browser.newContext();
  onTestFinished(() => context.close());
  const page = await context.newPage();
  await page.addInitScript(RECORD_FETCHES);
  const sockets = new Map<string, string[]>();
  page.on('websocket', (ws) => {
    const frames: string[] = [];
    sockets.set(ws.url(), frames);
    ws.on('framesent', (f) => frames.push(`> ${f.payload}`));
    ws.on('framereceived', (f) => frames.push(`< ${f.payload}`));
  });
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`console ${m.text()}`);
  });
  page.on('pageerror', (err) => problems.push(`uncaught ${err.message}`));
  page.on('requestfailed', (r) => problems.push(`failed ${r.url()} ${r.failure()?.errorText}`));
  page.on('response', (r) => {
    if (r.status() >= 400) problems.push(`${r.status()} ${r.url()}`);
  });
  return { page, problems, sockets };
}

/** Each `fetch` the page made so far, as `METHOD url` and the path of the script that called it. */
const fetchesOf = (page: Page) => page.evaluate('fetchCalls') as Promise<[string, string][]>;

/** Polls `read` until it passes, for as long as a loaded machine may need. */
const until = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 15_000 });

/** Places an order through the API, as another client would: the same generated client, in Node. */
async function placeOrder(api: string, sku: string, qty: number): Promise<number> {
  const placed = await createClient({ baseUrl: api }).order.place({
    body: { userId: 1, sku, qty },
  });
  expect(placed.status).toBe(202);
  return unwrap(placed).orderId;
}

/** What a sign-in the API refuses leaves in the page's record of problems, sorted. */
const refusedSignIn = (api: string) => [
  `401 ${api}/session`,
  'console Failed to load resource: the server responded with a status of 401 (Unauthorized)',
];

/**
 * Signs in on the page (first with an email the API refuses), then shows an order placed through
 * the API and one placed on the page.
 */
async function signInAndOrder(page: Page, api: string): Promise<number> {
  await until(() => page.locator('#live-status').innerText()).toBe('live');
  expect(await page.locator('#who').innerText()).toBe('Not signed in');
  await until(() => page.locator('#users li').allInnerTexts()).toEqual(['Ada <ada@example.com>']);

  await page.locator('#sign-in input[name=email]').fill('eve@example.com');
  await page.locator('#sign-in button').click();
  await until(() => page.locator('#error').innerText()).toBe(
    'No user has the email eve@example.com',
  );
  await page.locator('#sign-in input[name=email]').fill('ada@example.com');
  await page.locator('#sign-in button').click();
  await until(() => page.locator('#who').innerText()).toBe('Signed in as Ada');
  expect(await page.locator('#error').innerText()).toBe('');
  // The tests' lib has no DOM types; this runs in the page.
  expect(await page.evaluate('document.cookie')).toBe('');

  const id = await placeOrder(api, 'lamp', 2);
  await until(() => page.locator('#live li').allInnerTexts()).toEqual(['2 x lamp']);
  expect(await page.locator('#live li').getAttribute('data-order-id')).toBe(String(id));

  await page.locator('#order input[name=sku]').fill('pen');
  await page.locator('#order input[name=qty]').fill('3');
  await page.locator('#order button').click();
  await until(() => page.locator('#placed').innerText()).toBe(`Order ${id + 1} placed`);
  await until(() => page.locator('#live li').allInnerTexts()).toEqual(['3 x pen', '2 x lamp']);
  return id;
}

/** The page's calls to the API: every one made by the generated client, none by hand. */
const CALLS = (api: string) => [
  [`GET ${api}/session`, '/js/client.js'],
  [`GET ${api}/users?page=1&size=20`, '/js/client.js'],
  [`POST ${api}/session`, '/js/client.js'],
  [`POST ${api}/session`, '/js/client.js'],
  [`POST ${api}/orders`, '/js/client.js'],
];

/** The feed's WebSocket: subscribed, then each order pushed as it was placed. */
const FEED = (id: number) => [
  '> subscribe',
  '< subscribed',
  `< {"event":"order.placed","orderId":${id},"sku":"lamp","qty":2}`,
  `< {"event":"order.placed","orderId":${id + 1},"sku":"pen","qty":3}`,
];

describe('example app: the page in Chromium', () => {
  it('signs in with a cookie, shows orders live, and reloads its files as 304', async () => {
    const api = await listen(exampleApp({ origins: ['http://localhost:5173'] }));
    const { page, problems, sockets } = await openPage();
    const first = await page.goto(`${api}/`);
    expect(first?.status()).toBe(200);

    const id = await signInAndOrder(page, api);
    expect([...problems].sort()).toEqual(refusedSignIn(api));
    expect((await fetchesOf(page)).sort()).toEqual(CALLS(api).sort());
    expect([...sockets]).toEqual([[`${api.replace('http', 'ws')}/ws/orders`, FEED(id)]]);

    const statuses = new Map<string, number>();
    const validators: string[] = [];
    page.on('response', async (r) => {
      const path = new URL(r.url()).pathname;
      statuses.set(path, r.status());
      const sent = await r.request().allHeaders();
      if (sent['if-none-match'] !== undefined) validators.push(path);
    });
    await page.reload();
    await until(() => page.locator('#who').innerText()).toBe('Signed in as Ada');
    await until(() => page.locator('#live-status').innerText()).toBe('live');

    // Every file was revalidated with its ETag; the assets were not sent again (Chromium shows a
    // navigation revalidated with 304 as its cached 200, so the page's own status is not asserted).
    // The API was asked again, and the cookie still signs the page in.
    expect(statuses.get('/js/page/main.js')).toBe(304);
    expect(statuses.get('/js/client.js')).toBe(304);
    expect(statuses.get('/app.css')).toBe(304);
    expect(statuses.get('/session')).toBe(200);
    expect([...new Set(validators)].sort()).toEqual([
      '/',
      '/app.css',
      '/js/client.js',
      '/js/page/main.js',
    ]);
    // Nothing went wrong besides the refused sign-in.
    expect([...problems].sort()).toEqual(refusedSignIn(api));
  }, 60_000);

  it('works the same from a second origin, calling the API with CORS and its cookie', async () => {
    const front = createApp({
      bindings: { version: BINDINGS_VERSION, controllers: [] },
      static: [{ root: PUBLIC, prefix: '/' }],
    });
    // The listening port is known only once it listens: the API is created after the page's server.
    const frontOrigin = await listen(front);
    const api = await listen(exampleApp({ origins: [frontOrigin] }));
    const { page, problems, sockets } = await openPage();
    await page.goto(`${frontOrigin}/?api=${encodeURIComponent(api)}`);

    const id = await signInAndOrder(page, api);

    const cookies = await page.context().cookies(api);
    expect(cookies.map((c) => [c.name, c.httpOnly, c.sameSite])).toEqual([['sid', true, 'Lax']]);
    // The page's scripts came from its own origin; every call went to the API's, through the client.
    expect((await fetchesOf(page)).sort()).toEqual(CALLS(api).sort());
    expect([...sockets]).toEqual([[`${api.replace('http', 'ws')}/ws/orders`, FEED(id)]]);

    // Signing out clears the cookie, and the page shows it.
    await page.locator('#sign-out').click();
    await until(() => page.locator('#who').innerText()).toBe('Not signed in');
    expect(await page.context().cookies(api)).toEqual([]);
    expect([...problems].sort()).toEqual(refusedSignIn(api));
  }, 60_000);
});
