// The schema of each construct, byte for byte: what the documents say, and that its
// keys come in one fixed order, whatever order the model lists its types in.
import { describe, expect, it } from 'vitest';
import {
  componentNames,
  componentSchemas,
  type JsonSchema,
  schemaOf,
} from '../../../cli/api-documents/schemas.js';
import type { NamedType, Shape } from '../../../cli/ir.js';
import { array, literal, named, object, record, ref, s, tuple, union } from '../emit/builder.js';

const REF = '#/components/schemas/';

const TYPES: readonly NamedType[] = [
  named('src/shapes#Circle', object({ kind: literal('circle'), r: s.number })),
  named('src/shapes#Square', object({ kind: literal('square'), side: s.number })),
  named('src/shapes#Tree', object({ value: s.number, 'children?': array(ref('src/shapes#Tree')) })),
];
const NAMES = componentNames(TYPES);

/** A `Date`: fw's ISO 8601 forms exactly, as a pattern and as formats. */
const DATE = {
  type: 'string',
  pattern:
    '^(?:\\d{4}-(?:(?:0[1-9]|1[0-2])-(?:0[1-9]|1\\d|2[0-8])|(?:0[13-9]|1[0-2])-(?:29|30)|(?:0[13578]|1[02])-31)' +
    '|(?:\\d{2}(?:0[48]|[2468][048]|[13579][26])|(?:[02468][048]|[13579][26])00)-02-29)' +
    '(?:T(?:[01]\\d|2[0-3]):[0-5]\\d(?::[0-5]\\d(?:\\.\\d{1,9})?)?(?:Z|[+-](?:[01]\\d|2[0-3]):[0-5]\\d))?$',
  anyOf: [
    { format: 'date-time' },
    { format: 'date' },
    { pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}(?:Z|[+-]\\d{2}:\\d{2})$' },
  ],
};
const CIRCLE = `${REF}Circle`;
const SQUARE = `${REF}Square`;

