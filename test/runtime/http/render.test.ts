import { describe, expect, it } from 'vitest';
import { FwError, HttpError } from '../../../runtime/core/errors.js';
import { stageError, stageResult } from '../../../runtime/http/render.js';
import { StagedResponse } from '../../../runtime/http/staged-response.js';
import type { StreamBody } from '../../../runtime/http/stream-body.js';
import { thrown } from './multipart-fixtures.js';

type Case<G, W> = [name: string, { given: G; want: W }];
interface Sent {
  status: number;
  headers: Record<string, string[]>;
  body: string | Uint8Array | StreamBody | undefined;
}

/** What `take()` would hand to the sink, headers by their spelled name. */
function sent(res: StagedResponse): Sent {
  const { status, headers, body } = res.take();
  const out: Record<string, string[]> = {};
  for (let i = 0; i < (headers?.length ?? 0); i += 3)
    (out[headers?.[i + 1] as string] ??= []).push(headers?.[i + 2] as string);
  return { status, headers: out, body };
}

const JSON_TYPE = { 'Content-Type': ['application/json; charset=utf-8'] };
const PROBLEM = { 'Content-Type': ['application/problem+json'] };

/** The problem details response for `status`, its exact bytes in field order. */
function problem(
  status: number,
  title: string,
  detail: string,
  headers: Record<string, string[]> = {},
  code?: string,
): Sent {
  const members = `"type":"about:blank","title":"${title}","status":${status},"detail":"${detail}"`;
  const body = `{${members}${code === undefined ? '' : `,"code":"${code}"`}}`;
  return { status, headers: { ...headers, ...PROBLEM }, body };
}

describe('stageResult', () => {
  // undefined is 204; a string text; bytes octet-stream; anything else JSON; 200 by default.
  const bytes = new Uint8Array([0, 1, 255]);
  const cases: Case<unknown, Sent>[] = [
    ['undefined', { given: undefined, want: { status: 204, headers: {}, body: undefined } }],
    [
      'a string',
      {
        given: 'héllo',
        want: {
          status: 200,
          headers: { 'Content-Type': ['text/plain; charset=utf-8'] },
          body: 'héllo',
        },
      },
    ],
    [
      'an empty string',
      {
        given: '',
        want: { status: 200, headers: { 'Content-Type': ['text/plain; charset=utf-8'] }, body: '' },
      },
    ],
    [
      'bytes',
      {
        given: bytes,
        want: {
          status: 200,
          headers: { 'Content-Type': ['application/octet-stream'] },
          body: bytes,
        },
      },
    ],
    [
      'an object',
      {
        given: { id: 7, tags: ['a'] },
        want: { status: 200, headers: JSON_TYPE, body: '{"id":7,"tags":["a"]}' },
      },
    ],
    [
      'an array',
      { given: [1, 'two'], want: { status: 200, headers: JSON_TYPE, body: '[1,"two"]' } },
    ],
    ['null', { given: null, want: { status: 200, headers: JSON_TYPE, body: 'null' } }],
    ['a number', { given: 42, want: { status: 200, headers: JSON_TYPE, body: '42' } }],
    ['zero', { given: 0, want: { status: 200, headers: JSON_TYPE, body: '0' } }],
    ['false', { given: false, want: { status: 200, headers: JSON_TYPE, body: 'false' } }],
    [
      'a Date',
      {
        given: new Date(0),
        want: { status: 200, headers: JSON_TYPE, body: '"1970-01-01T00:00:00.000Z"' },
      },
    ],
  ];
  it.each(cases)('%s', (_name, { given, want }) => {
    const res = new StagedResponse();
    stageResult(res, given);
    expect(sent(res)).toEqual(want);
  });

  it('keeps a content type the handler set', () => {
    const res = new StagedResponse();
    res.setHeader('content-type', 'text/html; charset=utf-8');
    stageResult(res, '<p>hi</p>');
    expect(sent(res)).toEqual({
      status: 200,
      headers: { 'content-type': ['text/html; charset=utf-8'] },
      body: '<p>hi</p>',
    });
  });

  it('keeps a status the handler wrote', () => {
    for (const result of [undefined, 'made', { id: 1 }]) {
      const res = new StagedResponse();
      res.writeStatus(201);
      stageResult(res, result);
      expect(res.status()).toBe(201);
    }
  });
});

