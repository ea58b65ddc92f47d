/**
 * The models the schema property test runs: the analyzer's model of `fixtures/validators` (every
 * shape a body type can have, as TypeScript writes it), of the other fixtures with types
 * (`constraints`, `generic-constraints`, `unions`, `property-names`) and of the constructs it
 * leaves out (`Omit`, `Required`, `Readonly`, numeric enums…), and the
 * corners no fixture has (empty tuples, tags that OpenAPI cannot discriminate by, unions with
 * `unknown`, `__proto__`, recursion through a union, dates and bigints in every position).
 */
import { join } from 'node:path';
import { createAnalyzer } from '../../../cli/analyze/index.js';
import type {
  ArrayConstraints,
  NamedType,
  NumberConstraints,
  Shape,
  StringConstraints,
} from '../../../cli/ir.js';
import { FIXTURES } from '../../../fixtures/cases.js';
import { array, literal, named, object, record, ref, s, tuple, union } from '../emit/builder.js';
import { constructTypes } from './schema-app.js';

/** The named types of a fixture case (`fixtures/validators`), as the analyzer finds them. */
export function fixtureTypes(name = 'validators'): readonly NamedType[] {
  const analyzer = createAnalyzer({
    root: FIXTURES,
    tsconfig: join(FIXTURES, 'tsconfig.json'),
    src: join(FIXTURES, name, 'input'),
    out: join(FIXTURES, name, 'expected', 'bindings.ts'),
  });
  const { model, diagnostics } = analyzer.analyze();
  if (diagnostics.length > 0) throw new Error(JSON.stringify(diagnostics));
  return model.types;
}

const circle = ref('t#Circle');
const square = ref('t#Square');

/** Corners of every construct. */
export const CORNERS: readonly NamedType[] = [
  named('t#Empty', object({})),
  named('t#Nothing', tuple()),
  named('t#One', tuple(s.string)),
  named('t#Pair', tuple(s.date, union(s.number, s.null))),
  named('t#Anything', union(s.string, s.unknown)),
  named('t#Unknown', s.unknown),
  named('t#When', s.date),
  named('t#Letter', union(union(literal('a'), literal('b')), s.null)),
  named('t#Mixed', union(literal('a'), literal(1), literal(true), s.null)),
  named('t#Scalar', union(s.string, s.number, s.boolean)),
  named('t#Bool', union(literal(true), literal(false))),
  named('t#X', literal('x')),
  named('t#Zero', literal(0)),
  named('t#Circle', object({ kind: literal('circle'), r: s.number })),
  named('t#Square', object({ kind: literal('square'), side: s.number })),
  named('t#Alias', circle),
  // Discriminated by `kind` with `null` beside; with an inline member (no mapping for it).
  named('t#Figure', union(circle, square, s.null)),
  named('t#Drawing', union(circle, object({ kind: literal('x'), at: tuple(s.number, s.number) }))),
  // Tags OpenAPI cannot discriminate by: numbers, '', a named literal, one tag in two members.
  named('t#ByNumber', union(object({ v: literal(1), a: s.string }), object({ v: literal(2) }))),
  named('t#ByEmpty', union(object({ k: literal(''), a: s.number }), object({ k: literal('z') }))),
  named('t#On', literal('on')),
  named('t#ByRef', union(object({ s: ref('t#On'), a: s.number }), object({ s: literal('off') }))),
  named(
    't#Overlap',
    union(
      object({ k: literal('a') }),
      object({ k: union(literal('a'), literal('b')), x: s.number }),
    ),
  ),
  // A tag with several values, and a tag that is not the first property.
  named(
    't#Several',
    union(
      object({ kind: union(literal('a'), literal('b')), x: s.number }),
      object({ kind: literal('c') }),
    ),
  ),
  named(
    't#Second',
    union(
      object({ id: s.number, type: literal('p') }),
      object({ id: s.string, type: literal('q') }),
    ),
  ),
  named(
    't#Optional',
    union(object({ 'k?': literal('a') }), object({ k: literal('b'), y: s.string })),
  ),
  named(
    't#Either',
    union(s.string, literal(1), s.null, array(s.number), tuple(s.number, s.number)),
  ),
  named('t#Stamp', union(s.date, s.null, s.number)),
  named('t#Tree', object({ value: s.number, 'children?': array(ref('t#Tree')) })),
  named('t#List', object({ head: s.number, tail: union(ref('t#List'), s.null) })),
  named(
    't#Json',
    union(s.string, s.number, s.boolean, s.null, array(ref('t#Json')), record(ref('t#Json'))),
  ),
  named('t#Scores', record(union(s.number, s.null))),
  named('t#Shapes', record(union(circle, square))),
  named(
    't#Keys',
    object({
      '__proto__?': s.string,
      constructor: s.number,
      'toString?': s.boolean,
      'a b': s.string,
      '': s.number,
      kind: s.date,
    }),
  ),
  // A computed key: `{ __proto__: … }` would set the literal's prototype, not a property.
  named('t#Proto', object({ ['__proto__']: s.number, 'valueOf?': s.null })),
  named(
    't#Dates',
    object({
      at: s.date,
      'maybe?': union(s.date, s.null),
      list: array(s.date),
      map: record(s.date),
    }),
  ),
  named('t#Big', s.bigint),
  named(
    't#Bigints',
    object({
      id: s.bigint,
      'maybe?': union(s.bigint, s.null),
      // A string is a string first; only a number is read as a bigint.
      text: union(s.string, s.bigint),
      // A number is a number first; only a string is read as a bigint.
      count: union(s.number, s.bigint),
      list: array(s.bigint),
      map: record(s.bigint),
      either: union(s.bigint, circle),
    }),
  ),
];

