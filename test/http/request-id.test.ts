// Request ids over HTTP and WebSocket (runtime/context/request-id.ts, docs/operations.md): an
// incoming X-Request-Id that is a short token is kept, anything else replaced by a new one; every
// response echoes it, handlers and interceptors read it, and the one log record of a failure
// carries it — over a socket and through inject() alike.
import type { IncomingMessage } from 'node:http';
import { HttpError, reply } from 'fw';
import { type Context, requestIdOf } from 'fw/context';
import type {
  ControllerContext,
  ExecutionContext,
  HttpRequestContext,
  Interceptor,
  WebSocketMessageContext,
} from 'fw/core';
import { describe, expect, it, onTestFinished } from 'vitest';
import { WebSocket } from 'ws';
import { refusal } from '../ws/support.js';
import { type LogRecord, RawClient, type Served, serve, type TestRoute } from './support.js';

/** What fw keeps and generates: 1 to 128 of `A-Z a-z 0-9 . _ : + / = -`. */
const TOKEN = /^[A-Za-z0-9._:+/=-]{1,128}$/;

/** A request as both clients send it. */
interface Sent {
  readonly method?: string;
  readonly path: string;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: string;
}

/** What the tests look at in a response. */
interface Answer {
  readonly status: number;
  /** Every `X-Request-Id` value of the response, joined by `, `; null when there is none. */
  readonly requestId: string | null;
  readonly body: string;
}

type Send = (served: Served, sent: Sent) => Promise<Answer>;

const overSocket: Send = async (served, { method = 'GET', path, headers, body }) => {
  const res = await fetch(served.url(path), {
    method,
    ...(headers === undefined ? {} : { headers }),
    ...(body === undefined ? {} : { body }),
  });
  return { status: res.status, requestId: res.headers.get('x-request-id'), body: await res.text() };
};

const throughInject: Send = async (served, { method = 'GET', path, headers, body }) => {
  const res = await served.app.inject({
    method,
    url: path,
    ...(headers === undefined ? {} : { headers }),
    ...(body === undefined ? {} : { body }),
  });
  return { status: res.status, requestId: res.headers['x-request-id'] ?? null, body: res.body };
};

/** What `GET /id` answers: the id as the handler and the app's interceptor each read it. */
interface Seen {
  readonly handler: string;
  readonly handlerContext: string | undefined;
  readonly contextParam: string | undefined;
  readonly interceptor: string | undefined;
  readonly interceptorContext: string | undefined;
}

/** Records the id every request shows its interceptors, under the key `seenBy`. */
class ReadsTheId implements Interceptor {
  preHandle(ctx: ExecutionContext): void {
    ctx.set('seenBy', { id: ctx.requestId(), ofContext: requestIdOf(ctx.context()) });
  }
}

const routes: TestRoute[] = [
  {
    method: 'GET',
    path: '/id',
    params: [
      'req:fw/core#HttpRequestContext',
      'ctx:fw/context#Context',
      'store:fw/core#ControllerContext',
    ],
    handle: (req: HttpRequestContext, ctx: Context, store: ControllerContext) => {
      const seen = store.get<{ id: string; ofContext: string | undefined }>('seenBy');
      return {
        handler: req.requestId(),
        handlerContext: requestIdOf(req.context()),
        contextParam: requestIdOf(ctx),
        interceptor: seen?.id,
        interceptorContext: seen?.ofContext,
      } satisfies Seen;
    },
  },
  { method: 'DELETE', path: '/things/:id', params: ['id:number'], handle: () => undefined },
  {
    method: 'PUT',
    path: '/things/:id',
    params: ['id:number'],
    handle: (id: number) => {
      throw new HttpError(409, `Thing ${id} was changed meanwhile`);
    },
  },
  {
    method: 'POST',
    path: '/things',
    params: [{ name: 'body', type: 'test/http#Thing', validate: (v) => ({ ok: true, value: v }) }],
    handle: () => 'stored',
  },
  {
    method: 'GET',
    path: '/boom',
    handle: () => {
      throw new Error('the database is gone');
    },
  },
  {
    method: 'GET',
    path: '/forged',
    handle: () => reply('forged', { headers: { 'X-Request-Id': 'forged-by-handler' } }),
  },
  {
    method: 'GET',
    path: '/forged-lower',
    handle: () => reply('forged', { headers: { 'x-request-id': 'forged-by-handler' } }),
  },
];

/** The app of these tests: a body limit of 16 bytes, every request read by {@link ReadsTheId}. */
function app(): Promise<Served> {
  return serve(routes, { bodyLimit: 16, interceptors: [new ReadsTheId()] });
}

const failures = (served: Served): LogRecord[] =>
  served.logger.records.filter((r) => r.msg === 'request failed');

