import type { ExecutionContext, MultipartPart, MultipartParts, ParameterMeta } from 'fw/core';
import { consumerContext, httpContext, webSocketContext } from 'fw/testing';
import { describe, expect, it } from 'vitest';
import { MultipartPartsResolver } from '../../../runtime/http/resolvers.js';
import { formType, multipartBody, rejection, SIMPLE } from './multipart-fixtures.js';

type Case<G, W> = [name: string, { given: G; want: W }];

const resolver = new MultipartPartsResolver();
const meta = (type = 'fw/core#MultipartParts'): ParameterMeta => ({
  index: 0,
  name: 'parts',
  type,
  optional: false,
});

/** Every part as plain data, each file's bytes read from its stream as text. */
async function read(parts: MultipartParts) {
  const out: unknown[] = [];
  for await (const part of parts as AsyncIterable<MultipartPart>) {
    if (part.kind === 'field') out.push({ field: part.name, value: part.value });
    else {
      let text = '';
      for await (const chunk of part.stream) text += String(chunk);
      out.push({ file: part.name, filename: part.filename, type: part.contentType, text });
    }
  }
  return out;
}

describe('MultipartPartsResolver.supports', () => {
  // Exactly the MultipartParts type id.
  const cases: Case<string, boolean>[] = [
    ['fw/core#MultipartParts', { given: 'fw/core#MultipartParts', want: true }],
    ['bare MultipartParts', { given: 'MultipartParts', want: false }],
    ['an application type of that name', { given: 'src/upload#MultipartParts', want: false }],
    ['UploadedFiles', { given: 'fw/core#UploadedFiles', want: false }],
    ['MultipartPart', { given: 'fw/core#MultipartPart', want: false }],
  ];
  it.each(cases)('%s', (_name, { given, want }) => {
    expect(resolver.supports(meta(given))).toBe(want);
  });
});

describe('MultipartPartsResolver.resolve', () => {
  // The request's parts in the order sent, files as streams; other bodies and contexts fail.
  it('gives every part in the order sent, the same object as ctx.multipartParts()', async () => {
    const ctx = httpContext({
      method: 'POST',
      url: '/upload',
      headers: { 'content-type': formType() },
      body: multipartBody(SIMPLE),
    });
    const parts = resolver.resolve(ctx) as MultipartParts;
    expect(parts).toBe(ctx.multipartParts());
    expect(await read(parts)).toEqual([
      { field: 'title', value: 'Hello, world' },
      { field: 'tag', value: 'a' },
      { file: 'avatar', filename: 'me.png', type: 'image/png', text: 'PNG-BYTES' },
      { field: 'tag', value: 'b' },
      { file: 'docs', filename: 'a.txt', type: 'text/plain', text: '' },
      { file: 'docs', filename: 'b.txt', type: 'text/plain', text: 'x'.repeat(5000) },
    ]);
  });

  it('ends at once when canceled before the first part', async () => {
    const ctx = httpContext({
      method: 'POST',
      url: '/upload',
      headers: { 'content-type': formType() },
      body: multipartBody(SIMPLE),
    });
    const parts = resolver.resolve(ctx) as MultipartParts;
    parts.cancel();
    expect(await read(parts)).toEqual([]);
  });

  const failures: Case<() => ExecutionContext, { code: string; status: number }>[] = [
    [
      'a JSON body',
      {
        given: () => httpContext({ method: 'POST', url: '/upload', body: { a: 1 } }),
        want: { code: 'FW_ERR_UNSUPPORTED_MEDIA_TYPE', status: 415 },
      },
    ],
    [
      'a truncated form',
      {
        given: () =>
          httpContext({
            method: 'POST',
            url: '/upload',
            headers: { 'content-type': formType() },
            body: multipartBody(SIMPLE, { close: false }),
          }),
        want: { code: 'FW_ERR_MULTIPART_MALFORMED', status: 400 },
      },
    ],
    [
      'a consumer context',
      { given: () => consumerContext('e'), want: { code: 'FW_ERR_NOT_HTTP_CONTEXT', status: 500 } },
    ],
    [
      'a WebSocket context',
      {
        given: () => webSocketContext({ path: '/ws' }),
        want: { code: 'FW_ERR_NOT_HTTP_CONTEXT', status: 500 },
      },
    ],
  ];
  it.each(failures)('%s fails', async (_name, { given, want }) => {
    const err = await rejection(
      Promise.resolve().then(() => read(resolver.resolve(given()) as MultipartParts)),
    );
    expect({ code: err.code, status: err.status }).toEqual(want);
  });
});
