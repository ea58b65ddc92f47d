// Upgrade routing, the origin policy and the handshake interceptors (API.md section 5b).
import { HttpError } from 'fw';
import type { HandlerMeta, Interceptor, WebSocketHandshakeContext } from 'fw/core';
import { cors } from 'fw/cors';
import { describe, expect, it } from 'vitest';
import { Client, problem, RawClient, refusal, serve } from './support.js';

const room = {
  method: 'WS',
  path: '/ws/rooms/:room',
  params: ['room:string'],
  handle: (room: string) => `in ${room}`,
};

describe('upgrade routing', () => {
  it('accepts a gateway path with a route key, and binds the key on every message', async () => {
    const { port } = await serve([room]);
    const client = await Client.open(port, '/ws/rooms/lobby');
    expect(await client.ask('hi')).toBe('in lobby');
    expect(await client.ask('again')).toBe('in lobby');
  });

  it.each([
    ['an unknown path', '/ws/nowhere'],
    ['an HTTP route', '/ok'],
    ['a gateway path with a missing key', '/ws/rooms/'],
  ])('refuses %s with 404 before the upgrade', async (_name, path) => {
    const { port } = await serve([room]);
    const res = await refusal(port, path);
    const detail = `No WebSocket gateway serves ${path}; declare one with @WebSocketGateway('${path}')`;
    expect([res.status, res.headers['content-type']]).toEqual([404, 'application/problem+json']);
    expect(res.json).toEqual(problem(404, 'Not Found', detail, 'FW_ERR_WEBSOCKET_NOT_FOUND'));
  });

  const KEY = 'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n';
  it.each([
    [
      'another protocol',
      `GET /ws/rooms/a HTTP/1.1\r\nUpgrade: h2c\r\n${KEY}`,
      "the Upgrade header must be 'websocket'",
    ],
    [
      'no key',
      'GET /ws/rooms/a HTTP/1.1\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\n',
      'the Sec-WebSocket-Key header is missing or invalid',
    ],
    [
      'a POST',
      `POST /ws/rooms/a HTTP/1.1\r\nUpgrade: websocket\r\n${KEY}`,
      'the method must be GET, not POST',
    ],
    [
      'version 12',
      'GET /ws/rooms/a HTTP/1.1\r\nUpgrade: websocket\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 12\r\n',
      'the Sec-WebSocket-Version header must be 13',
    ],
  ])('refuses an upgrade request with %s with 400', async (_name, head, reason) => {
    const { port } = await serve([room]);
    const client = await RawClient.connect(port);
    await client.write(`${head}Host: t\r\nConnection: Upgrade\r\n\r\n`);
    const res = await client.response();
    await client.closed();
    expect([res.status, res.headers['connection']]).toEqual([400, 'close']);
    expect(JSON.parse(res.body)).toEqual(
      problem(
        400,
        'Bad Request',
        `Invalid WebSocket upgrade request: ${reason}`,
        'FW_ERR_WEBSOCKET_BAD_REQUEST',
      ),
    );
  });
});

describe('origin policy', () => {
  it.each([
    ['no Origin (not a browser)', {}],
    ['the same origin as the Host', { origin: 'http://127.0.0.1' }],
  ])('accepts %s', async (_name, options: { origin?: string }) => {
    const { port } = await serve([room]);
    const origin = options.origin === undefined ? {} : { origin: `${options.origin}:${port}` };
    const client = await Client.open(port, '/ws/rooms/a', origin);
    expect(await client.ask('x')).toBe('in a');
  });

  it('refuses a foreign browser Origin with 403', async () => {
    const { port } = await serve([room]);
    const res = await refusal(port, '/ws/rooms/a', { origin: 'https://evil.example' });
    expect(res.status).toBe(403);
    expect(res.json).toEqual(
      problem(
        403,
        'Forbidden',
        "Origin 'https://evil.example' may not open a WebSocket here; " +
          'allow it in cors({ origins }) or createApp({ allowedOrigins })',
        'FW_ERR_WEBSOCKET_ORIGIN',
      ),
    );
  });

  it('accepts a foreign Origin listed in allowedOrigins, written in any case', async () => {
    const { port } = await serve([room], { allowedOrigins: ['HTTPS://App.Example:443'] });
    const client = await Client.open(port, '/ws/rooms/a', { origin: 'https://app.example' });
    expect(await client.ask('x')).toBe('in a');
    const other = await refusal(port, '/ws/rooms/a', { origin: 'https://app.example:8443' });
    expect(other.status).toBe(403);
  });
});