/** One request of each outcome, and the one log record each failed one writes. */
const OUTCOMES: [
  name: string,
  { sent: Sent; status: number; level?: 'info' | 'error'; code?: string },
][] = [
  ['a 200', { sent: { path: '/ok' }, status: 200 }],
  ['a 204', { sent: { method: 'DELETE', path: '/things/1' }, status: 204 }],
  [
    'a 409 from the handler',
    { sent: { method: 'PUT', path: '/things/2' }, status: 409, level: 'info' },
  ],
  [
    'a 404 for an unknown route',
    { sent: { path: '/nowhere' }, status: 404, level: 'info', code: 'FW_ERR_ROUTE_NOT_FOUND' },
  ],
  [
    'a 405 for another method of a known path',
    {
      sent: { method: 'PATCH', path: '/things/3' },
      status: 405,
      level: 'info',
      code: 'FW_ERR_METHOD_NOT_ALLOWED',
    },
  ],
  [
    'a 413 for a body over bodyLimit',
    {
      sent: {
        method: 'POST',
        path: '/things',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'x'.repeat(64) }),
      },
      status: 413,
      level: 'info',
      code: 'FW_ERR_BODY_TOO_LARGE',
    },
  ],
  ['a 500', { sent: { path: '/boom' }, status: 500, level: 'error' }],
];

describe.each<[string, Send]>([
  ['over a socket', overSocket],
  ['through inject()', throughInject],
])('request ids %s', (_via, send) => {
  it.each(OUTCOMES)(
    'echoes the incoming id on %s, and logs a failure once with it',
    async (_name, { sent, status, level, code }) => {
      const served = await app();
      const id = `req-${status}-01J9Z8Q4`;
      const res = await send(served, { ...sent, headers: { ...sent.headers, 'X-Request-Id': id } });

      expect([res.status, res.requestId]).toEqual([status, id]);
      if (level === undefined) {
        expect(failures(served)).toEqual([]);
        return;
      }
      expect(failures(served)).toEqual([
        {
          level,
          msg: 'request failed',
          fields: expect.objectContaining({
            method: sent.method ?? 'GET',
            path: sent.path,
            status,
            requestId: id,
            durationMs: expect.any(Number),
            ...(code === undefined ? {} : { code }),
            // A server error carries the error, a client's its detail only.
            ...(level === 'error' ? { err: expect.any(Error) } : { detail: expect.any(String) }),
          }),
        },
      ]);
      expect(failures(served)[0]?.fields).not.toHaveProperty(level === 'error' ? 'detail' : 'err');
    },
  );

  it.each(OUTCOMES)(
    'generates an id for %s sent without one, and logs a failure with it',
    async (_name, { sent, status, level }) => {
      const served = await app();
      const res = await send(served, sent);

      expect(res.status).toBe(status);
      expect(res.requestId).toMatch(TOKEN);
      expect(failures(served).map((r) => r.fields['requestId'])).toEqual(
        level === undefined ? [] : [res.requestId],
      );
    },
  );

  it.each<[string, string]>([
    ['a UUID', '0b6f1f8e-3c2a-4d5e-9f10-2a3b4c5d6e7f'],
    ['128 characters', 'a'.repeat(128)],
    ['one character', 'x'],
    ['every punctuation allowed', 'Root=1-5759e988-bd862e3f:a.b_c+d/e'],
  ])('keeps %s', async (_name, id) => {
    const served = await app();
    const res = await send(served, { path: '/id', headers: { 'X-Request-Id': id } });
    expect(res.requestId).toBe(id);
    expect(JSON.parse(res.body)).toMatchObject({ handler: id });
  });

  it.each<[string, string]>([
    ['129 characters', 'a'.repeat(129)],
    ['a space', 'abc def'],
    ['an empty value', ''],
    ['a quote and a semicolon', 'a";b'],
    ['markup', '<script>alert(1)</script>'],
    ['an encoded header injection', 'abc%0D%0ASet-Cookie:%20session=stolen'],
    ['a comma, as two ids joined', 'first,second'],
  ])(
    'replaces %s with a generated id, the same the handler and the log see',
    async (_name, incoming) => {
      const served = await app();
      const res = await send(served, { path: '/id', headers: { 'X-Request-Id': incoming } });
      const broken = await send(served, { path: '/boom', headers: { 'X-Request-Id': incoming } });

      expect(res.requestId).toMatch(TOKEN);
      expect(res.requestId).not.toBe(incoming);
      expect(JSON.parse(res.body)).toMatchObject({ handler: res.requestId });
      expect(broken.requestId).toMatch(TOKEN);
      expect(failures(served).map((r) => r.fields['requestId'])).toEqual([broken.requestId]);
    },
  );

  it('gives the handler, its Context, and an interceptor the same id as the response', async () => {
    const served = await app();
    for (const headers of [{ 'X-Request-Id': 'shared-id' }, undefined]) {
      const res = await send(served, { path: '/id', ...(headers ? { headers } : {}) });
      const id = res.requestId as string;
      expect(JSON.parse(res.body)).toEqual({
        handler: id,
        handlerContext: id,
        contextParam: id,
        interceptor: id,
        interceptorContext: id,
      } satisfies Seen);
    }
  });

  it.each(['/forged', '/forged-lower'])(
    'ignores an X-Request-Id the handler sets itself (%s)',
    async (path) => {
      const served = await app();
      const kept = await send(served, { path, headers: { 'X-Request-Id': 'the-real-one' } });
      const made = await send(served, { path });

      expect([kept.status, kept.body, kept.requestId]).toEqual([200, 'forged', 'the-real-one']);
      expect(made.requestId).toMatch(TOKEN);
      expect(made.requestId).not.toBe('forged-by-handler');
    },
  );

  it('generates a different id for every request', async () => {
    const served = await app();
    const ids = new Set<string | null>();
    for (let i = 0; i < 20; i++) ids.add((await send(served, { path: '/ok' })).requestId);
    expect(ids.size).toBe(20);
    for (const id of ids) expect(id).toMatch(TOKEN);
  });
});

