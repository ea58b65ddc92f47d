// The example app's page (examples/app/public) in Debian's headless Chromium, as `npm start`
// serves it and from a second origin: it loads with no console error and no failed request, signs
// in with the HttpOnly session cookie, shows an order placed through the API arriving live over
// Server-Sent Events, and on reload gets its page and assets back as 304.
import { fileURLToPath } from 'node:url';
import { BINDINGS_VERSION, createApp } from 'fw';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { exampleApp } from '../../examples/app/app.js';
import { launchChromium } from './support.js';

const PUBLIC = fileURLToPath(new URL('../../examples/app/public', import.meta.url));

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
}, 60_000);
afterAll(() => browser?.close());

/** Listens on 127.0.0.1 port 0 and closes after the test; returns the origin. */
async function listen(app: ReturnType<typeof createApp>): Promise<string> {
  const { port } = await app.listen({ port: 0, host: '127.0.0.1' });
  onTestFinished(() => app.close());
  return `http://127.0.0.1:${port}`;
}

/** A new page that records what goes wrong on it: console errors and warnings, failures, >= 400. */
async function openPage(): Promise<{ page: Page; problems: string[] }> {
  const context = await browser.newContext();
  onTestFinished(() => context.close());
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`console ${m.text()}`);
  });
  page.on('pageerror', (err) => problems.push(`uncaught ${err.message}`));
  page.on('requestfailed', (r) => problems.push(`failed ${r.url()} ${r.failure()?.errorText}`));
  page.on('response', (r) => {
    if (r.status() >= 400) problems.push(`${r.status()} ${r.url()}`);
  });
  return { page, problems };
}

/** Polls `read` until it passes, for as long as a loaded machine may need. */
const until = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 15_000 });

/** Places an order through the API, as another client would. */
async function placeOrder(api: string, sku: string, qty: number): Promise<number> {
  const res = await fetch(`${api}/orders`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userId: 1, sku, qty }),
  });
  expect(res.status).toBe(202);
  return ((await res.json()) as { orderId: number }).orderId;
}

/** Signs in on the page, then shows an order placed through the API and one placed on the page. */
async function signInAndOrder(page: Page, api: string): Promise<void> {
  await until(() => page.locator('#live-status').innerText()).toBe('live');
  expect(await page.locator('#who').innerText()).toBe('Not signed in');
  await until(() => page.locator('#users li').allInnerTexts()).toEqual(['Ada <ada@example.com>']);

  await page.locator('#sign-in button').click();
  await until(() => page.locator('#who').innerText()).toBe('Signed in as Ada');
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
}

describe('example app: the page in Chromium', () => {
  it('signs in with a cookie, shows orders live, and reloads its files as 304', async () => {
    const api = await listen(exampleApp({ origins: ['http://localhost:5173'] }));
    const { page, problems } = await openPage();
    const first = await page.goto(`${api}/`);
    expect(first?.status()).toBe(200);

    await signInAndOrder(page, api);
    expect(problems).toEqual([]);

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
    expect(statuses.get('/app.js')).toBe(304);
    expect(statuses.get('/app.css')).toBe(304);
    expect(statuses.get('/session')).toBe(200);
    expect([...new Set(validators)].sort()).toEqual(['/', '/app.css', '/app.js']);
    // Leaving the page cuts its event stream; nothing else went wrong.
    expect(problems).toEqual([`failed ${api}/orders/live net::ERR_ABORTED`]);
  }, 60_000);

  it('works the same from a second origin, calling the API with CORS and its cookie', async () => {
    const front = createApp({
      bindings: { version: BINDINGS_VERSION, controllers: [] },
      static: [{ root: PUBLIC, prefix: '/' }],
    });
    // The listening port is known only once it listens: the API is created after the page's server.
    const frontOrigin = await listen(front);
    const api = await listen(exampleApp({ origins: [frontOrigin] }));
    const { page, problems } = await openPage();
    await page.goto(`${frontOrigin}/?api=${encodeURIComponent(api)}`);

    await signInAndOrder(page, api);

    const cookies = await page.context().cookies(api);
    expect(cookies.map((c) => [c.name, c.httpOnly, c.sameSite])).toEqual([['sid', true, 'Lax']]);
    expect(problems).toEqual([]);
  }, 60_000);
});
