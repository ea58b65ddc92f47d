// The example app's cross-origin request protection in Debian's headless Chromium: a page of
// another origin (same site, as two ports of 127.0.0.1 are, so the SameSite=Lax session cookie
// goes with it) auto-submits a <form method=post> to the cookie-authenticated sign-in and to the
// orders; both are refused with 403 and change nothing. The example's own page still signs in and
// places an order, and a page of an origin cors() allows still signs in with a credentialed fetch.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { App } from 'fw';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { exampleApp } from '../../examples/app/app.js';
import { createClient, unwrap } from '../../examples/app/client.js';
import { OrderLog } from '../../examples/app/store.js';
import { buildExamplePage, launchChromium } from './support.js';

let browser: Browser;
beforeAll(async () => {
  [browser] = await Promise.all([launchChromium(), buildExamplePage()]);
}, 60_000);
afterAll(() => browser?.close());

/** A server of one HTML page on 127.0.0.1 port 0, closed after the test; returns its origin. */
async function pageServer(html: (path: string) => string): Promise<string> {
  const server = createServer((req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html' }).end(html(req.url ?? '/'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  onTestFinished(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** An attacker's page: a form of `fields` posted to `action` as soon as it loads. */
function autoSubmit(action: string, fields: Record<string, string>): string {
  const inputs = Object.entries(fields)
    .map(([name, value]) => `<input name="${name}" value="${value}">`)
    .join('');
  return (
    `<!doctype html><title>prize</title><form method="post" action="${action}">${inputs}</form>` +
    '<script>document.forms[0].submit()</script>'
  );
}

/** Listens on 127.0.0.1 port 0 and closes after the test; returns the origin. */
async function listen(app: App): Promise<string> {
  const { port } = await app.listen({ port: 0, host: '127.0.0.1' });
  onTestFinished(() => app.close());
  return `http://127.0.0.1:${port}`;
}

/** Opens `url` in `page` and answers the POST to `target` that its form sends. */
async function submitted(page: Page, url: string, target: string) {
  const answer = page.waitForResponse((r) => r.url() === target && r.request().method() === 'POST');
  await page.goto(url);
  const response = await answer;
  const sent = await response.request().allHeaders();
  return {
    status: response.status(),
    problem: (await response.json()) as { code: string },
    site: sent['sec-fetch-site'],
    sid: /(?:^|; )sid=/.test(sent['cookie'] ?? ''),
  };
}

describe('example app: cross-site forms in Chromium', () => {
  it('refuses a cross-site form POST, which changes nothing; its own page still works', async () => {
    // The origin cors() allows is known only once its server listens.
    const trusted = await pageServer(() => '<!doctype html><title>front</title>');
    const quiet = { error() {}, warn() {}, info() {} };
    const app = exampleApp({ origins: [trusted], logger: quiet });
    const api = await listen(app);
    const client = createClient({ baseUrl: api });
    unwrap(await client.user.create({ body: { name: 'Mallory', email: 'mallory@example.com' } }));
    const evil = await pageServer((path) =>
      path === '/orders'
        ? autoSubmit(`${api}/orders`, { userId: '1', sku: 'prize', qty: '99' })
        : autoSubmit(`${api}/session`, { email: 'mallory@example.com' }),
    );

    const context = await browser.newContext();
    onTestFinished(() => context.close());
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(`console ${m.text()}`);
    });
    page.on('pageerror', (err) => problems.push(`uncaught ${err.message}`));

    // The example's own page signs in with its cookie and places an order, as before.
    await page.goto(`${api}/`);
    await page.locator('#sign-in input[name=email]').fill('ada@example.com');
    await page.locator('#sign-in button').click();
    await expect.poll(() => page.locator('#who').innerText()).toBe('Signed in as Ada');
    await page.locator('#order input[name=sku]').fill('pen');
    await page.locator('#order button').click();
    await expect.poll(() => page.locator('#placed').innerText()).toBe('Order 1 placed');
    const orders = app.get(OrderLog);
    await orders.waitFor(1);
    expect(problems).toEqual([]);

    // Another origin's page posts forms with the session cookie: refused, before any handler.
    for (const [path, target] of [
      ['/session', `${api}/session`],
      ['/orders', `${api}/orders`],
    ] as const) {
      const answer = await submitted(page, `${evil}${path}`, target);
      expect(answer).toEqual({
        status: 403,
        problem: expect.objectContaining({ code: 'FW_ERR_CROSS_ORIGIN_REQUEST' }),
        site: 'same-site',
        sid: true,
      });
    }

    // Still Ada (no login as Mallory), and no order beyond the page's own.
    await page.goto(`${api}/`);
    await expect.poll(() => page.locator('#who').innerText()).toBe('Signed in as Ada');
    expect(orders.entries).toEqual(['order 1: 1 x pen']);

    // A page of the origin cors() allows signs in with a credentialed fetch, as the API's own does.
    await page.goto(trusted);
    const signedIn = await page.evaluate(async (base) => {
      const res = await fetch(`${base}/session`, {
        method: 'POST',
        credentials: 'include',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: 'mallory@example.com' }),
      });
      return [res.status, ((await res.json()) as { user: { name: string } }).user.name];
    }, api);
    expect(signedIn).toEqual([200, 'Mallory']);
  }, 60_000);
});
