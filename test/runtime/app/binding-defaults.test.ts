// Bindings may leave out what is the default (no interceptors, a parameter's index and optional);
// resolvers still receive the whole ParameterMeta, and bindings that spell them out work as before.
import { type Bindings, createApp, defineController, type ParameterBinding } from 'fw';
import type { ArgumentResolver, Interceptor, ParameterMeta } from 'fw/core';
import { describe, expect, it } from 'vitest';

class Items {
  show(id: unknown, flag: unknown): string {
    return `${String(id)} ${String(flag)}`;
  }
}

/** One `GET /items/:id` handler taking `params`, answered by `Items.show`. */
const bindingsWith = (params: readonly ParameterBinding[]): Bindings => ({
  version: 2,
  controllers: [
    defineController({
      type: Items,
      name: 'Items',
      handlers: [
        {
          name: 'show',
          method: 'GET',
          path: '/items/:id',
          params,
          invoke: (c, a) => c.show(a[0], a[1]),
        },
      ],
    }),
  ],
});

/** The parameters resolvers were offered at start-up, and the answer to `GET /items/7`. */
async function seen(params: readonly ParameterBinding[]): Promise<[ParameterMeta[], string]> {
  const offered: ParameterMeta[] = [];
  const recorder: ArgumentResolver = {
    supports: (pm) => {
      offered.push(pm);
      return pm.name === 'flag';
    },
    resolve: (_ctx, pm) => `flag ${pm.index} ${pm.optional}`,
  };
  const app = createApp({ bindings: bindingsWith(params), resolvers: [recorder] });
  const res = await app.inject({ url: '/items/7' });
  await app.close();
  return [offered, res.body];
}

describe('parameter defaults', () => {
  it.each<[string, { given: ParameterBinding[]; want: ParameterMeta[] }]>([
    [
      'left out: index is the position, optional is false',
      {
        given: [
          { name: 'id', type: 'string', pathKey: 'id' },
          { name: 'flag', type: 'test#Flag' },
        ],
        want: [
          { index: 0, name: 'id', type: 'string', pathKey: 'id', optional: false },
          { index: 1, name: 'flag', type: 'test#Flag', optional: false },
        ],
      },
    ],
    [
      'spelled out: kept as written',
      {
        given: [
          { index: 0, name: 'id', type: 'string', pathKey: 'id', optional: false },
          { index: 1, name: 'flag', type: 'test#Flag', optional: true },
        ],
        want: [
          { index: 0, name: 'id', type: 'string', pathKey: 'id', optional: false },
          { index: 1, name: 'flag', type: 'test#Flag', optional: true },
        ],
      },
    ],
  ])('%s', async (_name, { given, want }) => {
    const [offered] = await seen(given);
    expect(offered).toEqual(want);
  });

  it('passes the filled-in parameter to resolve', async () => {
    const [, body] = await seen([
      { name: 'id', type: 'string', pathKey: 'id' },
      { name: 'flag', type: 'test#Flag' },
    ]);
    expect(body).toBe('7 flag 1 false');
  });
});

describe('interceptor defaults', () => {
  const calls: string[] = [];
  class Mark implements Interceptor {
    preHandle(): void {
      calls.push('mark');
    }
  }

  it.each<[string, { controller?: (typeof Mark)[]; handler?: (typeof Mark)[]; want: string[] }]>([
    ['left out on both: none run', { want: [] }],
    ['empty on both: none run', { controller: [], handler: [], want: [] }],
    ['on the controller only', { controller: [Mark], want: ['mark'] }],
    ['on the handler only', { handler: [Mark], want: ['mark'] }],
  ])('%s', async (_name, { controller, handler, want }) => {
    calls.length = 0;
    const bindings: Bindings = {
      version: 2,
      controllers: [
        defineController({
          type: Items,
          name: 'Items',
          ...(controller && { interceptors: controller }),
          handlers: [
            {
              name: 'show',
              method: 'GET',
              path: '/items',
              params: [],
              ...(handler && { interceptors: handler }),
              invoke: () => 'ok',
            },
          ],
        }),
      ],
    };
    const app = createApp({ bindings });
    const res = await app.inject({ url: '/items' });
    await app.close();
    expect(res.body).toBe('ok');
    expect(calls).toEqual(want);
  });
});
