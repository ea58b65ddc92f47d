// The example app's browser side over a real socket: its page and files, the session cookie,
// Server-Sent Events of the orders resuming after Last-Event-ID, and CORS and WebSockets for its
// other origins.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { exampleApp } from '../../examples/app/app.js';
import { originsFromEnv } from '../../examples/app/config.js';

const FRONT = 'http://localhost:5173';
let base: string;
let close: () => Promise<void>;

beforeEach(async () => {
  const app = exampleApp({ origins: [FRONT] });
  const { port } = await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${port}`;
  close = () => app.close();
});
afterEach(() => close());

const signIn = (email: string) =>
  fetch(`${base}/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  });

/** Reads Server-Sent Events from `res` until `count` `order` events came; returns their id and data. */
async function orderEvents(res: Response, count: number): Promise<string[]> {
  const reader = (res.body as ReadableStream<Uint8Array>).pipeThrough(new TextDecoderStream());
  const events: string[] = [];
  let text = '';
  for await (const chunk of reader) {
    text += chunk;
    for (let end = text.indexOf('\n\n'); end !== -1; end = text.indexOf('\n\n')) {
      const block = text.slice(0, end);
      text = text.slice(end + 2);
      if (block.startsWith('event: order')) events.push(block.split('\n').slice(1).join(' '));
      if (events.length === count) return events;
    }
  }
  return events;
}

const order = (sku: string) =>
  fetch(`${base}/orders`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userId: 1, sku, qty: 1 }),
  });

describe('example app: what its page uses', () => {
  it('serves the page and its files at /, beside the API', async () => {
    const page = await fetch(`${base}/`);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await page.text();
    // The script tsc compiles from page/main.ts (test/browser/example-page.test.ts loads it).
    expect(html).toContain('<script type="module" src="js/page/main.js"></script>');
    const css = await fetch(`${base}/app.css`);
    expect([css.status, css.headers.get('etag')?.startsWith('W/')]).toEqual([200, true]);
  });

  it('limits sign-ins to 20 a minute per client address; other routes are not counted', async () => {
    const first = await signIn('eve@example.com');
    expect(first.headers.get('ratelimit-limit')).toBe('20');
    expect(first.headers.get('ratelimit-remaining')).toBe('19');
    for (let i = 1; i < 20; i++) expect((await signIn('eve@example.com')).status).toBe(401);
    const refused = await signIn('ada@example.com');
    expect(refused.status).toBe(429);
    expect(refused.headers.getSetCookie()).toEqual([]);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.json()).toMatchObject({ code: 'FW_ERR_RATE_LIMITED', status: 429 });
    const session = await fetch(`${base}/session`);
    expect([session.status, session.headers.has('ratelimit-limit')]).toEqual([200, false]);
  });

  it('signs in with an HttpOnly cookie that GET /session reads, and DELETE clears', async () => {
    const anonymous = await (await fetch(`${base}/session`)).json();
    expect(anonymous).toEqual({ user: null });
    expect((await signIn('eve@example.com')).status).toBe(401);

    const res = await signIn('ada@example.com');
    const [cookie = ''] = res.headers.getSetCookie();
    expect(cookie).toMatch(/^sid=[0-9a-f-]{36}; Path=\/; Max-Age=3600; HttpOnly; SameSite=Lax$/);
    const sid = cookie.split(';')[0] as string;
    const headers = { cookie: sid };
    expect(await (await fetch(`${base}/session`, { headers })).json()).toMatchObject({
      user: { id: 1, name: 'Ada' },
    });

    const out = await fetch(`${base}/session`, { method: 'DELETE', headers });
    expect(out.status).toBe(204);
    expect(out.headers.getSetCookie()[0]).toMatch(/^sid=; Path=\/; Max-Age=0; /);
    expect(await (await fetch(`${base}/session`, { headers })).json()).toEqual({ user: null });
  });

  it('streams each order as an event, and resumes after Last-Event-ID', async () => {
    const stop = new AbortController();
    const live = await fetch(`${base}/orders/live`, { signal: stop.signal });
    expect(live.headers.get('content-type')).toBe('text/event-stream');
    const first = orderEvents(live, 2);
    await order('pen');
    await order('ink');
    expect(await first).toEqual([
      'id: 1 data: {"orderId":1,"sku":"pen","qty":1}',
      'id: 2 data: {"orderId":2,"sku":"ink","qty":1}',
    ]);
    stop.abort();

    // A browser that reconnects after event 1 first gets what it missed, then what comes.
    const again = new AbortController();
    const resumed = await fetch(`${base}/orders/live`, {
      headers: { 'last-event-id': '1' },
      signal: again.signal,
    });
    const next = orderEvents(resumed, 2);
    await order('pad');
    expect(await next).toEqual([
      'id: 2 data: {"orderId":2,"sku":"ink","qty":1}',
      'id: 3 data: {"orderId":3,"sku":"pad","qty":1}',
    ]);
    again.abort();
  });

  it('answers the preflight of its other origin, with credentials, and not of others', async () => {
    const preflight = (origin: string) =>
      fetch(`${base}/session`, {
        method: 'OPTIONS',
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type',
        },
      });
    const allowed = await preflight(FRONT);
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get('access-control-allow-origin')).toBe(FRONT);
    expect(allowed.headers.get('access-control-allow-credentials')).toBe('true');
    const other = await preflight('https://evil.example');
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('lets pages of its other origins open the order feed, and refuses others with 403', async () => {
    /** The status of the WebSocket handshake sent with this `Origin`; closes the socket. */
    const handshake = (origin: string) =>
      new Promise<number>((resolve, reject) => {
        const ws = new WebSocket(`${base.replace('http', 'ws')}/ws/orders`, { origin });
        ws.once('upgrade', (res) => resolve(res.statusCode ?? 0));
        ws.once('unexpected-response', (req, res) => {
          req.destroy();
          resolve(res.statusCode ?? 0);
        });
        ws.once('error', reject);
        ws.once('open', () => ws.close());
      });
    expect(await handshake(FRONT)).toBe(101);
    expect(await handshake(base)).toBe(101);
    expect(await handshake('https://evil.example')).toBe(403);
  });

  it.each([
    [undefined, ['http://localhost:5173', 'http://127.0.0.1:5173']],
    ['', ['http://localhost:5173', 'http://127.0.0.1:5173']],
    ['https://a.example, https://b.example', ['https://a.example', 'https://b.example']],
  ])('reads its CORS origins from FW_EXAMPLE_ORIGINS=%j', (value, origins) => {
    expect(originsFromEnv({ FW_EXAMPLE_ORIGINS: value })).toEqual(origins);
  });
});
