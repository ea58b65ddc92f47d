// Server-Sent Events over a socket (API.md "Server-Sent Events"): the headers, the framing of each
// kind of item, the heartbeat, Last-Event-ID, and the end when the client goes away.
import { once } from 'node:events';
import { type SseItem, sse } from 'fw';
import { Canceled, type Context } from 'fw/context';
import type { HttpRequestContext } from 'fw/core';
import { describe, expect, it } from 'vitest';
import { stalledClient } from './stream-support.js';
import { deferred, RawClient, requestFailed, serve } from './support.js';

async function* items(list: readonly SseItem[]) {
  yield* list;
}

/** Reads `res`'s body until `done(text so far)`; cancels the rest. */
async function readUntil(res: Response, done: (text: string) => boolean): Promise<string> {
  const reader = (res.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let text = '';
  while (!done(text)) {
    const { value, done: end } = await reader.read();
    if (end) break;
    text += decoder.decode(value, { stream: true });
  }
  await reader.cancel();
  return text;
}

describe('sse() over a socket', () => {
  it('answers text/event-stream, no-cache, with each item framed', async () => {
    const list: SseItem[] = [
      'plain',
      { n: 1 },
      { id: 7, event: 'tick', data: 'two\nlines', retry: 1000 },
      { data: { ok: true } },
    ];
    const { url } = await serve([{ method: 'GET', path: '/ev', handle: () => sse(items(list)) }]);

    const res = await fetch(url('/ev'));

    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/event-stream');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(await res.text()).toBe(
      ':\n\n' +
        'data: plain\n\n' +
        'data: {"n":1}\n\n' +
        'event: tick\nid: 7\nretry: 1000\ndata: two\ndata: lines\n\n' +
        'data: {"ok":true}\n\n',
    );
  });

  it('sends a comment line every heartbeatMs while the source is silent', async () => {
    const gate = deferred();
    const source = (async function* () {
      await gate.promise;
      yield 'at last';
    })();
    const { url } = await serve([
      { method: 'GET', path: '/ev', handle: () => sse(source, { heartbeatMs: 20 }) },
    ]);

    const res = await fetch(url('/ev'));
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    const comments: string[] = [];
    while (comments.length < 3) {
      comments.push(new TextDecoder().decode((await reader.read()).value));
    }
    gate.resolve();
    let rest = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      rest += new TextDecoder().decode(value);
    }

    expect(comments.join('')).toBe(':\n\n:\n\n:\n\n'); // the opening one, then two heartbeats
    expect(rest.replaceAll(':\n\n', '')).toBe('data: at last\n\n');
  });

  it('lets the handler read Last-Event-ID to resume', async () => {
    const all = [1, 2, 3, 4].map((id) => ({ id, data: `event ${id}` }));
    const { url } = await serve([
      {
        method: 'GET',
        path: '/ev',
        params: ['req:fw/core#HttpRequestContext'],
        handle: (req: HttpRequestContext) => {
          const last = Number(req.header('last-event-id') || 0);
          return sse(items(all.filter((e) => e.id > last)));
        },
      },
    ]);

    const res = await fetch(url('/ev'), { headers: { 'Last-Event-ID': '2' } });

    expect(await res.text()).toBe(':\n\nid: 3\ndata: event 3\n\nid: 4\ndata: event 4\n\n');
  });

  it('ends when the client goes away: the source stopped, the Context canceled', async () => {
    const ended = deferred<Error | undefined>();
    let ctx: Context | undefined;
    const source = (async function* () {
      yield 'first';
      await new Promise(() => {}); // never another event
    })();
    const served = await serve(
      [
        {
          method: 'GET',
          path: '/ev',
          params: ['ctx:fw/context#Context'],
          handle: (c: Context) => {
            ctx = c;
            return sse(source, { heartbeatMs: 60_000 });
          },
        },
      ],
      {
        interceptors: [
          {
            afterCompletion: (c, _m, err) => {
              if (c.path() === '/ev') ended.resolve(err);
            },
          },
        ],
      },
    );

    const client = await stalledClient(served.port, 'GET /ev HTTP/1.1\r\nHost: t\r\n\r\n');
    client.resume();
    let got = '';
    while (!got.includes('data: first')) got += String((await once(client, 'data'))[0]);
    client.destroy();

    expect(await ended.promise).toBeUndefined();
    expect(ctx?.err()).toBe(Canceled);
    expect(await served.alive()).toBe(200);
    expect(served.logger.failures()).toEqual([]);
  });

  it('stops a source that waits between yields the moment the client leaves', async () => {
    const stopped = deferred();
    let pulls = 0;
    const source: AsyncIterable<SseItem> = {
      [Symbol.asyncIterator]: () => ({
        next: () => (pulls++ === 0 ? Promise.resolve({ value: 'first' }) : new Promise(() => {})),
        return: async () => {
          stopped.resolve();
          return { done: true, value: undefined };
        },
      }),
    };
    const served = await serve([{ method: 'GET', path: '/ev', handle: () => sse(source) }]);

    const res = await fetch(served.url('/ev'));
    await readUntil(res, (text) => text.includes('data: first'));

    await stopped.promise; // return() was called
    expect(await served.alive()).toBe(200);
  });

  it('ends cleanly at close(), which does not wait for its timeout', async () => {
    const opened = deferred();
    const source = (async function* () {
      opened.resolve(); // asked for its first event: the head and the opening comment are out
      yield 'first';
      await new Promise(() => {}); // never another event
    })();
    const served = await serve([{ method: 'GET', path: '/ev', handle: () => sse(source) }], {
      closeTimeoutMs: 60_000,
    });
    const client = await RawClient.connect(served.port);
    await client.write('GET /ev HTTP/1.1\r\nHost: t\r\n\r\n');
    const reading = client.response();
    await opened.promise;

    await served.app.close();
    const res = await reading;

    expect(res.status).toBe(200);
    expect(res.body).toMatch(/^3\r\n:\n\n\r\n/); // the opening comment
    expect(res.body).toMatch(/\r\n0\r\n\r\n$/); // the last chunk: a clean end
    await client.closed();
  });

  it('an id that would forge an event cuts the stream, logged as FW_ERR_SSE_INVALID', async () => {
    const list: SseItem[] = ['ok', { id: '1\n\ndata: forged', data: 'x' }];
    const served = await serve([{ method: 'GET', path: '/ev', handle: () => sse(items(list)) }]);

    const client = await RawClient.connect(served.port);
    await client.write('GET /ev HTTP/1.1\r\nHost: t\r\n\r\n');
    const res = await client.response();

    expect(res.body).toContain('data: ok');
    expect(res.body).not.toContain('forged');
    const code = 'FW_ERR_SSE_INVALID';
    expect(served.logger.failures()).toEqual([
      requestFailed({ method: 'GET', path: '/ev', status: 200, code, err: expect.anything() }),
    ]);
    expect(await served.alive()).toBe(200);
  });
});
