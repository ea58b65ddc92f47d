// Response compression over a socket (API.md "Compression"): Accept-Encoding negotiated with its
// q-values, Content-Encoding and Vary set, streams compressed too, and each exclusion.
import { once } from 'node:events';
import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { type CompressionOptions, reply, sse } from 'fw';
import { describe, expect, it } from 'vitest';
import { source, stalledClient } from './stream-support.js';
import { anError, deferred, requestFailed, serve, type TestRoute } from './support.js';

const BIG = JSON.stringify({
  items: Array.from({ length: 200 }, (_, i) => ({ i, name: `n${i}` })),
});
const SMALL = 'tiny';

interface Got {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  /** The body as received: compressed when Content-Encoding says so. */
  readonly raw: Buffer;
  /** The body decoded per Content-Encoding. */
  readonly text: string;
}

/** A request that leaves the body as sent (fetch would decode it). */
function get(url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Got> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () => {
        const raw = Buffer.concat(chunks);
        const enc = res.headers['content-encoding'];
        const plain =
          enc === 'gzip' ? gunzipSync(raw) : enc === 'br' ? brotliDecompressSync(raw) : raw;
        resolve({ status: res.statusCode ?? 0, headers: res.headers, raw, text: plain.toString() });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

const routes: TestRoute[] = [
  { method: 'GET', path: '/big', handle: () => BIG },
  { method: 'HEAD', path: '/big', handle: () => BIG },
  { method: 'GET', path: '/small', handle: () => SMALL },
  {
    method: 'GET',
    path: '/stream',
    handle: () =>
      (async function* () {
        for (let i = 0; i < 50; i++) yield `line ${i}\n`;
      })(),
  },
  {
    method: 'GET',
    path: '/png',
    handle: () => reply(BIG, { headers: { 'Content-Type': 'image/png' } }),
  },
  {
    method: 'GET',
    path: '/svg',
    handle: () => reply(BIG, { headers: { 'Content-Type': 'image/svg+xml' } }),
  },
  {
    method: 'GET',
    path: '/zip',
    handle: () => reply(BIG, { headers: { 'Content-Type': 'application/zip' } }),
  },
  {
    method: 'GET',
    path: '/encoded',
    handle: () => reply(BIG, { headers: { 'Content-Encoding': 'identity' } }),
  },
  {
    method: 'GET',
    path: '/no-transform',
    handle: () => reply(BIG, { headers: { 'Cache-Control': 'public, no-transform' } }),
  },
  { method: 'GET', path: '/none', handle: () => undefined },
  { method: 'GET', path: '/not-modified', handle: () => reply(BIG, { status: 304 }) },
  {
    method: 'GET',
    path: '/range',
    handle: () => reply(BIG, { status: 206, headers: { 'Content-Range': 'bytes 0-9/100' } }),
  },
  { method: 'GET', path: '/etag', handle: () => reply(BIG, { headers: { ETag: '"v1"' } }) },
];

/** The routes, served with `compression` (null: the option left out). */
async function served(compression: CompressionOptions | null = {}) {
  return serve(routes, compression === null ? {} : { compression });
}

describe('Accept-Encoding negotiation', () => {
  it.each<[string, string | undefined]>([
    ['gzip', 'gzip'],
    ['br', 'br'],
    ['gzip, br', 'br'],
    ['GZIP', 'gzip'],
    ['gzip;q=1, br;q=0.5', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['*', 'br'],
    ['br;q=0, *', 'gzip'],
    ['*;q=0', undefined],
    ['identity', undefined],
    ['identity;q=0', undefined],
    ['deflate, compress', undefined],
    ['', undefined],
  ])('%j answers %s, with Vary', async (accept, want) => {
    const { url } = await served();

    const res = await get(url('/big'), accept === '' ? {} : { 'Accept-Encoding': accept });

    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe(want);
    expect(res.headers['vary']).toBe('Accept-Encoding');
    expect(res.text).toBe(BIG);
    if (want !== undefined) expect(res.raw.length).toBeLessThan(Buffer.byteLength(BIG));
  });

  it('keeps to the encodings offered', async () => {
    const { url } = await served({ encodings: ['gzip'] });

    const res = await get(url('/big'), { 'Accept-Encoding': 'br, gzip;q=0.1' });

    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.text).toBe(BIG);
  });
});

describe('what is not compressed', () => {
  it.each<[string, string, string]>([
    ['a body under the threshold', 'GET', '/small'],
    ['an image', 'GET', '/png'],
    ['an archive', 'GET', '/zip'],
    ['a body with Content-Encoding set', 'GET', '/encoded'],
    ['Cache-Control: no-transform', 'GET', '/no-transform'],
    ['HEAD', 'HEAD', '/big'],
    ['204', 'GET', '/none'],
    ['304', 'GET', '/not-modified'],
    ['206 (a range)', 'GET', '/range'],
  ])('%s', async (_name, method, path) => {
    const { url } = await served();

    const res = await get(url(path), { 'Accept-Encoding': 'br, gzip' }, method);

    expect(res.headers['content-encoding']).toBe(path === '/encoded' ? 'identity' : undefined);
    expect(res.headers['vary']).toBeUndefined();
  });

  it('nothing when the option is not given', async () => {
    const { url } = await served(null);

    const res = await get(url('/big'), { 'Accept-Encoding': 'br, gzip' });

    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['vary']).toBeUndefined();
    expect(res.headers['content-length']).toBe(String(Buffer.byteLength(BIG)));
  });

  it('an SVG image is text, and is compressed', async () => {
    const { url } = await served();

    const res = await get(url('/svg'), { 'Accept-Encoding': 'gzip' });

    expect(res.headers['content-encoding']).toBe('gzip');
  });
});

describe('compressed responses', () => {
  it.each(['br', 'gzip'])('a stream is compressed with %s, chunked', async (encoding) => {
    const { url } = await served();

    const res = await get(url('/stream'), { 'Accept-Encoding': encoding });

    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.headers['transfer-encoding']).toBe('chunked');
    expect(res.text).toBe(Array.from({ length: 50 }, (_, i) => `line ${i}\n`).join(''));
  });

  it('a compressed stream is stopped when the client goes away', async () => {
    const { body, probe } = source(
      'ReadableStream',
      (i) => (i === 0 ? 'x'.repeat(100) : undefined),
      {
        hang: true,
      },
    );
    const app = await serve([{ method: 'GET', path: '/s', handle: () => body }], {
      compression: {},
    });

    const client = await stalledClient(
      app.port,
      'GET /s HTTP/1.1\r\nHost: t\r\nAccept-Encoding: gzip\r\n\r\n',
    );
    client.resume();
    const [head] = (await once(client, 'data')) as [Buffer];
    client.destroy();
    while (!probe.stopped) await new Promise((r) => setTimeout(r, 10));

    expect(head.toString('latin1')).toContain('Content-Encoding: gzip');
    expect(await app.alive()).toBe(200);
    expect(app.logger.failures()).toEqual([]);
  });

  it.each([
    ['before anything went out: the problem response', false, 500],
    ['after the head went out: the connection cut', true, 200],
  ])('a compressed stream that fails %s, logged', async (_name, first, status) => {
    const seen = deferred();
    const body = (async function* () {
      if (first) {
        yield 'y'.repeat(2000);
        await seen.promise; // the client has the head and the first chunk
      }
      throw new Error('broke');
    })();
    const app = await serve([{ method: 'GET', path: '/s', handle: () => body }], {
      compression: {},
    });

    const client = await stalledClient(
      app.port,
      'GET /s HTTP/1.1\r\nHost: t\r\nAccept-Encoding: gzip\r\nConnection: close\r\n\r\n',
    );
    client.resume();
    let got = '';
    client.on('data', (c: Buffer) => {
      got += c.toString('latin1');
      seen.resolve();
    });
    await once(client, 'close');

    expect(got).toMatch(new RegExp(`^HTTP/1.1 ${status} `));
    expect(got.endsWith('\r\n0\r\n\r\n')).toBe(false);
    expect(await app.alive()).toBe(200);
    expect(app.logger.failures()).toEqual([
      requestFailed({ method: 'GET', path: '/s', status, err: anError('broke') }),
    ]);
  });

  it('a strong ETag becomes weak: the bytes differ from the identity ones', async () => {
    const { url } = await served();

    const res = await get(url('/etag'), { 'Accept-Encoding': 'gzip' });

    expect(res.headers['etag']).toBe('W/"v1"');
  });

  it('each SSE event is flushed as it is sent, not held by the compressor', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const source = (async function* () {
      yield 'first';
      await gate;
    })();
    const app = await serve(
      [{ method: 'GET', path: '/ev', handle: () => sse(source, { heartbeatMs: 60_000 }) }],
      { compression: { threshold: 0 } },
    );

    const res = await fetch(app.url('/ev'), { headers: { 'Accept-Encoding': 'gzip' } });
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    let text = '';
    while (!text.includes('data: first'))
      text += new TextDecoder().decode((await reader.read()).value);
    release();
    await reader.cancel();

    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(text).toBe(':\n\ndata: first\n\n');
  });
});
