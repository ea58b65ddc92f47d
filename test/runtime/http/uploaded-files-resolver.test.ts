import type { ExecutionContext, ParameterMeta, UploadedFiles } from 'fw/core';
import { consumerContext, httpContext, webSocketContext } from 'fw/testing';
import { describe, expect, it } from 'vitest';
import { UploadedFilesResolver } from '../../../runtime/http/resolvers.js';
import {
  formType,
  multipartBody,
  plain,
  rejection,
  SIMPLE,
  SIMPLE_WANT,
} from './multipart-fixtures.js';

type Case<G, W> = [name: string, { given: G; want: W }];

const resolver = new UploadedFilesResolver();
const meta = (type = 'fw/core#UploadedFiles'): ParameterMeta => ({
  index: 0,
  name: 'files',
  type,
  optional: false,
});

describe('UploadedFilesResolver.supports', () => {
  // Exactly the UploadedFiles type id.
  const cases: Case<string, boolean>[] = [
    ['fw/core#UploadedFiles', { given: 'fw/core#UploadedFiles', want: true }],
    ['bare UploadedFiles', { given: 'UploadedFiles', want: false }],
    ['an application type of that name', { given: 'src/upload#UploadedFiles', want: false }],
    ['MultipartForm', { given: 'fw/core#MultipartForm', want: false }],
    ['UploadedFile', { given: 'fw/core#UploadedFile', want: false }],
  ];
  it.each(cases)('%s', (_name, { given, want }) => {
    expect(resolver.supports(meta(given))).toBe(want);
  });
});

describe('UploadedFilesResolver.resolve', () => {
  // The files of a multipart request keyed by field name; other bodies and contexts fail.
  it('gives the files of a multipart request, keyed by field', async () => {
    const ctx = httpContext({
      method: 'POST',
      url: '/upload',
      headers: { 'content-type': formType() },
      body: multipartBody(SIMPLE),
    });
    const files = (await resolver.resolve(ctx)) as UploadedFiles;
    expect((await plain({ value: {}, file: files })).file).toEqual(SIMPLE_WANT.file);
    expect(files).toBe((await ctx.multipartForm()).file);
  });

  it('a form without files gives an empty record', async () => {
    const ctx = httpContext({
      method: 'POST',
      url: '/upload',
      headers: { 'content-type': formType() },
      body: multipartBody([{ name: 'title', value: 'x' }]),
    });
    expect(Object.keys((await resolver.resolve(ctx)) as UploadedFiles)).toEqual([]);
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
    const err = await rejection(Promise.resolve().then(() => resolver.resolve(given())));
    expect({ code: err.code, status: err.status }).toEqual(want);
  });
});
