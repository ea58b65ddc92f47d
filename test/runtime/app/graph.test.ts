import {
  type Bindings,
  createApp,
  defineController,
  FwError,
  type GraphBuilder,
  type GraphKey,
  jsonLogger,
  type Override,
  override,
  provider,
} from 'fw';
import {
  type ExecutionContext,
  type Interceptor,
  RESPONSE_WRITER_KEY,
  type ResponseWriter,
} from 'fw/core';
import { describe, expect, expectTypeOf, it, onTestFinished } from 'vitest';
import { thrown } from '../../http/support.js';

const silent = jsonLogger({ level: 'silent' });

/**
 * A small app as fwgen generates it: a configuration and a database from providers, a store that
 * needs the database, a mailer, a service that needs both, a controller, and an interceptor
 * marked `@Injectable()`. `created` records each instance as it is made.
 */
function usersApp() {
  const created: string[] = [];

  interface AppConfig {
    readonly dsn: string;
  }
  interface Database {
    query(): string[];
  }
  const configProvider = provider((): AppConfig => {
    created.push('config');
    return { dsn: 'memory' };
  });
  const dbProvider = provider((config: AppConfig): Database => {
    created.push('db');
    return { query: () => [`ada@${config.dsn}`] };
  });
  class UserStore {
    readonly #db: Database;
    constructor(db: Database) {
      created.push('UserStore');
      this.#db = db;
    }
    list(): string[] {
      return this.#db.query();
    }
  }
  class Mailer {
    constructor() {
      created.push('Mailer');
    }
    send(to: string): string {
      return `mail to ${to}`;
    }
  }
  class UserService {
    readonly store: UserStore;
    readonly mailer: Mailer;
    constructor(store: UserStore, mailer: Mailer) {
      created.push('UserService');
      this.store = store;
      this.mailer = mailer;
    }
  }
  class UserController {
    readonly service: UserService;
    constructor(service: UserService) {
      created.push('UserController');
      this.service = service;
    }
  }
  /** Adds what its mailer writes to `x-order`: a global interceptor taken from the graph. */
  class Stamp implements Interceptor {
    readonly #mailer: Mailer;
    constructor(mailer: Mailer) {
      created.push('Stamp');
      this.#mailer = mailer;
    }
    preHandle(ctx: ExecutionContext): void {
      mark(ctx, this.#mailer.send('stamp'));
    }
  }

  function buildGraph({ make, root }: GraphBuilder): void {
    const config = make(configProvider, () => configProvider(), 'config');
    const db = make(dbProvider, () => dbProvider(config()), 'db');
    const userStore = make(UserStore, () => new UserStore(db()));
    const mailer = make(Mailer, () => new Mailer());
    const userService = make(UserService, () => new UserService(userStore(), mailer()));
    root(UserController, () => new UserController(userService()));
    root(Stamp, () => new Stamp(mailer()));
  }
  const bindings: Bindings = {
    version: 3,
    graph: { build: buildGraph },
    controllers: [
      defineController<UserController>({
        type: UserController,
        name: 'UserController',
        interceptors: [],
        handlers: [
          {
            name: 'list',
            method: 'GET',
            path: '/users',
            params: [],
            interceptors: [],
            invoke: (c) => c.service.store.list(),
          },
        ],
      }),
    ],
  };
  const types = { configProvider, dbProvider, UserStore, Mailer, UserService, UserController };
  return { bindings, created, ...types, Stamp };
}

/** Appends `name` to the response's `x-order` header. */
function mark(ctx: ExecutionContext, name: string): void {
  ctx.get<ResponseWriter>(RESPONSE_WRITER_KEY)?.addHeader('x-order', name);
}

/** `createApp`, closed when the test finishes. */
function app(options: Parameters<typeof createApp>[0]) {
  const created = createApp({ logger: silent, ...options });
  onTestFinished(() => created.close());
  return created;
}

/** The FwError `fn` throws, as code and message. */
function failure(fn: () => unknown): { code: string; message: string } {
  const err = thrown(fn);
  if (!(err instanceof FwError)) throw new Error(`expected an FwError, got ${String(err)}`);
  return { code: err.code, message: err.message };
}

describe('building the graph', () => {
  // A graph without async providers is built inside createApp, every instance once, in order.
  it('creates every instance in createApp, in dependency order, and serves with them', async () => {
    const users = usersApp();
    const a = app({ bindings: users.bindings });
    expect(users.created).toEqual([
      'config',
      'db',
      'UserStore',
      'Mailer',
      'UserService',
      'UserController',
      'Stamp',
    ]);
    expect((await a.inject({ url: '/users' })).json()).toEqual(['ada@memory']);
    expect(users.created).toHaveLength(7);
  });

  it('a constructor that throws fails createApp with its error', () => {
    const users = usersApp();
    const broken = new Error('no disk');
    const bindings = withFactory(users.bindings, users.UserStore, () => raise(broken));
    expect(thrown(() => createApp({ bindings, logger: silent }))).toBe(broken);
  });

  it('types each factory by its key, and each getter by what it makes, awaited', () => {
    const users = usersApp();
    const make: GraphBuilder['make'] = (_key, create) => create as never;
    // @ts-expect-error a Mailer is no UserStore
    make(users.UserStore, () => new users.Mailer());
    const db = make(users.dbProvider, async () => ({ query: () => ['ada'] }));
    expectTypeOf(db).toEqualTypeOf<() => { query: () => string[] }>();
    expectTypeOf(make(users.Mailer, () => new users.Mailer())).toEqualTypeOf<
      () => InstanceType<typeof users.Mailer>
    >();
  });

  it('makes only what the roots and the app reach: an instance nothing needs is never made', () => {
    const users = usersApp();
    class Unused {
      constructor() {
        users.created.push('Unused');
      }
    }
    const graph = users.bindings.graph!;
    const bindings: Bindings = {
      ...users.bindings,
      graph: {
        build: (g) => {
          g.make(Unused, () => new Unused());
          graph.build(g);
        },
      },
    };
    const a = app({ bindings });
    expect(users.created).not.toContain('Unused');
    expect(failure(() => a.get(Unused))).toEqual({
      code: 'FW_ERR_NOT_PROVIDED',
      message:
        'Nothing in this app provides Unused (nothing the app runs needs it, so it was not ' +
        'created); mark the class @Injectable() or write a provider for it, then run fwgen',
    });
  });

  it('a provider that answers a promise in a graph not marked async fails createApp', () => {
    const users = usersApp();
    const bindings = withFactory(users.bindings, users.dbProvider, async () => ({
      query: () => [],
    }));
    expect(thrown(() => createApp({ bindings, logger: silent }))).toEqual(
      new TypeError(
        'fw: the graph made db as a promise, but it is not marked async; regenerate the ' +
          'bindings with fwgen',
      ),
    );
  });
});

/** `bindings` with the factory of `key` (one its graph registers with `make`) swapped for `create`. */
function withFactory(bindings: Bindings, key: GraphKey, create: () => unknown): Bindings {
  const graph = bindings.graph!;
  const swap = <T>(k: GraphKey, given: () => T) => (k === key ? (create as () => T) : given);
  return {
    ...bindings,
    graph: {
      build: (g) =>
        graph.build({ ...g, make: (k, given, name) => g.make(k, swap(k, given), name) }),
    },
  };
}

function raise(err: Error): never {
  throw err;
}

describe('overrides', () => {
  // An override replaces an instance before its dependents are created; what only it needed is not created.
  it('a class override reaches its dependents, and what only it needed is not created', async () => {
    const users = usersApp();
    const fake = { list: () => ['fake'] } as InstanceType<typeof users.UserStore>;
    const a = app({ bindings: users.bindings, overrides: [override(users.UserStore, fake)] });
    expect((await a.inject({ url: '/users' })).json()).toEqual(['fake']);
    expect(a.get(users.UserService).store).toBe(fake);
    expect(users.created).toEqual(['Mailer', 'UserService', 'UserController', 'Stamp']);
  });

  it('replaces an instance several others share, none of them making their own', () => {
    const users = usersApp();
    const mailer = new users.Mailer();
    users.created.length = 0;
    const a = app({ bindings: users.bindings, overrides: [override(users.Mailer, mailer)] });
    expect(a.get(users.UserService).mailer).toBe(mailer);
    expect(users.created).not.toContain('Mailer');
  });

  it('a provider override reaches the store, and the configuration it needed is not created', async () => {
    const users = usersApp();
    const a = app({
      bindings: users.bindings,
      overrides: [override(users.dbProvider, { query: () => ['from the fake db'] })],
    });
    expect((await a.inject({ url: '/users' })).json()).toEqual(['from the fake db']);
    expect(users.created).not.toContain('config');
    expect(users.created).not.toContain('db');
    expect(users.created).toContain('UserStore');
  });

  it('providers: [instance] overrides its class', async () => {
    const users = usersApp();
    const store = new users.UserStore({ query: () => ['provided'] });
    const a = app({ bindings: users.bindings, providers: [store] });
    expect((await a.inject({ url: '/users' })).json()).toEqual(['provided']);
    expect(a.get(users.UserStore)).toBe(store);
    // The test made the one UserStore; the app made neither it nor the database.
    expect(users.created.filter((c) => ['config', 'db', 'UserStore'].includes(c))).toEqual([
      'UserStore',
    ]);
  });

  it.each([
    [
      'twice in overrides',
      (u: ReturnType<typeof usersApp>) => ({
        overrides: [override(u.Mailer, new u.Mailer()), override(u.Mailer, new u.Mailer())],
      }),
      "createApp option 'overrides' must be one value per key; got Mailer twice",
    ],
    [
      'in providers and in overrides',
      (u: ReturnType<typeof usersApp>) => ({
        providers: [new u.Mailer()],
        overrides: [override(u.Mailer, new u.Mailer())],
      }),
      "createApp option 'overrides' must be one value per key; got Mailer in both providers and overrides",
    ],
  ])('one key replaced %s fails createApp', (_name, given, message) => {
    const users = usersApp();
    expect(failure(() => createApp({ bindings: users.bindings, ...given(users) }))).toEqual({
      code: 'FW_ERR_INVALID_OPTION',
      message,
    });
  });

  it('an override of a key the graph does not hold fails createApp, naming it', () => {
    const users = usersApp();
    class Unknown {}
    expect(
      failure(() =>
        createApp({ bindings: users.bindings, overrides: [override(Unknown, new Unknown())] }),
      ),
    ).toEqual({
      code: 'FW_ERR_NOT_PROVIDED',
      message:
        'Nothing in this app provides Unknown (createApp({ overrides }) replaces only an ' +
        'instance of the graph); mark the class @Injectable() or write a provider for it, then run fwgen',
    });
  });

  it('an override entry without a key fails createApp', () => {
    const users = usersApp();
    const overrides = [{ value: 1 }] as unknown as Override[];
    expect(failure(() => createApp({ bindings: users.bindings, overrides })).message).toBe(
      "createApp option 'overrides' must be an array of override(key, value), each key a class " +
        'or a provider constant; got an entry whose key is undefined',
    );
  });

  it('the value is type-checked against the key', () => {
    const users = usersApp();
    // @ts-expect-error a Mailer is no UserStore
    override(users.UserStore, new users.Mailer());
    // @ts-expect-error the database provider returns a Database
    override(users.dbProvider, 'postgres://');
    expectTypeOf(override(users.dbProvider, { query: () => [] })).toEqualTypeOf<Override>();
  });
});

describe('app.get', () => {
  // The instance of a class or provider constant, the override when there is one.
  it('answers the instances the app runs with, typed by key', () => {
    const users = usersApp();
    const a = app({ bindings: users.bindings });
    const service = a.get(users.UserService);
    expectTypeOf(service).toEqualTypeOf<InstanceType<typeof users.UserService>>();
    expectTypeOf(a.get(users.dbProvider)).toEqualTypeOf<ReturnType<typeof users.dbProvider>>();
    expect(a.get(users.UserController).service).toBe(service);
    expect(service.store).toBe(a.get(users.UserStore));
    expect(a.get(users.dbProvider).query()).toEqual(['ada@memory']);
    expect(a.get(users.configProvider)).toEqual({ dsn: 'memory' });
  });

  it('answers an override', () => {
    const users = usersApp();
    const mailer = new users.Mailer();
    const a = app({ bindings: users.bindings, overrides: [override(users.Mailer, mailer)] });
    expect(a.get(users.Mailer)).toBe(mailer);
  });

  it('a key not in the graph throws FW_ERR_NOT_PROVIDED naming it', () => {
    const users = usersApp();
    const a = app({ bindings: users.bindings });
    class Missing {}
    expect(failure(() => a.get(Missing))).toEqual({
      code: 'FW_ERR_NOT_PROVIDED',
      message:
        'Nothing in this app provides Missing; mark the class @Injectable() or write a provider ' +
        'for it, then run fwgen',
    });
  });

  it('names a provider constant by its function, which has no name of its own', () => {
    const users = usersApp();
    const a = app({ bindings: users.bindings });
    const loadSecrets = provider(function loadSecrets(): string[] {
      return [];
    });
    const unnamed = provider((): number => 42);
    expect(failure(() => a.get(loadSecrets)).message).toMatch(
      /^Nothing in this app provides loadSecrets; /,
    );
    expect(failure(() => a.get(unnamed)).message).toMatch(
      /^Nothing in this app provides the provider \(\) => 42; /,
    );
  });

  it('an instance left out because only an overridden one needed it throws FW_ERR_NOT_PROVIDED', () => {
    const users = usersApp();
    const fake = { list: () => [] } as unknown as InstanceType<typeof users.UserStore>;
    const a = app({ bindings: users.bindings, overrides: [override(users.UserStore, fake)] });
    expect(failure(() => a.get(users.dbProvider))).toEqual({
      code: 'FW_ERR_NOT_PROVIDED',
      message:
        'Nothing in this app provides db (only what the overrides replaced needed it, so it was ' +
        'not created); mark the class @Injectable() or write a provider for it, then run fwgen',
    });
  });

  it('names a provider constant as the graph names it, else by its source', () => {
    const users = usersApp();
    const fake = { list: () => [] } as unknown as InstanceType<typeof users.UserStore>;
    const graph = users.bindings.graph!;
    const unnamed: Bindings = {
      ...users.bindings,
      graph: { build: (g) => graph.build({ ...g, make: (key, create) => g.make(key, create) }) },
    };
    const a = app({ bindings: unnamed, overrides: [override(users.UserStore, fake)] });
    expect(failure(() => a.get(users.configProvider)).message).toMatch(
      /^Nothing in this app provides the provider \(\) => \{ created\.push/,
    );
  });

  it('bindings without a graph answer what providers gave and the controllers the app made', () => {
    class Clock {
      now = () => 7;
    }
    class Routes {}
    const clock = new Clock();
    const bindings: Bindings = {
      version: 3,
      controllers: [{ type: Routes, name: 'Routes', interceptors: [], handlers: [] }],
    };
    const a = app({ bindings, providers: [clock] });
    expect(a.get(Clock)).toBe(clock);
    expect(a.get(Routes)).toBeInstanceOf(Routes);
    class Other {}
    expect(failure(() => a.get(Other))).toEqual({
      code: 'FW_ERR_NOT_PROVIDED',
      message:
        'Nothing in this app provides Other (the bindings have no object graph: they hold only ' +
        'the controllers, their interceptors and what providers or overrides give); mark the ' +
        'class @Injectable() or write a provider for it, then run fwgen',
    });
  });
});

describe('the interceptors option', () => {
  // A class is taken from the graph; without a graph it is made as a route interceptor is.
  it('takes a class from the graph: the one instance app.get answers', async () => {
    const users = usersApp();
    const a = app({ bindings: users.bindings, interceptors: [users.Stamp] });
    expect((await a.inject({ url: '/users' })).headers['x-order']).toBe('mail to stamp');
    await a.inject({ url: '/users' });
    expect(users.created.filter((c) => c === 'Stamp')).toEqual(['Stamp']);
  });

  it('runs classes and instances in the order given', async () => {
    const users = usersApp();
    const named = (name: string): Interceptor => ({ preHandle: (ctx) => mark(ctx, name) });
    const interceptors = [named('first'), users.Stamp, named('last')];
    const a = app({ bindings: users.bindings, interceptors });
    const res = await a.inject({ url: '/users' });
    expect(res.headers['x-order']).toBe('first, mail to stamp, last');
  });

  it('a class the graph does not hold fails createApp, naming it', () => {
    const users = usersApp();
    class Audit implements Interceptor {}
    expect(failure(() => createApp({ bindings: users.bindings, interceptors: [Audit] }))).toEqual({
      code: 'FW_ERR_NOT_PROVIDED',
      message:
        'Nothing in this app provides Audit (named in createApp({ interceptors })); mark the ' +
        'class @Injectable() or write a provider for it, then run fwgen',
    });
  });

  it('without a graph, creates a class with no arguments, or takes it from providers', async () => {
    class Routes {}
    const bindings: Bindings = {
      version: 3,
      controllers: [
        defineController({
          type: Routes,
          name: 'Routes',
          interceptors: [],
          handlers: [
            {
              name: 'ok',
              method: 'GET',
              path: '/ok',
              params: [],
              interceptors: [],
              invoke: () => 'ok',
            },
          ],
        }),
      ],
    };
    const named = (name: string) =>
      class implements Interceptor {
        readonly name: string;
        constructor(given = name) {
          this.name = given;
        }
        preHandle(ctx: ExecutionContext): void {
          mark(ctx, this.name);
        }
      };
    const Made = named('made by the app');
    const Given = named('made by default');
    const a = app({ bindings, interceptors: [Made, Given], providers: [new Given('provided')] });
    expect((await a.inject({ url: '/ok' })).headers['x-order']).toBe('made by the app, provided');
  });

  it('refuses an entry that is neither an instance nor a class', () => {
    const users = usersApp();
    const interceptors = [42] as unknown as Interceptor[];
    expect(failure(() => createApp({ bindings: users.bindings, interceptors })).message).toBe(
      "createApp option 'interceptors' must be an array of interceptor instances or classes; got 42",
    );
  });
});
