// Response writers: their text, and what the generated functions write, against JSON.stringify.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { render } from '../../../cli/emit/render.js';
import type { NamedType, Shape } from '../../../cli/ir.js';
import { runs } from '../../fuzz/support.js';
import {
  app,
  array,
  controller,
  handler,
  literal,
  named,
  object,
  ref,
  s,
  union,
} from './builder.js';
import { loadWriters, removeGenerated } from './generated.js';

/** The module's writer functions, as text, for handlers answering `answers`. */
function writers(answers: readonly Shape[], responses: readonly NamedType[] = []): string {
  const handlers = answers.map((response, i) => ({
    ...handler(`h${i}`, 'GET', `/${i}`, [], { line: i + 2 }),
    response,
  }));
  const model = { ...app([controller('A', 'src/a.ts', handlers)]), responses };
  const text = render(model, 'src/bindings.ts');
  return text.slice(text.indexOf('\n\n') + 2, text.indexOf('\n\nexport const'));
}

const ITEM = named(
  'src/a#Item',
  object({ id: s.number, name: s.string, 'tags?': array(s.string), owner: ref('src/a#Owner') }),
);
const OWNER = named('src/a#Owner', object({ login: s.string, constructor: s.string }));

describe('writer functions', () => {
  it('writes a named type once, its properties in order, own() for inherited names', () => {
    expect(writers([ref('src/a#Item'), array(ref('src/a#Item'))], [ITEM, OWNER])).toBe(
      [
        '// src/a#Item',
        'function writeItem(v: unknown): string | undefined {',
        '  if (!isJsonObject(v)) return writeOther(v, writeItem);',
        `  let out = first('{"id":', writeNumber(v['id']));`,
        `  out = member(out, ',"name":', writeString(v['name']));`,
        `  out = member(out, ',"tags":', writeArray(v['tags'], writeString));`,
        `  out = member(out, ',"owner":', writeOwner(v['owner']));`,
        '  return object(out);',
        '}',
        '',
        '// src/a#Owner',
        'function writeOwner(v: unknown): string | undefined {',
        '  if (!isJsonObject(v)) return writeOther(v, writeOwner);',
        `  let out = first('{"login":', writeString(v['login']));`,
        `  out = member(out, ',"constructor":', writeString(own(v, 'constructor')));`,
        '  return object(out);',
        '}',
        '',
        'function writeA_h1(v: unknown): string | undefined {',
        '  return writeArray(v, writeItem);',
        '}',
      ].join('\n'),
    );
  });

  it('declares out with const for an object of one property', () => {
    expect(writers([object({ only: s.number })])).toContain(
      [`  const out = first('{"only":', writeNumber(v['only']));`, '  return object(out);'].join(
        '\n',
      ),
    );
  });

  it('names nested objects after their property, and leaves unions of primitives, dates and unknowns to json', () => {
    const text = writers([
      object({
        box: object({}),
        at: s.date,
        either: union(s.string, s.number),
        x: s.unknown,
        'content-type': object({}),
      }),
    ]);
    expect(text).toContain('function writeA_h0_box(v: unknown): string | undefined {');
    expect(text).toContain('function writeA_h0_content_type(v: unknown): string | undefined {');
    expect(text).toContain(
      "  if (!isJsonObject(v)) return writeOther(v, writeA_h0_box);\n  return '{}';",
    );
    expect(text).toContain(`out = member(out, ',"at":', json(v['at']));`);
    expect(text).toContain(`out = member(out, ',"either":', json(v['either']));`);
    expect(text).toContain(`out = member(out, ',"x":', json(v['x']));`);
  });
});

