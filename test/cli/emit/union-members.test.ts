// How union members are told apart and described.
import { describe, expect, it } from 'vitest';
import {
  describe as describeUnion,
  flatten,
  jsonKind,
  type Types,
} from '../../../cli/emit/union-members.js';
import type { Shape } from '../../../cli/ir.js';
import { array, literal, named, object, record, ref, s, tuple, union } from './builder.js';

const types: Types = new Map(
  [
    named('t#Colour', union(literal('red'), literal('green'))),
    named('t#Address', object({ city: s.string })),
    named('t#Alias', ref('t#Address')),
    named('t#Loop', ref('t#Loop')),
  ].map((t) => [t.id, t]),
);

describe('describe', () => {
  it.each<[string, { given: Shape[]; want: string }]>([
    ['one member', { given: [s.string], want: 'a string' }],
    ['two', { given: [s.string, s.null], want: 'a string or null' }],
    ['three', { given: [literal('S'), literal(1), literal(false)], want: '"S", 1 or false' }],
    ['each word once', { given: [object({}), record(s.string)], want: 'an object' }],
    ['a named type by its name', { given: [ref('t#Address'), s.null], want: 'Address or null' }],
    [
      'arrays and tuples',
      { given: [array(s.string), tuple(s.string)], want: 'an array or an array of 1 item' },
    ],
    ['dates', { given: [s.date, s.number], want: 'an ISO 8601 date string or a number' }],
    ['bigints', { given: [s.bigint, s.null], want: 'an integer string or null' }],
  ])('%s', (_name, { given, want }) => {
    expect(describeUnion(given, types)).toBe(want);
  });
});

describe('flatten', () => {
  it('spreads nested unions and named literal unions, keeps other named types', () => {
    expect(flatten([union(s.null, ref('t#Colour')), ref('t#Address')], types)).toEqual([
      s.null,
      literal('red'),
      literal('green'),
      ref('t#Address'),
    ]);
  });

  it('stops at a type that refers to itself', () => {
    expect(flatten([ref('t#Loop')], types)).toEqual([ref('t#Loop')]);
  });
});

describe('jsonKind', () => {
  it.each<[string, { given: Shape; want: string | undefined }]>([
    ['an object', { given: object({}), want: 'object' }],
    ['a record', { given: record(s.number), want: 'object' }],
    ['a tuple', { given: tuple(), want: 'array' }],
    ['a date', { given: s.date, want: 'string' }],
    ['a bigint: none, a string or a number', { given: s.bigint, want: undefined }],
    ['through named types', { given: ref('t#Alias'), want: 'object' }],
    ['a union: none', { given: union(s.string, s.null), want: undefined }],
    ['a loop: none', { given: ref('t#Loop'), want: undefined }],
  ])('%s', (_name, { given, want }) => {
    expect(jsonKind(given, types)).toBe(want);
  });
});