describe('request ids only a raw socket can send', () => {
  it('replaces a non-ASCII id, sent as UTF-8 bytes', async () => {
    const served = await app();
    const client = await RawClient.connect(served.port);
    onTestFinished(() => client.destroy());
    await client.write(
      Buffer.from('GET /id HTTP/1.1\r\nHost: t\r\nX-Request-Id: заказ-7\r\n\r\n', 'utf8'),
    );
    const res = await client.response();

    expect(res.status).toBe(200);
    expect(res.headers['x-request-id']).toMatch(TOKEN);
    expect(JSON.parse(res.body)).toMatchObject({ handler: res.headers['x-request-id'] });
  });

  it('keeps the first of two X-Request-Id headers, as the handler reads it', async () => {
    const served = await app();
    const client = await RawClient.connect(served.port);
    onTestFinished(() => client.destroy());
    await client.write(
      'GET /id HTTP/1.1\r\nHost: t\r\nX-Request-Id: first\r\nX-Request-Id: second\r\n\r\n',
    );
    const res = await client.response();

    expect(res.headers['x-request-id']).toBe('first');
    expect(JSON.parse(res.body)).toMatchObject({ handler: 'first' });
  });

  it('echoes the id on the 503 of requestTimeoutMs, and logs the timeout with it', async () => {
    const hang: TestRoute = {
      method: 'GET',
      path: '/hang',
      params: ['ctx:fw/context#Context'],
      // Settles only when its Context ends, after the 503 has gone out.
      handle: (ctx: Context) => new Promise((r) => ctx.signal.addEventListener('abort', r)),
    };
    const served = await serve([hang], { requestTimeoutMs: 50 });
    const client = await RawClient.connect(served.port);
    onTestFinished(() => client.destroy());

    await client.write('GET /hang HTTP/1.1\r\nHost: t\r\nX-Request-Id: slow-1\r\n\r\n');
    const res = await client.response();
    const made = await fetch(served.url('/hang'));
    await made.text();

    expect([res.status, res.headers['x-request-id']]).toEqual([503, 'slow-1']);
    expect(made.status).toBe(503);
    expect(made.headers.get('x-request-id')).toMatch(TOKEN);
    expect(failures(served)).toEqual([
      {
        level: 'error',
        msg: 'request failed',
        fields: expect.objectContaining({
          path: '/hang',
          status: 503,
          requestId: 'slow-1',
          code: 'FW_ERR_REQUEST_TIMEOUT',
        }),
      },
      {
        level: 'error',
        msg: 'request failed',
        fields: expect.objectContaining({
          status: 503,
          requestId: made.headers.get('x-request-id'),
        }),
      },
    ]);
  });
});

describe('header injection through inject()', () => {
  it('replaces an id holding CR LF, so no header can be smuggled into the response', async () => {
    const served = await app();
    const res = await served.app.inject({
      url: '/id',
      headers: { 'X-Request-Id': 'abc\r\nSet-Cookie: session=stolen' },
    });

    expect(res.headers['x-request-id']).toMatch(TOKEN);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.json()).toMatchObject({ handler: res.headers['x-request-id'] });
  });
});

