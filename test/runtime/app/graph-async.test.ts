import { setTimeout as sleep } from 'node:timers/promises';
import {
  type App,
  type Bindings,
  createApp,
  defineController,
  FwError,
  type GraphBuilder,
  jsonLogger,
  override,
  provider,
} from 'fw';
import { describe, expect, it, onTestFinished } from 'vitest';
import { deferred, thrown } from '../../http/support.js';

/**
 * An app whose database comes from an async provider, as fwgen generates it: the graph is marked
 * async, and its factories are the same as in any other; the provider waits for `connect()` (or
 * fails while `failures` lasts).
 * `events` records what happened, in order.
 */
function asyncApp(failures = 0) {
  const events: string[] = [];
  const gate = deferred();
  let failing = failures;

  interface Database {
    query(): string[];
  }
  const dbProvider = provider(async (): Promise<Database> => {
    events.push('connecting');
    await gate.promise;
    if (failing-- > 0) throw new Error('database unreachable');
    events.push('connected');
    return { query: () => ['ada'] };
  });
  class UserStore {
    readonly #db: Database;
    constructor(db: Database) {
      events.push('UserStore');
      this.#db = db;
    }
    list(): string[] {
      return this.#db.query();
    }
  }
  class Users {
    readonly store: UserStore;
    constructor(store: UserStore) {
      this.store = store;
    }
  }

  function buildGraph({ make, root }: GraphBuilder): void {
    const db = make(dbProvider, () => dbProvider(), 'db');
    const userStore = make(UserStore, () => new UserStore(db()));
    root(Users, () => new Users(userStore()));
  }
  const handler = { params: [], interceptors: [] };
  const bindings: Bindings = {
    version: 3,
    graph: { build: buildGraph, async: true },
    controllers: [
      defineController<Users>({
        type: Users,
        name: 'Users',
        interceptors: [],
        handlers: [
          {
            ...handler,
            name: 'list',
            method: 'GET',
            path: '/users',
            invoke: (c) => {
              events.push('request');
              return c.store.list();
            },
          },
          {
            ...handler,
            name: 'created',
            method: 'EVENT',
            path: 'user.created',
            invoke: (c) => {
              events.push(`event: ${c.store.list().join()}`);
            },
          },
        ],
      }),
    ],
  };
  return { bindings, events, connect: () => gate.resolve(), dbProvider, UserStore, Users };
}

function app(bindings: Bindings, options: Omit<Parameters<typeof createApp>[0], 'bindings'> = {}) {
  const created = createApp({ bindings, logger: jsonLogger({ level: 'silent' }), ...options });
  onTestFinished(() => created.close());
  return created;
}

/** Whether `promise` is still pending after a few turns of the event loop. */
async function pending(promise: Promise<unknown>): Promise<boolean> {
  let settled = false;
  promise.then(
    () => (settled = true),
    () => (settled = true),
  );
  await sleep(20);
  return !settled;
}

