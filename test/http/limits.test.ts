import { type Context, DeadlineExceeded } from 'fw/context';
import { describe, expect, it } from 'vitest';
import { Client, refusal } from '../ws/support.js';
import {
  anError,
  deferred,
  problem,
  RawClient,
  requestFailed,
  serve,
  type TestRoute,
} from './support.js';

// Every input has a limit with a safe default, set by an app option. Each is checked
// over a real socket: at the limit the request is served, one past it gets its own 4xx, and the
// server answers the next request.

const echoQuery: TestRoute = {
  method: 'GET',
  path: '/q',
  params: ['ctx:fw/core#HttpRequestContext'],
  handle: (ctx: { queries(): Record<string, readonly string[]> }) =>
    String(Object.keys(ctx.queries()).length),
};

function request(target: string, headers: readonly string[] = []): string {
  return `GET ${target} HTTP/1.1\r\nHost: t\r\n${headers.map((h) => `${h}\r\n`).join('')}\r\n`;
}

async function send(port: number, raw: string) {
  const client = await RawClient.connect(port);
  await client.write(raw);
  const res = await client.response();
  client.destroy();
  return res;
}

describe('the request target', () => {
  it('answers 414 past maxUrlLength and serves one at it', async () => {
    const served = await serve([], { maxUrlLength: 64 });
    const at = `/ok?${'a'.repeat(64 - '/ok?'.length)}`;

    const ok = await send(served.port, request(at));
    const over = await send(served.port, request(`${at}b`));

    expect(ok.status).toBe(200);
    expect([over.status, JSON.parse(over.body)]).toEqual([
      414,
      problem(
        414,
        'URI Too Long',
        'The request target exceeds the limit of 64 characters',
        'FW_ERR_URL_TOO_LONG',
      ),
    ]);
    expect(await served.alive()).toBe(200);
  });

  it('is bounded at 8192 characters by default', async () => {
    const served = await serve([]);
    const res = await send(served.port, request(`/ok?${'a'.repeat(8192)}`));
    expect(res.status).toBe(414);
  });
});

describe('request headers', () => {
  it('answers 431 past maxHeaderCount and serves a request at it', async () => {
    const served = await serve([], { maxHeaderCount: 5 });
    const four = ['a: 1', 'b: 2', 'c: 3', 'd: 4']; // and Host: five in all

    const ok = await send(served.port, request('/ok', four));
    const over = await send(served.port, request('/ok', [...four, 'e: 5']));
    const many = await send(served.port, request('/ok', [...four, ...four, ...four]));

    expect(ok.status).toBe(200);
    expect([over.status, JSON.parse(over.body)]).toEqual([
      431,
      problem(
        431,
        'Request Header Fields Too Large',
        'The request has more than 5 header fields',
        'FW_ERR_TOO_MANY_HEADERS',
      ),
    ]);
    expect(many.status).toBe(431);
    expect(await served.alive()).toBe(200);
  });

  it('has a default of 100 header fields', async () => {
    const served = await serve([]);
    const names = Array.from({ length: 100 }, (_, i) => `x-h${i}: v`);
    expect((await send(served.port, request('/ok', names.slice(0, 99)))).status).toBe(200);
    expect((await send(served.port, request('/ok', names))).status).toBe(431);
  });

  it('answers 431 and closes past maxHeaderBytes', async () => {
    const served = await serve([], { maxHeaderBytes: 1024 });
    const client = await RawClient.connect(served.port);

    await client.write(request('/ok', [`x-big: ${'v'.repeat(2048)}`]));
    const res = await client.response();
    await client.closed();

    expect(res.status).toBe(431);
    expect(await served.alive()).toBe(200);
  });
});

describe('query parameters', () => {
  it('answers 400 past maxQueryParams when the handler reads the query', async () => {
    const served = await serve([echoQuery], { maxQueryParams: 3 });

    const ok = await send(served.port, request('/q?a=1&b=2&c=3'));
    const repeated = await send(served.port, request('/q?a=1&a=2&a=3&&&'));
    const over = await send(served.port, request('/q?a=1&b=2&c=3&d=4'));

    expect([ok.status, ok.body]).toEqual([200, '3']);
    expect([repeated.status, repeated.body]).toEqual([200, '1']);
    expect([over.status, JSON.parse(over.body)]).toEqual([
      400,
      problem(
        400,
        'Bad Request',
        'The query string has more than 3 parameters',
        'FW_ERR_TOO_MANY_QUERY_PARAMS',
      ),
    ]);
  });

  it('does not look at a query the handler never reads', async () => {
    const served = await serve([], { maxQueryParams: 1 });
    expect((await send(served.port, request('/ok?a&b&c'))).status).toBe(200);
  });

  it('is enforced by inject() as over a socket', async () => {
    const served = await serve([echoQuery], { maxQueryParams: 2, maxUrlLength: 20 });
    const inj = (url: string) => served.app.inject({ url }).then((r) => r.status);
    expect(await inj('/q?a&b')).toBe(200);
    expect(await inj('/q?a&b&c')).toBe(400);
    expect(await inj(`/q?${'x'.repeat(20)}`)).toBe(414);
  });
});

