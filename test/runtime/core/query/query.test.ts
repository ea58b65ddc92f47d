// The helpers a generated Query<T> reader calls (runtime/query/query.ts): one value or every value
// of a key, parsed with the Values rules (a `number` any finite decimal, an `integer` a safe
// integer), and the 400 naming the key when the query does not fit.
import { describe, expect, it } from 'vitest';
import { FwError } from '../../../../runtime/core/errors.js';
import {
  allValues,
  oneValue,
  type QueryKind,
  type QueryLiterals,
} from '../../../../runtime/core/query/query.js';
import { newValues } from '../../../../runtime/core/query/values.js';

type Case<G, W> = [name: string, { given: G; want: W }];
type Read = { values: string[]; kind: QueryKind; literals?: QueryLiterals };

const read = (f: typeof oneValue | typeof allValues, { values, kind, literals }: Read) =>
  f(newValues(values.length === 0 ? {} : { k: values }), 'k', kind, literals);

/** What a reader throws: the error's code, status and message. */
function failure(run: () => unknown): unknown {
  try {
    run();
  } catch (err) {
    if (!(err instanceof FwError)) throw err;
    return [err.code, err.status, err.message];
  }
  return 'no error';
}

const INVALID = ['FW_ERR_INVALID_QUERY_PARAM', 400, 'Invalid query parameter: k'];

describe('oneValue', () => {
  const parsed: Case<Read, unknown>[] = [
    ['a string as it is', { given: { values: ['a b'], kind: 'string' }, want: 'a b' }],
    ['an empty string', { given: { values: [''], kind: 'string' }, want: '' }],
    ['a safe integer', { given: { values: ['-0042'], kind: 'integer' }, want: -42 }],
    ['-0 as 0', { given: { values: ['-0'], kind: 'integer' }, want: 0 }],
    ['a decimal number', { given: { values: ['2.5'], kind: 'number' }, want: 2.5 }],
    ['a number with an exponent', { given: { values: ['1e3'], kind: 'number' }, want: 1000 }],
    [
      'a number with every optional part',
      { given: { values: ['+00.25E-1'], kind: 'number' }, want: 0.025 },
    ],
    ['a number without a fraction', { given: { values: ['5.'], kind: 'number' }, want: 5 }],
    [
      'a number without an integer part',
      { given: { values: ['-.5'], kind: 'number' }, want: -0.5 },
    ],
    ['-0.0 as 0', { given: { values: ['-0.0'], kind: 'number' }, want: 0 }],
    [
      'an integer past the safe range as a number',
      { given: { values: ['9007199254740993'], kind: 'number' }, want: 9007199254740992 },
    ],
    [
      'an int64',
      { given: { values: ['9223372036854775807'], kind: 'bigint' }, want: 2n ** 63n - 1n },
    ],
    ['a boolean word', { given: { values: ['YES'], kind: 'boolean' }, want: true }],
    ['a false word', { given: { values: ['off'], kind: 'boolean' }, want: false }],
    [
      'a string literal',
      { given: { values: ['desc'], kind: 'string', literals: ['asc', 'desc'] }, want: 'desc' },
    ],
    [
      'a number literal',
      { given: { values: ['+2'], kind: 'number', literals: [1, 2, 3] }, want: 2 },
    ],
    [
      'a number literal written another way',
      { given: { values: ['5e-1'], kind: 'number', literals: [0.5, 1] }, want: 0.5 },
    ],
  ];
  it.each(parsed)('reads %s', (_, { given, want }) => {
    expect(read(oneValue, given)).toEqual(want);
  });

  const refused: Case<Read, unknown>[] = [
    ['a missing key', { given: { values: [], kind: 'string' }, want: INVALID }],
    ['a key given twice', { given: { values: ['1', '2'], kind: 'number' }, want: INVALID }],
    [
      'an integer that is not whole',
      { given: { values: ['1.5'], kind: 'integer' }, want: INVALID },
    ],
    ['an integer with an exponent', { given: { values: ['1e3'], kind: 'integer' }, want: INVALID }],
    ['an empty number', { given: { values: [''], kind: 'number' }, want: INVALID }],
    ['an empty integer', { given: { values: [''], kind: 'integer' }, want: INVALID }],
    [
      'an integer past the safe range',
      { given: { values: ['9007199254740992'], kind: 'integer' }, want: INVALID },
    ],
    ['a number past the doubles', { given: { values: ['1e400'], kind: 'number' }, want: INVALID }],
    ['Infinity', { given: { values: ['Infinity'], kind: 'number' }, want: INVALID }],
    ['NaN', { given: { values: ['NaN'], kind: 'number' }, want: INVALID }],
    ['a hexadecimal number', { given: { values: ['0x10'], kind: 'number' }, want: INVALID }],
    ['a number with spaces', { given: { values: [' 1'], kind: 'number' }, want: INVALID }],
    ['a number with a separator', { given: { values: ['1_000'], kind: 'number' }, want: INVALID }],
    ['a lone dot', { given: { values: ['.'], kind: 'number' }, want: INVALID }],
    ['an exponent with no digits', { given: { values: ['1e'], kind: 'number' }, want: INVALID }],
    ['an exponent with no mantissa', { given: { values: ['e5'], kind: 'number' }, want: INVALID }],
    ['a comma as the decimal point', { given: { values: ['2,5'], kind: 'number' }, want: INVALID }],
    [
      'a bigint past int64',
      { given: { values: ['9223372036854775808'], kind: 'bigint' }, want: INVALID },
    ],
    ['a word that is no boolean', { given: { values: ['maybe'], kind: 'boolean' }, want: INVALID }],
    [
      'a value that is not one of the literals',
      { given: { values: ['up'], kind: 'string', literals: ['asc', 'desc'] }, want: INVALID },
    ],
    [
      'a number that is not one of the literals',
      { given: { values: ['4'], kind: 'number', literals: [1, 2, 3] }, want: INVALID },
    ],
  ];
  it.each(refused)('refuses %s', (_, { given, want }) => {
    expect(failure(() => read(oneValue, given))).toEqual(want);
  });
});

