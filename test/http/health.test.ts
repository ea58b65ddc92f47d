// The health probes of createApp({ health: { path } }) (runtime/app/health.ts, docs/operations.md):
// liveness and readiness as JSON over a socket and through inject(), answered before the app's
// interceptors and limits, not ready while the transport is down or once close() has begun.
import {
  type AppOptions,
  createApp,
  type DeliveryHandler,
  FwError,
  HttpError,
  type Transport,
} from 'fw';
import type { Interceptor } from 'fw/core';
import { describe, expect, it, onTestFinished } from 'vitest';
import {
  bindingsOf,
  deferred,
  RawClient,
  type RawResponse,
  recordingLogger,
  type Served,
  serve,
  slowRoute,
  type TestRoute,
  thrown,
} from './support.js';

const LIVE = { status: 'ok' };
const READY = { status: 'ready', checks: { started: true, transport: true, closing: false } };
const NOT_CONNECTED = {
  status: 'not ready',
  checks: { started: true, transport: false, closing: false },
};

/** A transport in memory whose connection to its "broker" the test switches. */
class SwitchedTransport implements Transport {
  up = true;
  async start(_names: readonly string[], _handle: DeliveryHandler): Promise<void> {}
  async publish(): Promise<void> {}
  async close(): Promise<void> {}
  connected(): boolean {
    return this.up;
  }
}

/** Refuses every request with 401, as an auth interceptor does without credentials. */
class DenyAll implements Interceptor {
  preHandle(): Error {
    return new HttpError(401, 'Sign in first');
  }
}

/** What {@link probed} takes besides the routes. */
type Options = Omit<AppOptions, 'bindings' | 'logger'>;

/** An app with probes under `/health`, served on 127.0.0.1 port 0. */
function probed(routes: readonly TestRoute[] = [], options: Options = {}): Promise<Served> {
  return serve(routes, { health: { path: '/health' }, ...options });
}

/** A GET of `path` over a new connection, read raw: every header as sent. */
async function rawGet(served: Served, path: string): Promise<RawResponse> {
  const client = await RawClient.connect(served.port);
  onTestFinished(() => client.destroy());
  await client.write(`GET ${path} HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n`);
  return client.response();
}

const failures = (served: Served) =>
  served.logger.records.filter((r) => r.msg === 'request failed');

describe('the probes over a socket', () => {
  it.each([
    ['/health/live', LIVE],
    ['/health/ready', READY],
  ])('answers GET %s with 200 and JSON, not cached, with a request id', async (path, body) => {
    const served = await probed();
    const res = await rawGet(served, path);

    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toEqual(body);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-length']).toBe(String(Buffer.byteLength(res.body)));
    expect(res.headers['x-request-id']).toMatch(/^[A-Za-z0-9._:+/=-]{1,128}$/);
  });

  it.each(['/health/live', '/health/ready'])(
    'answers HEAD %s with 200 and no body',
    async (path) => {
      const served = await probed();
      const client = await RawClient.connect(served.port);
      onTestFinished(() => client.destroy());

      await client.write(`HEAD ${path} HTTP/1.1\r\nHost: t\r\n\r\n`);
      const head = await client.response({ head: true });
      // The connection stays usable: no body bytes came after the head.
      await client.write('GET /ok HTTP/1.1\r\nHost: t\r\n\r\n');
      const next = await client.response();

      expect([head.status, head.body, head.headers['content-type']]).toEqual([
        200,
        '',
        'application/json; charset=utf-8',
      ]);
      expect([next.status, next.body]).toEqual([200, 'ok']);
    },
  );

  it('keeps the X-Request-Id a load balancer sends', async () => {
    const served = await probed();
    const res = await fetch(served.url('/health/ready'), { headers: { 'X-Request-Id': 'lb-1' } });
    expect([res.status, res.headers.get('x-request-id')]).toEqual([200, 'lb-1']);
  });

  it.each(['POST', 'PUT', 'DELETE', 'OPTIONS'])(
    'answers %s with 405 and Allow: GET, HEAD, logged once at info',
    async (method) => {
      const served = await probed();
      const res = await fetch(served.url('/health/ready'), { method });

      expect(res.status).toBe(405);
      expect(res.headers.get('allow')).toBe('GET, HEAD');
      expect(res.headers.get('content-type')).toBe('application/problem+json');
      expect(await res.json()).toMatchObject({
        status: 405,
        code: 'FW_ERR_METHOD_NOT_ALLOWED',
        detail: expect.stringContaining(method),
      });
      expect(failures(served)).toEqual([
        {
          level: 'info',
          msg: 'request failed',
          fields: expect.objectContaining({
            method,
            path: '/health/ready',
            status: 405,
            requestId: res.headers.get('x-request-id'),
          }),
        },
      ]);
    },
  );

  it('logs nothing for a probe that answered, ready or not', async () => {
    const transport = new SwitchedTransport();
    const served = await probed([], { transport });
    await fetch(served.url('/health/live')).then((r) => r.text());
    await fetch(served.url('/health/ready')).then((r) => r.text());
    transport.up = false;
    const down = await fetch(served.url('/health/ready'));
    await down.text();

    expect(down.status).toBe(503);
    expect(failures(served)).toEqual([]);
  });
});

