// The invoker's casts: each argument typed as its resolver produces it, with the imports it needs.
import { describe, expect, it } from 'vitest';
import { render } from '../../../cli/emit/render.js';
import type { ParamModel, TypePart } from '../../../cli/ir.js';
import {
  app,
  controller,
  fileRef,
  handler,
  named,
  object,
  packageRef,
  param,
  s,
} from './builder.js';

const PAGE = 'src/dto#Page<src/dto#User>';

/** A body parameter of type `id`, cast as `cast` says (no cast: the bindings cannot name it). */
function body(id: string, cast?: readonly TypePart[], optional = false): ParamModel {
  return { ...param(0, 'body', id, { validate: id, optional }), ...(cast && { cast }) };
}

/** The module generated for controller `A` (src/a.ts) with one handler `m` taking `params`. */
function generated(params: ParamModel[], others = [controller('B', 'src/b.ts')]): string {
  const types = [...new Set(params.flatMap((p) => p.validate ?? []))].map((id) =>
    named(id, object({ n: s.number })),
  );
  const a = controller('A', 'src/a.ts', [handler('m', 'POST', '/', params)]);
  return render(app([a, ...others], types), 'src/bindings.ts');
}

const imports = (text: string): string[] =>
  text.split('\n').filter((line) => line.startsWith('import ') || line.startsWith('  type '));
const invoke = (text: string): string | undefined =>
  text.split('\n').find((line) => line.includes('invoke:'));

describe('invoker casts', () => {
  it("imports a body's type with `type`, beside a class of the same module", () => {
    const text = generated([body('src/b#Order', [fileRef('src/b.ts', 'Order')])]);
    expect(imports(text)).toContain("import { B, type Order } from './b.js';");
    expect(invoke(text)).toBe('          invoke: (c, a) => c.m(a[0] as Order),');
  });

  it('writes a generic instantiation with its arguments, a package type by its package', () => {
    const cast = [fileRef('src/dto.ts', 'Page'), '<', packageRef('@acme/types', 'User'), '>'];
    const text = generated([body(PAGE, cast)]);
    expect(imports(text)).toEqual(
      expect.arrayContaining([
        "import type { User } from '@acme/types';",
        "import type { Page } from './dto.js';",
      ]),
    );
    expect(invoke(text)).toBe('          invoke: (c, a) => c.m(a[0] as Page<User>),');
  });

  it('aliases a type whose name a class or another type has', () => {
    const cast = [fileRef('src/dto.ts', 'B')];
    const text = generated([body('src/dto#B', cast)]);
    expect(imports(text)).toEqual(
      expect.arrayContaining([
        "import { B } from './b.js';",
        "import type { B as B_2 } from './dto.js';",
      ]),
    );
    expect(invoke(text)).toBe('          invoke: (c, a) => c.m(a[0] as B_2),');
  });

  it('keeps a global the cast names for itself: a class of that name is aliased', () => {
    const cast = [fileRef('src/dto.ts', 'Stamped'), '<Date>'];
    const text = generated(
      [body('src/dto#Stamped<lib#Date>', cast)],
      [controller('Date', 'src/b.ts')],
    );
    expect(imports(text)).toContain("import { Date as Date_2 } from './b.js';");
    expect(invoke(text)).toBe('          invoke: (c, a) => c.m(a[0] as Stamped<Date>),');
  });

  it("imports fw's types from their modules and adds `| undefined` to an optional one", () => {
    const text = generated([
      param(0, 'q', 'fw/query#Values'),
      param(1, 'page', 'fw/query#Pagination', { optional: true }),
      param(2, 'ctx', 'fw/core#HttpRequestContext'),
    ]);
    expect(imports(text)).toEqual(
      expect.arrayContaining([
        "import type { HttpRequestContext } from 'fw/core';",
        "import type { Pagination, Values } from 'fw/query';",
      ]),
    );
    expect(invoke(text)).toBe(
      '          invoke: (c, a) => c.m(a[0] as Values, a[1] as Pagination | undefined, a[2] as HttpRequestContext),',
    );
  });

  it('parenthesizes an optional function type before `| undefined`', () => {
    const text = generated([body('src/dto#Fn', ['() => ', fileRef('src/dto.ts', 'Fn')], true)]);
    expect(invoke(text)).toContain('a[0] as (() => Fn) | undefined');
  });

  it("falls back to the method's own parameter type when the bindings cannot name it", () => {
    const text = generated([body('src/dto#Hidden')]);
    expect(invoke(text)).toBe("          invoke: (c, a) => c.m(a[0] as Parameters<A['m']>[0]),");
  });
});
