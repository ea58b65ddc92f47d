// The numbers of a Query<T> (API.md section 2) on generated input: a `number` property takes any
// finite decimal (a sign, digits with an optional fraction, an optional exponent) as `Number()`
// reads it, an `integer` one (`Int`, `@integer`) a safe integer by the Go ParseInt syntax; both
// checked against an oracle written apart from the parser, and every double's own text read back.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FwError } from '../../runtime/core/errors.js';
import { oneValue, type QueryKind } from '../../runtime/core/query/query.js';
import { newValues } from '../../runtime/core/query/values.js';
import { runs, stringOf } from './support.js';

/** The accepted grammar as a regular expression, and `Number()` for the value. */
function decimalOracle(s: string): number | undefined {
  if (!/^[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?$/.test(s)) return undefined;
  const n = Number(s);
  if (!Number.isFinite(n)) return undefined;
  return n === 0 ? 0 : n;
}

/** Go's ParseInt syntax, within the safe range. */
function integerOracle(s: string): number | undefined {
  if (!/^[+-]?[0-9]+$/.test(s)) return undefined;
  const n = BigInt(s);
  const max = BigInt(Number.MAX_SAFE_INTEGER);
  return n < -max || n > max ? undefined : Number(n);
}

/** What the reader gives for `raw`, or undefined when it answers the 400 naming the key. */
function read(raw: string, kind: QueryKind): unknown {
  try {
    return oneValue(newValues({ n: [raw] }), 'n', kind);
  } catch (err) {
    if (err instanceof FwError && err.code === 'FW_ERR_INVALID_QUERY_PARAM') {
      expect(err.message).toBe('Invalid query parameter: n');
      return undefined;
    }
    throw err;
  }
}

/** Text near the grammar: its characters and the ones it refuses, in any order. */
const numberLike: fc.Arbitrary<string> = fc.oneof(
  stringOf(['0', '1', '5', '9', '.', 'e', 'E', '+', '-'], 12),
  stringOf(['0', '7', '.', 'e', '-', ' ', '_', 'x', ',', '\t', '１', 'I', 'n', 'f', 'N', 'a'], 10),
  fc.double().map(String),
  fc.double().map((d) => d.toExponential()),
  fc.constantFrom(
    'Infinity',
    '-Infinity',
    'NaN',
    '0x10',
    '0b1',
    '0o7',
    '1e400',
    '-1e400',
    '1e-400',
  ),
);

describe('Query<T> numbers', () => {
  it('a number property takes what the decimal grammar takes, as Number() reads it', () => {
    fc.assert(
      fc.property(numberLike, (s) => {
        const got = read(s, 'number');
        expect(got).toBe(decimalOracle(s));
        expect(Object.is(got, -0)).toBe(false);
      }),
      { numRuns: runs(3000) },
    );
  });

  it('an integer property takes a safe integer by the ParseInt syntax only', () => {
    fc.assert(
      fc.property(numberLike, (s) => {
        expect(read(s, 'integer')).toBe(integerOracle(s));
      }),
      { numRuns: runs(3000) },
    );
  });

  it('reads every finite double back from the text JavaScript writes for it', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (d) => {
        const want = d === 0 ? 0 : d;
        expect(read(String(d), 'number')).toBe(want);
        expect(read(JSON.stringify(d), 'number')).toBe(want);
      }),
      { numRuns: runs(2000) },
    );
  });
});
