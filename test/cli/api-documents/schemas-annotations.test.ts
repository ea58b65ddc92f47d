// What JSDoc and `readonly` add to a schema: `description` from the summary and the
// paragraphs after it, `deprecated: true` from `@deprecated`, `examples` from `@example`, after
// the keywords that say what the value is; never `readOnly` from `readonly`, which would tell
// clients to leave out a property fw's validator requires.
import { describe, expect, it } from 'vitest';
import {
  componentNames,
  componentSchemas,
  type JsonSchema,
} from '../../../cli/api-documents/schemas.js';
import type { DocComment, NamedType, PropertyShape, Shape } from '../../../cli/ir.js';
import { named, ref, s } from '../emit/builder.js';
import { analyzedTypes, bodiesController } from './schema-app.js';

const REF = '#/components/schemas/';

/** The component schema of the one type `t`, beside the named types in `others`. */
function schemaOf(t: NamedType, others: readonly NamedType[] = []): JsonSchema {
  const types = [t, ...others];
  return componentSchemas(types, componentNames(types), REF)[t.name] as JsonSchema;
}

const withDoc = (t: NamedType, doc: DocComment): NamedType => ({ ...t, doc });

const prop = (name: string, shape: Shape, extra: Partial<PropertyShape> = {}): PropertyShape => ({
  name,
  optional: false,
  shape,
  ...extra,
});

const objectOf = (...properties: PropertyShape[]): Shape => ({ kind: 'object', properties });

describe('JSDoc on a named type', () => {
  const cases: [string, { given: DocComment; want: JsonSchema }][] = [
    [
      'a summary is the description',
      { given: { summary: 'A user.' }, want: { description: 'A user.' } },
    ],
    [
      'the paragraphs after the summary follow it, a blank line apart',
      {
        given: { summary: 'A user.', description: 'Stored.\n\nNever deleted.' },
        want: { description: 'A user.\n\nStored.\n\nNever deleted.' },
      },
    ],
    ['@deprecated', { given: { deprecated: true }, want: { deprecated: true } }],
    ['no @deprecated', { given: { deprecated: false }, want: {} }],
    [
      '@example, each one',
      { given: { examples: [{ id: 1 }, 'text'] }, want: { examples: [{ id: 1 }, 'text'] } },
    ],
    ['no example', { given: { examples: [] }, want: {} }],
    [
      '@response tags are the operation’s, not the schema’s',
      { given: { responses: [{ status: 404, description: 'gone' }] }, want: {} },
    ],
  ];

  it.each(cases)('%s', (_name, { given, want }) => {
    expect(schemaOf(withDoc(named('src/dto#Id', s.string), given))).toEqual({
      type: 'string',
      ...want,
    });
  });

  it('puts the annotations after the schema, in a fixed order', () => {
    const doc = { examples: [7], deprecated: true, description: 'More.', summary: 'Id.' };
    const schema = schemaOf(withDoc(named('src/dto#Id', s.number), doc));
    expect(JSON.stringify(schema)).toBe(
      '{"type":"number","description":"Id.\\n\\nMore.","deprecated":true,"examples":[7]}',
    );
  });

  it('annotates a type that is another type’s reference beside its $ref', () => {
    const alias = withDoc(named('src/dto#Alias', ref('src/dto#Id')), { summary: 'Another id.' });
    expect(schemaOf(alias, [named('src/dto#Id', s.number)])).toEqual({
      $ref: `${REF}Id`,
      description: 'Another id.',
    });
  });
});

describe('JSDoc and readonly on a property', () => {
  it('annotates the property’s schema, $ref and all', () => {
    const user = named(
      'src/dto#User',
      objectOf(
        prop('id', s.number, { readonly: true }),
        prop('name', s.string, { doc: { summary: 'Shown to others.', examples: ['Ada'] } }),
        prop('address', ref('src/dto#Address'), { doc: { summary: 'Where to ship.' } }),
        prop('nick', s.string, { optional: true, doc: { deprecated: true } }),
        prop('code', s.string, { readonly: true, doc: { summary: 'Fixed.', deprecated: true } }),
      ),
    );
    const schema = schemaOf(user, [named('src/dto#Address', objectOf())]);
    expect(JSON.stringify(schema, null, 2)).toBe(
      JSON.stringify(
        {
          type: 'object',
          properties: {
            id: { type: 'number' },
            name: { type: 'string', description: 'Shown to others.', examples: ['Ada'] },
            address: { $ref: `${REF}Address`, description: 'Where to ship.' },
            nick: { type: 'string', deprecated: true },
            code: { type: 'string', description: 'Fixed.', deprecated: true },
          },
          required: ['id', 'name', 'address', 'code'],
        },
        null,
        2,
      ),
    );
  });

  it('writes a readonly property as a required one, without readOnly', () => {
    const t = named('src/dto#T', objectOf(prop('a', s.string, { readonly: true })));
    expect(schemaOf(t)).toEqual({
      type: 'object',
      properties: { a: { type: 'string' } },
      required: ['a'],
    });
  });
});

describe('JSDoc as the analyzer reads it', () => {
  const dto = `
/**
 * A user as stored.
 *
 * Names are unique.
 * @deprecated use Account
 * @example {"id": 1, "name": "Ada"}
 */
export interface User {
  /** Assigned by the server. */
  readonly id: number;
  /**
   * Shown to others.
   * @example "Ada"
   */
  name: string;
}
`;
  const types = analyzedTypes({ 'dto.ts': dto, 'probe.ts': bodiesController(['User']) });

  it('writes the type’s and each property’s description, deprecated and examples', () => {
    expect(componentSchemas(types, componentNames(types), REF)).toEqual({
      User: {
        type: 'object',
        properties: {
          id: { type: 'number', description: 'Assigned by the server.' },
          name: { type: 'string', description: 'Shown to others.', examples: ['Ada'] },
        },
        required: ['id', 'name'],
        description: 'A user as stored.\n\nNames are unique.',
        deprecated: true,
        examples: [{ id: 1, name: 'Ada' }],
      },
    });
  });
});
