// Generated validators for unions, literals, enums, null and recursive types.
import type { Validated, Validator } from 'fw/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { array, literal, named, object, ref, s, union } from './builder.js';
import { loadValidators, removeGenerated } from './generated.js';

type Case = [name: string, { type: string; given: unknown; want: Validated }];

const NAME = 'validate-unions';
let validators: Record<string, Validator>;

beforeAll(async () => {
  validators = await loadValidators(NAME, [
    named('t#Address', object({ city: s.string })),
    named('t#Category', object({ name: s.string, children: array(ref('t#Category')) })),
    // An enum, as the analyzer gives it: a union of its members' literals.
    named('t#Colour', union(literal('red'), literal('green'))),
    named('t#Size', union(literal('S'), literal('M'), literal('L'))),
    named('t#Rating', union(literal(1), literal(2), literal(3))),
    named('t#Off', literal(false)),
    named('t#Note', union(s.string, s.null)),
    named('t#Nothing', s.null),
    named('t#Id', union(s.string, s.number)),
    named('t#Place', union(ref('t#Address'), ref('t#Category'))),
    named('t#Shipping', union(ref('t#Address'), s.null)),
    named('t#Until', union(s.date, s.null)),
    named('t#Serial', union(s.bigint, s.null)),
    named('t#Count', union(s.number, s.bigint)),
    named('t#Payer', union(s.bigint, ref('t#Address'))),
    named('t#Nested', union(literal('a'), union(literal('b'), s.null))),
    named('t#Anything', union(s.string, s.unknown)),
    named('t#MaybeColour', union(ref('t#Colour'), s.null)),
    named('t#Json', union(s.string, s.number, array(ref('t#Json')))),
    named('t#Paint', object({ colour: ref('t#Colour'), 'size?': ref('t#Size') })),
    // Discriminated: `kind` tells the members apart (an enum member counts as its literal).
    named('t#Card', object({ kind: literal('card'), number: s.string })),
    named('t#Bank', object({ kind: union(literal('bank'), literal('iban')), iban: s.string })),
    named('t#Payment', union(ref('t#Card'), ref('t#Bank'), object({ kind: literal(3) }), s.null)),
    named('t#Order', object({ payments: array(ref('t#Payment')) })),
    // Not discriminated: both members may say 'a', so each is tried in turn.
    named(
      't#Overlap',
      union(
        object({ k: literal('a') }),
        object({ k: union(literal('a'), literal('b')), x: s.number }),
      ),
    ),
  ]);
});
afterAll(() => removeGenerated(NAME));

const ok = (value: unknown): Validated => ({ ok: true, value });
const invalid = (path: string, message: string): Validated => ({
  ok: false,
  issues: [{ path, message }],
});
const tree = {
  name: 'a',
  children: [
    { name: 'b', children: [] },
    { name: 'c', children: [] },
  ],
};

