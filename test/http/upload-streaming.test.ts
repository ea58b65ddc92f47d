// A `MultipartParts` parameter reads a form part by part as it arrives, each file as a stream
// (API.md section 4, "Uploads"): the same limits and errors as `UploadedFiles`, raised mid-stream.
import { createHash, randomBytes } from 'node:crypto';
import type { AppOptions } from 'fw';
import type { MultipartParts } from 'fw/core';
import { describe, expect, it } from 'vitest';
import { deferred, problem, RawClient, type Served, serve } from './support.js';

type Summary = {
  field: string;
  value?: string;
  file?: string;
  type?: string;
  bytes?: number;
  sha256?: string;
};

/** Reads every part, hashing each file as it passes. */
async function summarize(parts: MultipartParts): Promise<Summary[]> {
  const out: Summary[] = [];
  for await (const part of parts) {
    if (part.kind === 'field') {
      out.push({ field: part.name, value: part.value });
      continue;
    }
    const hash = createHash('sha256');
    let bytes = 0;
    for await (const chunk of part.stream) {
      hash.update(chunk as Buffer);
      bytes += (chunk as Buffer).byteLength;
    }
    out.push({
      field: part.name,
      file: part.filename,
      type: part.contentType,
      bytes,
      sha256: hash.digest('hex'),
    });
  }
  return out;
}

function streaming(
  handle: (parts: MultipartParts) => unknown = summarize,
  options: Omit<AppOptions, 'bindings' | 'logger'> = {},
): Promise<Served> {
  return serve(
    [{ method: 'POST', path: '/parts', params: ['parts:fw/core#MultipartParts'], handle }],
    options,
  );
}

const BOUNDARY = 'fw-stream-boundary';
const TYPE = `multipart/form-data; boundary=${BOUNDARY}`;

