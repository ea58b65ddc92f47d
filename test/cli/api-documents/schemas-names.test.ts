// Component names: a named type is its type name; two types with one name get names
// qualified by as many trailing parts of their path as tell them apart; the `$ref`s follow.
import { describe, expect, it } from 'vitest';
import { componentNames, componentSchemas, schemaOf } from '../../../cli/api-documents/schemas.js';
import type { NamedType } from '../../../cli/ir.js';
import { named, object, ref, s } from '../emit/builder.js';
import { analyzedTypes } from './schema-app.js';

const REF = '#/components/schemas/';

const types = (...ids: string[]): NamedType[] => ids.map((id) => named(id, s.string));

/** `id → name`, in id order. */
const namesOf = (list: readonly NamedType[]): Record<string, string> =>
  Object.fromEntries([...componentNames(list)].sort(([a], [b]) => (a < b ? -1 : 1)));

describe('componentNames', () => {
  const cases: [string, { given: string[]; want: Record<string, string> }][] = [
    [
      'each type by its name when no two share one',
      {
        given: ['src/users#User', 'src/orders#Order'],
        want: { 'src/orders#Order': 'Order', 'src/users#User': 'User' },
      },
    ],
    [
      'two types of one name, by their files',
      {
        given: ['src/users#User', 'src/admin/orders#User', 'src/orders#Order'],
        want: {
          'src/admin/orders#User': 'orders.User',
          'src/orders#Order': 'Order',
          'src/users#User': 'users.User',
        },
      },
    ],
    [
      'as many folders as tell them apart',
      {
        given: ['src/dto#User', 'src/admin/dto#User'],
        want: { 'src/admin/dto#User': 'admin.dto.User', 'src/dto#User': 'src.dto.User' },
      },
    ],
    [
      'one path the end of the other',
      {
        given: ['dto#User', 'src/dto#User'],
        want: { 'dto#User': 'dto.User', 'src/dto#User': 'src.dto.User' },
      },
    ],
    [
      'three of one name',
      {
        given: ['a/x/m#T', 'b/x/m#T', 'c/y/m#T'],
        want: { 'a/x/m#T': 'a.x.m.T', 'b/x/m#T': 'b.x.m.T', 'c/y/m#T': 'c.y.m.T' },
      },
    ],
    [
      'characters OpenAPI leaves out of a component name as `_`',
      {
        given: ['src/@scope/my app#User', 'src/other#User', 'src/dto#$Id'],
        want: {
          'src/@scope/my app#User': 'my_app.User',
          'src/dto#$Id': '_Id',
          'src/other#User': 'other.User',
        },
      },
    ],
    [
      'names that become one, told apart by a counter when their paths do not',
      {
        given: ['src/dto#A$', 'src/dto#A_', 'src/dto#B'],
        want: { 'src/dto#A$': 'src.dto.A__1', 'src/dto#A_': 'src.dto.A__2', 'src/dto#B': 'B' },
      },
    ],
  ];

  it.each(cases)('%s', (_name, { given, want }) => {
    expect(namesOf(types(...given))).toEqual(want);
  });

  it("qualifies instantiations of generics by their declaration's module, not their arguments'", () => {
    const instance = (id: string, name: string): NamedType => ({ ...named(id, s.string), name });
    const list = [
      instance('src/a/dto#Page<fw#Int>', 'Page_Int'),
      instance('src/b/dto#Page<fw#Int>', 'Page_Int'),
      instance('src/a/dto#Page<number>', 'Page_number'),
    ];
    expect(namesOf(list)).toEqual({
      'src/a/dto#Page<fw#Int>': 'a.dto.Page_Int',
      'src/a/dto#Page<number>': 'Page_number',
      'src/b/dto#Page<fw#Int>': 'b.dto.Page_Int',
    });
  });

  it('does not depend on the order of the types', () => {
    const list = types('src/users#User', 'src/admin/dto#User', 'src/dto#User', 'src/a#B');
    const want = namesOf(list);
    for (const order of [[...list].reverse(), [list[2], list[0], list[3], list[1]]]) {
      expect(namesOf(order as NamedType[])).toEqual(want);
    }
  });
});

describe('qualified names in schemas', () => {
  const list = [
    named('src/users#User', object({ id: s.number })),
    named('src/admin/users#User', object({ id: s.number, role: s.string })),
    named(
      'src/orders#Order',
      object({ buyer: ref('src/users#User'), by: ref('src/admin/users#User') }),
    ),
  ];
  const names = componentNames(list);

  it('refers to each type by its qualified name', () => {
    expect(schemaOf(ref('src/admin/users#User'), names, REF)).toEqual({
      $ref: `${REF}admin.users.User`,
    });
    expect(componentSchemas(list, names, REF)['Order']).toEqual({
      type: 'object',
      properties: {
        buyer: { $ref: `${REF}src.users.User` },
        by: { $ref: `${REF}admin.users.User` },
      },
      required: ['buyer', 'by'],
    });
  });

  it('lists the components by name', () => {
    expect(Object.keys(componentSchemas(list, names, REF))).toEqual([
      'Order',
      'admin.users.User',
      'src.users.User',
    ]);
  });

  it('refuses a reference to a type it has no name for, naming it', () => {
    expect(() => schemaOf(ref('src/gone#Gone'), names, REF)).toThrow(
      'fwgen: the model refers to type src/gone#Gone, which has no component name',
    );
  });
});

describe('two types of one name, as the analyzer reads them', () => {
  const controller = `import { Controller, Post } from 'fw';
import type { User as AdminUser } from './admin/dto.js';
import type { User } from './dto.js';

@Controller('/users')
export class Users {
  @Post('/')
  create(body: User): string {
    return '';
  }

  @Post('/admin')
  createAdmin(body: AdminUser): string {
    return '';
  }
}
`;
  const list = analyzedTypes({
    'dto.ts': 'export interface User {\n  name: string;\n}\n',
    'admin/dto.ts': 'export interface User {\n  name: string;\n  role: string;\n}\n',
    'users.ts': controller,
  });

  it('names each by its path', () => {
    expect(namesOf(list)).toEqual({
      'src/admin/dto#User': 'admin.dto.User',
      'src/dto#User': 'src.dto.User',
    });
    expect(Object.keys(componentSchemas(list, componentNames(list), REF))).toEqual([
      'admin.dto.User',
      'src.dto.User',
    ]);
  });
});