describe('allValues', () => {
  const parsed: Case<Read, unknown>[] = [
    [
      'every string, in order',
      { given: { values: ['b', 'a', 'b'], kind: 'string' }, want: ['b', 'a', 'b'] },
    ],
    ['one value as an array', { given: { values: ['7'], kind: 'bigint' }, want: [7n] }],
    ['every boolean', { given: { values: ['1', 'n'], kind: 'boolean' }, want: [true, false] }],
    [
      'literals',
      {
        given: { values: ['red', 'green'], kind: 'string', literals: ['red', 'green'] },
        want: ['red', 'green'],
      },
    ],
  ];
  it.each(parsed)('reads %s', (_, { given, want }) => {
    expect(read(allValues, given)).toEqual(want);
  });

  const refused: Case<Read, unknown>[] = [
    ['a missing key', { given: { values: [], kind: 'string' }, want: INVALID }],
    [
      'one value that does not parse',
      { given: { values: ['1', 'x'], kind: 'number' }, want: INVALID },
    ],
    [
      'one value that is not a literal',
      { given: { values: ['red', 'blue'], kind: 'string', literals: ['red'] }, want: INVALID },
    ],
  ];
  it.each(refused)('refuses %s', (_, { given, want }) => {
    expect(failure(() => read(allValues, given))).toEqual(want);
  });

  it('gives a fresh array each time, leaving the query as it was', () => {
    const q = newValues({ k: ['1', '2'] });
    const first = allValues(q, 'k', 'number');
    first.push(3);
    expect([allValues(q, 'k', 'number'), q.all('k')]).toEqual([
      [1, 2],
      ['1', '2'],
    ]);
  });
});
