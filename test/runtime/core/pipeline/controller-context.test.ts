import type { ControllerContext, ExecutionContext } from 'fw/core';
import { controllerContext, PARAMS_KEY } from 'fw/core';
import { consumerContext, httpContext, webSocketContext } from 'fw/testing';
import { describe, expect, it } from 'vitest';

type Case<G, W> = [name: string, { given: G; want: W }];

/**
 * Whether `target` can be reached from `start` through own properties (string and symbol keys, the
 * values of getters too), prototypes and the properties of functions: every path short of a call.
 */
function reaches(start: unknown, target: unknown): boolean {
  const seen = new Set<unknown>();
  const queue: unknown[] = [start];
  while (queue.length > 0) {
    const value = queue.shift();
    if (value === target) return true;
    if ((typeof value !== 'object' && typeof value !== 'function') || value === null) continue;
    if (seen.has(value)) continue;
    seen.add(value);
    queue.push(Object.getPrototypeOf(value));
    for (const key of Reflect.ownKeys(value)) {
      const d = Object.getOwnPropertyDescriptor(value, key);
      if (d !== undefined) queue.push(d.value, d.get, d.set);
      try {
        queue.push(Reflect.get(value, key));
      } catch {
        // a getter that refuses this receiver, such as Function.prototype.caller
      }
    }
  }
  return false;
}

const KINDS: Case<() => ExecutionContext, true>[] = [
  ['HTTP', { given: () => httpContext({ url: '/' }), want: true }],
  ['consumer', { given: () => consumerContext('e'), want: true }],
  ['WebSocket', { given: () => webSocketContext({ path: '/ws' }), want: true }],
];

// API.md section 4: controllerContext(ctx) has get and has only, with no path back to ctx.
describe('the shape of controllerContext()', () => {
  it.each(KINDS)('%s: exactly get and has', (_name, { given, want }) => {
    const view = controllerContext(given());
    expect(Object.keys(view)).toEqual(['get', 'has']);
    expect(Reflect.ownKeys(view)).toEqual(['get', 'has']);
    expect('set' in view).toBe(!want);
  });

  it.each(KINDS)('%s: nothing in it leads back to the context', (_name, { given, want }) => {
    const ctx = given();
    expect(reaches(controllerContext(ctx), ctx)).toBe(!want);
  });

  it.each(KINDS)(
    '%s: what is written on a view reaches neither the context nor another view',
    (_name, { given }) => {
      const ctx = given();
      const view = controllerContext(ctx) as ControllerContext & { set?: unknown };
      view.set = (key: string) => key;
      Object.assign(view, { get: () => 'forged' });
      expect(ctx.get('k')).toBeUndefined();
      expect('set' in controllerContext(ctx)).toBe(false);
      ctx.set('k', 1);
      expect(controllerContext(ctx).get('k')).toBe(1);
    },
  );

  // The walk itself must be able to find a leak.
  const leaks: Case<(ctx: ExecutionContext) => unknown, boolean>[] = [
    ['a property', { given: (ctx) => ({ get: () => 1, ctx }), want: true }],
    ['a nested property', { given: (ctx) => ({ inner: { deep: [ctx] } }), want: true }],
    ['a symbol key', { given: (ctx) => ({ [Symbol('c')]: ctx }), want: true }],
    [
      'a getter',
      { given: (ctx) => Object.defineProperty({}, 'x', { get: () => ctx }), want: true },
    ],
    ['a prototype', { given: (ctx) => Object.create(ctx), want: true }],
    [
      'a function property',
      { given: (ctx) => ({ get: Object.assign(() => 1, { ctx }) }), want: true },
    ],
    ['nothing but a closure', { given: (ctx) => ({ get: () => ctx }), want: false }],
  ];
  it.each(leaks)('the walk: a context behind %s', (_name, { given, want }) => {
    const ctx = consumerContext('e');
    expect(reaches(given(ctx), ctx)).toBe(want);
  });
});

// API.md section 4: the view delegates get and has to the context, including later sets.
describe('controllerContext() delegates', () => {
  type Given = { before: [string, unknown][]; after: [string, unknown][]; key: string };
  const cases: Case<Given, { get: unknown; has: boolean }>[] = [
    [
      'missing',
      { given: { before: [], after: [], key: 'k' }, want: { get: undefined, has: false } },
    ],
    [
      'set before the view',
      { given: { before: [['k', 1]], after: [], key: 'k' }, want: { get: 1, has: true } },
    ],
    [
      'set after the view',
      { given: { before: [], after: [['k', 2]], key: 'k' }, want: { get: 2, has: true } },
    ],
    [
      'replaced after the view',
      { given: { before: [['k', 1]], after: [['k', 2]], key: 'k' }, want: { get: 2, has: true } },
    ],
    [
      'undefined but present',
      {
        given: { before: [], after: [['k', undefined]], key: 'k' },
        want: { get: undefined, has: true },
      },
    ],
    [
      'a reserved key',
      {
        given: { before: [], after: [[PARAMS_KEY, { id: '7' }]], key: PARAMS_KEY },
        want: { get: { id: '7' }, has: true },
      },
    ],
  ];
  for (const [kind, { given: make }] of KINDS) {
    it.each(cases)(`${kind}: %s`, (_name, { given, want }) => {
      const ctx = make();
      for (const [k, value] of given.before) ctx.set(k, value);
      const view = controllerContext(ctx);
      for (const [k, value] of given.after) ctx.set(k, value);
      expect({ get: view.get(given.key), has: view.has(given.key) }).toEqual(want);
    });
  }

  it('hands out the very value stored', () => {
    const ctx = consumerContext('e');
    const user = { id: 7 };
    ctx.set('auth.user', user);
    expect(controllerContext(ctx).get<{ id: number }>('auth.user')).toBe(user);
  });

  it('works with the methods detached', () => {
    const ctx = consumerContext('e');
    const { get, has } = controllerContext(ctx);
    ctx.set('k', 'v');
    expect([get('k'), has('k')]).toEqual(['v', true]);
  });
});
