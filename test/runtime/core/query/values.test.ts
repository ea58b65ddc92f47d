import { describe, expect, it } from 'vitest';
import { parseQuery } from '../../../../runtime/core/query/parse.js';
import { newValues, Values } from '../../../../runtime/core/query/values.js';

type Case<G, W> = [name: string, { given: G; want: W }];
type Query = Record<string, string[]>;

describe('get and string', () => {
  const cases: Case<{ query: Query; key: string }, string>[] = [
    ['single value', { given: { query: { a: ['x'] }, key: 'a' }, want: 'x' }],
    ['repeated key: the first', { given: { query: { a: ['x', 'y'] }, key: 'a' }, want: 'x' }],
    ['empty value', { given: { query: { a: [''] }, key: 'a' }, want: '' }],
    ['no values', { given: { query: { a: [] }, key: 'a' }, want: '' }],
    ['missing', { given: { query: { a: ['x'] }, key: 'b' }, want: '' }],
    ['case-sensitive', { given: { query: { a: ['x'] }, key: 'A' }, want: '' }],
    ['__proto__ absent', { given: { query: {}, key: '__proto__' }, want: '' }],
    ['constructor absent', { given: { query: {}, key: 'constructor' }, want: '' }],
    ['toString absent', { given: { query: {}, key: 'toString' }, want: '' }],
    [
      'constructor present',
      { given: { query: { constructor: ['c'] }, key: 'constructor' }, want: 'c' },
    ],
  ];
  it.each(cases)('%s', (_name, { given, want }) => {
    const q = newValues(given.query);
    expect(q.get(given.key)).toBe(want);
    expect(q.string(given.key)).toBe(want);
  });

  it('keeps an own __proto__ key as an ordinary key', () => {
    const q = newValues(JSON.parse('{"__proto__": ["p"], "a": ["1"]}'));
    expect(q.get('__proto__')).toBe('p');
    expect(q.has('__proto__')).toBe(true);
    expect(q.keys()).toEqual(['__proto__', 'a']);
  });
});

describe('int', () => {
  const MAX = Number.MAX_SAFE_INTEGER;
  const cases: Case<{ query: Query; def: number }, number>[] = [
    ['integer', { given: { query: { p: ['12'] }, def: 7 }, want: 12 }],
    ['plus sign', { given: { query: { p: ['+5'] }, def: 7 }, want: 5 }],
    ['minus sign', { given: { query: { p: ['-3'] }, def: 7 }, want: -3 }],
    ['leading zeros', { given: { query: { p: ['007'] }, def: 7 }, want: 7 }],
    ['max safe', { given: { query: { p: [String(MAX)] }, def: 7 }, want: MAX }],
    ['min safe', { given: { query: { p: [String(-MAX)] }, def: 7 }, want: -MAX }],
    ['max safe + 1', { given: { query: { p: ['9007199254740992'] }, def: 7 }, want: 7 }],
    ['min safe - 1', { given: { query: { p: ['-9007199254740992'] }, def: 7 }, want: 7 }],
    ['non-integer text', { given: { query: { p: ['abc'] }, def: 7 }, want: 7 }],
    ['leading space', { given: { query: { p: [' 5'] }, def: 7 }, want: 7 }],
    ['hex', { given: { query: { p: ['0x10'] }, def: 7 }, want: 7 }],
    ['underscore', { given: { query: { p: ['1_000'] }, def: 7 }, want: 7 }],
    ['decimal', { given: { query: { p: ['1.0'] }, def: 7 }, want: 7 }],
    ['full-width digit', { given: { query: { p: ['１'] }, def: 7 }, want: 7 }],
    ['empty value', { given: { query: { p: [''] }, def: 7 }, want: 7 }],
    ['no values', { given: { query: { p: [] }, def: 7 }, want: 7 }],
    ['missing', { given: { query: {}, def: 7 }, want: 7 }],
    ['first value bad, second good', { given: { query: { p: ['x', '2'] }, def: 7 }, want: 7 }],
    ['first value counts', { given: { query: { p: ['1', '2'] }, def: 7 }, want: 1 }],
  ];
  it.each(cases)('%s', (_name, { given, want }) => {
    expect(newValues(given.query).int('p', given.def)).toBe(want);
  });

  it('gives +0 for -0', () => {
    expect(Object.is(newValues({ p: ['-0'] }).int('p', 7), 0)).toBe(true);
  });
});

describe('int64', () => {
  const cases: Case<Query, bigint>[] = [
    ['integer', { given: { p: ['12'] }, want: 12n }],
    ['plus sign', { given: { p: ['+5'] }, want: 5n }],
    ['minus zero', { given: { p: ['-0'] }, want: 0n }],
    ['int64 max', { given: { p: ['9223372036854775807'] }, want: 9223372036854775807n }],
    ['int64 max + 1', { given: { p: ['9223372036854775808'] }, want: -1n }],
    ['int64 min', { given: { p: ['-9223372036854775808'] }, want: -9223372036854775808n }],
    ['int64 min - 1', { given: { p: ['-9223372036854775809'] }, want: -1n }],
    ['beyond safe integers', { given: { p: ['9007199254740993'] }, want: 9007199254740993n }],
    ['non-integer text', { given: { p: ['1e3'] }, want: -1n }],
    ['empty value', { given: { p: [''] }, want: -1n }],
    ['missing', { given: {}, want: -1n }],
    ['first value bad, second good', { given: { p: ['x', '2'] }, want: -1n }],
  ];
  it.each(cases)('%s', (_name, { given, want }) => {
    expect(newValues(given).int64('p', -1n)).toBe(want);
  });
});

