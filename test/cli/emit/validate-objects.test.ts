// Generated validators for object types: what they accept, copy and reject, with exact issues.
import type { Validated, Validator } from 'fw/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { array, named, object, ref, s } from './builder.js';
import { loadValidators, removeGenerated } from './generated.js';

type Case = [name: string, { given: unknown; want: Validated }];

const NAME = 'validate-objects';
let validators: Record<string, Validator>;

beforeAll(async () => {
  validators = await loadValidators(NAME, [
    named('t#Address', object({ street: s.string, city: s.string, 'zip?': s.string })),
    named(
      't#Order',
      object({
        sku: s.string,
        qty: s.number,
        gift: s.boolean,
        address: ref('t#Address'),
        items: array(object({ sku: s.string, 'qty?': s.number })),
        'notes?': array(s.string),
        placedAt: s.date,
        meta: s.unknown,
      }),
    ),
    named('t#Empty', object({})),
  ]);
});
afterAll(() => removeGenerated(NAME));

const check = (type: string, given: unknown): Validated => (validators[type] as Validator)(given);
const issue = (path: string, message: string) => ({ path, message });
const invalid = (...issues: { path: string; message: string }[]): Validated => ({
  ok: false,
  issues,
});

const order = {
  sku: 'A1',
  qty: 2,
  gift: false,
  address: { street: 'Main St 1', city: 'Springfield' },
  items: [{ sku: 'A1', qty: 1 }, { sku: 'B2' }, { sku: 'C3' }],
  placedAt: '2024-05-31T12:00:00Z',
  meta: { any: ['thing'] },
};
const checked = { ...order, placedAt: new Date('2024-05-31T12:00:00Z') };
const without = (key: keyof typeof order) =>
  Object.fromEntries(Object.entries(order).filter(([k]) => k !== key));

const cases: Case[] = [
  ['a valid value, a Date built', { given: order, want: { ok: true, value: checked } }],
  [
    'undeclared properties dropped, at every level',
    {
      given: { ...order, extra: 1, address: { ...order.address, floor: 3 } },
      want: { ok: true, value: checked },
    },
  ],
  [
    'optional properties present',
    {
      given: { ...order, notes: ['fragile'], address: { ...order.address, zip: '12345' } },
      want: {
        ok: true,
        value: { ...checked, notes: ['fragile'], address: { ...order.address, zip: '12345' } },
      },
    },
  ],
  ['a number at the root', { given: 5, want: invalid(issue('', 'expected an object')) }],
  ['an array at the root', { given: [order], want: invalid(issue('', 'expected an object')) }],
  ['null at the root', { given: null, want: invalid(issue('', 'expected an object')) }],
  ['nothing at the root', { given: undefined, want: invalid(issue('', 'is required')) }],
  [
    'a required property missing',
    { given: without('sku'), want: invalid(issue('sku', 'is required')) },
  ],
  [
    'a required unknown missing',
    { given: without('meta'), want: invalid(issue('meta', 'is required')) },
  ],
  [
    'null for a string',
    { given: { ...order, sku: null }, want: invalid(issue('sku', 'expected a string')) },
  ],
  [
    'wrong leaves, in declaration order',
    {
      given: { ...order, gift: 'no', qty: '2', placedAt: '31.05.2024' },
      want: invalid(
        issue('qty', 'expected a number'),
        issue('gift', 'expected a boolean'),
        issue('placedAt', 'expected an ISO 8601 date string'),
      ),
    },
  ],
  [
    'a nested property missing',
    {
      given: { ...order, address: { street: 'x' } },
      want: invalid(issue('address.city', 'is required')),
    },
  ],
  [
    'a property of an array item missing',
    {
      given: { ...order, items: [{ sku: 'A1' }, { sku: 'B2' }, { qty: 1 }] },
      want: invalid(issue('items[2].sku', 'is required')),
    },
  ],
  [
    'an optional property null',
    { given: { ...order, notes: null }, want: invalid(issue('notes', 'expected an array')) },
  ],
  [
    'an array item of the wrong type',
    { given: { ...order, notes: ['a', 7] }, want: invalid(issue('notes[1]', 'expected a string')) },
  ],
  [
    'an object for an array',
    { given: { ...order, items: {} }, want: invalid(issue('items', 'expected an array')) },
  ],
];

describe('generated object validators', () => {
  it.each(cases)('%s', (_name, { given, want }) => {
    expect(check('Order', given)).toStrictEqual(want);
  });

  it('leaves an absent optional property out of the value', () => {
    const outcome = check('Order', order);
    expect(outcome.ok && Object.keys(outcome.value as object)).toEqual(Object.keys(order));
  });

  it('returns fresh objects, not the input', () => {
    const outcome = check('Order', order);
    expect(outcome.ok && (outcome.value as typeof order).address).not.toBe(order.address);
  });

  it('accepts any object for a type without properties, and keeps nothing of it', () => {
    expect(check('Empty', { a: 1 })).toStrictEqual({ ok: true, value: {} });
    expect(check('Empty', 'x')).toStrictEqual(invalid(issue('', 'expected an object')));
  });
});