describe('slow clients', () => {
  it('are answered 408 and cut off when the head takes longer than headersTimeoutMs', async () => {
    const served = await serve([], { headersTimeoutMs: 150 });
    const client = await RawClient.connect(served.port);

    await client.write('GET /ok HTTP/1.1\r\nHost: t\r\n'); // and never the blank line
    const res = await client.response();
    await client.closed();

    expect(res.status).toBe(408);
    expect(await served.alive()).toBe(200);
  });

  it('are answered 408 and cut off when the body takes longer than receiveTimeoutMs', async () => {
    const entered = deferred();
    const body: TestRoute = {
      method: 'POST',
      path: '/upload',
      params: ['ctx:fw/core#HttpRequestContext'],
      handle: async (ctx: { bind(): Promise<unknown> }) => {
        entered.resolve();
        return ctx.bind().then(
          () => 'read',
          () => 'failed',
        );
      },
    };
    const served = await serve([body], { receiveTimeoutMs: 200 });
    const client = await RawClient.connect(served.port);

    await client.write(
      'POST /upload HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"a":',
    );
    await entered.promise;
    await client.closed();

    expect(await served.alive()).toBe(200);
    expect(served.logger.entries).toEqual([]); // a client cut off is not a server failure
  });

  it('lose an idle kept-alive connection after keepAliveTimeoutMs', async () => {
    const served = await serve([], { keepAliveTimeoutMs: 100 });
    const client = await RawClient.connect(served.port);

    await client.write(request('/ok'));
    expect((await client.response()).status).toBe(200);
    await client.closed(); // Node's own keep-alive timer ends it; without the option it stays 5 s

    expect(await served.alive()).toBe(200);
  });
});

describe('requestTimeoutMs', () => {
  it('answers 503 to a handler that never resolves, after ending its Context', async () => {
    const seen = deferred<Error | undefined>();
    const hang: TestRoute = {
      method: 'GET',
      path: '/hang',
      params: ['ctx:fw/context#Context'],
      handle: (ctx: Context) => {
        ctx.signal.addEventListener('abort', () => seen.resolve(ctx.err()));
        return new Promise(() => {}); // ignores its Context and never settles
      },
    };
    const served = await serve([hang], { requestTimeoutMs: 100 });
    const client = await RawClient.connect(served.port);

    await client.write(request('/hang'));
    const res = await client.response();
    await client.closed();

    expect(await seen.promise).toBe(DeadlineExceeded);
    expect([res.status, res.headers['connection'], JSON.parse(res.body)]).toEqual([
      503,
      'close',
      problem(
        503,
        'Service Unavailable',
        'The request did not finish before its deadline; retry later',
        'FW_ERR_REQUEST_TIMEOUT',
      ),
    ]);
    expect(served.logger.failures()).toEqual([
      requestFailed({
        method: 'GET',
        path: '/hang',
        status: 503,
        requestId: res.headers['x-request-id'],
        code: 'FW_ERR_REQUEST_TIMEOUT',
        err: anError('The request did not finish before its deadline; retry later'),
      }),
    ]);
    expect(await served.alive()).toBe(200);
  });

  it('drops what a late handler sends after the 503', async () => {
    const release = deferred();
    const done = deferred();
    const late: TestRoute = {
      method: 'GET',
      path: '/late',
      handle: async () => {
        await release.promise;
        queueMicrotask(done.resolve);
        return 'too late';
      },
    };
    const served = await serve([late], { requestTimeoutMs: 50 });
    const client = await RawClient.connect(served.port);

    await client.write(request('/late'));
    const res = await client.response();
    release.resolve();
    await done.promise;
    await client.closed();

    expect(res.status).toBe(503);
    expect(await served.alive()).toBe(200);
  });

  it('leaves a request answered in time alone', async () => {
    const served = await serve([], { requestTimeoutMs: 1000 });
    const client = await RawClient.connect(served.port);
    await client.write(request('/ok'));
    expect((await client.response()).status).toBe(200);
    await new Promise((r) => setTimeout(r, 50));
    await client.write(request('/ok'));
    expect((await client.response()).status).toBe(200); // the connection is still open
    client.destroy();
  });
});

describe('WebSocket upgrades', () => {
  const room: TestRoute = { method: 'WS', path: '/ws', handle: () => 'hi' };

  it('are held to maxUrlLength and maxHeaderCount before any gateway runs', async () => {
    const served = await serve([room], { maxUrlLength: 32, maxHeaderCount: 8 });
    const headers = Object.fromEntries(Array.from({ length: 8 }, (_, i) => [`x-h${i}`, 'v']));

    const long = await refusal(served.port, `/ws?${'a'.repeat(40)}`);
    const many = await refusal(served.port, '/ws', { headers });
    const client = await Client.open(served.port, '/ws?short');

    expect([long.status, many.status]).toEqual([414, 431]);
    expect(many.json).toEqual(
      problem(
        431,
        'Request Header Fields Too Large',
        'The request has more than 8 header fields',
        'FW_ERR_TOO_MANY_HEADERS',
      ),
    );
    expect(await client.ask('hello')).toBe('hi');
    // Each refusal is logged as a failed request, at info: the client's error.
    expect(served.logger.failures()).toEqual([
      requestFailed({
        method: 'GET',
        path: '/ws',
        status: 414,
        requestId: long.headers['x-request-id'],
        code: 'FW_ERR_URL_TOO_LONG',
        detail: 'The request target exceeds the limit of 32 characters',
      }),
      requestFailed({
        method: 'GET',
        path: '/ws',
        status: 431,
        requestId: many.headers['x-request-id'],
        code: 'FW_ERR_TOO_MANY_HEADERS',
        detail: 'The request has more than 8 header fields',
      }),
    ]);
  });

  it('are cut off by headersTimeoutMs when the upgrade request itself is slow', async () => {
    const served = await serve([room], { headersTimeoutMs: 150 });
    const client = await RawClient.connect(served.port);

    await client.write('GET /ws HTTP/1.1\r\nHost: t\r\nUpgrade: websocket\r\n'); // then nothing
    const res = await client.response();
    await client.closed();

    expect(res.status).toBe(408);
    expect(await (await Client.open(served.port, '/ws')).ask('hello')).toBe('hi');
  });
});
