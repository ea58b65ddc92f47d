import { httpContext } from 'fw/testing';
import { describe, expect, it } from 'vitest';
import { DEFAULT_BODY_LIMITS } from '../../../runtime/http/body-limits.js';
import { HttpContext } from '../../../runtime/http/http-context.js';

type Case<G, W> = [name: string, { given: G; want: W }];
type Multi = Record<string, readonly string[]>;

/** An HTTP context built the way the server builds it, from Node's flat `rawHeaders`. */
const fromRaw = (rawHeaders: string[], url = '/'): HttpContext =>
  new HttpContext({ method: 'GET', url, rawHeaders, body: [], limits: DEFAULT_BODY_LIMITS });

/** A plain copy, so that `toEqual` also sees an own `__proto__` key. */
const entries = (map: Readonly<Multi>): [string, readonly string[]][] => Object.entries(map);

// API.md section 4: headers() keys are lower case and each lists every value received.
describe('headers()', () => {
  const cases: Case<string[], [string, string[]][]>[] = [
    ['no headers', { given: [], want: [] }],
    [
      'lower-cased name',
      { given: ['Content-Type', 'text/plain'], want: [['content-type', ['text/plain']]] },
    ],
    ['two X-A headers give both', { given: ['X-A', '1', 'X-A', '2'], want: [['x-a', ['1', '2']]] }],
    [
      'names differing in case merge',
      { given: ['X-A', '1', 'x-a', '2', 'X-a', '3'], want: [['x-a', ['1', '2', '3']]] },
    ],
    ['empty value kept', { given: ['X-Empty', ''], want: [['x-empty', ['']]] }],
    ['a comma list stays one value', { given: ['Accept', 'a, b'], want: [['accept', ['a, b']]] }],
    [
      'first-seen order of names',
      {
        given: ['B', '1', 'A', '2', 'b', '3'],
        want: [
          ['b', ['1', '3']],
          ['a', ['2']],
        ],
      },
    ],
    ['__proto__ is just a name', { given: ['__proto__', 'x'], want: [['__proto__', ['x']]] }],
  ];
  it.each(cases)('%s', (_name, { given, want }) => {
    expect(entries(fromRaw(given).headers())).toEqual(want);
  });

  it.each<Case<Record<string, string | string[]>, [string, string[]][]>>([
    ['a string', { given: { 'X-A': '1' }, want: [['x-a', ['1']]] }],
    ['an array', { given: { 'X-A': ['1', '2'] }, want: [['x-a', ['1', '2']]] }],
    ['two spellings', { given: { 'X-A': '1', 'x-a': ['2'] }, want: [['x-a', ['1', '2']]] }],
  ])('through fw/testing: %s', (_name, { given, want }) => {
    expect(entries(httpContext({ url: '/', headers: given }).headers())).toEqual(want);
  });

  it('is frozen, and so is each list of values', () => {
    const headers = fromRaw(['X-A', '1']).headers();
    expect(Object.isFrozen(headers)).toBe(true);
    expect(Object.isFrozen(headers['x-a'])).toBe(true);
    expect(() => {
      (headers as Multi)['x-b'] = ['2'];
    }).toThrow(TypeError);
    expect(() => (headers['x-a'] as string[]).push('2')).toThrow(TypeError);
    expect(headers).toEqual({ 'x-a': ['1'] });
  });

  it('does not follow later changes to the headers it was given', () => {
    const given = { 'X-A': ['1'] };
    const ctx = httpContext({ url: '/', headers: given });
    given['X-A'].push('2');
    expect(ctx.headers()).toEqual({ 'x-a': ['1'] });
  });

  it('adds nothing to Object.prototype', () => {
    fromRaw(['__proto__', 'x', 'constructor', 'y']).headers();
    expect(({} as Record<string, unknown>)['x']).toBeUndefined();
  });
});

// API.md sections 2 and 4: queries() lists every value per key in order, decoded as URLSearchParams does.
// header() finds one header in the raw list without building headers(); both must agree.
describe('header()', () => {
  const raw = ['Host', 'a.example', 'X-Trace', 't1', 'x-trace', 't2', 'X-Empty', ''];
  it.each<Case<string, string>>([
    ['the first of repeated values, any case', { given: 'x-TRACE', want: 't1' }],
    ['an exact-case name', { given: 'Host', want: 'a.example' }],
    ['an empty value', { given: 'x-empty', want: '' }],
    ['a missing name', { given: 'x-missing', want: '' }],
    ['a name that is a prefix of one present', { given: 'x-tra', want: '' }],
    ['the empty name', { given: '', want: '' }],
  ])('%s, before and after headers() is built', (_name, { given, want }) => {
    const ctx = fromRaw(raw);
    expect(ctx.header(given)).toBe(want);
    ctx.headers();
    expect(ctx.header(given)).toBe(want);
  });
});

