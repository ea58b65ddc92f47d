// Server-Sent Events and compression (API.md section 6a) in a real headless Chromium: an
// EventSource receives three events, reconnects when the stream ends and resumes with
// Last-Event-ID; a compressed JSON response is decoded by the browser. The page's own results are
// the assertions. Debian's chromium only (support.ts).
import { reply, type SseEvent, sse } from 'fw';
import type { HttpRequestContext } from 'fw/core';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve } from '../http/support.js';
import { launchChromium } from './support.js';

let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
}, 60_000);
afterAll(() => browser?.close());

const PAGE = `<!doctype html><meta charset="utf-8"><title>sse</title><script>
window.results = { events: [] };
const source = new EventSource('/ev');
source.addEventListener('tick', (e) => {
  window.results.events.push({ id: e.lastEventId, data: JSON.parse(e.data) });
  if (window.results.events.length === 4) source.close();
});
fetch('/big').then((r) => r.json()).then((body) => { window.results.big = body.items.length; });
</script>`;

const BIG = { items: Array.from({ length: 500 }, (_, i) => ({ i, name: `item ${i}` })) };

async function* ticks(from: number, to: number): AsyncGenerator<SseEvent> {
  for (let n = from; n <= to; n++) yield { id: n, event: 'tick', data: { n }, retry: 50 };
}

describe('in Chromium', () => {
  it('EventSource gets three events, reconnects with Last-Event-ID; compressed JSON decodes', async () => {
    const lastEventIds: string[] = [];
    const served = await serve(
      [
        {
          method: 'GET',
          path: '/',
          handle: () => reply(PAGE, { headers: { 'Content-Type': 'text/html; charset=utf-8' } }),
        },
        {
          method: 'GET',
          path: '/ev',
          params: ['req:fw/core#HttpRequestContext'],
          handle: (req: HttpRequestContext) => {
            const last = req.header('last-event-id');
            lastEventIds.push(last);
            // The first connection gives three events and ends; the browser reconnects.
            return last === '' ? sse(ticks(1, 3)) : sse(ticks(Number(last) + 1, Number(last) + 1));
          },
        },
        { method: 'GET', path: '/big', handle: () => BIG },
      ],
      { compression: {} },
    );
    const context = await browser.newContext();
    const page = await context.newPage();
    const encodings: (string | undefined)[] = [];
    page.on('response', async (res) => {
      if (res.url().endsWith('/big')) encodings.push((await res.allHeaders())['content-encoding']);
    });

    await page.goto(served.url('/'));
    await page.waitForFunction(
      () => {
        const r = (globalThis as unknown as { results: { events: unknown[]; big?: number } })
          .results;
        return r.events.length === 4 && r.big !== undefined;
      },
      undefined,
      { timeout: 15_000 },
    );
    const results = await page.evaluate(
      () => (globalThis as unknown as { results: unknown }).results,
    );
    await context.close();

    expect(results).toEqual({
      events: [1, 2, 3, 4].map((n) => ({ id: String(n), data: { n } })),
      big: 500,
    });
    expect(lastEventIds.slice(0, 2)).toEqual(['', '3']);
    expect(['br', 'gzip']).toContain(encodings[0]);
  }, 30_000);
});
