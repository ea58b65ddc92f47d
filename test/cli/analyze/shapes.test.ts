import { describe, expect, it } from 'vitest';
import type { Shape } from '../../../cli/ir.js';
import { analyzeCase, caseModule } from './support.js';

const CASE = 'shapes';
const analysis = analyzeCase(CASE);
const id = (name: string) => `${caseModule(CASE, 'dto')}#${name}`;
const ref = (name: string): Shape => ({ kind: 'ref', id: id(name) });
const lit = (value: string | number | boolean): Shape => ({ kind: 'literal', value });
const STRING: Shape = { kind: 'string' };
const NUMBER: Shape = { kind: 'number' };

function shapeOf(name: string): Shape | undefined {
  return analysis.model.types.find((t) => t.id === id(name))?.shape;
}

function propertiesOf(name: string) {
  const shape = shapeOf(name);
  if (shape?.kind !== 'object') throw new Error(`${name} is not an object`);
  return shape.properties;
}

function property(type: string, name: string) {
  return propertiesOf(type).find((p) => p.name === name);
}

describe('analyzer: body shapes', () => {
  it('finds no problem', () => {
    expect(analysis.diagnostics).toEqual([]);
  });

  it('lists every named type reached from a body, sorted by id, with its place', () => {
    expect(analysis.model.types.map((t) => t.name)).toEqual([
      'Address',
      'Box_Address',
      'Category',
      'Dimensions',
      'Draft',
      'Located',
      'Patch',
      'Product',
      'Shipment',
      'Summary',
      'TreeA',
      'TreeB',
    ]);
    expect(analysis.model.types[0]?.at).toEqual({
      file: `${caseModule(CASE, 'dto')}.ts`,
      line: 5,
      column: 1,
    });
  });

  it.each([
    ['name', STRING],
    ['price', NUMBER],
    ['inStock', { kind: 'boolean' }],
    ['discontinued', lit(false)],
    ['extra', { kind: 'unknown' }],
    ['releasedAt', { kind: 'date' }],
    ['balance', { kind: 'bigint' }],
  ])('maps the primitive-like property %s', (name, shape) => {
    expect(property('Product', name)?.shape).toEqual(shape);
  });

  it.each([
    ['colour', 'a string enum', [lit('red'), lit('green')]],
    ['level', 'a numeric enum', [lit(0), lit(1)]],
    ['size', 'an alias of string literals', [lit('S'), lit('M'), lit('L')]],
    ['rating', 'number literals', [lit(1), lit(2), lit(3)]],
    ['note', 'string | null', [STRING, { kind: 'null' }]],
    ['serial', 'bigint | null', [{ kind: 'bigint' }, { kind: 'null' }]],
    ['mixed', 'a union holding boolean', [STRING, NUMBER, { kind: 'boolean' }]],
    ['order', "'b' | 'a', in written order", [lit('b'), lit('a')]],
    ['either', 'named types', [ref('Address'), ref('Category')]],
  ])('maps %s (%s) to a union', (name, _what, members) => {
    expect(property('Product', name)?.shape).toEqual({ kind: 'union', members });
  });

  it.each([
    ['tags', { kind: 'array', element: STRING }],
    ['frozen', { kind: 'array', element: STRING }],
    ['matrix', { kind: 'array', element: { kind: 'array', element: NUMBER } }],
    ['pair', { kind: 'tuple', elements: [STRING, NUMBER] }],
    ['labels', { kind: 'record', value: STRING }],
    ['index', { kind: 'record', value: NUMBER }],
    ['meta', { kind: 'record', value: NUMBER }],
  ])('maps the container property %s', (name, shape) => {
    expect(property('Product', name)?.shape).toEqual(shape);
  });

  it('refers to named project types and generic instantiations by id, and inlines anonymous ones', () => {
    expect(property('Product', 'address')?.shape).toEqual(ref('Address'));
    expect(property('Product', 'ships')).toEqual({
      name: 'ships',
      optional: true,
      shape: { kind: 'array', element: ref('Address') },
    });
    expect(property('Product', 'inline')?.shape).toEqual({
      kind: 'object',
      properties: [
        { name: 'sku', optional: false, shape: STRING },
        { name: 'qty', optional: true, shape: NUMBER },
      ],
    });
    const boxed = `${id('Box')}<${id('Address')}>`;
    expect(property('Product', 'boxed')?.shape).toEqual({ kind: 'ref', id: boxed });
    expect(analysis.model.types.find((t) => t.id === boxed)?.shape).toEqual({
      kind: 'object',
      properties: [
        { name: 'value', optional: false, shape: ref('Address') },
        { name: 'items', optional: false, shape: { kind: 'array', element: ref('Address') } },
      ],
    });
  });

  it('makes `| undefined` an optional property, and strips it', () => {
    expect(property('Product', 'maybe')).toEqual({ name: 'maybe', optional: true, shape: STRING });
  });

  it('adds the properties of extended interfaces after its own', () => {
    const names = propertiesOf('Product').map((p) => p.name);
    expect(names.at(-1)).toBe('createdBy');
    expect(names).toHaveLength(36);
  });

  it('writes recursion and mutual recursion as refs', () => {
    expect(shapeOf('Category')).toEqual({
      kind: 'object',
      properties: [
        { name: 'name', optional: false, shape: STRING },
        { name: 'children', optional: false, shape: { kind: 'array', element: ref('Category') } },
        {
          name: 'parent',
          optional: true,
          shape: { kind: 'union', members: [ref('Category'), { kind: 'null' }] },
        },
      ],
    });
    expect(shapeOf('TreeA')).toEqual({
      kind: 'object',
      properties: [{ name: 'b', optional: true, shape: ref('TreeB') }],
    });
    expect(shapeOf('TreeB')).toEqual({
      kind: 'object',
      properties: [{ name: 'a', optional: false, shape: { kind: 'array', element: ref('TreeA') } }],
    });
  });

  it('resolves Partial, Pick and Omit through the checker, keeping the alias name', () => {
    expect(property('Product', 'draft')?.shape).toEqual(ref('Draft'));
    expect(shapeOf('Draft')).toEqual({
      kind: 'object',
      properties: [
        { name: 'street', optional: true, shape: STRING },
        { name: 'city', optional: true, shape: STRING },
      ],
    });
    expect(shapeOf('Summary')).toEqual({
      kind: 'object',
      properties: [
        { name: 'street', optional: false, shape: STRING },
        { name: 'city', optional: false, shape: STRING },
      ],
    });
  });

  it('merges an intersection of object types', () => {
    expect(propertiesOf('Located').map((p) => [p.name, p.optional])).toEqual([
      ['street', false],
      ['city', false],
      ['zip', true],
      ['lat', false],
      ['lng', false],
    ]);
    expect(shapeOf('Patch')).toEqual({
      kind: 'object',
      properties: [
        { name: 'name', optional: true, shape: STRING },
        { name: 'address', optional: true, shape: ref('Address') },
        { name: 'reason', optional: false, shape: STRING },
      ],
    });
  });

  it('takes a named union of object types as a body', () => {
    expect(shapeOf('Shipment')).toEqual({
      kind: 'union',
      members: [ref('Address'), ref('Category')],
    });
  });

  it("keeps a class's public instance properties only", () => {
    expect(shapeOf('Dimensions')).toEqual({
      kind: 'object',
      properties: [
        { name: 'width', optional: false, shape: NUMBER },
        { name: 'height', optional: true, shape: NUMBER },
      ],
    });
  });
});
