import { describe, expect, it } from 'vitest';
import { parseQuery } from '../../../../runtime/core/query/parse.js';

type Case<G, W> = [name: string, { given: G; want: W }];
type Entries = [string, string[]][];

/** Collects URLSearchParams pairs in parseQuery's shape. */
function collect(params: URLSearchParams): Entries {
  const out = new Map<string, string[]>();
  for (const [k, v] of params) out.set(k, [...(out.get(k) ?? []), v]);
  return [...out];
}

/**
 * The WHATWG parser as `new URL(…).searchParams` runs it (ada, in C++). The URL parser first
 * percent-encodes spaces, non-ASCII and a few more, which decoding undoes byte for byte; it would
 * also end the query at `#`, drop tabs and newlines and trim trailing spaces, so those are escaped
 * first and an empty pair is appended. `new URLSearchParams(string)` is not the
 * oracle: Node 20's JavaScript decoder garbles a value that mixes raw non-ASCII with a byte that
 * is not valid UTF-8 (`a=%A9😀` gives `'\uFFFD=\u0000'`, the standard says `'\uFFFD😀'`).
 */
function reference(qs: string): Entries {
  const query = (qs.startsWith('?') ? qs.slice(1) : qs).replace(
    /[#\t\n\r]/g,
    (c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`,
  );
  return collect(new URL(`http://h/?${query}&`).searchParams);
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: the ASCII range is the point.
const ascii = (s: string) => /^[\x00-\x7f]*$/.test(s);

/** Entries sorted as a null-prototype record orders them (integer-like keys first). */
function asRecordOrder(entries: Entries): Entries {
  const record: Record<string, string[]> = Object.create(null);
  for (const [k, v] of entries) record[k] = v;
  return Object.entries(record);
}

const cases: Case<string, Record<string, string[]>>[] = [
  ['empty', { given: '', want: {} }],
  ['question mark alone', { given: '?', want: {} }],
  ['one pair', { given: 'a=1', want: { a: ['1'] } }],
  ['leading ? dropped', { given: '?a=1', want: { a: ['1'] } }],
  ['only one ? dropped', { given: '??a=1', want: { '?a': ['1'] } }],
  ['repeated key in order', { given: 'a=1&b=2&a=3', want: { a: ['1', '3'], b: ['2'] } }],
  ['key alone', { given: 'a', want: { a: [''] } }],
  ['empty value', { given: 'a=', want: { a: [''] } }],
  ['empty name', { given: '=x', want: { '': ['x'] } }],
  ['equals alone', { given: '=', want: { '': [''] } }],
  ['second = in the value', { given: 'a=b=c', want: { a: ['b=c'] } }],
  ['empty pairs skipped', { given: '&&a=1&&&b&', want: { a: ['1'], b: [''] } }],
  ['plus is a space', { given: 'q=a+b&c+d=1', want: { q: ['a b'], 'c d': ['1'] } }],
  ['%2B is a plus', { given: 'q=a%2Bb', want: { q: ['a+b'] } }],
  ['escapes', { given: 'q=%26%3D%23%20', want: { q: ['&=# '] } }],
  ['lower-case hex', { given: 'q=%c3%a9', want: { q: ['é'] } }],
  ['UTF-8 escapes', { given: 'q=%E2%82%AC%F0%9F%98%80', want: { q: ['€😀'] } }],
  ['raw non-ASCII', { given: 'é=ü', want: { é: ['ü'] } }],
  ['bad escape kept', { given: 'q=%zz&r=100%', want: { q: ['%zz'], r: ['100%'] } }],
  ['short escape kept', { given: 'q=%4', want: { q: ['%4'] } }],
  ['bad escape beside a good one', { given: 'q=%41%zz+%42', want: { q: ['A%zz B'] } }],
  ['invalid UTF-8 replaced', { given: 'q=%FF', want: { q: ['\uFFFD'] } }],
  ['overlong UTF-8 replaced', { given: 'q=%C0%80', want: { q: ['\uFFFD\uFFFD'] } }],
  ['encoded surrogate replaced', { given: 'q=%ED%A0%80', want: { q: ['\uFFFD\uFFFD\uFFFD'] } }],
  [
    'lone surrogate replaced',
    { given: 'q=\uD800&\uDC00=1', want: { q: ['\uFFFD'], '\uFFFD': ['1'] } },
  ],
  ['BOM kept', { given: 'q=%EF%BB%BFx', want: { q: ['\uFEFFx'] } }],
  ['BOM kept beside a bad escape', { given: 'q=%EF%BB%BF%zz', want: { q: ['\uFEFF%zz'] } }],
  [
    'prototype names are keys',
    {
      given: '__proto__=1&constructor=2&toString',
      want: { ['__proto__']: ['1'], constructor: ['2'], toString: [''] },
    },
  ],
  ['fragment is not special', { given: 'a=1#x', want: { a: ['1#x'] } }],
  ['tab, newline and spaces kept', { given: 'a=\t1\n &b= ', want: { a: ['\t1\n '], b: [' '] } }],
  ['semicolon is not a separator', { given: 'a=1;b=2', want: { a: ['1;b=2'] } }],
];

describe('parseQuery', () => {
  it.each(cases)('%s', (_name, { given, want }) => {
    const got = parseQuery(given);
    expect(Object.getPrototypeOf(got)).toBe(null);
    expect(Object.entries(got)).toEqual(Object.entries(want));
    expect(Object.entries(got)).toEqual(asRecordOrder(reference(given)));
    if (ascii(given))
      expect(Object.entries(got)).toEqual(asRecordOrder(collect(new URLSearchParams(given))));
  });

  it('follows the standard where Node 20 URLSearchParams does not', () => {
    expect(parseQuery('a=%A9😀&b=é%A9')).toEqual({ a: ['\uFFFD😀'], b: ['é\uFFFD'] });
  });
});

/** A small seeded generator (mulberry32), so a failure can be replayed. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('parseQuery against the WHATWG parser on random strings', () => {
  const pieces = [
    'a',
    'b',
    '=',
    '&',
    '&',
    '+',
    '%',
    '%',
    '2',
    '4',
    '1',
    'F',
    'f',
    'E',
    'C',
    'z',
    '?',
    ' ',
    '#',
    '\t',
    'é',
    '😀',
    '\uD83D',
    '\uDE00',
    '%F0%9F',
    '%C3',
    '%A9',
    '%EF%BB%BF',
    '%25',
    '%2',
    '__proto__',
  ];
  const next = random(42);
  const inputs = Array.from({ length: 20_000 }, () => {
    let s = '';
    const len = Math.floor(next() * 16);
    for (let j = 0; j < len; j++) s += pieces[Math.floor(next() * pieces.length)];
    return s;
  });

  it('gives the same pairs', () => {
    for (const qs of inputs) {
      const got = Object.entries(parseQuery(qs));
      expect(got, JSON.stringify(qs)).toEqual(asRecordOrder(reference(qs)));
      if (ascii(qs)) {
        expect(got, JSON.stringify(qs)).toEqual(asRecordOrder(collect(new URLSearchParams(qs))));
      }
    }
  });
});

describe('parseQuery maxParams', () => {
  const bounds: Case<{ qs: string; max: number }, Record<string, string[]>>[] = [
    ['under the bound', { given: { qs: 'a=1&b=2', max: 3 }, want: { a: ['1'], b: ['2'] } }],
    ['at the bound', { given: { qs: 'a=1&b=2&c=3', max: 2 }, want: { a: ['1'], b: ['2'] } }],
    ['repeated keys count', { given: { qs: 'a=1&a=2&a=3', max: 2 }, want: { a: ['1', '2'] } }],
    [
      'empty pairs do not count',
      { given: { qs: '&&a=1&&&b=2&c', max: 2 }, want: { a: ['1'], b: ['2'] } },
    ],
    ['zero', { given: { qs: 'a=1', max: 0 }, want: {} }],
  ];
  it.each(bounds)('%s', (_name, { given, want }) => {
    expect(Object.entries(parseQuery(given.qs, given.max))).toEqual(Object.entries(want));
  });

  it('reads 1000 pairs by default', () => {
    const qs = Array.from({ length: 1500 }, (_, i) => `k${i}=${i}`).join('&');
    const got = parseQuery(qs);
    expect(Object.keys(got)).toHaveLength(1000);
    expect(Object.keys(got).at(-1)).toBe('k999');
    expect(Object.hasOwn(got, 'k1000')).toBe(false);
  });

  it('stays linear on long inputs without separators', () => {
    const started = performance.now();
    parseQuery('a'.repeat(1_000_000));
    parseQuery('&'.repeat(1_000_000));
    parseQuery('a&'.repeat(500_000), Number.POSITIVE_INFINITY);
    parseQuery(`a=${'%'.repeat(100_000)}`);
    expect(performance.now() - started).toBeLessThan(2000);
  });
});
