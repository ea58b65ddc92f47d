import { describe, expect, it } from 'vitest';
import { problem, RawClient, type Served, serve } from './support.js';

const MiB = 1024 * 1024;
const TOO_LARGE = problem(
  413,
  'Content Too Large',
  `Request body exceeds the limit of ${MiB} bytes`,
  'FW_ERR_BODY_TOO_LARGE',
);

async function upload(): Promise<Served> {
  return serve(
    [
      {
        method: 'POST',
        path: '/upload',
        params: [
          { name: 'body', type: 'test/http#Body', validate: (v) => ({ ok: true, value: v }) },
        ],
        handle: () => 'stored',
      },
    ],
    { bodyLimit: MiB },
  );
}

const headers = (extra: string) =>
  `POST /upload HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\n${extra}\r\n`;

// A body over `bodyLimit` is refused with 413 the client can read, the connection then closed
// (node-server.ts: a refused upload is not drained); the server keeps serving.
describe('413 for a body over the limit', () => {
  it('refuses a declared Content-Length before reading any of the body', async () => {
    const served = await upload();
    const client = await RawClient.connect(served.port);

    await client.write(headers(`Content-Length: ${10 * MiB}\r\n`));
    const res = await client.response();

    expect(res.status).toBe(413);
    expect(res.headers['content-type']).toBe('application/problem+json');
    expect(res.headers['connection']).toBe('close');
    expect(JSON.parse(res.body)).toEqual(TOO_LARGE);
    await client.closed();
    expect(await served.alive()).toBe(200);
  });

  it.each([
    ['a declared Content-Length', `Content-Length: ${10 * MiB}\r\n`, false],
    ['a chunked body without Content-Length', 'Transfer-Encoding: chunked\r\n', true],
  ])('answers 413 to a client still writing 10 MiB with %s', async (_name, framing, chunked) => {
    const served = await upload();
    const client = await RawClient.connect(served.port);

    await client.write(headers(framing));
    const writing = client.stream(10 * MiB, { chunked });
    const res = await client.response();

    expect(res.status).toBe(413);
    expect(res.headers['content-type']).toBe('application/problem+json');
    expect(res.headers['connection']).toBe('close');
    expect(JSON.parse(res.body)).toEqual(TOO_LARGE);
    await client.closed();
    expect(await writing).toBe(false); // the server stopped taking the body
    expect(await served.alive()).toBe(200);
  });

  it('accepts a body of exactly the limit', async () => {
    const served = await upload();
    const body = `"${'x'.repeat(MiB - 2)}"`;

    const res = await fetch(served.url('/upload'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });

    expect([res.status, await res.text()]).toEqual([200, 'stored']);
  });
});
