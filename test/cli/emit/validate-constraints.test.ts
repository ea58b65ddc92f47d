// Generated validators for JSDoc constraints: each rule at, just inside and just past its bounds,
// with the path and the rule in the issue.
import type { Validated, Validator } from 'fw/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ArrayConstraints,
  NumberConstraints,
  Shape,
  StringConstraints,
} from '../../../cli/ir.js';
import { array, named, object, s, union } from './builder.js';
import { loadValidators, removeGenerated } from './generated.js';

type Case = [name: string, { type: string; given: unknown; want: Validated }];

const str = (constraints: StringConstraints): Shape => ({ kind: 'string', constraints });
const num = (constraints: NumberConstraints): Shape => ({ kind: 'number', constraints });
const arr = (element: Shape, constraints: ArrayConstraints): Shape => ({
  kind: 'array',
  element,
  constraints,
});

const NAME = 'validate-constraints';
let validators: Record<string, Validator>;

beforeAll(async () => {
  validators = await loadValidators(NAME, [
    named('t#Length', object({ name: str({ minLength: 1, maxLength: 3 }) })),
    named('t#One', object({ c: str({ minLength: 1, maxLength: 1 }) })),
    named('t#Pattern', object({ sku: str({ pattern: '^[A-Z]{2}/\\d+$' }) })),
    named('t#Email', object({ email: str({ format: 'email' }) })),
    named('t#Uri', object({ uri: str({ format: 'uri' }) })),
    named('t#Uuid', object({ id: str({ format: 'uuid' }) })),
    named('t#Day', object({ on: str({ format: 'date' }) })),
    named('t#Stamp', object({ at: str({ format: 'date-time' }) })),
    named('t#V4', object({ ip: str({ format: 'ipv4' }) })),
    named('t#V6', object({ ip: str({ format: 'ipv6' }) })),
    named('t#Range', object({ n: num({ minimum: 1, maximum: 10 }) })),
    named('t#Open', object({ n: num({ exclusiveMinimum: 0, exclusiveMaximum: 1 }) })),
    named('t#Int', object({ n: num({ integer: true }) })),
    named('t#Step', object({ n: num({ multipleOf: 0.1 }) })),
    named('t#Items', object({ items: arr(s.number, { minItems: 1, maxItems: 2 }) })),
    named('t#Unique', object({ tags: arr(s.unknown, { uniqueItems: true }) })),
    named('t#Nested', object({ rows: array(object({ q: num({ integer: true, minimum: 1 }) })) })),
    named('t#Maybe', object({ code: union(str({ minLength: 2 }), s.null) })),
  ]);
});
afterAll(() => removeGenerated(NAME));

const ok = (value: unknown): Validated => ({ ok: true, value });
const invalid = (path: string, message: string): Validated => ({
  ok: false,
  issues: [{ path, message }],
});
const check = (type: string, given: unknown): Validated => (validators[type] as Validator)(given);

/** A case that `given` under `key` of `type` passes. */
const pass = (type: string, key: string, value: unknown): Case => [
  `${type}: ${JSON.stringify(value)} passes`,
  { type, given: { [key]: value }, want: ok({ [key]: value }) },
];

/** A case that `given` under `key` of `type` fails with `message` at `key`. */
const fails = (type: string, key: string, value: unknown, message: string): Case => [
  `${type}: ${JSON.stringify(value)} fails`,
  { type, given: { [key]: value }, want: invalid(key, message) },
];

