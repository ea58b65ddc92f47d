// Stream bodies over a socket (API.md "Streaming"): each kind of source is sent chunked with
// backpressure, afterCompletion runs at its end, a client that leaves stops the source and cancels
// the Context, and a source that fails renders a problem before its first chunk or cuts the
// connection after it.
import { once } from 'node:events';
import { reply } from 'fw';
import { Canceled, type Context } from 'fw/context';
import { describe, expect, it } from 'vitest';
import { STREAM_KINDS, settled, source, stalledClient } from './stream-support.js';
import { anError, deferred, RawClient, requestFailed, serve } from './support.js';

const words = ['alpha ', 'beta ', 'gamma'];
const word = (i: number) => words[i];
const get = (path: string) => `GET ${path} HTTP/1.1\r\nHost: t\r\n\r\n`;

/** Serves `GET /s` answering `body()`, and reports the execution's end to the test. */
async function serveStream(body: (ctx: Context) => unknown) {
  const ended = deferred<{ err: Error | undefined; ctx: Context }>();
  let ctx: Context | undefined;
  const served = await serve(
    [
      {
        method: 'GET',
        path: '/s',
        params: ['ctx:fw/context#Context'],
        handle: (c: Context) => {
          ctx = c;
          return body(c);
        },
      },
      { method: 'HEAD', path: '/s', handle: () => body(ctx as Context) },
    ],
    {
      interceptors: [
        {
          afterCompletion: (c, _m, err) => {
            if (c.method() !== 'GET' || c.path() !== '/s') return;
            ended.resolve({ err, ctx: ctx as Context });
          },
        },
      ],
    },
  );
  return { served, ended: ended.promise };
}

describe.each(STREAM_KINDS)('a %s returned by the handler', (kind) => {
  it('is sent chunked as application/octet-stream, then afterCompletion runs', async () => {
    const { body, probe } = source(kind, word);
    const { served, ended } = await serveStream(() => body);

    const res = await fetch(served.url('/s'));

    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/octet-stream');
    expect(res.headers.get('transfer-encoding')).toBe('chunked');
    expect(res.headers.get('content-length')).toBeNull();
    expect(res.headers.get('x-request-id')).not.toBeNull();
    expect(await res.text()).toBe(words.join(''));
    expect((await ended).err).toBeUndefined();
    expect(probe.pulls).toBe(3);
    expect(served.logger.failures()).toEqual([]);
  });

  it('keeps the status and headers of a Reply', async () => {
    const { body } = source(kind, word);
    const headers = { 'Content-Type': 'text/csv' };
    const { served } = await serveStream(() => reply(body, { status: 201, headers }));

    const res = await fetch(served.url('/s'));

    expect(res.status).toBe(201);
    expect(res.headers.get('content-type')).toBe('text/csv');
    expect(await res.text()).toBe(words.join(''));
  });

  it('is read no further than the client takes it', async () => {
    const big = new Uint8Array(64 * 1024);
    const { body, probe } = source(kind, () => big);
    const { served, ended } = await serveStream(() => body);

    const client = await stalledClient(served.port, get('/s'));
    const pulled = await settled(() => probe.pulls);

    // The socket buffers hold a few MB; an undrained source would run on for ever.
    expect(pulled).toBeGreaterThan(0);
    expect(pulled * big.byteLength).toBeLessThan(64 * 1024 * 1024);
    client.destroy();
    const { err, ctx } = await ended;
    expect(err).toBeUndefined();
    expect(probe.stopped).toBe(true);
    expect(ctx.err()).toBe(Canceled);
  });

  it('is stopped, and the Context canceled, when the client goes away', async () => {
    const { body, probe } = source(kind, word, { hang: true });
    const { served, ended } = await serveStream(() => body);

    const client = await stalledClient(served.port, get('/s'));
    client.resume();
    await once(client, 'data');
    client.destroy();
    const { err, ctx } = await ended;

    expect(err).toBeUndefined();
    expect(probe.stopped).toBe(true);
    expect(ctx.err()).toBe(Canceled);
    expect(await served.alive()).toBe(200);
    expect(served.logger.failures()).toEqual([]);
  });

  it('that fails after its first chunk cuts the connection, is logged, and the server goes on', async () => {
    const boom = new Error('source broke');
    const { body } = source(kind, (i) => {
      if (i < 2) return words[i];
      throw boom;
    });
    const { served, ended } = await serveStream(() => body);

    const client = await RawClient.connect(served.port);
    await client.write(get('/s'));
    const res = await client.response();

    expect(res.status).toBe(200);
    expect(res.body).toContain('alpha ');
    expect(res.body).not.toMatch(/\r\n0\r\n\r\n$/); // no last chunk: the client sees it cut
    expect((await ended).err).toBe(boom);
    expect(await served.alive()).toBe(200);
    expect(served.logger.failures()).toEqual([
      requestFailed({ method: 'GET', path: '/s', status: 200, err: anError('source broke') }),
    ]);
  });

  it('that fails before its first chunk renders the problem response', async () => {
    const { body } = source(kind, () => {
      throw new Error('no data');
    });
    const { served } = await serveStream(() => body);

    const res = await fetch(served.url('/s'));

    expect(res.status).toBe(500);
    expect(res.headers.get('content-type')).toBe('application/problem+json');
    expect(((await res.json()) as { code: string }).code).toBe('FW_ERR_INTERNAL');
    expect(served.logger.failures()).toEqual([
      requestFailed({ method: 'GET', path: '/s', status: 500, err: anError('no data') }),
    ]);
  });

  it('answers HEAD with the headers only, the source stopped unread', async () => {
    const { body, probe } = source(kind, word);
    const { served } = await serveStream(() => body);

    const res = await fetch(served.url('/s'), { method: 'HEAD' });

    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/octet-stream');
    expect(await res.text()).toBe('');
    expect(probe.pulls).toBe(0);
  });
});