describe('queries() and query()', () => {
  const cases: Case<string, { queries: Multi; first: [string, string] }>[] = [
    ['no query', { given: '/p', want: { queries: {}, first: ['a', ''] } }],
    ['empty query', { given: '/p?', want: { queries: {}, first: ['a', ''] } }],
    ['one pair', { given: '/p?a=1', want: { queries: { a: ['1'] }, first: ['a', '1'] } }],
    [
      'repeated key, in order',
      {
        given: '/p?a=1&b=3&a=2',
        want: { queries: { a: ['1', '2'], b: ['3'] }, first: ['a', '1'] },
      },
    ],
    ['a alone is empty', { given: '/p?a', want: { queries: { a: [''] }, first: ['a', ''] } }],
    ['a= is empty', { given: '/p?a=', want: { queries: { a: [''] }, first: ['a', ''] } }],
    ['+ is a space', { given: '/p?q=a+b', want: { queries: { q: ['a b'] }, first: ['q', 'a b'] } }],
    [
      '%2B is a plus',
      { given: '/p?q=a%2Bb', want: { queries: { q: ['a+b'] }, first: ['q', 'a+b'] } },
    ],
    ['bad % kept', { given: '/p?q=%zz', want: { queries: { q: ['%zz'] }, first: ['q', '%zz'] } }],
    [
      'trailing % kept',
      { given: '/p?q=100%', want: { queries: { q: ['100%'] }, first: ['q', '100%'] } },
    ],
    ['escaped key', { given: '/p?%61=1', want: { queries: { a: ['1'] }, first: ['a', '1'] } }],
    ['UTF-8 escapes', { given: '/p?q=%C3%A9', want: { queries: { q: ['é'] }, first: ['q', 'é'] } }],
    [
      'empty pairs skipped',
      { given: '/p?a=1&&b=2&', want: { queries: { a: ['1'], b: ['2'] }, first: ['b', '2'] } },
    ],
    [
      'split on the first =',
      { given: '/p?a=b=c', want: { queries: { a: ['b=c'] }, first: ['a', 'b=c'] } },
    ],
    [
      'key is case-sensitive',
      { given: '/p?A=1', want: { queries: { A: ['1'] }, first: ['a', ''] } },
    ],
    ['missing key', { given: '/p?a=1', want: { queries: { a: ['1'] }, first: ['toString', ''] } }],
  ];
  it.each(cases)('%s', (_name, { given, want }) => {
    const ctx = httpContext({ url: given });
    expect(ctx.queries()).toEqual(want.queries);
    expect(ctx.query(want.first[0])).toBe(want.first[1]);
  });

  it('keeps __proto__ as an ordinary key', () => {
    const queries = httpContext({ url: '/p?__proto__=x&a=1' }).queries();
    expect(Object.entries(queries)).toEqual([
      ['__proto__', ['x']],
      ['a', ['1']],
    ]);
    expect(({} as Record<string, unknown>)['a']).toBeUndefined();
  });

  it('is frozen and answers the same on every call', () => {
    const ctx = httpContext({ url: '/p?a=1' });
    const queries = ctx.queries();
    expect(() => (queries['a'] as string[]).push('2')).toThrow(TypeError);
    expect(() => {
      (queries as Multi)['b'] = ['3'];
    }).toThrow(TypeError);
    expect(ctx.queries()).toEqual({ a: ['1'] });
  });
});

// API.md section 4: param(name) is one path parameter, '' when the route has no such key.
describe('param()', () => {
  const cases: Case<{ params?: Record<string, string>; name: string }, string>[] = [
    ['routed key', { given: { params: { id: '7' }, name: 'id' }, want: '7' }],
    ['empty value', { given: { params: { id: '' }, name: 'id' }, want: '' }],
    ['other key', { given: { params: { id: '7' }, name: 'ID' }, want: '' }],
    ['not routed', { given: { name: 'id' }, want: '' }],
    ['toString is not a key', { given: { params: { id: '7' }, name: 'toString' }, want: '' }],
  ];
  it.each(cases)('%s', (_name, { given, want }) => {
    const ctx = httpContext({ url: '/', ...(given.params ? { params: given.params } : {}) });
    expect(ctx.param(given.name)).toBe(want);
  });

  it('does not follow later changes to the params it was given', () => {
    const params: Record<string, string> = { id: '7' };
    const ctx = httpContext({ url: '/', params });
    params['id'] = '8';
    params['extra'] = 'x';
    expect(ctx.params()).toEqual({ id: '7' });
    expect(ctx.pathKeys()).toEqual(['id']);
  });
});