describe('getBoolByKey', () => {
  const cases: Case<{ query: Query; def: boolean }, boolean>[] = [
    ...['true', 'TRUE', 'True', '1', 'yes', 'YeS', 'y', 'Y', 'on', 'ON'].map(
      (w): Case<{ query: Query; def: boolean }, boolean> => [
        `${w} with def false`,
        { given: { query: { b: [w] }, def: false }, want: true },
      ],
    ),
    ...['false', 'FALSE', 'fAlse', '0', 'no', 'NO', 'n', 'N', 'off', 'Off'].map(
      (w): Case<{ query: Query; def: boolean }, boolean> => [
        `${w} with def true`,
        { given: { query: { b: [w] }, def: true }, want: false },
      ],
    ),
    ['unknown word, def true', { given: { query: { b: ['maybe'] }, def: true }, want: true }],
    ['unknown word, def false', { given: { query: { b: ['maybe'] }, def: false }, want: false }],
    ['padded word', { given: { query: { b: [' true'] }, def: false }, want: false }],
    ['empty value', { given: { query: { b: [''] }, def: true }, want: true }],
    ['missing', { given: { query: {}, def: true }, want: true }],
    ['first value counts', { given: { query: { b: ['no', 'yes'] }, def: true }, want: false }],
  ];
  it.each(cases)('%s', (_name, { given, want }) => {
    expect(newValues(given.query).getBoolByKey('b', given.def)).toBe(want);
  });
});

describe('has, all and keys', () => {
  const q = newValues({ a: ['1', '2'], empty: [''], none: [] });
  const hasCases: Case<string, boolean>[] = [
    ['key with values', { given: 'a', want: true }],
    ['key with an empty value', { given: 'empty', want: true }],
    ['key with no values', { given: 'none', want: true }],
    ['missing key', { given: 'b', want: false }],
    ['toString', { given: 'toString', want: false }],
    ['__proto__', { given: '__proto__', want: false }],
  ];
  it.each(hasCases)('has: %s', (_name, { given, want }) => {
    expect(q.has(given)).toBe(want);
  });

  const allCases: Case<string, string[]>[] = [
    ['every value in order', { given: 'a', want: ['1', '2'] }],
    ['an empty value', { given: 'empty', want: [''] }],
    ['no values', { given: 'none', want: [] }],
    ['missing key', { given: 'b', want: [] }],
  ];
  it.each(allCases)('all: %s', (_name, { given, want }) => {
    expect(q.all(given)).toEqual(want);
    expect(q.all(given)).not.toBe(q.all(given));
  });

  it('keys lists every key in insertion order, in a fresh array', () => {
    expect(q.keys()).toEqual(['a', 'empty', 'none']);
    q.keys().push('x');
    expect(q.keys()).toEqual(['a', 'empty', 'none']);
  });

  it('an empty Values answers nothing', () => {
    for (const v of [newValues({}), new Values()]) {
      expect([v.get('a'), v.has('a'), v.all('a'), v.keys()]).toEqual(['', false, [], []]);
    }
  });
});

describe('immutability', () => {
  it('returns fresh arrays: changing one changes no later answer', () => {
    const q = newValues({ a: ['1'] });
    (q.all('a') as string[]).push('2');
    (q.all('a') as string[])[0] = 'z';
    (q.all('missing') as string[]).push('2');
    expect(q.all('a')).toEqual(['1']);
    expect(q.get('a')).toBe('1');
    expect(q.all('missing')).toEqual([]);
    expect(q.has('missing')).toBe(false);
  });

  it('keeps its content out of reach: nothing written on it changes an answer', () => {
    const q = newValues({ a: ['1'] });
    Object.assign(q, { a: ['changed'], values: { a: ['changed'] } });
    expect(q.get('a')).toBe('1');
    expect(q.all('a')).toEqual(['1']);
    expect(q.keys()).toEqual(['a']);
  });

  it('keeps a copy of its input', () => {
    const input: { a: string[]; b?: string[] } = { a: ['1', '2'] };
    const q = newValues(input);
    input.a.splice(0, 2, 'changed');
    input.b = ['new'];
    expect(q.all('a')).toEqual(['1', '2']);
    expect(q.has('b')).toBe(false);
    expect(Object.isFrozen(input.a)).toBe(false);
  });
});

describe("the seed's checkable rules, from a query string", () => {
  const values = (qs: string) => newValues(parseQuery(qs));
  it('1. page=<non-integer text>: int gives def', () => {
    expect(values('page=abc').int('page', 3)).toBe(3);
    expect(values('page=2.5').int64('page', 3n)).toBe(3n);
  });
  it('2. <key>=: has is true and get is empty', () => {
    expect(values('key=').has('key')).toBe(true);
    expect(values('key=').get('key')).toBe('');
    expect(values('key').has('key')).toBe(true);
  });
  it('3. a repeated key: get and string give the first', () => {
    expect(values('k=first&k=second').get('k')).toBe('first');
    expect(values('k=first&k=second').string('k')).toBe('first');
    expect(values('k=first&k=second').all('k')).toEqual(['first', 'second']);
  });
  it('4. active=<unrecognized word>: getBoolByKey gives def', () => {
    expect(values('active=perhaps').getBoolByKey('active', true)).toBe(true);
    expect(values('active=perhaps').getBoolByKey('active', false)).toBe(false);
  });
  it('?p=x&p=2: int gives def', () => {
    expect(values('?p=x&p=2').int('p', 9)).toBe(9);
  });
});