const cases: Case[] = [
  ['an enum or null: null', { type: 'MaybeColour', given: null, want: ok(null) }],
  [
    'an enum or null: neither, described by the members',
    { type: 'MaybeColour', given: 'blue', want: invalid('', 'expected "red", "green" or null') },
  ],
  ['a recursive union', { type: 'Json', given: ['a', [1, ['b']]], want: ok(['a', [1, ['b']]]) }],
  [
    'a recursive union: no member',
    {
      type: 'Json',
      given: [true],
      want: invalid('[0]', 'expected a string, a number or an array'),
    },
  ],
  ['an enum member', { type: 'Colour', given: 'green', want: ok('green') }],
  [
    'not an enum member',
    { type: 'Colour', given: 'blue', want: invalid('', 'expected "red" or "green"') },
  ],
  ['a string literal', { type: 'Size', given: 'M', want: ok('M') }],
  [
    'three string literals',
    { type: 'Size', given: 'XL', want: invalid('', 'expected "S", "M" or "L"') },
  ],
  ['a number literal', { type: 'Rating', given: 3, want: ok(3) }],
  [
    'a number for a number literal',
    { type: 'Rating', given: 4, want: invalid('', 'expected 1, 2 or 3') },
  ],
  [
    'a string for a number literal',
    { type: 'Rating', given: '1', want: invalid('', 'expected 1, 2 or 3') },
  ],
  ['a boolean literal', { type: 'Off', given: false, want: ok(false) }],
  ['the other boolean', { type: 'Off', given: true, want: invalid('', 'expected false') }],
  ['null where the type has null', { type: 'Note', given: null, want: ok(null) }],
  ['the other member', { type: 'Note', given: 'hi', want: ok('hi') }],
  ['neither', { type: 'Note', given: 1, want: invalid('', 'expected a string or null') }],
  ['absent', { type: 'Note', given: undefined, want: invalid('', 'is required') }],
  ['null alone', { type: 'Nothing', given: null, want: ok(null) }],
  ['not null', { type: 'Nothing', given: 0, want: invalid('', 'expected null') }],
  ['string or number: a number', { type: 'Id', given: 7, want: ok(7) }],
  [
    'string or number: a boolean',
    { type: 'Id', given: true, want: invalid('', 'expected a string or a number') },
  ],
  ['nested unions flattened', { type: 'Nested', given: 'b', want: ok('b') }],
  [
    'nested unions described flat',
    { type: 'Nested', given: 'c', want: invalid('', 'expected "a", "b" or null') },
  ],
  ['unknown in a union: anything', { type: 'Anything', given: [1], want: ok([1]) }],
  [
    'union of objects: the first',
    { type: 'Place', given: { city: 'x', y: 1 }, want: ok({ city: 'x' }) },
  ],
  ['union of objects: the second', { type: 'Place', given: tree, want: ok(tree) }],
  [
    'union of objects: neither, answered by the member with the fewest issues',
    { type: 'Place', given: { name: 1 }, want: invalid('city', 'is required') },
  ],
  [
    'union of objects: the member with the fewest issues, whichever comes first',
    {
      type: 'Place',
      given: { city: 1, name: 2 },
      want: invalid('city', 'expected a string'),
    },
  ],
  [
    'union of objects: no object, described by the members',
    { type: 'Place', given: [], want: invalid('', 'expected Address or Category') },
  ],
  [
    'discriminated: the member its kind selects',
    {
      type: 'Payment',
      given: { kind: 'iban', iban: 'NO93' },
      want: ok({ kind: 'iban', iban: 'NO93' }),
    },
  ],
  [
    'discriminated: the selected member answers with its own issues',
    {
      type: 'Payment',
      given: { kind: 'card', number: 4 },
      want: invalid('number', 'expected a string'),
    },
  ],
  [
    'discriminated: a number literal selects',
    { type: 'Payment', given: { kind: 3 }, want: ok({ kind: 3 }) },
  ],
  ['discriminated: null as a member', { type: 'Payment', given: null, want: ok(null) }],
  [
    'discriminated: an unknown kind is one issue at kind',
    {
      type: 'Payment',
      given: { kind: 'cash' },
      want: invalid('kind', 'expected "card", "bank", "iban" or 3'),
    },
  ],
  [
    'discriminated: no kind',
    { type: 'Payment', given: { number: '4' }, want: invalid('kind', 'is required') },
  ],
  [
    'discriminated: not an object',
    { type: 'Payment', given: 'card', want: invalid('', 'expected Card, Bank, an object or null') },
  ],
  [
    'discriminated, nested: paths start at the property',
    {
      type: 'Order',
      given: { payments: [{ kind: 'card', number: '4' }, { kind: 'cash' }] },
      want: invalid('payments[1].kind', 'expected "card", "bank", "iban" or 3'),
    },
  ],
  [
    'overlapping literals: each member tried',
    { type: 'Overlap', given: { k: 'b', x: 1 }, want: ok({ k: 'b', x: 1 }) },
  ],
  [
    'overlapping literals: the closest member answers',
    { type: 'Overlap', given: { k: 'b' }, want: invalid('k', 'expected "a"') },
  ],
  ['nullable object: null', { type: 'Shipping', given: null, want: ok(null) }],
  [
    'nullable object: the object answers with its own issues',
    { type: 'Shipping', given: {}, want: invalid('city', 'is required') },
  ],
  [
    'nullable date: a Date',
    { type: 'Until', given: '2024-05-31', want: ok(new Date('2024-05-31')) },
  ],
  [
    'nullable date: not a date',
    { type: 'Until', given: 'soon', want: invalid('', 'expected an ISO 8601 date string') },
  ],
  [
    'nullable date: a number',
    { type: 'Until', given: 5, want: invalid('', 'expected an ISO 8601 date string or null') },
  ],
  ['nullable bigint: digits', { type: 'Serial', given: '-12', want: ok(-12n) }],
  ['nullable bigint: null', { type: 'Serial', given: null, want: ok(null) }],
  [
    'nullable bigint: not an integer, its own issue',
    { type: 'Serial', given: '1.5', want: invalid('', 'expected an integer string') },
  ],
  ['number or bigint: a number is a number', { type: 'Count', given: 7, want: ok(7) }],
  [
    'number or bigint: digits are a bigint',
    { type: 'Count', given: '9007199254740993', want: ok(9007199254740993n) },
  ],
  ['bigint or object: digits', { type: 'Payer', given: '5', want: ok(5n) }],
  [
    'bigint or object: the object',
    { type: 'Payer', given: { city: 'Oslo' }, want: ok({ city: 'Oslo' }) },
  ],
  [
    'bigint or object: neither',
    { type: 'Payer', given: true, want: invalid('', 'expected an integer string or Address') },
  ],
  ['a recursive type', { type: 'Category', given: tree, want: ok(tree) }],
  [
    'deep in a recursive type',
    {
      type: 'Category',
      given: {
        name: 'a',
        children: [{ name: 'b', children: [{ name: 'c', children: [] }, { children: [] }] }],
      },
      want: invalid('children[0].children[1].name', 'is required'),
    },
  ],
  [
    'an enum property',
    {
      type: 'Paint',
      given: { colour: 'blue', size: 'S' },
      want: invalid('colour', 'expected "red" or "green"'),
    },
  ],
  [
    'an optional enum property absent',
    { type: 'Paint', given: { colour: 'red' }, want: ok({ colour: 'red' }) },
  ],
];

describe('generated union validators', () => {
  it.each(cases)('%s', (_name, { type, given, want }) => {
    expect((validators[type] as Validator)(given)).toStrictEqual(want);
  });
});
