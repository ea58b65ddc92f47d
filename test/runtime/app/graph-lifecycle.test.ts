import { type AddressInfo, connect, createServer } from 'node:net';
import {
  type Bindings,
  createApp,
  defineController,
  type GraphBuilder,
  type Logger,
  override,
  provider,
  type Transport,
} from 'fw';
import { describe, expect, it, onTestFinished } from 'vitest';
import { deferred, recordingLogger } from '../../http/support.js';

/**
 * An app whose graph has lifecycle hooks, as fwgen generates it: a configuration (no hooks), a
 * database that needs it, an indexer, a cache that needs both, and a controller that needs the
 * cache. Every hook, the transport and the server's `listening` record into `events`; `on[event]`
 * runs when that event is recorded, so a test can make a hook fail or look at the port.
 */
function lifecycleApp() {
  const events: string[] = [];
  const on: Record<string, () => void | Promise<void>> = {};
  const record = async (event: string) => {
    events.push(event);
    await on[event]?.();
  };

  /** Records `init <class>` and `close <class>`; onInit waits a turn, as a connection would. */
  abstract class Recorded {
    async onInit(): Promise<void> {
      await Promise.resolve();
      await record(`init ${this.constructor.name}`);
    }
    onClose(): Promise<void> {
      return record(`close ${this.constructor.name}`);
    }
  }
  const configProvider = provider(function config(): { readonly url: string } {
    return { url: 'memory' };
  });
  class Database extends Recorded {
    constructor(_config: { readonly url: string }) {
      super();
    }
  }
  class Indexer extends Recorded {}
  class Cache extends Recorded {
    constructor(_db: Database, _indexer: Indexer) {
      super();
    }
  }
  class Users extends Recorded {
    constructor(_cache: Cache) {
      super();
    }
  }

  function buildGraph({ make, root }: GraphBuilder): void {
    const config = make(configProvider, () => configProvider(), 'config');
    const database = make(Database, () => new Database(config()));
    const indexer = make(Indexer, () => new Indexer());
    const cache = make(Cache, () => new Cache(database(), indexer()));
    root(Users, () => new Users(cache()));
  }
  const gate = deferred();
  const bindings: Bindings = {
    version: 3,
    graph: { build: buildGraph },
    controllers: [
      defineController<Users>({
        type: Users,
        name: 'Users',
        interceptors: [],
        handlers: [
          {
            name: 'slow',
            method: 'GET',
            path: '/slow',
            params: [],
            interceptors: [],
            invoke: async () => {
              await record('request');
              await gate.promise;
              events.push('request done');
              return 'done';
            },
          },
        ],
      }),
    ],
  };
  const transport: Transport = {
    start: () => record('transport start'),
    publish: async () => {},
    close: () => record('transport close'),
  };
  const logger = recordingLogger();
  const recording: Logger = {
    ...logger,
    info: (fields, msg) => {
      if (msg === 'listening') events.push('listening');
      logger.info(fields, msg);
    },
  };
  const app = (options: Omit<Parameters<typeof createApp>[0], 'bindings'> = {}) => {
    const created = createApp({ bindings, transport, logger: recording, ...options });
    onTestFinished(() => created.close());
    return created;
  };
  return { app, events, on, logger, answer: () => gate.resolve(), Cache, Database };
}

/** A port nothing listens on: one the system gave a server that has closed again. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Whether a connection to `port` is refused. */
function refused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (err: NodeJS.ErrnoException) => resolve(err.code === 'ECONNREFUSED'));
  });
}

const STARTED = ['init Database', 'init Indexer', 'init Cache', 'init Users', 'transport start'];
const CLOSED = ['transport close', 'close Users', 'close Cache', 'close Indexer', 'close Database'];