/** A `ws` client on `path`, with the 101 response it got; closed when the test finishes. */
function openWebSocket(
  served: Served,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ ws: WebSocket; upgrade: IncomingMessage }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${served.port}${path}`, { headers });
    onTestFinished(() => ws.terminate());
    let upgrade: IncomingMessage | undefined;
    ws.once('upgrade', (res) => (upgrade = res));
    ws.once('open', () => resolve({ ws, upgrade: upgrade as IncomingMessage }));
    ws.once('unexpected-response', (_req, res) => reject(new Error(`refused: ${res.statusCode}`)));
    ws.once('error', reject);
  });
}

/** Sends `text` and resolves with the reply. */
function ask(ws: WebSocket, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    ws.once('message', (data) => resolve(String(data)));
    ws.send(text, (err) => err && reject(err));
  });
}

const gateway: TestRoute = {
  method: 'WS',
  path: '/ws/orders',
  params: ['ctx:fw/core#WebSocketMessageContext'],
  handle: (ctx: WebSocketMessageContext) => {
    if (Buffer.from(ctx.payload()).toString('utf8') === 'fail') throw new Error('no such order');
    return JSON.stringify({ id: ctx.requestId(), ofContext: requestIdOf(ctx.context()) });
  },
};

describe('request ids of a WebSocket', () => {
  it("answers the 101 with the incoming id, and every message's context reads it", async () => {
    const served = await serve([gateway]);
    const { ws, upgrade } = await openWebSocket(served, '/ws/orders', {
      'X-Request-Id': 'socket-42',
    });

    expect(upgrade.headers['x-request-id']).toBe('socket-42');
    expect(JSON.parse(await ask(ws, 'one'))).toEqual({ id: 'socket-42', ofContext: 'socket-42' });
    expect(JSON.parse(await ask(ws, 'two'))).toEqual({ id: 'socket-42', ofContext: 'socket-42' });
  });

  it.each<[string, Record<string, string>]>([
    ['without one', {}],
    ['with one too long', { 'X-Request-Id': 'w'.repeat(129) }],
    ['with one holding a space', { 'X-Request-Id': 'two words' }],
  ])('generates the id of an upgrade %s, and gives it to its messages', async (_name, headers) => {
    const served = await serve([gateway]);
    const { ws, upgrade } = await openWebSocket(served, '/ws/orders', headers);
    const id = upgrade.headers['x-request-id'];

    expect(id).toMatch(TOKEN);
    expect(id).not.toBe(headers['X-Request-Id']);
    expect(JSON.parse(await ask(ws, 'hi'))).toEqual({ id, ofContext: id });
  });

  // Node joins the two into 'first, second' in req.headers; fw reads the first, as over HTTP.
  it('keeps the first of two X-Request-Id headers of an upgrade, as over HTTP', async () => {
    const served = await serve([gateway]);
    const twice = { 'X-Request-Id': ['first', 'second'] } as unknown as Record<string, string>;
    const { ws, upgrade } = await openWebSocket(served, '/ws/orders', twice);

    expect(upgrade.headers['x-request-id']).toBe('first');
    expect(JSON.parse(await ask(ws, 'one'))).toEqual({ id: 'first', ofContext: 'first' });
  });

  it("logs a message that failed once, with the upgrade's id", async () => {
    const served = await serve([gateway]);
    const { ws } = await openWebSocket(served, '/ws/orders', { 'X-Request-Id': 'socket-err' });
    const closed = new Promise<number>((resolve) => ws.once('close', resolve));

    ws.send('fail');

    expect(await closed).toBe(1011);
    expect(served.logger.records.filter((r) => r.msg === 'websocket message failed')).toEqual([
      {
        level: 'error',
        msg: 'websocket message failed',
        fields: expect.objectContaining({
          path: '/ws/orders',
          requestId: 'socket-err',
          closeCode: 1011,
          err: expect.objectContaining({ message: 'no such order' }),
        }),
      },
    ]);
  });

  it('gives two connections different ids', async () => {
    const served = await serve([gateway]);
    const a = await openWebSocket(served, '/ws/orders');
    const b = await openWebSocket(served, '/ws/orders');
    expect(a.upgrade.headers['x-request-id']).not.toBe(b.upgrade.headers['x-request-id']);
  });

  it('echoes the id on a refused upgrade, and logs the refusal once with it', async () => {
    const served = await serve([gateway]);
    const res = await refusal(served.port, '/ws/nowhere', {
      headers: { 'X-Request-Id': 'lost-socket' },
    });

    expect([res.status, res.headers['x-request-id']]).toEqual([404, 'lost-socket']);
    expect(failures(served)).toEqual([
      {
        level: 'info',
        msg: 'request failed',
        fields: expect.objectContaining({
          path: '/ws/nowhere',
          status: 404,
          requestId: 'lost-socket',
        }),
      },
    ]);
  });
});
