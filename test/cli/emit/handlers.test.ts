// The bindings object: controllers, handlers, parameters and invokers, as text.
import { describe, expect, it } from 'vitest';
import { render } from '../../../cli/emit/render.js';
import type { HandlerModel, ParamModel } from '../../../cli/ir.js';
import { app, controller, fileRef, handler, named, object, param, s } from './builder.js';

const BODY = 'src/orders/dto#PlaceOrder';
const PLACE_ORDER = fileRef('src/orders/dto.ts', 'PlaceOrder');

/** The lines of the first handler object, without its braces. */
function handlerLines(h: HandlerModel): string {
  const types = [named(BODY, object({ n: s.number }))];
  const text = render(app([controller('A', 'src/a.ts', [h])], types), 'src/bindings.ts');
  const start = text.indexOf('        {\n') + '        {\n'.length;
  return text.slice(start, text.indexOf('\n        },\n'));
}

/** The `params:` and `invoke:` lines of a handler `m` with these parameters. */
const tail = (params: ParamModel[], name = 'm'): string => {
  const lines = handlerLines(handler(name, 'GET', '/', params));
  return lines.slice(lines.indexOf('          params:'));
};

describe('controllers', () => {
  it('writes a controller with its interceptors and each handler with its own', () => {
    const c = controller(
      'UserController',
      'src/users.ts',
      [
        handler('get', 'GET', '/users/:id', [], {
          line: 9,
          interceptors: [fileRef('src/audit.ts', 'Audit')],
        }),
      ],
      {
        line: 7,
        interceptors: [fileRef('src/timing.ts', 'Timing'), fileRef('src/audit.ts', 'Audit')],
      },
    );
    const text = render(app([c]), 'src/bindings.ts');
    expect(text.slice(text.indexOf('export const'))).toBe(
      [
        'export const bindings: Bindings = {',
        '  version: 3,',
        '  controllers: [',
        '    defineController({',
        '      type: UserController,',
        "      name: 'UserController',",
        "      source: 'src/users.ts:7',",
        '      interceptors: [Timing, Audit],',
        '      handlers: [',
        '        {',
        "          name: 'get',",
        "          method: 'GET',",
        "          path: '/users/:id',",
        "          source: 'src/users.ts:9',",
        '          interceptors: [Audit],',
        '          params: [],',
        '          invoke: (c) => c.get(),',
        '        },',
        '      ],',
        '    }),',
        '  ],',
        '};',
        '',
      ].join('\n'),
    );
  });

  it.each([
    [{ kind: 'broadcast' } as const, '      delivery: { broadcast: true },'],
    [{ kind: 'group', group: 'billing' } as const, "      delivery: { group: 'billing' },"],
  ])("writes an event consumer's delivery %o after its source", (delivery, line) => {
    const c = controller('Feed', 'src/feed.ts', [handler('on', 'EVENT', 'order.placed')]);
    const text = render(app([{ ...c, kind: 'events', delivery }]), 'src/bindings.ts');
    expect(text).toContain(`      source: 'src/feed.ts:1',\n${line}\n      handlers: [\n`);
  });

  it('leaves out interceptors where there are none', () => {
    const c = controller('Plain', 'src/plain.ts', [handler('get', 'GET', '/')]);
    expect(render(app([c]), 'src/bindings.ts')).not.toContain('interceptors');
  });

  it('quotes a path with a single quote in double quotes', () => {
    expect(handlerLines(handler('on', 'EVENT', "user's.created"))).toContain(
      `path: "user's.created",`,
    );
  });

  it('writes a long interceptor list on one line', () => {
    const refs = ['AuthenticationInterceptor', 'AuthorizationInterceptor', 'RateLimitInterceptors'];
    const h = handler('get', 'GET', '/', [], {
      interceptors: refs.map((r) => fileRef('src/i.ts', r)),
    });
    expect(handlerLines(h)).toContain(`          interceptors: [${refs.join(', ')}],`);
  });
});

describe('parameters and invokers', () => {
  it('writes each parameter on a line of its own, without its index or optional: false', () => {
    expect(tail([param(0, 'id', 'number', { pathKey: 'id' })])).toBe(
      [
        '          params: [',
        "            { name: 'id', type: 'number', pathKey: 'id' },",
        '          ],',
        '          invoke: (c, a) => c.m(a[0] as number),',
      ].join('\n'),
    );
  });

  it('writes optional: true for an optional parameter', () => {
    expect(
      tail([
        param(0, 'q', 'fw/query#Values'),
        param(1, 'ctx', 'fw/context#Context', { optional: true }),
      ]),
    ).toBe(
      [
        '          params: [',
        "            { name: 'q', type: 'fw/query#Values' },",
        "            { name: 'ctx', type: 'fw/context#Context', optional: true },",
        '          ],',
        '          invoke: (c, a) => c.m(a[0] as Values, a[1] as Context | undefined),',
      ].join('\n'),
    );
  });

  it('writes a long parameter on one line, validate last', () => {
    expect(tail([{ ...param(0, 'body', BODY, { validate: BODY }), cast: [PLACE_ORDER] }])).toBe(
      [
        '          params: [',
        "            { name: 'body', type: 'src/orders/dto#PlaceOrder', validate: validatePlaceOrder },",
        '          ],',
        '          invoke: (c, a) => c.m(a[0] as PlaceOrder),',
      ].join('\n'),
    );
  });

  it('calls a method whose name is no identifier by index', () => {
    expect(tail([], 'remove-all')).toBe(
      "          params: [],\n          invoke: (c) => c['remove-all'](),",
    );
  });

  it('calls a method named like a keyword with a dot', () => {
    expect(tail([], 'delete')).toBe('          params: [],\n          invoke: (c) => c.delete(),');
  });

  it('writes an invoker on one line, however many arguments', () => {
    const params = Array.from({ length: 6 }, (_, i) =>
      param(i, `p${i}`, 'bigint', { pathKey: `p${i}` }),
    );
    const text = tail(params);
    expect(text.slice(text.indexOf('          invoke:'))).toBe(
      `          invoke: (c, a) => c.m(${[0, 1, 2, 3, 4, 5].map((i) => `a[${i}] as bigint`).join(', ')}),`,
    );
  });
});