const cases: Case[] = [
  fails('Length', 'name', '', 'expected at least 1 character'),
  pass('Length', 'name', 'a'),
  pass('Length', 'name', 'abc'),
  pass('Length', 'name', 'a😀b'),
  fails('Length', 'name', 'abcd', 'expected at most 3 characters'),
  fails('Length', 'name', 3, 'expected a string'),
  fails('Length', 'name', undefined, 'is required'),
  pass('One', 'c', '😀'),
  fails('One', 'c', 'ab', 'expected at most 1 character'),
  pass('Pattern', 'sku', 'AB/12'),
  fails('Pattern', 'sku', 'ab/12', 'expected a string matching /^[A-Z]{2}/\\d+$/'),
  fails('Pattern', 'sku', 'AB/', 'expected a string matching /^[A-Z]{2}/\\d+$/'),
  pass('Email', 'email', 'ann@example.com'),
  pass('Email', 'email', 'a.b+c@x-y.co'),
  fails('Email', 'email', 'ann', 'expected an email address'),
  fails('Email', 'email', 'ann@', 'expected an email address'),
  fails('Email', 'email', 'a n@x.com', 'expected an email address'),
  fails('Email', 'email', 'ann@-x.com', 'expected an email address'),
  pass('Uri', 'uri', 'https://example.com/a?b=c'),
  pass('Uri', 'uri', 'mailto:ann@example.com'),
  fails('Uri', 'uri', '/relative/path', 'expected a URI'),
  fails('Uri', 'uri', 'https://a b', 'expected a URI'),
  pass('Uuid', 'id', '123e4567-e89b-12d3-a456-426614174000'),
  pass('Uuid', 'id', '123E4567-E89B-12D3-A456-426614174000'),
  fails('Uuid', 'id', '123e4567e89b12d3a456426614174000', 'expected a UUID'),
  fails('Uuid', 'id', '123e4567-e89b-12d3-a456-42661417400g', 'expected a UUID'),
  pass('Day', 'on', '2024-02-29'),
  fails('Day', 'on', '2023-02-29', 'expected a date (YYYY-MM-DD)'),
  fails('Day', 'on', '2024-04-31', 'expected a date (YYYY-MM-DD)'),
  fails('Day', 'on', '2024-02-29T00:00:00Z', 'expected a date (YYYY-MM-DD)'),
  pass('Stamp', 'at', '2024-05-31T12:00:00Z'),
  pass('Stamp', 'at', '2024-05-31t12:00:59.123+05:30'),
  pass('Stamp', 'at', '2016-12-31T23:59:60Z'),
  fails('Stamp', 'at', '2024-05-31T12:00Z', 'expected an RFC 3339 date-time'),
  fails('Stamp', 'at', '2024-05-31T24:00:00Z', 'expected an RFC 3339 date-time'),
  fails('Stamp', 'at', '2024-05-31 12:00:00Z', 'expected an RFC 3339 date-time'),
  pass('V4', 'ip', '192.168.0.255'),
  pass('V4', 'ip', '0.0.0.0'),
  fails('V4', 'ip', '256.1.1.1', 'expected an IPv4 address'),
  fails('V4', 'ip', '01.1.1.1', 'expected an IPv4 address'),
  fails('V4', 'ip', '1.1.1', 'expected an IPv4 address'),
  pass('V6', 'ip', '::1'),
  pass('V6', 'ip', '2001:DB8::ff00:42:8329'),
  pass('V6', 'ip', '::ffff:192.0.2.1'),
  fails('V6', 'ip', '1::2::3', 'expected an IPv6 address'),
  fails('V6', 'ip', '12345::', 'expected an IPv6 address'),
  fails('Range', 'n', 0.999, 'expected at least 1'),
  pass('Range', 'n', 1),
  pass('Range', 'n', 10),
  fails('Range', 'n', 10.001, 'expected at most 10'),
  fails('Range', 'n', '5', 'expected a number'),
  fails('Open', 'n', 0, 'expected more than 0'),
  pass('Open', 'n', Number.MIN_VALUE),
  pass('Open', 'n', 0.999),
  fails('Open', 'n', 1, 'expected less than 1'),
  pass('Int', 'n', -3),
  pass('Int', 'n', 1e21),
  fails('Int', 'n', 1.5, 'expected an integer'),
  fails('Int', 'n', '1', 'expected an integer'),
  pass('Step', 'n', 0.3),
  pass('Step', 'n', -0.7),
  fails('Step', 'n', 0.35, 'expected a multiple of 0.1'),
  fails('Items', 'items', [], 'expected at least 1 item'),
  pass('Items', 'items', [1]),
  pass('Items', 'items', [1, 2]),
  fails('Items', 'items', [1, 2, 3], 'expected at most 2 items'),
  fails('Items', 'items', {}, 'expected an array'),
  pass('Unique', 'tags', [1, '1', [1], { a: 1 }, { a: 2 }, null]),
  fails('Unique', 'tags', [1, 2, 1], 'expected unique items'),
  fails(
    'Unique',
    'tags',
    [
      { a: 1, b: [2] },
      { b: [2], a: 1 },
    ],
    'expected unique items',
  ),
  fails(
    'Unique',
    'tags',
    [
      [1, 2],
      [1, 2],
    ],
    'expected unique items',
  ),
  pass('Unique', 'tags', [
    [1, 2],
    [2, 1],
  ]),
  pass('Maybe', 'code', null),
  pass('Maybe', 'code', 'ab'),
  fails('Maybe', 'code', 'a', 'expected at least 2 characters'),
  fails('Maybe', 'code', 1, 'expected a string or null'),
  [
    'a constraint inside an array item names the item path',
    {
      type: 'Nested',
      given: { rows: [{ q: 1 }, { q: 0 }, { q: 2.5 }] },
      want: {
        ok: false,
        issues: [
          { path: 'rows[1].q', message: 'expected at least 1' },
          { path: 'rows[2].q', message: 'expected an integer' },
        ],
      },
    },
  ],
];

describe('generated validators: constraints', () => {
  it.each(cases)('%s', (_name, { type, given, want }) => {
    expect(check(type, given)).toEqual(want);
  });
});
