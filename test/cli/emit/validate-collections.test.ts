// Generated validators for tuples, records, nested arrays and property names Object.prototype has.
import type { Validated, Validator } from 'fw/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { array, named, object, record, s, tuple } from './builder.js';
import { loadValidators, removeGenerated } from './generated.js';

type Case = [name: string, { type: string; given: unknown; want: Validated }];

const NAME = 'validate-collections';
let validators: Record<string, Validator>;

beforeAll(async () => {
  validators = await loadValidators(NAME, [
    named('t#Pair', tuple(s.string, s.number)),
    named('t#Unit', tuple()),
    named('t#Point', tuple(object({ x: s.number }))),
    named('t#Matrix', array(array(s.number))),
    named('t#Labels', record(s.string)),
    named('t#Stock', record(object({ qty: s.number }))),
    named(
      't#Inherited',
      object({ 'constructor?': s.string, toString: s.string, 'valueOf?': s.unknown }),
    ),
    named('t#Proto', object({ '__proto__?': s.string, name: s.string })),
  ]);
});
afterAll(() => removeGenerated(NAME));

const ok = (value: unknown): Validated => ({ ok: true, value });
const invalid = (...issues: [path: string, message: string][]): Validated => ({
  ok: false,
  issues: issues.map(([path, message]) => ({ path, message })),
});
const check = (type: string, given: unknown): Validated => (validators[type] as Validator)(given);

const cases: Case[] = [
  ['a tuple', { type: 'Pair', given: ['a', 1], want: ok(['a', 1]) }],
  ['a tuple too short', { type: 'Pair', given: ['a'], want: invalid(['', 'expected 2 items']) }],
  [
    'a tuple too long',
    { type: 'Pair', given: ['a', 1, 2], want: invalid(['', 'expected 2 items']) },
  ],
  [
    'not an array for a tuple',
    { type: 'Pair', given: 'a', want: invalid(['', 'expected an array']) },
  ],
  [
    'a tuple item of the wrong type',
    {
      type: 'Pair',
      given: [1, 'a'],
      want: invalid(['[0]', 'expected a string'], ['[1]', 'expected a number']),
    },
  ],
  ['the empty tuple', { type: 'Unit', given: [], want: ok([]) }],
  [
    'one item for the empty tuple',
    { type: 'Unit', given: [1], want: invalid(['', 'expected 0 items']) },
  ],
  ['a tuple of an object', { type: 'Point', given: [{ x: 1, y: 2 }], want: ok([{ x: 1 }]) }],
  ['one item, said so', { type: 'Point', given: [], want: invalid(['', 'expected 1 item']) }],
  ['nested arrays', { type: 'Matrix', given: [[1, 2], [], [3]], want: ok([[1, 2], [], [3]]) }],
  [
    'deep in nested arrays',
    { type: 'Matrix', given: [[1], ['x']], want: invalid(['[1][0]', 'expected a number']) },
  ],
  [
    'a row not an array',
    { type: 'Matrix', given: [[1], 2], want: invalid(['[1]', 'expected an array']) },
  ],
  ['a record', { type: 'Labels', given: { a: 'x', b: 'y' }, want: ok({ a: 'x', b: 'y' }) }],
  [
    'a record value of the wrong type',
    { type: 'Labels', given: { a: 'x', b: 2 }, want: invalid(['b', 'expected a string']) },
  ],
  [
    'an array for a record',
    { type: 'Labels', given: ['x'], want: invalid(['', 'expected an object']) },
  ],
  [
    'a record of objects',
    { type: 'Stock', given: { a: { qty: 1, extra: 0 } }, want: ok({ a: { qty: 1 } }) },
  ],
  [
    'deep in a record of objects',
    { type: 'Stock', given: { a: {} }, want: invalid(['a.qty', 'is required']) },
  ],
  [
    'inherited names absent: absent',
    { type: 'Inherited', given: { toString: 's' }, want: ok({ toString: 's' }) },
  ],
  [
    'an inherited name required: is required',
    { type: 'Inherited', given: {}, want: invalid(['toString', 'is required']) },
  ],
  [
    'inherited names present',
    {
      type: 'Inherited',
      given: { constructor: 'c', toString: 's', valueOf: 1 },
      want: ok({ constructor: 'c', toString: 's', valueOf: 1 }),
    },
  ],
];

describe('generated tuple, array and record validators', () => {
  it.each(cases)('%s', (_name, { type, given, want }) => {
    expect(check(type, given)).toStrictEqual(want);
  });

  it('keeps a record key __proto__ as an own property, the prototype untouched', () => {
    const outcome = check('Labels', JSON.parse('{"__proto__": "x", "constructor": "y"}'));
    const value = (outcome.ok ? outcome.value : undefined) as Record<string, unknown>;
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(value, '__proto__')?.value).toBe('x');
    expect(Object.keys(value)).toEqual(['__proto__', 'constructor']);
    expect(({} as Record<string, unknown>)['x']).toBeUndefined();
  });

  it('checks a record value under __proto__', () => {
    expect(check('Labels', JSON.parse('{"__proto__": {"polluted": true}}'))).toStrictEqual(
      invalid(['__proto__', 'expected a string']),
    );
  });

  it('keeps a declared property __proto__ as an own property', () => {
    const outcome = check('Proto', JSON.parse('{"__proto__": "p", "name": "n"}'));
    const value = (outcome.ok ? outcome.value : undefined) as Record<string, unknown>;
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(value, '__proto__')?.value).toBe('p');
  });

  it('treats an inherited __proto__ as absent', () => {
    expect(check('Proto', { name: 'n' })).toStrictEqual(ok({ name: 'n' }));
  });
});
