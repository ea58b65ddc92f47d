import {
  type App,
  type Bindings,
  type ControllerBinding,
  createApp,
  defineController,
  type HandlerBinding,
} from 'fw';
import {
  type ArgumentResolver,
  type ExecutionContext,
  type Interceptor,
  RESPONSE_WRITER_KEY,
  type ResponseWriter,
} from 'fw/core';
import { describe, expect, it } from 'vitest';

const bindingsOf = (...controllers: ControllerBinding[]): Bindings => ({ version: 1, controllers });

function get<C = unknown>(
  name: string,
  path: string,
  over: Partial<HandlerBinding<C>> = {},
): HandlerBinding<C> {
  return {
    name,
    method: 'GET',
    path,
    params: [],
    interceptors: [],
    invoke: () => name,
    ...over,
  };
}

/** Appends `name` to the response's `x-order` header. */
function mark(ctx: ExecutionContext, name: string): void {
  ctx.get<ResponseWriter>(RESPONSE_WRITER_KEY)?.addHeader('x-order', name);
}

async function body(app: App, url: string): Promise<string> {
  const res = await app.inject({ url });
  expect(res.status, `${url}: ${res.body}`).toBe(200);
  return res.body;
}

describe('providers', () => {
  // An instance in providers is the one the handlers run on; no second one is created.
  class Counter {
    value: number;
    constructor(value: number) {
      this.value = value;
    }
    next(): number {
      return ++this.value;
    }
  }

  it('the handler sees the provider state', async () => {
    const counter = new Counter(41);
    const bindings = bindingsOf(
      defineController<Counter>({
        type: Counter,
        name: 'Counter',
        interceptors: [],
        handlers: [get('next', '/next', { invoke: (c) => c.next() })],
      }),
    );
    const app = createApp({ bindings, providers: [counter] });
    expect(await body(app, '/next')).toBe('42');
    counter.value = 100;
    expect(await body(app, '/next')).toBe('101');
    expect(counter.value).toBe(101);
    await app.close();
  });
});

describe('route interceptors', () => {
  // One instance per class, shared by every handler that lists it; class ones run before method ones.
  it('a class listed by several handlers is created once and shared', async () => {
    let created = 0;
    class Tally implements Interceptor {
      count = 0;
      constructor() {
        created++;
      }
      preHandle(ctx: ExecutionContext) {
        ctx.get<ResponseWriter>(RESPONSE_WRITER_KEY)?.setHeader('x-count', String(++this.count));
      }
    }
    class A {}
    class B {}
    const bindings = bindingsOf(
      {
        type: A,
        name: 'A',
        interceptors: [],
        handlers: [
          get('one', '/a/one', { interceptors: [Tally] }),
          get('two', '/a/two', { interceptors: [Tally] }),
        ],
      },
      { type: B, name: 'B', interceptors: [Tally], handlers: [get('three', '/b/three')] },
    );
    const app = createApp({ bindings });
    const counts: string[] = [];
    for (const url of ['/a/one', '/a/two', '/b/three', '/a/one']) {
      counts.push((await app.inject({ url })).headers['x-count'] ?? '');
    }
    expect(counts).toEqual(['1', '2', '3', '4']);
    expect(created).toBe(1);
    await app.close();
  });

  it('runs global, then class-level, then method-level interceptors', async () => {
    const named = (name: string) =>
      class implements Interceptor {
        preHandle(ctx: ExecutionContext) {
          mark(ctx, name);
        }
      };
    const [First, Second, Third] = [named('class-1'), named('class-2'), named('method')];
    class Orders {}
    const bindings = bindingsOf({
      type: Orders,
      name: 'Orders',
      interceptors: [First, Second],
      handlers: [get('list', '/orders', { interceptors: [Third] }), get('plain', '/plain')],
    });
    const app = createApp({
      bindings,
      interceptors: [{ preHandle: (ctx) => mark(ctx, 'global') }],
    });
    expect((await app.inject({ url: '/orders' })).headers['x-order']).toBe(
      'global, class-1, class-2, method',
    );
    expect((await app.inject({ url: '/plain' })).headers['x-order']).toBe(
      'global, class-1, class-2',
    );
    await app.close();
  });
});

describe('resolvers', () => {
  // The app's own resolvers are tried before the built-in ones.
  class Echo {}
  const bindings = bindingsOf({
    type: Echo,
    name: 'Echo',
    interceptors: [],
    handlers: [
      get('show', '/echo/:id', {
        params: [
          { index: 0, name: 'id', type: 'string', pathKey: 'id', optional: false },
          { index: 1, name: 'ctx', type: 'fw/core#ControllerContext', optional: false },
        ],
        invoke: (_c, args) => ({ id: args[0], ctx: typeof args[1] }),
      }),
    ],
  });

  it('a user resolver wins over a built-in one for the same type', async () => {
    const mine: ArgumentResolver = {
      supports: (pm) => pm.type === 'fw/core#ControllerContext',
      resolve: () => 'from the app',
    };
    const app = createApp({ bindings, resolvers: [mine] });
    expect((await app.inject({ url: '/echo/7' })).json()).toEqual({ id: '7', ctx: 'string' });
    await app.close();
  });

  it('a user resolver that supports nothing changes nothing', async () => {
    const app = createApp({ bindings, resolvers: [{ supports: () => false, resolve: () => 0 }] });
    expect((await app.inject({ url: '/echo/7' })).json()).toEqual({ id: '7', ctx: 'object' });
    await app.close();
  });

  it('binds each parameter once, at start-up', () => {
    let asked = 0;
    const counting: ArgumentResolver = {
      supports: () => {
        asked++;
        return false;
      },
      resolve: () => undefined,
    };
    const app = createApp({ bindings, resolvers: [counting] });
    expect(asked).toBe(2);
    return app.inject({ url: '/echo/1' }).then(() => expect(asked).toBe(2));
  });
});
