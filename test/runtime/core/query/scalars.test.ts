import { describe, expect, it } from 'vitest';
import { parseBool, parseInt64, parseSafeInt } from '../../../../runtime/core/query/scalars.js';

type Case<G, W> = [name: string, { given: G; want: W }];

// Go strconv.ParseInt(s, 10, 64) on each input; undefined stands for an error.
const int64Cases: Case<string, bigint | undefined>[] = [
  ['plain', { given: '42', want: 42n }],
  ['plus sign', { given: '+5', want: 5n }],
  ['minus sign', { given: '-3', want: -3n }],
  ['zero', { given: '0', want: 0n }],
  ['negative zero', { given: '-0', want: 0n }],
  ['plus zero', { given: '+0', want: 0n }],
  ['leading zeros', { given: '007', want: 7n }],
  ['many leading zeros', { given: '0000000000000000000000001', want: 1n }],
  ['many zeros only', { given: '-000000000000000000000000', want: 0n }],
  ['int64 max', { given: '9223372036854775807', want: 9223372036854775807n }],
  ['int64 max, padded', { given: '0009223372036854775807', want: 9223372036854775807n }],
  ['int64 max + 1', { given: '9223372036854775808', want: undefined }],
  ['int64 min', { given: '-9223372036854775808', want: -9223372036854775808n }],
  ['int64 min - 1', { given: '-9223372036854775809', want: undefined }],
  ['20 digits', { given: '10000000000000000000', want: undefined }],
  ['empty', { given: '', want: undefined }],
  ['plus alone', { given: '+', want: undefined }],
  ['minus alone', { given: '-', want: undefined }],
  ['two signs', { given: '++1', want: undefined }],
  ['minus plus', { given: '-+1', want: undefined }],
  ['leading space', { given: ' 5', want: undefined }],
  ['trailing space', { given: '5 ', want: undefined }],
  ['hex', { given: '0x10', want: undefined }],
  ['underscore', { given: '1_000', want: undefined }],
  ['decimal point', { given: '1.0', want: undefined }],
  ['exponent', { given: '1e3', want: undefined }],
  ['letters', { given: 'abc', want: undefined }],
  ['full-width digit', { given: '１', want: undefined }],
  ['Arabic-Indic digit', { given: '٣', want: undefined }],
  ['trailing letter', { given: '12a', want: undefined }],
  ['Infinity', { given: 'Infinity', want: undefined }],
];

describe('parseInt64', () => {
  it.each(int64Cases)('%s', (_name, { given, want }) => {
    expect(parseInt64(given)).toBe(want);
  });
});

// The same syntax, within ±Number.MAX_SAFE_INTEGER.
const safeCases: Case<string, number | undefined>[] = [
  ...int64Cases
    .filter(([, { want }]) => want === undefined)
    .map(
      ([name, { given }]): Case<string, number | undefined> => [name, { given, want: undefined }],
    ),
  ['plain', { given: '42', want: 42 }],
  ['plus sign', { given: '+5', want: 5 }],
  ['minus sign', { given: '-3', want: -3 }],
  ['leading zeros', { given: '007', want: 7 }],
  ['many leading zeros', { given: '0000000000000000000000001', want: 1 }],
  ['max safe', { given: '9007199254740991', want: Number.MAX_SAFE_INTEGER }],
  ['max safe, padded', { given: '0000009007199254740991', want: Number.MAX_SAFE_INTEGER }],
  ['min safe', { given: '-9007199254740991', want: -Number.MAX_SAFE_INTEGER }],
  ['max safe + 1', { given: '9007199254740992', want: undefined }],
  ['max safe + 2', { given: '9007199254740993', want: undefined }],
  ['min safe - 1', { given: '-9007199254740992', want: undefined }],
  ['17 digits', { given: '10000000000000000', want: undefined }],
  ['int64 max', { given: '9223372036854775807', want: undefined }],
];

describe('parseSafeInt', () => {
  it.each(safeCases)('%s', (_name, { given, want }) => {
    expect(parseSafeInt(given)).toBe(want);
  });

  it.each([['-0'], ['+0'], ['0'], ['-000']])('%s gives +0, never -0', (given) => {
    expect(Object.is(parseSafeInt(given), 0)).toBe(true);
  });
});

/** An independent oracle: the ParseInt syntax as a regular expression, the range with BigInt. */
function reference(s: string, min: bigint, max: bigint): bigint | undefined {
  if (!/^[+-]?[0-9]+$/.test(s)) return undefined;
  const v = BigInt(s);
  return v < min || v > max ? undefined : v;
}
const SAFE_MAX = BigInt(Number.MAX_SAFE_INTEGER);

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

describe('integer parsing on random strings', () => {
  const next = random(20240601);
  const alphabet = '0000123456789+- ._x١';
  const inputs = Array.from({ length: 20_000 }, () => {
    let s = '';
    const len = Math.floor(next() * 24);
    for (let j = 0; j < len; j++) s += alphabet[Math.floor(next() * alphabet.length)];
    return s;
  });
  // Values at the edges of both ranges, with signs and padding.
  for (const edge of [
    '9223372036854775807',
    '9223372036854775808',
    '9007199254740991',
    '9007199254740992',
  ]) {
    for (const sign of ['', '+', '-'])
      for (const pad of ['', '0', '000']) inputs.push(sign + pad + edge);
  }

  it('parseInt64 agrees with the reference', () => {
    for (const s of inputs)
      expect(parseInt64(s), JSON.stringify(s)).toBe(reference(s, -(2n ** 63n), 2n ** 63n - 1n));
  });

  it('parseSafeInt agrees with the reference', () => {
    for (const s of inputs) {
      const want = reference(s, -SAFE_MAX, SAFE_MAX);
      expect(parseSafeInt(s), JSON.stringify(s)).toBe(
        want === undefined ? undefined : Number(want),
      );
    }
  });
});

const boolCases: Case<string, boolean | undefined>[] = [
  ...['true', '1', 'yes', 'y', 'on', 'TRUE', 'True', 'tRuE', 'YES', 'Yes', 'Y', 'ON', 'On'].map(
    (w): Case<string, boolean | undefined> => [w, { given: w, want: true }],
  ),
  ...['false', '0', 'no', 'n', 'off', 'FALSE', 'False', 'fAlSe', 'NO', 'No', 'N', 'OFF', 'Off'].map(
    (w): Case<string, boolean | undefined> => [w, { given: w, want: false }],
  ),
  ['empty', { given: '', want: undefined }],
  ['leading space', { given: ' true', want: undefined }],
  ['trailing space', { given: 'true ', want: undefined }],
  ['unknown word', { given: 'maybe', want: undefined }],
  ['t', { given: 't', want: undefined }],
  ['f', { given: 'f', want: undefined }],
  ['2', { given: '2', want: undefined }],
  ['01', { given: '01', want: undefined }],
  ['long', { given: 'truetrue', want: undefined }],
  ['enabled', { given: 'enabled', want: undefined }],
];

describe('parseBool', () => {
  it.each(boolCases)('%s', (_name, { given, want }) => {
    expect(parseBool(given)).toBe(want);
  });
});
