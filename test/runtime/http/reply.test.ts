import { Reply, redirect, reply } from 'fw';
import { describe, expect, it } from 'vitest';
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

/** Stages `result` on a fresh response and returns what would be sent. */
function staged(result: unknown): Sent {
  const res = new StagedResponse();
  stageResult(res, result);
  const { status, headers, body } = res.take();
  const out: Record<string, string[]> = {};
  for (let i = 0; i < (headers?.length ?? 0); i += 3)
    (out[headers?.[i + 1] as string] ??= []).push(headers?.[i + 2] as string);
  return { status, headers: out, body };
}

const JSON_TYPE = ['application/json; charset=utf-8'];

describe('reply', () => {
  // The body is sent as a plain return value would be, with the given status and headers.
  const cases: Case<Reply, Sent>[] = [
    [
      'status and headers',
      {
        given: reply({ id: 7 }, { status: 201, headers: { Location: '/users/7' } }),
        want: {
          status: 201,
          headers: { Location: ['/users/7'], 'Content-Type': JSON_TYPE },
          body: '{"id":7}',
        },
      },
    ],
    [
      'no options',
      {
        given: reply('ok'),
        want: {
          status: 200,
          headers: { 'Content-Type': ['text/plain; charset=utf-8'] },
          body: 'ok',
        },
      },
    ],
    [
      'a content type of its own',
      {
        given: reply('<b>x</b>', { headers: { 'Content-Type': 'text/html' } }),
        want: { status: 200, headers: { 'Content-Type': ['text/html'] }, body: '<b>x</b>' },
      },
    ],
    [
      'an undefined body with a status',
      {
        given: reply(undefined, { status: 202 }),
        want: { status: 202, headers: {}, body: undefined },
      },
    ],
    [
      'an undefined body without a status',
      { given: reply(undefined), want: { status: 204, headers: {}, body: undefined } },
    ],
    [
      'a null body',
      {
        given: reply(null, { status: 200 }),
        want: { status: 200, headers: { 'Content-Type': JSON_TYPE }, body: 'null' },
      },
    ],
  ];
  it.each(cases)('%s', (_name, { given, want }) => {
    expect(given).toBeInstanceOf(Reply);
    expect(staged(given)).toEqual(want);
  });

  it('an invalid status is FW_ERR_INVALID_STATUS', () => {
    const err = thrown(() => staged(reply('x', { status: 1000 })));
    expect(err.code).toBe('FW_ERR_INVALID_STATUS');
  });

  it('a header that would split the response throws a TypeError', () => {
    expect(() => staged(reply('x', { headers: { 'X-A': 'a\r\nb' } }))).toThrow(TypeError);
  });

  it('its headers are dropped when the execution then fails', () => {
    const res = new StagedResponse();
    res.checkpoint();
    stageResult(res, reply({ id: 1 }, { status: 201, headers: { Location: '/x' } }));
    stageError(res, new Error('hook failed'));
    expect(res.status()).toBe(500);
    expect(res.getHeader('location')).toBeUndefined();
  });
});

describe('redirect', () => {
  // A Location header with no body, 302 unless a status is given.
  const cases: Case<Reply, Sent>[] = [
    [
      'default 302',
      {
        given: redirect('/login'),
        want: { status: 302, headers: { Location: ['/login'] }, body: undefined },
      },
    ],
    [
      '301',
      {
        given: redirect('https://example.com/new', 301),
        want: { status: 301, headers: { Location: ['https://example.com/new'] }, body: undefined },
      },
    ],
    [
      '303 after a POST',
      {
        given: redirect('/orders/1', 303),
        want: { status: 303, headers: { Location: ['/orders/1'] }, body: undefined },
      },
    ],
  ];
  it.each(cases)('%s', (_name, { given, want }) => {
    expect(staged(given)).toEqual(want);
  });

  it('refuses a location that would split the response', () => {
    expect(() => staged(redirect('/x\r\nSet-Cookie: s=1'))).toThrow(TypeError);
  });
});