// One list of origins for fetch and WebSocket: a page that cors() lets call the API may open its
// WebSockets without allowedOrigins repeating it.
describe('the origin policy of a cors() interceptor among the global ones', () => {
  const refusedBy = (origin: string) =>
    problem(
      403,
      'Forbidden',
      `Origin '${origin}' may not open a WebSocket here; ` +
        'allow it in cors({ origins }) or createApp({ allowedOrigins })',
      'FW_ERR_WEBSOCKET_ORIGIN',
    );

  it('accepts an origin of its list, and refuses one it does not allow', async () => {
    const interceptors = [cors({ origins: ['https://app.example'], credentials: true })];
    const { port } = await serve([room], { interceptors });
    const client = await Client.open(port, '/ws/rooms/a', { origin: 'https://app.example' });
    expect(await client.ask('x')).toBe('in a');
    const other = await refusal(port, '/ws/rooms/a', { origin: 'https://evil.example' });
    expect([other.status, other.json]).toEqual([403, refusedBy('https://evil.example')]);
  });

  it('accepts an origin its function allows', async () => {
    const origins = (origin: string) => origin.endsWith('.app.example');
    const { port } = await serve([room], { interceptors: [cors({ origins })] });
    const client = await Client.open(port, '/ws/rooms/a', { origin: 'https://eu.app.example' });
    expect(await client.ask('x')).toBe('in a');
    const other = await refusal(port, '/ws/rooms/a', { origin: 'https://app.example.evil' });
    expect(other.status).toBe(403);
  });

  it("does not extend '*' to WebSockets: a browser sends its cookies with every upgrade", async () => {
    const { port } = await serve([room], { interceptors: [cors({ origins: '*' })] });
    const res = await refusal(port, '/ws/rooms/a', { origin: 'https://any.example' });
    expect([res.status, res.json]).toEqual([403, refusedBy('https://any.example')]);
    const own = await Client.open(port, '/ws/rooms/a', { origin: `http://127.0.0.1:${port}` });
    expect(await own.ask('x')).toBe('in a');
  });

  it('keeps allowedOrigins working beside it', async () => {
    const { port } = await serve([room], {
      interceptors: [cors({ origins: ['https://app.example'] })],
      allowedOrigins: ['https://admin.example'],
    });
    for (const origin of ['https://app.example', 'https://admin.example']) {
      const client = await Client.open(port, '/ws/rooms/a', { origin });
      expect(await client.ask('x')).toBe('in a');
    }
  });
});

/** An interceptor whose `preHandshake` answers with `outcome` and records what it saw. */
function handshakeWith(outcome: () => unknown) {
  const seen: { ctx: WebSocketHandshakeContext; meta: HandlerMeta }[] = [];
  class Guard implements Interceptor {
    preHandshake(ctx: WebSocketHandshakeContext, meta: HandlerMeta) {
      seen.push({ ctx, meta });
      return outcome() as void;
    }
  }
  return { Guard, seen };
}

