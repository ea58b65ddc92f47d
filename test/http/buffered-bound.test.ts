// `maxBufferedBytes` bounds the bytes all requests hold in memory at once (API.md, "Uploads"):
// JSON bodies and buffered multipart forms count until their request ends, however it ends; a
// request that would pass the bound answers 503 with Retry-After, and the bound frees again.
import { BINDINGS_VERSION, createApp } from 'fw';
import type { UploadedFiles } from 'fw/core';
import { describe, expect, it } from 'vitest';
import { problem, RawClient, type Served, serve } from './support.js';

const KiB = 1024;
const MiB = 1024 * KiB;
const BOUNDARY = 'fw-bound-boundary';
/** A JSON body parameter that takes any value. */
const BODY = {
  name: 'body',
  type: 'test/http#Body',
  validate: (v: unknown) => ({ ok: true as const, value: v }),
};
const TYPE = `multipart/form-data; boundary=${BOUNDARY}`;
const HEAD = Buffer.from(
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="f"; filename="a.bin"\r\n` +
    'Content-Type: application/octet-stream\r\n\r\n',
);

/** The two stalled uploads' bytes fill the bound but for a little room: 3 MiB and 4 KiB. */
const BOUND = 3 * MiB + 4 * KiB;

function app(maxBufferedBytes = BOUND): Promise<Served> {
  return serve(
    [
      {
        method: 'POST',
        path: '/files',
        params: ['files:fw/core#UploadedFiles'],
        handle: (files: UploadedFiles) => Object.values(files).flat().length,
      },
      { method: 'POST', path: '/json', params: [BODY], handle: () => 'ok' },
    ],
    { maxBufferedBytes, multipart: { maxFileBytes: 8 * MiB } },
  );
}

/** A form of one file of `bytes` bytes. */
function form(bytes: number): Buffer {
  return Buffer.concat([HEAD, Buffer.alloc(bytes, 1), Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]);
}

/** An upload that sends its part head and `bytes` of a file, then waits: those bytes stay held. */
async function stalledUpload(port: number, bytes: number): Promise<RawClient> {
  const client = await RawClient.connect(port);
  await client.write(
    `POST /files HTTP/1.1\r\nHost: t\r\nContent-Type: ${TYPE}\r\nContent-Length: ${8 * MiB}\r\n\r\n`,
  );
  await client.write(HEAD);
  await client.stream(bytes);
  return client;
}

/** POSTs 8 KiB of JSON on a new connection; the status and the answer's head and body. */
async function postJson(port: number) {
  const body = JSON.stringify({ pad: 'x'.repeat(8 * KiB) });
  const client = await RawClient.connect(port);
  await client.write(
    `POST /json HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n`,
  );
  void client.write(body);
  const res = await client.response();
  client.destroy();
  return res;
}

/** POSTs `body` as a multipart form on a new connection. */
async function postForm(port: number, body: Buffer) {
  const client = await RawClient.connect(port);
  await client.write(
    `POST /files HTTP/1.1\r\nHost: t\r\nContent-Type: ${TYPE}\r\n` +
      `Content-Length: ${body.length}\r\nConnection: close\r\n\r\n`,
  );
  void client.write(body);
  const res = await client.response();
  client.destroy();
  return res;
}

/** Asks `attempt` until it answers `status` (the server reads what the clients sent in its time). */
async function until<R extends { status: number }>(
  status: number,
  attempt: () => Promise<R>,
): Promise<R> {
  for (let i = 0; ; i++) {
    const res = await attempt();
    if (res.status === status || i === 200) return res;
    await new Promise((r) => setTimeout(r, 25));
  }
}

const FULL = problem(
  503,
  'Service Unavailable',
  `The request bodies held in memory have reached the server's limit of ${BOUND} bytes (maxBufferedBytes); retry later`,
  'FW_ERR_BODY_CAPACITY',
);

describe('maxBufferedBytes over a socket', () => {
  it('answers 503 with Retry-After once uploads in flight hold the bound, and frees it as they abort', async () => {
    const { port, alive } = await app();
    const first = await stalledUpload(port, 1.5 * MiB);
    const second = await stalledUpload(port, 1.5 * MiB);

    const refused = await until(503, () => postJson(port));

    expect(refused.status).toBe(503);
    expect(refused.headers['retry-after']).toBe('1');
    expect(refused.headers['content-type']).toBe('application/problem+json');
    expect(JSON.parse(refused.body)).toEqual(FULL);
    // A third upload is refused too, mid-body, and its connection closed.
    const third = await postForm(port, form(1 * MiB));
    expect(third.status).toBe(503);
    expect(third.headers['connection']).toBe('close');
    expect(await alive()).toBe(200); // a request with no body still passes

    first.destroy();
    second.destroy();

    expect((await until(200, () => postJson(port))).status).toBe(200);
  });

  it('gives the bytes back when a request ends, so that the whole bound serves request after request', async () => {
    const { port } = await app();
    const nearlyAll = form(3 * MiB);

    for (let i = 0; i < 3; i++) {
      const res = await postForm(port, nearlyAll);
      expect(res.status).toBe(200);
      expect(res.body).toBe('1');
    }
  });

  it('gives the bytes back when the client aborts a form, and when a form is refused as malformed', async () => {
    const { port } = await app();
    const aborted = await stalledUpload(port, 2 * MiB);
    expect((await until(503, () => postForm(port, form(2 * MiB)))).status).toBe(503);
    aborted.destroy();
    const malformed = Buffer.concat([HEAD, Buffer.alloc(2 * MiB, 1)]); // no closing boundary
    expect((await until(400, () => postForm(port, malformed))).status).toBe(400);

    const res = await postForm(port, form(3 * MiB));

    expect(res.status).toBe(200);
  });
});

describe('maxBufferedBytes through inject()', () => {
  it('counts a JSON body: 503 past the bound, and the bytes come back when the request ends', async () => {
    const { app } = await serve(
      [{ method: 'POST', path: '/json', params: [BODY], handle: () => 'ok' }],
      {
        maxBufferedBytes: 1000,
      },
    );

    const big = await app.inject({ method: 'POST', url: '/json', body: { pad: 'x'.repeat(2000) } });
    const small = await app.inject({
      method: 'POST',
      url: '/json',
      body: { pad: 'x'.repeat(900) },
    });
    const again = await app.inject({
      method: 'POST',
      url: '/json',
      body: { pad: 'x'.repeat(900) },
    });

    expect(big.status).toBe(503);
    expect(big.headers['retry-after']).toBe('1');
    expect(big.json()).toMatchObject({ code: 'FW_ERR_BODY_CAPACITY' });
    expect([small.status, again.status]).toEqual([200, 200]);
  });
});

describe('the maxBufferedBytes option', () => {
  it.each([[0], [-1], ['lots'], [Number.NaN]])('refuses %s', (value) => {
    const options = {
      bindings: { version: BINDINGS_VERSION, controllers: [] },
      maxBufferedBytes: value,
    };
    expect(() => createApp(options as never)).toThrow(
      `createApp option 'maxBufferedBytes' must be a positive number; got ${typeof value === 'string' ? `'${value}'` : value}`,
    );
  });
});
