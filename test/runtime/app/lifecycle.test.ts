import { createServer, type Server } from 'node:net';
import {
  type App,
  type Bindings,
  createApp,
  type DeliveryHandler,
  FwError,
  jsonLogger,
  type Transport,
} from 'fw';
import { afterEach, describe, expect, it } from 'vitest';

type Case<G, W> = [name: string, { given: G; want: W }];

class Health {}
class Noop {}
const bindings: Bindings = {
  version: 1,
  controllers: [
    {
      type: Health,
      name: 'Health',
      interceptors: [],
      handlers: [
        {
          name: 'check',
          method: 'GET',
          path: '/health',
          params: [],
          interceptors: [],
          invoke: () => 'ok',
        },
      ],
    },
    {
      type: Noop,
      name: 'Noop',
      interceptors: [],
      handlers: [
        {
          name: 'ping',
          method: 'EVENT',
          path: 'ping',
          params: [],
          interceptors: [],
          invoke: () => undefined,
        },
      ],
    },
  ],
};

/** Apps and servers a test opened, closed after it. */
const opened: (App | Server)[] = [];
afterEach(async () => {
  for (const o of opened.splice(0)) {
    if ('inject' in o) await o.close();
    else await new Promise((resolve) => o.close(resolve));
  }
});

function newApp(): App {
  const app = createApp({ bindings, logger: jsonLogger({ level: 'silent' }) });
  opened.push(app);
  return app;
}

/** The FwError `promise` rejects with. */
async function rejection(promise: Promise<unknown>): Promise<FwError> {
  const err = await promise.then(
    () => new Error('expected a rejection'),
    (e: unknown) => e,
  );
  if (err instanceof FwError) return err;
  throw err;
}

describe('after close()', () => {
  // A closed app takes nothing more: every entry point rejects with FW_ERR_APP_CLOSED.
  const calls: Case<(app: App) => Promise<unknown>, string>[] = [
    ['inject', { given: (app) => app.inject({ url: '/health' }), want: 'FW_ERR_APP_CLOSED' }],
    ['emit', { given: (app) => app.emit('ping', {}), want: 'FW_ERR_APP_CLOSED' }],
    ['listen', { given: (app) => app.listen(), want: 'FW_ERR_APP_CLOSED' }],
    ['start', { given: (app) => app.start(), want: 'FW_ERR_APP_CLOSED' }],
  ];

  it.each(calls)('%s rejects', async (_name, { given, want }) => {
    const app = newApp();
    expect((await app.inject({ url: '/health' })).body).toBe('ok');
    await app.close();
    const err = await rejection(given(app));
    expect([err.code, err.message]).toEqual([
      want,
      'The app is closed; create a new one with createApp()',
    ]);
  });

  it.each(calls)('%s rejects on an app that never started', async (_name, { given, want }) => {
    const app = newApp();
    await app.close();
    expect((await rejection(given(app))).code).toBe(want);
  });

  it('close() can be called twice', async () => {
    const app = newApp();
    await app.listen();
    await app.close();
    await expect(app.close()).resolves.toBeUndefined();
  });
});

describe('listen', () => {
  // One listener per app; a failed listen leaves the app free to try again.
  it('serves on the port it answers with', async () => {
    const app = newApp();
    const { port } = await app.listen({ port: 0, host: '127.0.0.1' });
    expect(port).toBeGreaterThan(0);
    const res = await fetch(`http://127.0.0.1:${port}/health`);
    expect([res.status, await res.text()]).toEqual([200, 'ok']);
  });

  it('twice fails with FW_ERR_ALREADY_LISTENING', async () => {
    const app = newApp();
    await app.listen();
    const err = await rejection(app.listen());
    expect([err.code, err.message]).toEqual([
      'FW_ERR_ALREADY_LISTENING',
      'The app is already listening; call close() first',
    ]);
  });

  it('after a port that is taken, can listen elsewhere', async () => {
    const blocker = createServer();
    opened.push(blocker);
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const taken = (blocker.address() as { port: number }).port;
    const app = newApp();
    await expect(app.listen({ port: taken })).rejects.toMatchObject({ code: 'EADDRINUSE' });
    const { port } = await app.listen({ port: 0 });
    expect(port).not.toBe(taken);
    expect((await fetch(`http://127.0.0.1:${port}/health`)).status).toBe(200);
  });
});

/** A transport whose first `failures` starts reject, as an unreachable broker's would. */
class FlakyTransport implements Transport {
  readonly started: string[][] = [];
  handle: DeliveryHandler | undefined;
  closed = 0;
  #failures: number;

  constructor(failures: number) {
    this.#failures = failures;
  }

  async start(eventNames: readonly string[], handle: DeliveryHandler): Promise<void> {
    if (this.#failures-- > 0) throw new Error('broker unreachable');
    this.started.push([...eventNames]);
    this.handle = handle;
  }

  async publish(): Promise<void> {}

  async close(): Promise<void> {
    this.closed++;
  }
}

describe('start', () => {
  // A worker consumes without serving HTTP; a transport that fails to start can be started again.
  it('starts the consumers without a port, once however often it is called', async () => {
    const transport = new FlakyTransport(0);
    const app = createApp({ bindings, transport, logger: jsonLogger({ level: 'silent' }) });
    opened.push(app);
    await app.start();
    await app.start();
    await app.listen();
    expect(transport.started).toEqual([['ping']]);
    await expect(
      transport.handle?.({ eventName: 'ping', payload: new TextEncoder().encode('{}') }),
    ).resolves.toBeUndefined();
  });

  it('rejects with the transport failure, and starts on the next call', async () => {
    const transport = new FlakyTransport(1);
    const app = createApp({ bindings, transport, logger: jsonLogger({ level: 'silent' }) });
    opened.push(app);
    await expect(app.start()).rejects.toThrow('broker unreachable');
    await expect(app.listen()).resolves.toMatchObject({ port: expect.any(Number) });
    expect(transport.started).toEqual([['ping']]);
  });

  it('close() after a failed start still closes the transport', async () => {
    const transport = new FlakyTransport(1);
    const app = createApp({ bindings, transport, logger: jsonLogger({ level: 'silent' }) });
    await expect(app.start()).rejects.toThrow('broker unreachable');
    await app.close();
    expect(transport.closed).toBe(1);
  });
});
