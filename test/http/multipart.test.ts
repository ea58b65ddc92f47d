import type { UploadedFiles } from 'fw/core';
import { describe, expect, it } from 'vitest';
import { problem, RawClient, type Served, serve } from './support.js';

function uploads(): Promise<Served> {
  return serve([
    {
      method: 'POST',
      path: '/files',
      params: ['files:fw/core#UploadedFiles'],
      handle: (files: UploadedFiles) =>
        Object.entries(files).map(([field, list]) => ({
          field,
          files: list.map((f) => ({ name: f.filename, size: f.size, type: f.contentType })),
        })),
    },
  ]);
}

const BOUNDARY = 'fw-test-boundary';

/** `count` one-byte files in field `f`, framed by hand. */
function tinyFiles(count: number): Buffer {
  let body = '';
  for (let i = 0; i < count; i++) {
    body += `--${BOUNDARY}\r\nContent-Disposition: form-data; name="f"; filename="${i}.txt"\r\n`;
    body += 'Content-Type: text/plain\r\n\r\nx\r\n';
  }
  return Buffer.from(`${body}--${BOUNDARY}--\r\n`);
}

async function post(port: number, contentType: string, body: Buffer) {
  const client = await RawClient.connect(port);
  const head =
    `POST /files HTTP/1.1\r\nHost: t\r\nContent-Type: ${contentType}\r\n` +
    `Content-Length: ${body.length}\r\n\r\n`;
  await client.write(head);
  void client.write(body); // the answer may come before the body is all sent
  const res = await client.response();
  client.destroy();
  return res;
}

// An `UploadedFiles` parameter gets the files of a multipart form, within the app's limits (API.md 4).
describe('multipart uploads over a socket', () => {
  it('hands the handler every file by field, with names, sizes and types', async () => {
    const { url } = await uploads();
    const form = new FormData();
    form.append('title', 'holiday');
    form.append('photos', new Blob(['a'.repeat(1000)], { type: 'image/png' }), 'beach.png');
    form.append('photos', new Blob(['b'.repeat(20)], { type: 'image/jpeg' }), 'sun.jpg');
    form.append('cv', new Blob(['%PDF'], { type: 'application/pdf' }), 'cv.pdf');

    const res = await fetch(url('/files'), { method: 'POST', body: form });

    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await res.json()).toEqual([
      {
        field: 'photos',
        files: [
          { name: 'beach.png', size: 1000, type: 'image/png' },
          { name: 'sun.jpg', size: 20, type: 'image/jpeg' },
        ],
      },
      { field: 'cv', files: [{ name: 'cv.pdf', size: 4, type: 'application/pdf' }] },
    ]);
  });
});

// A hostile form is refused with a problem naming what was wrong, and the server keeps serving.
describe('hostile multipart bodies over a socket', () => {
  it.each([
    [
      'a Content-Type without a boundary',
      'multipart/form-data',
      tinyFiles(1),
      problem(
        400,
        'Bad Request',
        'Malformed multipart body: the Content-Type has no boundary parameter',
        'FW_ERR_MULTIPART_MALFORMED',
      ),
    ],
    [
      'a thousand tiny files',
      `multipart/form-data; boundary=${BOUNDARY}`,
      tinyFiles(1000),
      problem(
        413,
        'Content Too Large',
        'Multipart body exceeds the limit of 10 files',
        'FW_ERR_MULTIPART_LIMIT',
      ),
    ],
    [
      'a body cut before its closing boundary',
      `multipart/form-data; boundary=${BOUNDARY}`,
      tinyFiles(2).subarray(0, 100),
      problem(
        400,
        'Bad Request',
        'Malformed multipart body: the body ended before the closing boundary',
        'FW_ERR_MULTIPART_MALFORMED',
      ),
    ],
  ])('%s', async (_name, contentType, body, want) => {
    const served = await uploads();

    const res = await post(served.port, contentType, body);

    expect(res.status).toBe(want.status);
    expect(res.headers['content-type']).toBe('application/problem+json');
    expect(JSON.parse(res.body)).toEqual(want);
    expect(await served.alive()).toBe(200);
  });
});