describe('an async graph', () => {
  // Built by start(), before anything else; createApp creates nothing.
  it('is not built by createApp: app.get throws FW_ERR_NOT_STARTED until start()', async () => {
    const { bindings, events, connect, UserStore } = asyncApp();
    const a = app(bindings);
    expect(events).toEqual([]);
    const err = thrown(() => a.get(UserStore));
    expect(err).toBeInstanceOf(FwError);
    expect([(err as FwError).code, (err as FwError).message]).toEqual([
      'FW_ERR_NOT_STARTED',
      'app.get(UserStore) was called before start(): an async provider makes the app build ' +
        'its object graph in start(); await app.start() (or listen()) first',
    ]);
    connect();
    await a.start();
    expect(a.get(UserStore).list()).toEqual(['ada']);
  });

  it('inject() waits for the provider before the first request', async () => {
    const { bindings, events, connect } = asyncApp();
    const a = app(bindings);
    const res = a.inject({ url: '/users' });
    expect(await pending(res)).toBe(true);
    expect(events).toEqual(['connecting']);
    connect();
    expect((await res).json()).toEqual(['ada']);
    expect(events).toEqual(['connecting', 'connected', 'UserStore', 'request']);
  });

  it('emit() waits for the provider before the consumer runs', async () => {
    const { bindings, events, connect } = asyncApp();
    const a = app(bindings);
    const emitted = a.emit('user.created', {});
    connect();
    await emitted;
    expect(events).toEqual(['connecting', 'connected', 'UserStore', 'event: ada']);
  });

  it('listen() answers only once the provider has, and then serves', async () => {
    const { bindings, events, connect } = asyncApp();
    const a = app(bindings);
    const listening = a.listen();
    expect(await pending(listening)).toBe(true);
    connect();
    const { port } = await listening;
    expect(events).toEqual(['connecting', 'connected', 'UserStore']);
    expect(await (await fetch(`http://127.0.0.1:${port}/users`)).json()).toEqual(['ada']);
  });

  it('a provider that rejects fails start(), and the next start() builds again', async () => {
    const { bindings, events, connect, Users } = asyncApp(1);
    const a = app(bindings);
    connect();
    await expect(a.start()).rejects.toThrow('database unreachable');
    expect((thrown(() => a.get(Users)) as FwError).code).toBe('FW_ERR_NOT_STARTED');
    await a.start();
    expect(a.get(Users).store.list()).toEqual(['ada']);
    expect(events).toEqual(['connecting', 'connecting', 'connected', 'UserStore']);
  });

  it('createApp checks overrides and the controllers against the graph without making anything', () => {
    const { bindings, events } = asyncApp();
    class Unknown {}
    const err = thrown(() =>
      createApp({ bindings, overrides: [override(Unknown, new Unknown())] }),
    ) as FwError;
    expect([err.code, err.message]).toEqual([
      'FW_ERR_NOT_PROVIDED',
      'Nothing in this app provides Unknown (createApp({ overrides }) replaces only an instance ' +
        'of the graph); mark the class @Injectable() or write a provider for it, then run fwgen',
    ]);
    const missing = { ...bindings, graph: { ...bindings.graph!, build: () => {} } };
    expect((thrown(() => createApp({ bindings: missing })) as FwError).message).toBe(
      'Nothing in this app provides Users (a controller of the bindings); mark the class ' +
        '@Injectable() or write a provider for it, then run fwgen',
    );
    expect(events).toEqual([]);
  });

  it('an override of the async provider is used without calling it', async () => {
    const { bindings, events, dbProvider } = asyncApp();
    const fake = { query: () => ['fake'] };
    const a: App = app(bindings, { overrides: [override(dbProvider, fake)] });
    expect((await a.inject({ url: '/users' })).json()).toEqual(['fake']);
    expect(a.get(dbProvider)).toBe(fake);
    expect(events).toEqual(['UserStore', 'request']);
  });

  it('makes each instance once, in dependency order, while a factory waits for its providers', async () => {
    const made: string[] = [];
    const token = provider(async (): Promise<string> => {
      made.push('token');
      return 'secret';
    });
    const port = provider(async (): Promise<number> => {
      made.push('port');
      return 5432;
    });
    class Clock {
      constructor() {
        made.push('Clock');
      }
    }
    class Client {
      readonly token: string;
      readonly clock: Clock;
      readonly port: number;
      constructor(token: string, clock: Clock, port: number) {
        made.push('Client');
        [this.token, this.clock, this.port] = [token, clock, port];
      }
    }
    class Reports {
      readonly client: Client;
      constructor(client: Client) {
        made.push('Reports');
        this.client = client;
      }
    }
    const bindings: Bindings = {
      version: 3,
      graph: {
        async: true,
        build: ({ make, root }) => {
          const secret = make(token, () => token(), 'token');
          const clock = make(Clock, () => new Clock());
          const dbPort = make(port, () => port(), 'port');
          const client = make(Client, () => new Client(secret(), clock(), dbPort()));
          root(Reports, () => new Reports(client()));
        },
      },
      controllers: [{ type: Reports, name: 'Reports', interceptors: [], handlers: [] }],
    };
    const a = app(bindings);
    await a.start();
    expect(made).toEqual(['token', 'Clock', 'port', 'Client', 'Reports']);
    const { client } = a.get(Reports);
    expect([client.token, client.clock, client.port]).toEqual(['secret', a.get(Clock), 5432]);
  });
});
