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
  ])("writes an event consumer's delivery %o after its interceptors", (delivery, line) => {
    const c = controller('Feed', 'src/feed.ts', [handler('on', 'EVENT', 'order.placed')]);
    const text = render(app([{ ...c, kind: 'events', delivery }]), 'src/bindings.ts');
    expect(text).toContain(`      interceptors: [],\n${line}\n      handlers: [\n`);
  });

  it('quotes a path with a single quote in double quotes', () => {
    expect(handlerLines(handler('on', 'EVENT', "user's.created"))).toContain(
      `path: "user's.created",`,
    );
  });

  it('breaks a long interceptor list, one class per line', () => {
    const refs = ['AuthenticationInterceptor', 'AuthorizationInterceptor', 'RateLimitInterceptors'];
    const h = handler('get', 'GET', '/', [], {
      interceptors: refs.map((r) => fileRef('src/i.ts', r)),
    });
    expect(handlerLines(h)).toContain(
      [
        '          interceptors: [',
        '            AuthenticationInterceptor,',
        '            AuthorizationInterceptor,',
        '            RateLimitInterceptors,',
        '          ],',
      ].join('\n'),
    );
  });
});

describe('parameters and invokers', () => {
  it('puts one short parameter on the params line', () => {
    expect(tail([param(0, 'id', 'number', { pathKey: 'id' })])).toBe(
      [
        "          params: [{ index: 0, name: 'id', type: 'number', pathKey: 'id', optional: false }],",
        '          invoke: (c, a) => c.m(a[0] as number),',
      ].join('\n'),
    );
  });

  it('puts several parameters one per line, each on one line when it fits', () => {
    expect(
      tail([
        param(0, 'q', 'fw/query#Values'),
        param(1, 'ctx', 'fw/context#Context', { optional: true }),
      ]),
    ).toBe(
      [
        '          params: [',
        "            { index: 0, name: 'q', type: 'fw/query#Values', optional: false },",
        "            { index: 1, name: 'ctx', type: 'fw/context#Context', optional: true },",
        '          ],',
        '          invoke: (c, a) => c.m(a[0] as Values, a[1] as Context | undefined),',
      ].join('\n'),
    );
  });

  it('writes a long parameter one field per line, validate last', () => {
    expect(tail([{ ...param(0, 'body', BODY, { validate: BODY }), cast: [PLACE_ORDER] }])).toBe(
      [
        '          params: [',
        '            {',
        '              index: 0,',
        "              name: 'body',",
        "              type: 'src/orders/dto#PlaceOrder',",
        '              optional: false,',
        '              validate: validatePlaceOrder,',
        '            },',
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

  it('breaks a long invoker after the arrow, then between arguments', () => {
    const params = (n: number) =>
      Array.from({ length: n }, (_, i) => param(i, `p${i}`, 'bigint', { pathKey: `p${i}` }));
    const invoke = (n: number) => {
      const text = tail(params(n));
      return text.slice(text.indexOf('          invoke:'));
    };
    expect(invoke(4)).toBe(
      '          invoke: (c, a) => c.m(a[0] as bigint, a[1] as bigint, a[2] as bigint, a[3] as bigint),',
    );
    expect(invoke(5)).toBe(
      [
        '          invoke: (c, a) =>',
        '            c.m(a[0] as bigint, a[1] as bigint, a[2] as bigint, a[3] as bigint, a[4] as bigint),',
      ].join('\n'),
    );
    expect(invoke(6)).toBe(
      [
        '          invoke: (c, a) =>',
        '            c.m(',
        ...[0, 1, 2, 3, 4, 5].map((i) => `              a[${i}] as bigint,`),
        '            ),',
      ].join('\n'),
    );
  });
});