describe('writers of bigints', () => {
  it('write a bigint, and a union of it with primitives, by writeBigint', () => {
    const text = writers([
      object({
        id: s.bigint,
        maybe: union(s.bigint, s.null),
        list: array(s.bigint),
        either: union(s.bigint, object({ a: s.string })),
      }),
      s.bigint,
      union(s.bigint, s.null),
    ]);
    expect(text).toContain(`let out = first('{"id":', writeBigint(v['id']));`);
    expect(text).toContain(`out = member(out, ',"maybe":', writeBigint(v['maybe']));`);
    expect(text).toContain(`out = member(out, ',"list":', writeArray(v['list'], writeBigint));`);
    // Beside an object, the object's writer writes a bigint handed to it (writeOther).
    expect(text).toContain(`out = member(out, ',"either":', writeA_h0_either(v['either']));`);
    // A bare bigint answer, or one beside null, is written by writeBigint itself.
    expect(text).not.toContain('function writeA_h1');
    expect(text).not.toContain('function writeA_h2');
  });

  it('write bigints as strings of digits, exactly, through the generated code', async () => {
    const answers: Shape[] = [
      object({
        id: s.bigint,
        list: array(s.bigint),
        either: union(s.bigint, object({ a: s.string })),
      }),
    ];
    const [write] = await loadWriters('writers-bigint', answers, []);
    onTestFinished(() => removeGenerated('writers-bigint'));
    expect(write?.({ id: 2n ** 64n, list: [-1n, 0n], either: 9007199254740993n })).toBe(
      '{"id":"18446744073709551616","list":["-1","0"],"either":"9007199254740993"}',
    );
    expect(write?.({ id: 1n, list: [], either: { a: 'x', b: 'y' } })).toBe(
      '{"id":"1","list":[],"either":{"a":"x"}}',
    );
  });
});

describe('generated writers', () => {
  const answers: Shape[] = [
    ref('src/a#Item'),
    array(ref('src/a#Item')),
    object({ kind: literal('box'), n: literal(3), on: literal(true), 'note?': s.string }),
    array(array(s.number)),
  ];
  let write: ((v: unknown) => string | undefined)[] = [];
  beforeAll(async () => {
    write = await loadWriters('writers', answers, [ITEM, OWNER]);
  });
  afterAll(() => removeGenerated('writers'));

  const text = fc.string({ unit: 'grapheme-composite', maxLength: 12 });
  const owner = fc.record({ login: text, constructor: text });
  const item = fc.record(
    {
      id: fc.oneof(fc.integer(), fc.double()),
      name: fc.oneof(text, fc.string({ unit: 'binary', maxLength: 70 })),
      tags: fc.array(text, { maxLength: 4 }),
      owner,
    },
    { requiredKeys: ['id', 'name', 'owner'] },
  );

  it('writes what JSON.stringify writes for values of the declared type, keys in declared order', () => {
    fc.assert(
      fc.property(item, fc.array(item, { maxLength: 4 }), (one, many) => {
        expect(write[0]?.(one)).toBe(JSON.stringify(one));
        expect(write[1]?.(many)).toBe(JSON.stringify(many));
      }),
      { numRuns: runs(500) },
    );
    expect(write[2]?.({ kind: 'box', n: 3, on: true })).toBe('{"kind":"box","n":3,"on":true}');
    expect(write[3]?.([[1, 2], [], [Number.NaN]])).toBe('[[1,2],[],[null]]');
  });

  it('sends the declared properties only, in declared order, and absent ones not at all', () => {
    const value = { extra: 'x', owner: { login: 'l', password: 'p' }, name: 'n', id: 1 };
    expect(write[0]?.(value)).toBe('{"id":1,"name":"n","owner":{"login":"l"}}');
    expect(write[2]?.({ on: false, kind: 'box', n: 3, note: undefined })).toBe(
      '{"kind":"box","n":3,"on":false}',
    );
  });

  it('writes a value of another type than declared as JSON.stringify does', () => {
    const odd = fc.oneof(
      fc.constantFrom(null, undefined, 0, 'x', true, new Date(0), [1], () => 1),
      fc.record({ id: fc.string(), name: fc.integer(), owner: fc.constantFrom(null, [], 'o') }),
    );
    fc.assert(
      fc.property(odd, (v) => {
        const ordered =
          typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof Date)
            ? { id: v.id, name: v.name, owner: v.owner }
            : v;
        expect(write[0]?.(v)).toBe(JSON.stringify(ordered));
      }),
      { numRuns: runs(300) },
    );
    expect(write[0]?.({ toJSON: () => 'mine' })).toBe('"mine"');
    expect(write[1]?.([undefined, () => 1])).toBe('[null,null]');
  });
});
