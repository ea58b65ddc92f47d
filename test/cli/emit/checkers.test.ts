// Checker functions as text: names, comments, signatures.
import { describe, expect, it } from 'vitest';
import { render } from '../../../cli/emit/render.js';
import type { NamedType } from '../../../cli/ir.js';
import {
  app,
  array,
  controller,
  handler,
  literal,
  named,
  object,
  param,
  s,
  union,
} from './builder.js';

/** The module's text between the imports and the bindings, for types all checked by parameters. */
function checkers(types: NamedType[]): string {
  const handlers = types.map((t) =>
    handler('h', 'POST', '/', [param(0, 'b', t.id, { validate: t.id })]),
  );
  const text = render(app([controller('A', 'src/a.ts', handlers)], types), 'src/bindings.ts');
  return text.slice(text.indexOf('\n\n') + 2, text.indexOf('\n\nexport const'));
}

/** The `function` lines of the module. */
const functions = (types: NamedType[]): string[] =>
  checkers(types)
    .match(/^function \w+/gm)
    ?.map((f) => f.slice('function '.length)) ?? [];

describe('checker functions', () => {
  it('writes a literal union as comparisons, the type id above, the validator below', () => {
    expect(checkers([named('src/a#Size', union(literal('S'), literal('M')))])).toBe(
      [
        '// src/a#Size',
        'function checkSize(v: unknown, issues: Issues, key: Key): unknown {',
        "  if (v === 'S' || v === 'M') return v;",
        `  return fail(v, issues, key, 'expected "S" or "M"');`,
        '}',
        'const validateSize = validator(checkSize);',
      ].join('\n'),
    );
  });

  it('writes a nullable anonymous object once, and checks it only for an object', () => {
    expect(checkers([named('src/a#Box', union(object({ x: s.string }), s.null))])).toBe(
      [
        '// src/a#Box',
        'function checkBox(v: unknown, issues: Issues, key: Key): unknown {',
        '  if (v === null) return v;',
        '  if (isObject(v)) return checkBox_0(v, issues, key);',
        "  return fail(v, issues, key, 'expected an object or null');",
        '}',
        'const validateBox = validator(checkBox);',
        '',
        'function checkBox_0(v: unknown, issues: Issues, key: Key): unknown {',
        "  if (!isObject(v)) return fail(v, issues, key, 'expected an object');",
        '  const n = issues.length;',
        '  const out: Record<string, unknown> = {};',
        "  out['x'] = string(v['x'], issues, 'x');",
        '  return prefix(issues, n, key, out);',
        '}',
      ].join('\n'),
    );
  });

  it('writes a long literal test on one line: the file is laid out in fixed shapes, not by width', () => {
    const states = ['pending-approval', 'approved-by-manager', 'rejected-by-manager', 'archived'];
    const text = checkers([named('src/a#State', union(...states.map((v) => literal(v))))]);
    expect(text.split('\n')[2]).toBe(
      `  if (${states.map((v) => `v === '${v}'`).join(' || ')}) return v;`,
    );
  });

  it('suffixes types of the same name in id order', () => {
    const types = [named('src/b#User', object({})), named('src/a#User', object({}))];
    expect(functions(types)).toEqual(['checkUser', 'checkUser_2']);
    expect(checkers(types)).toContain('// src/a#User\nfunction checkUser(');
    expect(checkers(types)).toContain('const validateUser_2 = validator(checkUser_2);');
  });

  it('names nested shapes by their place, after the type that holds them', () => {
    const shape = object({
      size: union(literal('S'), literal('M')),
      grid: array(array(s.number)),
      'content-type': object({ x: s.string }),
    });
    expect(functions([named('src/a#Box', shape)])).toEqual([
      'checkBox',
      'checkBox_size',
      'checkBox_grid_item',
      'checkBox_content_type',
    ]);
  });

  it('keeps type names first when a nested name would take one', () => {
    const types = [
      named('src/a#Box', object({ size: union(literal('S'), s.null) })),
      named('src/a#Box_size', object({})),
    ];
    expect(functions(types)).toEqual(['checkBox', 'checkBox_size_2', 'checkBox_size']);
  });

  it('writes a signature on one line, however long', () => {
    const type = named(
      'src/a#AVeryLongTypeNameForAnOrder',
      object({ alternativeDeliveryAddress: object({}) }),
    );
    expect(checkers([type])).toContain(
      [
        'function checkAVeryLongTypeNameForAnOrder_alternativeDeliveryAddress(v: unknown, issues: Issues, key: Key): unknown {',
        "  if (!isObject(v)) return fail(v, issues, key, 'expected an object');",
        '  return {};',
        '}',
      ].join('\n'),
    );
  });
});