describe('onInit and onClose', () => {
  // onInit in dependency order before traffic is taken; onClose in reverse after it has drained.
  it('start() initialises in dependency order, before the transport and the port; close() closes in reverse, last', async () => {
    const { app, events } = lifecycleApp();
    const a = app();
    await a.start();
    await a.listen();
    await a.start();
    await a.close();
    expect(events).toEqual([...STARTED, 'listening', ...CLOSED]);
  });

  it('onClose runs once the request in flight has finished and the port is closed', async () => {
    const { app, events, on, answer } = lifecycleApp();
    const a = app();
    const { port } = await a.listen();
    on['close Users'] = async () => {
      events.push(`port refused: ${await refused(port)}`);
    };
    const entered = deferred();
    on['request'] = () => entered.resolve();
    const response = fetch(`http://127.0.0.1:${port}/slow`);
    await entered.promise;
    const closing = a.close();
    answer();
    expect(await (await response).text()).toBe('done');
    await closing;
    expect(events).toEqual([
      ...STARTED,
      'listening',
      'request',
      'request done',
      'transport close',
      'close Users',
      'port refused: true',
      'close Cache',
      'close Indexer',
      'close Database',
    ]);
  });

  it('a failing onInit fails listen(), closes what was initialised in reverse, and never opens the port', async () => {
    const { app, events, on } = lifecycleApp();
    const broken = new Error('cache unreachable');
    on['init Cache'] = () => {
      throw broken;
    };
    const port = await freePort();
    const a = app();
    await expect(a.listen({ port })).rejects.toBe(broken);
    expect(events).toEqual([
      'init Database',
      'init Indexer',
      'init Cache',
      'close Indexer',
      'close Database',
    ]);
    expect(await refused(port)).toBe(true);
  });

  it('a start() after a failed onInit initialises again', async () => {
    const { app, events, on } = lifecycleApp();
    on['init Indexer'] = () => {
      delete on['init Indexer'];
      throw new Error('once');
    };
    const a = app();
    await expect(a.start()).rejects.toThrow('once');
    await a.start();
    await a.close();
    expect(events).toEqual([
      'init Database',
      'init Indexer',
      'close Database',
      ...STARTED,
      ...CLOSED,
    ]);
  });

  it('a failing onClose is logged, the rest still close, and close() resolves', async () => {
    const { app, events, on, logger } = lifecycleApp();
    const broken = new Error('flush failed');
    on['close Cache'] = () => {
      throw broken;
    };
    const a = app();
    await a.start();
    await expect(a.close()).resolves.toBeUndefined();
    expect(events).toEqual([...STARTED, ...CLOSED]);
    expect(logger.failures()).toEqual([
      { level: 'error', msg: 'onClose failed', fields: { err: broken, key: 'Cache' } },
    ]);
  });

  it('an override takes part in the lifecycle; what only it needed does not', async () => {
    const { app, events, Cache } = lifecycleApp();
    const fake = {
      onInit: () => void events.push('init fake cache'),
      onClose: () => void events.push('close fake cache'),
    } as unknown as InstanceType<typeof Cache>;
    const a = app({ overrides: [override(Cache, fake)] });
    await a.start();
    await a.close();
    expect(events).toEqual([
      'init fake cache',
      'init Users',
      'transport start',
      'transport close',
      'close Users',
      'close fake cache',
    ]);
  });

  it('close() of an app that never started calls no onClose', async () => {
    const { app, events } = lifecycleApp();
    await app().close();
    expect(events).toEqual(['transport close']);
  });

  it('bindings without a graph have no lifecycle', async () => {
    const events: string[] = [];
    class Worker {
      onInit() {
        events.push('init');
      }
      onClose() {
        events.push('close');
      }
    }
    const bindings: Bindings = {
      version: 3,
      controllers: [{ type: Worker, name: 'Worker', interceptors: [], handlers: [] }],
    };
    const a = createApp({ bindings, providers: [new Worker()], logger: recordingLogger() });
    await a.start();
    await a.close();
    expect(events).toEqual([]);
  });
});
