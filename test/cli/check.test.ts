// `--check`'s report, over text in the real emitter's shape (cli/emit/render.ts) and broken text.
import { describe, expect, it } from 'vitest';
import { compareBindings, formatMissing, formatStale, hunk } from '../../cli/check.js';
import { render } from '../../cli/emit/render.js';
import type { AppModel } from '../../cli/ir.js';
import { parseSections } from '../../cli/sections.js';
import { appModel, bodyParam, controller, handler, objectType } from './support/models.js';

const OUT = 'app/bindings.ts';

function users(handlers = [handler('list', 'GET', '/users'), handler('get', 'GET', '/users/:id')]) {
  return controller('UserController', 'app/users.ts', handlers);
}
const orders = controller('OrderController', 'app/orders.ts', [
  handler('place', 'POST', '/orders', [bodyParam('app/orders#PlaceOrder')]),
]);
const types = [objectType('app/orders#PlaceOrder', ['sku'])];
const base = appModel([users(), orders], types);

const report = (before: AppModel, after: AppModel): string =>
  formatStale(OUT, compareBindings(render(before, OUT), render(after, OUT)));

describe('--check: which handlers differ', () => {
  it('names a changed handler with its route', () => {
    const after = appModel(
      [
        users([
          handler('list', 'GET', '/users'),
          handler('get', 'GET', '/users/:id', [], ['app/users.ts', 12]),
        ]),
        orders,
      ],
      types,
    );
    expect(report(base, after)).toBe(
      'fwgen: app/bindings.ts is stale:\n' +
        '  changed: UserController.get (GET /users/:id)\n' +
        'Run fwgen without --check to update it.\n',
    );
  });

  it('shows the old route of a handler whose route changed', () => {
    const after = appModel(
      [users([handler('list', 'GET', '/users'), handler('get', 'GET', '/users/:uid')]), orders],
      types,
    );
    expect(report(base, after)).toBe(
      'fwgen: app/bindings.ts is stale:\n' +
        '  changed: UserController.get (GET /users/:uid, was GET /users/:id)\n' +
        'Run fwgen without --check to update it.\n',
    );
  });

  it('names added and removed handlers', () => {
    const after = appModel(
      [
        users([handler('list', 'GET', '/users'), handler('remove', 'DELETE', '/users/:id')]),
        orders,
      ],
      types,
    );
    expect(report(base, after)).toBe(
      'fwgen: app/bindings.ts is stale:\n' +
        '  added: UserController.remove (DELETE /users/:id)\n' +
        '  removed: UserController.get (GET /users/:id)\n' +
        'Run fwgen without --check to update it.\n',
    );
  });

  it('lists every handler of a new controller, and the imports do not add noise', () => {
    expect(report(appModel([users()]), appModel([users(), orders], types))).toBe(
      'fwgen: app/bindings.ts is stale:\n' +
        '  added: OrderController.place (POST /orders)\n' +
        '  validators added: app/orders#PlaceOrder\n' +
        'Run fwgen without --check to update it.\n',
    );
  });

  it('names a controller whose own fields changed', () => {
    const moved = { ...orders, at: { ...orders.at, line: 9 } };
    expect(report(base, appModel([users(), moved], types))).toBe(
      'fwgen: app/bindings.ts is stale:\n' +
        '  controllers changed: OrderController\n' +
        'Run fwgen without --check to update it.\n',
    );
  });

  it('names a changed validator by its type id', () => {
    const after = appModel(
      [users(), orders],
      [objectType('app/orders#PlaceOrder', ['sku', 'qty'])],
    );
    expect(report(base, after)).toBe(
      'fwgen: app/bindings.ts is stale:\n' +
        '  validators changed: app/orders#PlaceOrder\n' +
        'Run fwgen without --check to update it.\n',
    );
  });

  it('names a removed controller with no handlers', () => {
    const empty = controller('EmptyController', 'app/empty.ts', []);
    expect(report(appModel([empty, ...base.controllers], types), base)).toBe(
      'fwgen: app/bindings.ts is stale:\n' +
        '  controllers removed: EmptyController\n' +
        'Run fwgen without --check to update it.\n',
    );
  });
});

describe('--check: fallback to lines', () => {
  it('gives the differing lines when no section differs (an edited header)', () => {
    const text = render(base, OUT);
    const edited = text.replace(/^\/\/ .*\n/, '// edited by hand\n');
    expect(formatStale(OUT, compareBindings(edited, text))).toBe(
      'fwgen: app/bindings.ts is stale:\n' +
        '  lines differ: @@ -1,1 +1,1 @@\n' +
        'Run fwgen without --check to update it.\n',
    );
  });

  it('gives the differing lines when the file on disk does not parse', () => {
    const text = render(base, OUT);
    const lines = text.split('\n');
    const broken = [...lines.slice(0, 20), '  controllers: [[[', ...lines.slice(20)].join('\n');
    expect(compareBindings(broken, text).lines).toBe('@@ -21,1 +20,0 @@');
  });

  it.each([
    ['a\nb\nc\n', 'a\nB\nc\n', '@@ -2,1 +2,1 @@'],
    ['a\nc\n', 'a\nb\nc\n', '@@ -1,0 +2,1 @@'],
    ['a\nb\nc\n', 'a\nc\n', '@@ -2,1 +1,0 @@'],
    ['', 'a\n', '@@ -0,0 +1,1 @@'],
  ])('hunk(%j, %j) is %s', (a, b, want) => {
    expect(hunk(a, b)).toBe(want);
  });
});

describe('sections of generated text', () => {
  it('reads handler names, methods and paths, skipping strings, templates and comments', () => {
    const text = `
// app/x#T
function checkT(v: unknown): unknown { return v === '}' ? \`\${'{'}\` : v; /* { */ }
export const bindings = { controllers: [defineController({ name: 'C', handlers: [
  { name: 'a', method: 'GET', path: '/a\\'}', params: [{ name: 'p' }] },
  { name: "b", method: 'EVENT', path: 'x.y' },
] })] };`;
    const sections = parseSections(text);
    expect(
      [...(sections?.controllers.get('C')?.handlers.values() ?? [])].map((h) => [
        h.key,
        h.method,
        h.path,
      ]),
    ).toEqual([
      ['C.a', 'GET', "/a'}"],
      ['C.b', 'EVENT', 'x.y'],
    ]);
    expect([...(sections?.validators.keys() ?? [])]).toEqual(['app/x#T']);
  });

  it.each([
    ['unbalanced', 'const x = { a: [1 };'],
    ['unterminated string', "const s = 'abc\n"],
    ['open comment', '/* x'],
  ])('does not parse %s text', (_name, text) => {
    expect(parseSections(text)).toBeUndefined();
  });
});

describe('--check: a missing file', () => {
  it('says so and how to fix it', () => {
    expect(formatMissing(OUT)).toBe(
      'fwgen: app/bindings.ts is missing.\nRun fwgen without --check to write it.\n',
    );
  });
});
