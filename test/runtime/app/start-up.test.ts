import {
  type AppOptions,
  type Bindings,
  type ControllerBinding,
  createApp,
  FwError,
  type HandlerBinding,
} from 'fw';
import type { ParameterMeta } from 'fw/core';
import { describe, expect, it } from 'vitest';

type Case<G, W> = [name: string, { given: G; want: W }];

class Users {}
class Admins {}
class Repo {
  readonly db: string;
  constructor(db: string) {
    this.db = db;
  }
}
class NeedsClock {
  readonly now: () => number;
  constructor(now: () => number) {
    this.now = now;
  }
  preHandle() {}
}

const param = (p: Omit<ParameterMeta, 'index' | 'optional'>): ParameterMeta => ({
  index: 0,
  optional: false,
  ...p,
});

function handler(over: Partial<HandlerBinding>): HandlerBinding {
  return {
    name: 'get',
    method: 'GET',
    path: '/users/:id',
    params: [],
    interceptors: [],
    invoke: () => undefined,
    ...over,
  };
}

function controller(
  handlers: HandlerBinding[],
  over: Partial<ControllerBinding> = {},
): ControllerBinding {
  return { type: Users, name: 'Users', interceptors: [], handlers, ...over };
}

const bindingsOf = (...controllers: ControllerBinding[]): Bindings => ({ version: 1, controllers });

/** The FwError createApp throws for `options`. */
function startUpError(options: AppOptions): FwError {
  try {
    createApp(options);
  } catch (err) {
    if (err instanceof FwError) return err;
    throw err;
  }
  throw new Error('expected createApp to throw');
}

describe('bindings that cannot run', () => {
  // createApp fails at once, naming the handler, parameter, route or class to fix.
  const cases: Case<Bindings, { code: string; message: string }>[] = [
    [
      'a parameter no resolver supports',
      {
        given: bindingsOf(
          controller([handler({ params: [param({ name: 'when', type: 'src/time#Instant' })] })]),
        ),
        want: {
          code: 'FW_ERR_NO_RESOLVER',
          message:
            "No argument resolver supports parameter 'when' (type src/time#Instant) of Users.get; " +
            'register one in createApp({ resolvers })',
        },
      },
    ],
    [
      'a primitive bound to no key, with the source',
      {
        given: bindingsOf(
          controller([
            handler({
              source: 'src/users.ts:12',
              params: [param({ name: 'limit', type: 'number' })],
            }),
          ]),
        ),
        want: {
          code: 'FW_ERR_NO_RESOLVER',
          message:
            "No argument resolver supports parameter 'limit' (type number) of Users.get " +
            '(src/users.ts:12); register one in createApp({ resolvers })',
        },
      },
    ],
    [
      'a path key the route does not declare',
      {
        given: bindingsOf(
          controller([
            handler({ params: [param({ name: 'id', type: 'number', pathKey: 'userId' })] }),
          ]),
        ),
        want: {
          code: 'FW_ERR_PATH_KEY_UNKNOWN',
          message:
            "Parameter 'id' of Users.get is bound to path key 'userId', but route '/users/:id' " +
            "declares no ':userId'; regenerate the bindings with fwgen",
        },
      },
    ],
    [
      'a path key on an event consumer',
      {
        given: bindingsOf(
          controller([
            handler({
              name: 'placed',
              method: 'EVENT',
              path: 'order.placed',
              params: [param({ name: 'id', type: 'string', pathKey: 'id' })],
            }),
          ]),
        ),
        want: {
          code: 'FW_ERR_PATH_KEY_UNKNOWN',
          message:
            "Parameter 'id' of Users.placed is bound to path key 'id', but route 'order.placed' " +
            "declares no ':id'; regenerate the bindings with fwgen",
        },
      },
    ],
    [
      'the same route twice',
      {
        given: bindingsOf(
          controller([
            handler({ name: 'list', path: '/users' }),
            handler({ name: 'all', path: '/users' }),
          ]),
        ),
        want: {
          code: 'FW_ERR_DUPLICATE_ROUTE',
          message:
            'Route GET /users is declared twice: by Users.list and by Users.all; remove or rename one',
        },
      },
    ],
    [
      'equivalent routes in two controllers',
      {
        given: bindingsOf(
          controller([handler({ path: '/users/:id' })]),
          controller([handler({ name: 'find', path: '/users/:userId' })], {
            type: Admins,
            name: 'Admins',
          }),
        ),
        want: {
          code: 'FW_ERR_DUPLICATE_ROUTE',
          message:
            'Route GET /users/:userId (equivalent to /users/:id) is declared twice: ' +
            'by Users.get and by Admins.find; remove or rename one',
        },
      },
    ],
    [
      'a controller whose constructor takes arguments',
      {
        given: bindingsOf(controller([handler({})], { type: Repo, name: 'Repo' })),
        want: {
          code: 'FW_ERR_CONSTRUCTOR_ARGS',
          message:
            'Cannot create Repo: its constructor takes arguments; run fwgen to generate the ' +
            'object graph that passes them, or pass an instance in ' +
            'createApp({ overrides: [override(Repo, new Repo(…))] })',
        },
      },
    ],
    [
      'a route interceptor whose constructor takes arguments',
      {
        given: bindingsOf(controller([handler({ interceptors: [NeedsClock] })])),
        want: {
          code: 'FW_ERR_CONSTRUCTOR_ARGS',
          message:
            'Cannot create NeedsClock: its constructor takes arguments; run fwgen to generate the ' +
            'object graph that passes them, or pass an instance in ' +
            'createApp({ overrides: [override(NeedsClock, new NeedsClock(…))] })',
        },
      },
    ],
    [
      'another bindings version',
      {
        given: { version: 4, controllers: [] } as unknown as Bindings,
        want: {
          code: 'FW_ERR_BINDINGS_VERSION',
          message:
            'The bindings have format version 4, but this fw reads version 3; regenerate them with fwgen',
        },
      },
    ],
    [
      // Version 2 wrote the graph as lists indexed by position.
      'a graph of version 2',
      {
        given: {
          version: 2,
          controllers: [],
          graph: { keys: [], needs: [], roots: [], build: () => [] },
        } as unknown as Bindings,
        want: {
          code: 'FW_ERR_BINDINGS_VERSION',
          message:
            'The bindings have format version 2, but this fw reads version 3; regenerate them with fwgen',
        },
      },
    ],
    [
      'no bindings version',
      {
        given: { controllers: [] } as unknown as Bindings,
        want: {
          code: 'FW_ERR_BINDINGS_VERSION',
          message:
            'The bindings have format version undefined, but this fw reads version 3; ' +
            'regenerate them with fwgen',
        },
      },
    ],
  ];
  it.each(cases)('%s', (_name, { given, want }) => {
    const err = startUpError({ bindings: given });
    expect({ code: err.code, message: err.message }).toEqual(want);
  });

  it.each([1, 2, 3] as const)('bindings of version %i without a graph run', async (version) => {
    const bindings: Bindings = {
      version,
      controllers: [controller([handler({ path: '/users', invoke: () => 'ok' })])],
    };
    const res = await createApp({ bindings }).inject({ url: '/users' });
    expect(res.body).toBe('ok');
  });

  it('a provider instance stands in for a class that needs arguments', () => {
    const bindings = bindingsOf(
      controller([handler({ interceptors: [NeedsClock] })], { type: Repo, name: 'Repo' }),
    );
    expect(() =>
      createApp({ bindings, providers: [new Repo('db'), new NeedsClock(Date.now)] }),
    ).not.toThrow();
  });
});