describe('a result that is not JSON', () => {
  // BigInt, a cycle, a function or a symbol cannot be sent: FW_ERR_RESPONSE_NOT_SERIALIZABLE, nothing staged.
  const cycle: Record<string, unknown> = { name: 'loop' };
  cycle['self'] = cycle;
  const cases: Case<unknown, string>[] = [
    ['a bigint', { given: 1n, want: 'BigInt' }],
    ['a bigint inside an object', { given: { id: 1n }, want: 'BigInt' }],
    ['a cycle', { given: cycle, want: 'circular' }],
    ['a function', { given: () => 1, want: 'a function is not JSON' }],
    ['a symbol', { given: Symbol('s'), want: 'a symbol is not JSON' }],
  ];
  it.each(cases)('%s', (_name, { given, want }) => {
    const res = new StagedResponse();
    const err = thrown(() => stageResult(res, given));
    expect([err.code, err.status]).toEqual(['FW_ERR_RESPONSE_NOT_SERIALIZABLE', 500]);
    expect(err.message).toContain(want);
    expect(err.getResponse().detail).toBe('Internal Server Error');
    expect([res.status(), res.body]).toEqual([0, undefined]);
  });
});

describe('stageError', () => {
  // RFC 9457 problem details: an HttpError shows its status, detail and headers; anything else a bare 500.
  const INTERNAL_500 = problem(
    500,
    'Internal Server Error',
    'Internal Server Error',
    {},
    'FW_ERR_INTERNAL',
  );
  const cases: Case<Error, Sent>[] = [
    [
      'HttpError',
      { given: new HttpError(404, 'No user 7'), want: problem(404, 'Not Found', 'No user 7') },
    ],
    [
      'HttpError with headers',
      {
        given: new HttpError(429, 'Slow down', { headers: { 'Retry-After': '5' } }),
        want: problem(429, 'Too Many Requests', 'Slow down', { 'Retry-After': ['5'] }),
      },
    ],
    [
      'HttpError 503 chosen by the app',
      {
        given: new HttpError(503, 'Down for maintenance'),
        want: problem(503, 'Service Unavailable', 'Down for maintenance'),
      },
    ],
    [
      'FwError 4xx',
      {
        given: new FwError('FW_ERR_INVALID_PATH_PARAM', { key: 'id' }),
        want: problem(
          400,
          'Bad Request',
          'Invalid path parameter: id',
          {},
          'FW_ERR_INVALID_PATH_PARAM',
        ),
      },
    ],
    ['FwError 5xx', { given: new FwError('FW_ERR_NOT_HTTP_CONTEXT'), want: INTERNAL_500 }],
    ['a plain error', { given: new Error('password=hunter2 at db.ts:12'), want: INTERNAL_500 }],
    [
      'an AggregateError holding an HttpError',
      {
        given: new AggregateError([new Error('first'), new HttpError(409, 'Taken')], 'joined'),
        want: problem(409, 'Conflict', 'Taken'),
      },
    ],
    [
      'an error caused by an HttpError',
      {
        given: new Error('wrapped', { cause: new HttpError(403, 'No') }),
        want: problem(403, 'Forbidden', 'No'),
      },
    ],
    [
      'HttpError 42',
      { given: new HttpError(42, 'odd', { headers: { 'X-A': '1' } }), want: INTERNAL_500 },
    ],
    ['HttpError 200', { given: new HttpError(200, 'fine?'), want: INTERNAL_500 }],
    ['HttpError 404.5', { given: new HttpError(404.5, 'half'), want: INTERNAL_500 }],
    [
      'HttpError with an extension JSON cannot write',
      { given: new HttpError(400, 'bad', { extensions: { n: 1n } }), want: INTERNAL_500 },
    ],
    [
      'HttpError with a header that would split the response',
      {
        given: new HttpError(400, 'bad', { headers: { 'X-Reason': 'a\r\nSet-Cookie: s=1' } }),
        want: INTERNAL_500,
      },
    ],
    [
      'HttpError with a header name that is not a token',
      { given: new HttpError(400, 'bad', { headers: { 'bad name': 'x' } }), want: INTERNAL_500 },
    ],
  ];
  it.each(cases)('%s', (_name, { given, want }) => {
    const res = new StagedResponse();
    stageError(res, given);
    expect(sent(res)).toEqual(want);
  });

  it('drops the staged success and keeps headers set before the checkpoint', () => {
    const res = new StagedResponse();
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.checkpoint();
    res.setHeader('X-After', '1');
    stageResult(res, { ok: true });
    stageError(res, new HttpError(422, 'Nope'));
    expect(sent(res)).toEqual(
      problem(422, 'Unprocessable Content', 'Nope', { 'Access-Control-Allow-Origin': ['*'] }),
    );
  });

  it('renders nothing over a status written before the checkpoint', () => {
    const res = new StagedResponse();
    res.writeStatus(401);
    res.setHeader('WWW-Authenticate', 'Bearer');
    res.checkpoint();
    stageResult(res, 'secret');
    stageError(res, new HttpError(500, 'boom'));
    expect(sent(res)).toEqual({
      status: 401,
      headers: { 'WWW-Authenticate': ['Bearer'] },
      body: undefined,
    });
  });
});
