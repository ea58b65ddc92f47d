// The leaf checkers of fw/validate: what each accepts, returns and reports.
import type { ValidationIssue } from 'fw/core';
import { bigint, boolean, type Checker, date, number, string, unknown } from 'fw/validate';
import { describe, expect, it } from 'vitest';

type Case = [name: string, { given: unknown; want: { value: unknown; issues: ValidationIssue[] } }];

/** Runs `check` on `given` at the key `qty`. */
function run(check: Checker, given: unknown) {
  const issues: ValidationIssue[] = [];
  const value = check(given, issues, 'qty');
  return { value, issues };
}

const pass = (value: unknown) => ({ value, issues: [] });
const failed = (message: string) => ({
  value: undefined,
  issues: [{ path: 'qty', message }],
});

const leaves: [string, Checker, Case[]][] = [
  [
    'string',
    string,
    [
      ['a string', { given: 'x', want: pass('x') }],
      ['the empty string', { given: '', want: pass('') }],
      ['a number', { given: 1, want: failed('expected a string') }],
      ['null', { given: null, want: failed('expected a string') }],
      ['absent', { given: undefined, want: failed('is required') }],
    ],
  ],
  [
    'number',
    number,
    [
      ['an integer', { given: 3, want: pass(3) }],
      ['a fraction', { given: -0.5, want: pass(-0.5) }],
      ['a numeric string', { given: '3', want: failed('expected a number') }],
      ['NaN', { given: Number.NaN, want: failed('expected a number') }],
      ['Infinity', { given: Number.POSITIVE_INFINITY, want: failed('expected a number') }],
      ['absent', { given: undefined, want: failed('is required') }],
    ],
  ],
  [
    'boolean',
    boolean,
    [
      ['true', { given: true, want: pass(true) }],
      ['false', { given: false, want: pass(false) }],
      ['a word', { given: 'true', want: failed('expected a boolean') }],
      ['zero', { given: 0, want: failed('expected a boolean') }],
    ],
  ],
  [
    'unknown',
    unknown,
    [
      ['null', { given: null, want: pass(null) }],
      ['an object, as is', { given: { a: [1] }, want: pass({ a: [1] }) }],
      ['absent', { given: undefined, want: failed('is required') }],
    ],
  ],
  [
    'date',
    date,
    [
      ['a date', { given: '2024-02-29', want: pass(new Date('2024-02-29T00:00:00Z')) }],
      [
        'a UTC date-time',
        { given: '2024-05-31T12:30:00Z', want: pass(new Date(Date.UTC(2024, 4, 31, 12, 30))) },
      ],
      [
        'minutes only',
        { given: '2024-05-31T12:30Z', want: pass(new Date(Date.UTC(2024, 4, 31, 12, 30))) },
      ],
      [
        'an offset',
        { given: '2024-05-31T12:30:00+02:00', want: pass(new Date(Date.UTC(2024, 4, 31, 10, 30))) },
      ],
      [
        'milliseconds',
        {
          given: '2024-05-31T12:30:00.250Z',
          want: pass(new Date(Date.UTC(2024, 4, 31, 12, 30, 0, 250))),
        },
      ],
      [
        'microseconds',
        {
          given: '2024-05-31T12:30:00.250999Z',
          want: pass(new Date(Date.UTC(2024, 4, 31, 12, 30, 0, 250))),
        },
      ],
      [
        'February 29th of a common year',
        { given: '2023-02-29', want: failed('expected an ISO 8601 date string') },
      ],
      [
        'February 29th of 1900',
        { given: '1900-02-29', want: failed('expected an ISO 8601 date string') },
      ],
      [
        'February 29th of 2000',
        { given: '2000-02-29', want: pass(new Date('2000-02-29T00:00:00Z')) },
      ],
      ['April 31st', { given: '2024-04-31', want: failed('expected an ISO 8601 date string') }],
      ['month 13', { given: '2024-13-01', want: failed('expected an ISO 8601 date string') }],
      ['day 0', { given: '2024-01-00', want: failed('expected an ISO 8601 date string') }],
      [
        'hour 24',
        { given: '2024-01-01T24:00:00Z', want: failed('expected an ISO 8601 date string') },
      ],
      [
        'a leap second',
        { given: '2024-06-30T23:59:60Z', want: failed('expected an ISO 8601 date string') },
      ],
      [
        'a time without a zone',
        { given: '2024-01-01T10:00:00', want: failed('expected an ISO 8601 date string') },
      ],
      [
        'a space for T',
        { given: '2024-01-01 10:00:00Z', want: failed('expected an ISO 8601 date string') },
      ],
      ['one-digit month', { given: '2024-1-01', want: failed('expected an ISO 8601 date string') }],
      ['another format', { given: '31.05.2024', want: failed('expected an ISO 8601 date string') }],
      [
        'epoch milliseconds',
        { given: 1717156800000, want: failed('expected an ISO 8601 date string') },
      ],
      ['a Date object', { given: new Date(0), want: failed('expected an ISO 8601 date string') }],
      ['absent', { given: undefined, want: failed('is required') }],
    ],
  ],
  [
    'bigint',
    bigint,
    [
      ['digits past 2^53', { given: '9007199254740993', want: pass(9007199254740993n) }],
      ['a negative', { given: '-42', want: pass(-42n) }],
      ['zero', { given: '0', want: pass(0n) }],
      ['minus zero', { given: '-0', want: pass(0n) }],
      ['80 characters', { given: `-${'9'.repeat(79)}`, want: pass(-(10n ** 79n - 1n)) }],
      ['81 characters', { given: '1'.repeat(81), want: failed('expected an integer string') }],
      ['a safe integer number', { given: 42, want: pass(42n) }],
      ['the largest safe integer', { given: 2 ** 53 - 1, want: pass(9007199254740991n) }],
      ['2^53, a number', { given: 2 ** 53, want: failed('expected an integer string') }],
      ['a fraction', { given: 1.5, want: failed('expected an integer string') }],
      ['a leading zero', { given: '012', want: failed('expected an integer string') }],
      ['a plus sign', { given: '+1', want: failed('expected an integer string') }],
      ['a decimal point', { given: '1.0', want: failed('expected an integer string') }],
      ['an exponent', { given: '1e3', want: failed('expected an integer string') }],
      ['hexadecimal', { given: '0x1f', want: failed('expected an integer string') }],
      ['spaces', { given: ' 1', want: failed('expected an integer string') }],
      ['the empty string', { given: '', want: failed('expected an integer string') }],
      ['a bigint literal', { given: '1n', want: failed('expected an integer string') }],
      ['a bigint itself, not JSON', { given: 1n, want: failed('expected an integer string') }],
      ['null', { given: null, want: failed('expected an integer string') }],
      ['absent', { given: undefined, want: failed('is required') }],
    ],
  ],
];

describe.each(leaves)('%s', (_leaf, check, cases) => {
  it.each(cases)('%s', (_name, { given, want }) => {
    expect(run(check, given)).toStrictEqual(want);
  });
});
