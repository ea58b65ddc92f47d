import { FwError, HttpError } from 'fw';
import { httpContext } from 'fw/testing';
import { describe, expect, it } from 'vitest';
import { DEFAULT_BODY_LIMITS } from '../../../runtime/http/body-limits.js';
import { HttpContext } from '../../../runtime/http/http-context.js';
import { formType, multipartBody, plain, SIMPLE, SIMPLE_WANT } from './multipart-fixtures.js';

type Case<G, W> = [name: string, { given: G; want: W }];
type Body = { type?: string; body: string | Uint8Array | object; length?: string };
type Failure = { status: number; code: string };

const MiB = 1024 * 1024;

/** An HTTP POST through fw/testing; an object body goes as JSON. */
function post({ type, body, length }: Body) {
  const headers: Record<string, string> = {};
  if (type !== undefined) headers['Content-Type'] = type;
  if (length !== undefined) headers['Content-Length'] = length;
  return httpContext({ method: 'POST', url: '/', headers, body });
}

/** What a rejected promise failed with, as status and code; an unexpected success fails the test. */
async function failure(promise: Promise<unknown>): Promise<Failure> {
  const err: unknown = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(HttpError);
  expect(err).toBeInstanceOf(FwError);
  const { status, code } = err as FwError;
  return { status, code };
}

/** A body source that counts how often it is read. */
function counted(text: string): { source: Iterable<Uint8Array>; reads: () => number } {
  let reads = 0;
  return {
    source: {
      *[Symbol.iterator]() {
        reads++;
        yield new TextEncoder().encode(text);
      },
    },
    reads: () => reads,
  };
}

const FORM = 'application/x-www-form-urlencoded';

// API.md section 4: bind() decodes the body by Content-Type: JSON, or a urlencoded form into strings.
describe('bind() decodes', () => {
  const cases: Case<Body, unknown>[] = [
    ['a JSON object', { given: { body: { a: 1, b: ['x'] } }, want: { a: 1, b: ['x'] } }],
    ['JSON text', { given: { type: 'application/json', body: '[1,2]' }, want: [1, 2] }],
    [
      'JSON with a charset',
      { given: { type: 'application/json; charset=utf-8', body: '{"a":1}' }, want: { a: 1 } },
    ],
    ['a urlencoded form', { given: { type: FORM, body: 'a=1&b=x+y' }, want: { a: '1', b: 'x y' } }],
    ['a form: first value wins', { given: { type: FORM, body: 'a=1&a=2' }, want: { a: '1' } }],
    ['a form: a alone', { given: { type: FORM, body: 'a' }, want: { a: '' } }],
    [
      'a body exactly at the limit',
      { given: { type: FORM, body: `a=${'x'.repeat(MiB - 2)}` }, want: { a: 'x'.repeat(MiB - 2) } },
    ],
  ];
  it.each(cases)('%s', async (_name, { given, want }) => {
    expect(await post(given).bind()).toEqual(want);
  });
});

// API.md section 4: a malformed body is 400, an unsupported type 415, a body over bodyLimit 413.
describe('bind() fails', () => {
  const big = 'x'.repeat(2 * MiB);
  const cases: Case<Body, Failure>[] = [
    [
      'bad JSON',
      {
        given: { type: 'application/json', body: '{"a":' },
        want: { status: 400, code: 'FW_ERR_BODY_MALFORMED' },
      },
    ],
    [
      'text/plain',
      {
        given: { type: 'text/plain', body: 'hi' },
        want: { status: 415, code: 'FW_ERR_UNSUPPORTED_MEDIA_TYPE' },
      },
    ],
    [
      'no Content-Type',
      { given: { body: 'hi' }, want: { status: 415, code: 'FW_ERR_UNSUPPORTED_MEDIA_TYPE' } },
    ],
    [
      'a charset other than UTF-8',
      {
        given: { type: 'application/json; charset=latin1', body: '{}' },
        want: { status: 415, code: 'FW_ERR_UNSUPPORTED_MEDIA_TYPE' },
      },
    ],
    [
      '2 MiB at the default limit',
      {
        given: { type: FORM, body: `a=${big}` },
        want: { status: 413, code: 'FW_ERR_BODY_TOO_LARGE' },
      },
    ],
    [
      '2 MiB of JSON',
      { given: { body: { a: big } }, want: { status: 413, code: 'FW_ERR_BODY_TOO_LARGE' } },
    ],
    [
      'one byte over the limit',
      {
        given: { type: FORM, body: `a=${'x'.repeat(MiB - 1)}` },
        want: { status: 413, code: 'FW_ERR_BODY_TOO_LARGE' },
      },
    ],
    [
      'a declared 2 MiB',
      {
        given: { type: FORM, body: 'a=1', length: String(2 * MiB) },
        want: { status: 413, code: 'FW_ERR_BODY_TOO_LARGE' },
      },
    ],
  ];
  it.each(cases)('%s', async (_name, { given, want }) => {
    expect(await failure(post(given).bind())).toEqual(want);
  });
});