describe('the probes through inject()', () => {
  it('answers as the server does', async () => {
    const app = createApp({
      bindings: bindingsOf([]),
      logger: recordingLogger(),
      health: { path: '/health' },
    });
    onTestFinished(() => app.close());

    const live = await app.inject({ url: '/health/live' });
    const ready = await app.inject({ url: '/health/ready', headers: { 'X-Request-Id': 'k8s-1' } });
    const head = await app.inject({ method: 'HEAD', url: '/health/ready' });
    const post = await app.inject({ method: 'POST', url: '/health/live' });

    expect([live.status, live.json()]).toEqual([200, LIVE]);
    expect([ready.status, ready.json(), ready.headers['x-request-id']]).toEqual([
      200,
      READY,
      'k8s-1',
    ]);
    expect([head.status, head.body]).toEqual([200, '']);
    expect([post.status, post.headers['allow']]).toEqual([405, 'GET, HEAD']);
  });
});

describe('readiness', () => {
  it('is 503 with checks.transport false while the transport cannot reach its broker', async () => {
    const transport = new SwitchedTransport();
    const served = await probed([], { transport });

    transport.up = false;
    const down = await fetch(served.url('/health/ready'));
    const live = await fetch(served.url('/health/live'));
    const viaInject = await served.app.inject({ url: '/health/ready' });
    transport.up = true;
    const back = await fetch(served.url('/health/ready'));

    expect([down.status, await down.json()]).toEqual([503, NOT_CONNECTED]);
    expect(down.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect([live.status, await live.json()]).toEqual([200, LIVE]);
    expect([viaInject.status, viaInject.json()]).toEqual([503, NOT_CONNECTED]);
    expect([back.status, await back.json()]).toEqual([200, READY]);
  });

  it('counts a transport without connected() as connected once started', async () => {
    const transport: Transport = {
      start: async () => {},
      publish: async () => {},
      close: async () => {},
    };
    const served = await probed([], { transport });
    const res = await fetch(served.url('/health/ready'));
    expect([res.status, await res.json()]).toEqual([200, READY]);
  });

  it('is given only once start() is done: the port opens after the transport started', async () => {
    const starting = deferred();
    const transport: Transport = {
      start: () => starting.promise,
      publish: async () => {},
      close: async () => {},
    };
    const app = createApp({
      bindings: bindingsOf([]),
      logger: recordingLogger(),
      transport,
      health: { path: '/health' },
    });
    onTestFinished(() => app.close());
    let answered = false;
    const probe = app.inject({ url: '/health/ready' }).then((res) => {
      answered = true;
      return res;
    });
    const listening = app.listen({ port: 0, host: '127.0.0.1' });
    for (let i = 0; i < 5; i++) await new Promise((r) => setImmediate(r));

    expect(answered).toBe(false);
    starting.resolve();
    const res = await probe;
    const { port } = await listening;
    const overSocket = await fetch(`http://127.0.0.1:${port}/health/ready`);

    expect([res.status, res.json()]).toEqual([200, READY]);
    expect([overSocket.status, await overSocket.json()]).toEqual([200, READY]);
  });
});

describe('readiness once close() has begun', () => {
  /** An app with probes and a `GET /slow` that waits for the test. */
  async function slowApp() {
    const { route, entered, open } = slowRoute();
    return { served: await probed([route]), entered, open };
  }

  /** A probe whose request head has begun before close() and ends when `finish` is called. */
  async function begunProbe(served: Served, path: string) {
    const client = await RawClient.connect(served.port);
    onTestFinished(() => client.destroy());
    await client.write(`GET ${path} HTTP/1.1\r\nHost: t\r\n`);
    return {
      finish: async () => {
        await client.write('\r\n');
        return client.response();
      },
    };
  }

  it('answers ready 503 and live 200 while a slow request finishes; new connections are refused', async () => {
    const { served, entered, open } = await slowApp();
    const slow = fetch(served.url('/slow'));
    await entered;
    const ready = await begunProbe(served, '/health/ready');
    const live = await begunProbe(served, '/health/live');
    // A round trip on another connection: the server has read the probes' first bytes by then.
    expect(await served.alive()).toBe(200);

    const closing = served.app.close();
    const notReady = await ready.finish();
    const stillLive = await live.finish();
    const refused = await RawClient.connect(served.port).then(
      (c) => void c.destroy(),
      (err: NodeJS.ErrnoException) => err.code,
    );
    open();
    const finished = await slow;
    await closing;

    expect([notReady.status, JSON.parse(notReady.body)]).toEqual([
      503,
      { status: 'not ready', checks: { started: true, transport: true, closing: true } },
    ]);
    expect(notReady.headers['connection']).toBe('close');
    expect([stillLive.status, JSON.parse(stillLive.body)]).toEqual([200, LIVE]);
    expect(refused).toBe('ECONNREFUSED');
    expect([finished.status, await finished.text()]).toEqual([200, 'done']);
  });

  it('answers ready 503 to a probe begun before close(), even when nothing is in flight', async () => {
    const served = await probed();
    const ready = await begunProbe(served, '/health/ready');
    expect(await served.alive()).toBe(200);

    const closing = served.app.close();
    const res = await ready.finish();
    await closing;

    expect(res.status).toBe(503);
    expect(JSON.parse(res.body)).toMatchObject({ status: 'not ready', checks: { closing: true } });
  });
});

describe('the probes come before everything else', () => {
  it('answer past an interceptor that refuses every request', async () => {
    const served = await probed([], { interceptors: [new DenyAll()] });

    const app = await fetch(served.url('/ok'));
    const live = await fetch(served.url('/health/live'));
    const ready = await fetch(served.url('/health/ready'));

    expect(app.status).toBe(401);
    expect([live.status, await live.json()]).toEqual([200, LIVE]);
    expect([ready.status, await ready.json()]).toEqual([200, READY]);
  });

  const eightHeaders = Object.fromEntries([...Array(8).keys()].map((i) => [`x-probe-${i}`, 'x']));
  it.each<[string, Options, string, Record<string, string>, number]>([
    ['maxUrlLength', { maxUrlLength: 32 }, `?${'q'.repeat(64)}`, {}, 414],
    ['maxHeaderCount', { maxHeaderCount: 4 }, '', eightHeaders, 431],
  ])('answer past %s', async (_name, limits, query, headers, status) => {
    const served = await probed([], limits);

    const refused = await fetch(served.url(`/ok${query}`), { headers });
    const ready = await fetch(served.url(`/health/ready${query}`), { headers });

    expect(refused.status).toBe(status);
    expect([ready.status, await ready.json()]).toEqual([200, READY]);
  });

  it('shadow a parameterised route for the probe paths only', async () => {
    const check: TestRoute = {
      method: 'GET',
      path: '/health/:check',
      params: ['check:string'],
      handle: (name: string) => `route ${name}`,
    };
    const served = await probed([check]);

    const ready = await fetch(served.url('/health/ready'));
    const other = await fetch(served.url('/health/db'));

    expect(await ready.json()).toEqual(READY);
    expect(await other.text()).toBe('route db');
  });
});

describe('where the probes are', () => {
  it.each([
    ['/', '/live', '/ready'],
    ['/health', '/health/live', '/health/ready'],
    ['/ops/v1.health', '/ops/v1.health/live', '/ops/v1.health/ready'],
  ])('health.path %j serves %s and %s', async (path, live, ready) => {
    const served = await serve([], { health: { path } });
    const l = await fetch(served.url(live));
    const r = await fetch(served.url(ready));
    expect([l.status, await l.json()]).toEqual([200, LIVE]);
    expect([r.status, await r.json()]).toEqual([200, READY]);
  });

  it('serves no probe without the health option', async () => {
    const served = await serve([]);
    expect((await fetch(served.url('/health/ready'))).status).toBe(404);
  });

  it.each<[string, unknown, string]>([
    ['no leading slash', { path: 'health' }, "'health'"],
    ['a trailing slash', { path: '/health/' }, "'/health/'"],
    ['an empty path', { path: '' }, "''"],
    ['a number', { path: 5 }, '5'],
    ['a space', { path: '/he alth' }, "'/he alth'"],
    ['a query', { path: '/health?x=1' }, "'/health?x=1'"],
    ['a route key', { path: '/:probe' }, "'/:probe'"],
    ['a bare string', '/health', "'/health'"],
    ['null', null, 'null'],
  ])('refuses %s with FW_ERR_INVALID_OPTION', (_name, health, got) => {
    const err = thrown(() =>
      createApp({
        bindings: bindingsOf([]),
        logger: recordingLogger(),
        health: health as AppOptions['health'],
      }),
    );
    expect(err).toBeInstanceOf(FwError);
    expect(err).toMatchObject({ code: 'FW_ERR_INVALID_OPTION' });
    expect((err as Error).message).toMatch(/^createApp option 'health' must be /);
    expect((err as Error).message).toContain(`got ${got}`);
  });

  it.each<[string, TestRoute, string]>([
    [
      'a GET route',
      { method: 'GET', path: '/health/ready', handle: () => 'mine' },
      'Route GET /health/ready',
    ],
    [
      'a POST route',
      { method: 'POST', path: '/health/live', handle: () => 'mine' },
      'Route POST /health/live',
    ],
    [
      'a WebSocket gateway',
      { method: 'WS', path: '/health/live', handle: () => 'mine' },
      'Route GET /health/live',
    ],
  ])('refuses %s on a probe path with FW_ERR_DUPLICATE_ROUTE naming it', (_name, route, says) => {
    const err = thrown(() =>
      createApp({
        bindings: bindingsOf([route]),
        logger: recordingLogger(),
        health: { path: '/health' },
      }),
    );
    expect(err).toBeInstanceOf(FwError);
    expect(err).toMatchObject({ code: 'FW_ERR_DUPLICATE_ROUTE' });
    expect((err as Error).message).toContain(says);
    expect((err as Error).message).toContain('Routes.handler0');
    expect((err as Error).message).toContain('createApp({ health })');
  });

  it('lets a route on /health/ready be when the probes are elsewhere', async () => {
    const mine: TestRoute = { method: 'GET', path: '/health/ready', handle: () => 'mine' };
    const served = await serve([mine], { health: { path: '/_fw' } });
    expect(await (await fetch(served.url('/health/ready'))).text()).toBe('mine');
    expect(await (await fetch(served.url('/_fw/ready'))).json()).toEqual(READY);
  });
});