const cases: [string, { given: Shape; want: JsonSchema }][] = [
  ['string', { given: s.string, want: { type: 'string' } }],
  ['number', { given: s.number, want: { type: 'number' } }],
  ['boolean', { given: s.boolean, want: { type: 'boolean' } }],
  ['null', { given: s.null, want: { type: 'null' } }],
  ['unknown: anything', { given: s.unknown, want: {} }],
  [
    'a Date: the forms the validator reads, hh:mm without seconds too',
    { given: s.date, want: DATE },
  ],
  ['a string literal', { given: literal('a'), want: { type: 'string', const: 'a' } }],
  ['a number literal', { given: literal(0), want: { type: 'number', const: 0 } }],
  ['a boolean literal', { given: literal(false), want: { type: 'boolean', const: false } }],
  ['an array', { given: array(s.string), want: { type: 'array', items: { type: 'string' } } }],
  [
    'a tuple: exactly its items',
    {
      given: tuple(s.string, s.date),
      want: {
        type: 'array',
        prefixItems: [{ type: 'string' }, DATE],
        items: false,
        minItems: 2,
        maxItems: 2,
      },
    },
  ],
  ['the empty tuple', { given: tuple(), want: { type: 'array', maxItems: 0 } }],
  [
    'Record<string, T>',
    {
      given: record(s.number),
      want: { type: 'object', additionalProperties: { type: 'number' } },
    },
  ],
  ['an object without properties', { given: object({}), want: { type: 'object' } }],
  [
    'an object: undeclared properties allowed, as the validator drops them without refusing',
    {
      given: object({ b: s.string, 'a?': s.number }),
      want: {
        type: 'object',
        properties: { b: { type: 'string' }, a: { type: 'number' } },
        required: ['b'],
      },
    },
  ],
  [
    'an object of optional properties only: no `required`',
    {
      given: object({ 'a?': s.number }),
      want: { type: 'object', properties: { a: { type: 'number' } } },
    },
  ],
  [
    'a union of literals: an enum',
    {
      given: union(literal('S'), literal('M')),
      want: { type: 'string', enum: ['S', 'M'] },
    },
  ],
  [
    'a union of literals and null, nested unions spread, each once',
    {
      given: union(union(literal('a'), literal(1)), s.null, literal('a')),
      want: { type: ['string', 'number', 'null'], enum: ['a', 1, null] },
    },
  ],
  ['a nullable scalar', { given: union(s.string, s.null), want: { type: ['string', 'null'] } }],
  [
    'a union of one member, after duplicates',
    { given: union(s.string, s.string), want: { type: 'string' } },
  ],
  ['a union with unknown: anything', { given: union(s.string, s.unknown), want: {} }],
  [
    'a nullable object',
    {
      given: union(ref('src/shapes#Tree'), s.null),
      want: { anyOf: [{ $ref: `${REF}Tree` }, { type: 'null' }] },
    },
  ],
  [
    'a discriminated union: oneOf, the tag and each named member’s value',
    {
      given: union(ref('src/shapes#Circle'), ref('src/shapes#Square')),
      want: {
        type: 'object',
        oneOf: [{ $ref: CIRCLE }, { $ref: SQUARE }],
        discriminator: { propertyName: 'kind', mapping: { circle: CIRCLE, square: SQUARE } },
      },
    },
  ],
  [
    'a discriminated union with an inline member: mapped for its named members only',
    {
      given: union(ref('src/shapes#Circle'), object({ kind: union(literal('x'), literal('y')) })),
      want: {
        type: 'object',
        oneOf: [
          { $ref: CIRCLE },
          {
            type: 'object',
            properties: { kind: { type: 'string', enum: ['x', 'y'] } },
            required: ['kind'],
          },
        ],
        discriminator: { propertyName: 'kind', mapping: { circle: CIRCLE } },
      },
    },
  ],
  [
    'a discriminated union beside null, in the place of its first member',
    {
      given: union(s.null, ref('src/shapes#Circle'), s.string, ref('src/shapes#Square')),
      want: {
        anyOf: [
          { type: 'null' },
          {
            type: 'object',
            oneOf: [{ $ref: CIRCLE }, { $ref: SQUARE }],
            discriminator: { propertyName: 'kind', mapping: { circle: CIRCLE, square: SQUARE } },
          },
          { type: 'string' },
        ],
      },
    },
  ],
  [
    'objects told apart by a number: anyOf (OpenAPI discriminates by strings only)',
    {
      given: union(object({ v: literal(1) }), object({ v: literal(2) })),
      want: {
        anyOf: [
          { type: 'object', properties: { v: { type: 'number', const: 1 } }, required: ['v'] },
          { type: 'object', properties: { v: { type: 'number', const: 2 } }, required: ['v'] },
        ],
      },
    },
  ],
  [
    'a union of other kinds: anyOf, in order',
    {
      given: union(array(s.number), s.date),
      want: { anyOf: [{ type: 'array', items: { type: 'number' } }, DATE] },
    },
  ],
];

describe('schemaOf', () => {
  it.each(cases)('%s', (_name, { given, want }) => {
    expect(JSON.stringify(schemaOf(given, NAMES, REF), null, 1)).toBe(
      JSON.stringify(want, null, 1),
    );
  });
});

describe('componentSchemas', () => {
  it('writes a recursive type as a $ref to itself', () => {
    expect(componentSchemas(TYPES, NAMES, REF)['Tree']).toEqual({
      type: 'object',
      properties: {
        value: { type: 'number' },
        children: { type: 'array', items: { $ref: `${REF}Tree` } },
      },
      required: ['value'],
    });
  });

  it('sorts the components by name in code-unit order, not by locale', () => {
    const list = [
      named('src/a#beta', s.string),
      named('src/a#Zeta', s.string),
      named('src/a#alpha', s.string),
    ];
    expect(Object.keys(componentSchemas(list, componentNames(list), REF))).toEqual([
      'Zeta',
      'alpha',
      'beta',
    ]);
  });

  it('writes the same bytes whatever order the types come in', () => {
    const text = (list: readonly NamedType[]): string =>
      JSON.stringify(componentSchemas(list, componentNames(list), REF));
    const want = text(TYPES);
    expect(text([...TYPES].reverse())).toBe(want);
    expect(text([TYPES[1], TYPES[2], TYPES[0]] as NamedType[])).toBe(want);
  });
});