describe('preHandshake', () => {
  it('sees the upgrade request snapshot and the gateway, then the upgrade proceeds', async () => {
    const { Guard, seen } = handshakeWith(() => undefined);
    const { port } = await serve([{ ...room, interceptors: [Guard] }]);
    await Client.open(port, '/ws/rooms/a?token=t1&token=t2', {
      headers: { Cookie: 'sid=abc', 'X-Trace': 'on' },
    });
    const [{ ctx, meta }] = seen as [(typeof seen)[0]];
    expect([ctx.path(), ctx.requestURI()]).toEqual([
      '/ws/rooms/a',
      '/ws/rooms/a?token=t1&token=t2',
    ]);
    expect([ctx.query('token'), ctx.queries()['token']]).toEqual(['t1', ['t1', 't2']]);
    expect([ctx.cookie('sid'), ctx.header('x-trace'), ctx.host()]).toEqual([
      'abc',
      'on',
      `127.0.0.1:${port}`,
    ]);
    expect(ctx.remoteAddr()).toBe('127.0.0.1');
    expect([meta.method?.name, meta.pathKeys]).toEqual(['handler0', ['room']]);
    expect(Object.isFrozen(ctx.headers())).toBe(true);
  });

  it.each([
    [
      'returns a plain Error',
      () => new Error('no token'),
      401,
      'The WebSocket handshake was refused',
    ],
    [
      'throws a plain Error',
      () => {
        throw new Error('boom');
      },
      401,
      'The WebSocket handshake was refused',
    ],
    ['returns an HttpError 403', () => new HttpError(403, 'banned'), 403, 'banned'],
    [
      'throws an HttpError 429',
      () => {
        throw new HttpError(429, 'slow down');
      },
      429,
      'slow down',
    ],
    [
      'rejects with an HttpError 400',
      () => Promise.reject(new HttpError(400, 'bad room')),
      400,
      'bad room',
    ],
    [
      'returns an HttpError 503 (not a 4xx)',
      () => new HttpError(503, 'down'),
      401,
      'The WebSocket handshake was refused',
    ],
  ])('refuses the upgrade when a route interceptor %s', async (_name, outcome, status, detail) => {
    const { Guard } = handshakeWith(outcome);
    let ran = false;
    const { port } = await serve([
      { ...room, interceptors: [Guard], handle: () => void (ran = true) },
    ]);
    const res = await refusal(port, '/ws/rooms/a');
    expect([res.status, (res.json as { detail: string }).detail]).toEqual([status, detail]);
    expect(ran).toBe(false);
  });

  it('runs the global interceptors first, and stops at the first refusal', async () => {
    const order: string[] = [];
    const global: Interceptor = {
      preHandshake: () => void order.push('global'),
    };
    const refusing: Interceptor = {
      preHandshake: () => {
        order.push('refusing');
        return new HttpError(403, 'no');
      },
    };
    const { Guard } = handshakeWith(() => void order.push('route'));
    const { port } = await serve([{ ...room, interceptors: [Guard] }], {
      interceptors: [global, refusing],
    });
    expect((await refusal(port, '/ws/rooms/a')).status).toBe(403);
    expect(order).toEqual(['global', 'refusing']);
  });

  it('refuses with 503 when preHandshake outlasts handshakeTimeoutMs, and cancels its context', async () => {
    let signal: AbortSignal | undefined;
    const hanging: Interceptor = {
      preHandshake: (ctx) => {
        signal = ctx.context().signal;
        return new Promise<void>(() => {});
      },
    };
    const { port } = await serve([room], { interceptors: [hanging], handshakeTimeoutMs: 50 });
    const res = await refusal(port, '/ws/rooms/a');
    expect([res.status, (res.json as { detail: string }).detail]).toEqual([
      503,
      'The WebSocket handshake did not finish within 50 ms; retry later',
    ]);
    expect(signal?.aborted).toBe(true);
  });
});

describe('maxConnections', () => {
  it('refuses the connection beyond the cap with 503 and Retry-After, and accepts again after a close', async () => {
    const { port } = await serve([room], { maxConnections: 2 });
    const first = await Client.open(port, '/ws/rooms/a');
    await Client.open(port, '/ws/rooms/b');

    const res = await refusal(port, '/ws/rooms/c');
    expect([res.status, res.headers['retry-after']]).toEqual([503, '1']);
    expect(res.json).toEqual(
      problem(
        503,
        'Service Unavailable',
        'WebSocket connection capacity (2) has been reached; retry later',
        'FW_ERR_WEBSOCKET_CAPACITY',
      ),
    );

    first.ws.close();
    await first.closed;
    let third: Client | undefined;
    // The server frees the slot when it sees the socket close, a moment after the client does.
    for (let attempt = 0; third === undefined && attempt < 100; attempt++) {
      third = await Client.open(port, '/ws/rooms/c').catch(() => undefined);
    }
    expect(await third?.ask('x')).toBe('in c');
  });
});