describe('stream bodies', () => {
  it('an empty stream is a 200 with an empty body', async () => {
    const { served } = await serveStream(() => source('async generator', () => undefined).body);

    const res = await fetch(served.url('/s'));

    expect(res.status).toBe(200);
    expect(await res.text()).toBe('');
  });

  it('empty chunks are sent as nothing, and do not end the body', async () => {
    const { served } = await serveStream(() =>
      (async function* () {
        yield '';
        yield 'a';
        yield new Uint8Array(0);
        yield 'b';
      })(),
    );

    const res = await fetch(served.url('/s'));

    expect(await res.text()).toBe('ab');
  });

  it('a chunk that is neither string nor bytes is a 500, logged', async () => {
    const { served } = await serveStream(() =>
      (async function* () {
        yield 42;
      })(),
    );

    const res = await fetch(served.url('/s'));

    expect(res.status).toBe(500);
    expect(served.logger.failures()).toEqual([
      requestFailed({
        method: 'GET',
        path: '/s',
        status: 500,
        code: 'FW_ERR_STREAM_CHUNK',
        err: expect.objectContaining({ code: 'FW_ERR_STREAM_CHUNK' }),
      }),
    ]);
  });

  it('a stream with a Content-Length is sent with it, not chunked', async () => {
    const { body } = source('Readable', word);
    const length = String(words.join('').length);
    const { served } = await serveStream(() =>
      reply(body, { headers: { 'Content-Length': length } }),
    );

    const client = await RawClient.connect(served.port);
    await client.write(get('/s'));
    const res = await client.response();

    expect(res.headers['content-length']).toBe(length);
    expect(res.headers['transfer-encoding']).toBeUndefined();
    expect(res.body).toBe(words.join(''));
  });

  it.each([
    ['shorter', 100],
    ['longer', 5],
  ])('a stream %s than its Content-Length cuts the connection, logged', async (_n, declared) => {
    const { body } = source('async generator', word);
    const headers = { 'Content-Length': String(declared) };
    const { served, ended } = await serveStream(() => reply(body, { headers }));

    const client = await RawClient.connect(served.port);
    await client.write(get('/s'));
    await client.closed();

    const code = 'FW_ERR_STREAM_LENGTH';
    expect(((await ended).err as { code?: string }).code).toBe(code);
    expect(served.logger.failures()).toEqual([
      requestFailed({ method: 'GET', path: '/s', status: 200, code, err: expect.anything() }),
    ]);
    expect(await served.alive()).toBe(200);
  });

  it('a stream dropped by a later error is stopped', async () => {
    const { body, probe } = source('ReadableStream', word);
    const served = await serve([{ method: 'GET', path: '/s', handle: () => body }], {
      interceptors: [{ postHandle: () => Promise.reject(new Error('late')) }],
    });

    const res = await fetch(served.url('/s'));

    expect(res.status).toBe(500);
    expect(probe.stopped).toBe(true);
    expect(probe.pulls).toBe(0);
  });
});