// API.md section 4: the body is read once; bind() twice answers the same value.
describe('bind() reads the body once', () => {
  it('returns the same value on a second call', async () => {
    const ctx = post({ body: { a: 1 } });
    const first = await ctx.bind();
    expect(await ctx.bind()).toBe(first);
  });

  it('pulls the body source once', async () => {
    const body = counted('{"a":1}');
    const ctx = new HttpContext({
      method: 'POST',
      url: '/',
      rawHeaders: ['Content-Type', 'application/json'],
      body: body.source,
      limits: DEFAULT_BODY_LIMITS,
    });
    await Promise.all([ctx.bind(), ctx.bind()]);
    await ctx.bind();
    expect(body.reads()).toBe(1);
  });

  it('fails the same way on a second call', async () => {
    const ctx = post({ type: 'application/json', body: '{' });
    expect(await failure(ctx.bind())).toEqual({ status: 400, code: 'FW_ERR_BODY_MALFORMED' });
    expect(await failure(ctx.bind())).toEqual({ status: 400, code: 'FW_ERR_BODY_MALFORMED' });
  });
});

// API.md section 4: multipartForm() decodes multipart/form-data, failing as bind() does.
describe('multipartForm()', () => {
  it('gives the fields and the files by field name', async () => {
    const ctx = post({ type: formType(), body: multipartBody(SIMPLE) });
    expect(await plain(await ctx.multipartForm())).toEqual(SIMPLE_WANT);
  });

  it('returns the same form on a second call', async () => {
    const ctx = post({ type: formType(), body: multipartBody(SIMPLE) });
    const form = await ctx.multipartForm();
    expect(await ctx.multipartForm()).toBe(form);
  });

  const cases: Case<Body, Failure>[] = [
    [
      'JSON instead',
      { given: { body: { a: 1 } }, want: { status: 415, code: 'FW_ERR_UNSUPPORTED_MEDIA_TYPE' } },
    ],
    [
      'no Content-Type',
      { given: { body: 'x' }, want: { status: 415, code: 'FW_ERR_UNSUPPORTED_MEDIA_TYPE' } },
    ],
    [
      'no boundary',
      {
        given: { type: 'multipart/form-data', body: 'x' },
        want: { status: 400, code: 'FW_ERR_MULTIPART_MALFORMED' },
      },
    ],
    [
      'a truncated body',
      {
        given: { type: formType(), body: multipartBody(SIMPLE, { close: false }) },
        want: { status: 400, code: 'FW_ERR_MULTIPART_MALFORMED' },
      },
    ],
    [
      'a field over 64 KiB',
      {
        given: {
          type: formType(),
          body: multipartBody([{ name: 'a', value: 'v'.repeat(64 * 1024 + 1) }]),
        },
        want: { status: 413, code: 'FW_ERR_MULTIPART_LIMIT' },
      },
    ],
  ];
  it.each(cases)('fails: %s', async (_name, { given, want }) => {
    expect(await failure(post(given).multipartForm())).toEqual(want);
  });
});