function fileHead(name: string, filename: string): string {
  return (
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\n` +
    'Content-Type: application/octet-stream\r\n\r\n'
  );
}

/** Opens a POST /parts with `headers`, and writes its head; the body is the caller's to write. */
async function open(port: number, headers: string): Promise<RawClient> {
  const client = await RawClient.connect(port);
  await client.write(`POST /parts HTTP/1.1\r\nHost: t\r\nContent-Type: ${TYPE}\r\n${headers}\r\n`);
  return client;
}

describe('a MultipartParts handler', () => {
  it('gets fields and files in the order sent, each file whole through its stream', async () => {
    const { url } = await streaming();
    const big = randomBytes(3 * 1024 * 1024);
    const form = new FormData();
    form.append('title', 'holiday');
    form.append('photos', new Blob([big], { type: 'image/png' }), 'beach.png');
    form.append('photos', new Blob(['sun'], { type: 'image/jpeg' }), 'sun.jpg');
    form.append('note', 'last');

    const res = await fetch(url('/parts'), { method: 'POST', body: form });

    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([
      { field: 'title', value: 'holiday' },
      {
        field: 'photos',
        file: 'beach.png',
        type: 'image/png',
        bytes: big.length,
        sha256: createHash('sha256').update(big).digest('hex'),
      },
      {
        field: 'photos',
        file: 'sun.jpg',
        type: 'image/jpeg',
        bytes: 3,
        sha256: createHash('sha256').update('sun').digest('hex'),
      },
      { field: 'note', value: 'last' },
    ]);
  });

  it('fails a file over maxFileBytes mid-stream with 413, having passed no more than the limit', async () => {
    let seen = 0;
    const failure = deferred<unknown>();
    const { port, alive } = await streaming(
      async (parts) => {
        try {
          for await (const part of parts) {
            if (part.kind === 'file')
              for await (const chunk of part.stream) seen += (chunk as Buffer).byteLength;
          }
        } catch (err) {
          failure.resolve((err as { code?: string }).code);
          throw err;
        }
      },
      { multipart: { maxFileBytes: 1024 * 1024 } },
    );
    const client = await open(port, 'Transfer-Encoding: chunked\r\n');
    const body = Buffer.concat([
      Buffer.from(fileHead('f', 'big.bin')),
      Buffer.alloc(3 * 1024 * 1024, 1),
    ]);
    void client.write(`${body.length.toString(16)}\r\n`).then(() => client.write(body));

    const res = await client.response();
    client.destroy();

    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toEqual(
      problem(
        413,
        'Content Too Large',
        'Multipart body exceeds the limit of 1048576 bytes per file',
        'FW_ERR_MULTIPART_LIMIT',
      ),
    );
    expect(await failure.promise).toBe('FW_ERR_MULTIPART_LIMIT');
    expect(seen).toBeLessThanOrEqual(1024 * 1024);
    expect(await alive()).toBe(200);
  });

  it('refuses a body past maxTotalBytes mid-stream, with no Content-Length to refuse it first', async () => {
    const { port, alive } = await streaming(summarize, {
      multipart: { maxTotalBytes: 2 * 1024 * 1024 },
    });
    const client = await open(port, 'Transfer-Encoding: chunked\r\n');
    const body = Buffer.concat([
      Buffer.from(fileHead('f', 'big.bin')),
      Buffer.alloc(3 * 1024 * 1024, 1),
    ]);
    void client.write(`${body.length.toString(16)}\r\n`).then(() => client.write(body));

    const res = await client.response();
    client.destroy();

    expect(res.status).toBe(413);
    expect(JSON.parse(res.body).detail).toBe(
      'Multipart body exceeds the limit of 2097152 bytes in total',
    );
    expect(await alive()).toBe(200);
  });

  it.each([
    [
      'another media type',
      'application/json',
      Buffer.from('{}'),
      problem(
        415,
        'Unsupported Media Type',
        "Content-Type 'application/json' is not supported here; send multipart/form-data",
        'FW_ERR_UNSUPPORTED_MEDIA_TYPE',
      ),
    ],
    [
      'a body cut before its closing boundary',
      TYPE,
      Buffer.from(`${fileHead('f', 'a.txt')}abc`),
      problem(
        400,
        'Bad Request',
        'Malformed multipart body: the body ended before the closing boundary',
        'FW_ERR_MULTIPART_MALFORMED',
      ),
    ],
    [
      'more files than maxFiles',
      TYPE,
      Buffer.from(
        `${[1, 2, 3, 4].map((i) => `${fileHead('f', `${i}.txt`)}x\r\n`).join('')}--${BOUNDARY}--\r\n`,
      ),
      problem(
        413,
        'Content Too Large',
        'Multipart body exceeds the limit of 3 files',
        'FW_ERR_MULTIPART_LIMIT',
      ),
    ],
  ])('refuses %s with the error multipartForm() gives', async (_name, type, body, want) => {
    const { port, alive } = await streaming(summarize, { multipart: { maxFiles: 3 } });
    const client = await RawClient.connect(port);
    await client.write(
      `POST /parts HTTP/1.1\r\nHost: t\r\nContent-Type: ${type}\r\nContent-Length: ${body.length}\r\n\r\n`,
    );
    void client.write(body);

    const res = await client.response();
    client.destroy();

    expect(res.status).toBe(want.status);
    expect(JSON.parse(res.body)).toEqual(want);
    expect(await alive()).toBe(200);
  });

  it('fails the file being read when the client goes away mid-upload, and keeps serving', async () => {
    const reading = deferred();
    const failure = deferred<unknown>();
    const { port, alive } = await streaming(async (parts) => {
      try {
        for await (const part of parts) {
          if (part.kind !== 'file') continue;
          for await (const _ of part.stream) reading.resolve();
        }
      } catch (err) {
        failure.resolve(err);
      }
      return 'read';
    });
    const client = await open(port, 'Content-Length: 10000000\r\n');
    await client.write(fileHead('f', 'big.bin'));
    await client.write(Buffer.alloc(256 * 1024, 1));
    await reading.promise;

    client.destroy();

    expect(await failure.promise).toBeInstanceOf(Error);
    expect(await alive()).toBe(200);
  });

  it('may answer before reading every part: the connection closes and the server keeps serving', async () => {
    const { port, alive } = await streaming(async (parts) => {
      for await (const part of parts) return part.name; // the first part only
      return 'none';
    });
    const client = await open(port, 'Content-Length: 10000000\r\n');
    await client.write(fileHead('first', 'a.bin'));
    void client.stream(2 * 1024 * 1024);

    const res = await client.response();
    client.destroy();

    expect(res.status).toBe(200);
    expect(res.body).toBe('first');
    expect(res.headers['connection']).toBe('close'); // the rest of the upload is not read
    expect(await alive()).toBe(200);
  });

  it('skips what is left of a file the handler did not read when it asks for the next part', async () => {
    const { url } = await streaming(async (parts) => {
      const names: string[] = [];
      for await (const part of parts) names.push(part.name); // never reads a stream
      return names;
    });
    const form = new FormData();
    form.append('a', new Blob([randomBytes(1024 * 1024)]), 'a.bin');
    form.append('b', new Blob([randomBytes(1024 * 1024)]), 'b.bin');
    form.append('c', 'field');

    const res = await fetch(url('/parts'), { method: 'POST', body: form });

    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(['a', 'b', 'c']);
  });
});