const str = (constraints: StringConstraints): Shape => ({ kind: 'string', constraints });
const num = (constraints: NumberConstraints): Shape => ({ kind: 'number', constraints });
const arr = (element: Shape, constraints: ArrayConstraints): Shape => ({
  kind: 'array',
  element,
  constraints,
});

/** Each JSDoc constraint alone, and with others where they meet (a format and a pattern). */
export const CONSTRAINTS: readonly NamedType[] = [
  named('t#Length', str({ minLength: 1, maxLength: 3 })),
  named('t#Exactly', str({ minLength: 2, maxLength: 2 })),
  named('t#Pattern', str({ pattern: '^[a-c]+/\\d$' })),
  named('t#Unanchored', str({ pattern: 'b', maxLength: 3 })),
  ...(['email', 'uri', 'uuid', 'date', 'date-time', 'ipv4', 'ipv6'] as const).map((format) =>
    named(`t#Format_${format.replace('-', '_')}`, str({ format })),
  ),
  named('t#Https', str({ format: 'uri', pattern: '^https:' })),
  named('t#Range', num({ minimum: -1, maximum: 2 })),
  named('t#Open', num({ exclusiveMinimum: 0, exclusiveMaximum: 1.5 })),
  named('t#Int', num({ integer: true, minimum: 0 })),
  named('t#Cents', num({ multipleOf: 0.01, maximum: 5 })),
  named('t#Fives', num({ multipleOf: 5, integer: true })),
  named('t#Items', arr(s.number, { minItems: 1, maxItems: 2 })),
  // Items compared as JSON; not objects: ajv's deep equality calls an own `toString` property.
  named('t#Set', arr(union(s.number, s.string, array(s.number)), { uniqueItems: true })),
  named(
    't#Form',
    object({
      name: str({ minLength: 1 }),
      'email?': str({ format: 'email' }),
      age: union(num({ integer: true, minimum: 0 }), s.null),
      tags: arr(str({ maxLength: 2 }), { maxItems: 2, uniqueItems: true }),
    }),
  ),
];

/** Every model of the property test: a label and its types. */
export function models(): [string, readonly NamedType[]][] {
  return [
    ['fixtures/validators', fixtureTypes()],
    ['fixtures/constraints', fixtureTypes('constraints')],
    ['fixtures/generic-constraints', fixtureTypes('generic-constraints')],
    ['constraints', CONSTRAINTS],
    ['fixtures/unions', fixtureTypes('unions')],
    ['fixtures/property-names', fixtureTypes('property-names')],
    ['corners', CORNERS],
    ['analyzed constructs', constructTypes()],
  ];
}
