// No stack trace and no internal message ever reaches a client (API.md section 6): whatever fails,
// wherever, a response shows only an HttpError's own status and detail, or a bare 500; a WebSocket
// closes with 1011 `handler error`. The error itself goes to the app's logger.
import { HttpError, reply } from 'fw';
import type {
  ArgumentResolver,
  ControllerContext,
  Interceptor,
  PostExecutionHook,
  ResponseWriter,
} from 'fw/core';
import { RESPONSE_WRITER_KEY } from 'fw/core';
import { describe, expect, it } from 'vitest';
import { problem, RawClient, type RawResponse, serve, type TestRoute } from '../http/support.js';
import { Client } from '../ws/support.js';

const SECRET = 'S3CR3T';
const INTERNAL = problem(500, 'Internal Server Error', 'Internal Server Error');

/** Marks of a leak: the secret, a stack frame, a source path, the name of an error class. */
const LEAK = new RegExp(
  `${SECRET}|\\bat \\S+ \\(|node:internal|/work/|\\.ts:\\d|TypeError|RangeError|Error:`,
);

/** An error whose message, stack and cause chain all carry the secret. */
function secretError(): Error {
  const root = new TypeError(`${SECRET} connection refused at db://admin:pw@10.0.0.5`);
  return new Error(`${SECRET} query failed`, {
    cause: new Error(`${SECRET} pool`, { cause: root }),
  });
}

/** Whether `value` was thrown by `handle` or returned from `preHandle`, as the case needs. */
const throws = (value: unknown) => () => {
  throw value;
};

/** The raw response to `GET path`, then the connection closed. */
async function get(port: number, path: string): Promise<RawResponse> {
  const client = await RawClient.connect(port);
  await client.write(`GET ${path} HTTP/1.1\r\nHost: t\r\n\r\n`);
  const res = await client.response();
  client.destroy();
  return res;
}

class SecretResolver implements ArgumentResolver {
  readonly #fail: () => unknown;
  constructor(fail: () => unknown) {
    this.#fail = fail;
  }
  supports(pm: { type: string }): boolean {
    return pm.type === 'test#Secret';
  }
  resolve(): unknown {
    return this.#fail();
  }
}

/** A route whose failure comes from `where`, with the app options that make it fail. */
type Setup = { route: Omit<TestRoute, 'method' | 'path'>; options?: object };

/** A global interceptor whose `hook` fails on `path` only, so `GET /ok` still answers. */
const failingOn = (
  path: string,
  hook: 'preHandle' | 'beforeResponse',
  fail: () => unknown,
): Interceptor => ({
  [hook]: (ctx: { path(): string }) => (ctx.path() === path ? fail() : undefined),
});

const sources: [string, Setup][] = [
  ['the handler throws an Error with a cause chain', { route: { handle: throws(secretError()) } }],
  ['the handler rejects with an Error', { route: { handle: () => Promise.reject(secretError()) } }],
  ['the handler throws a string', { route: { handle: throws(`${SECRET} plain string`) } }],
  ['the handler throws an object', { route: { handle: throws({ password: SECRET }) } }],
  ['the handler throws a number', { route: { handle: throws(42) } }],
  ['the handler throws null', { route: { handle: throws(null) } }],
  ['the handler throws undefined', { route: { handle: throws(undefined) } }],
  ['the handler throws a symbol', { route: { handle: throws(Symbol(SECRET)) } }],
  [
    'the handler throws an object whose toString throws',
    {
      route: {
        handle: throws({
          toString() {
            throw new Error(SECRET);
          },
        }),
      },
    },
  ],
  [
    'the handler throws an AggregateError',
    { route: { handle: throws(new AggregateError([secretError()], `${SECRET} many`)) } },
  ],
  [
    'the handler throws an Error with a toJSON',
    {
      route: {
        handle: throws(Object.assign(new Error(SECRET), { toJSON: () => ({ leak: SECRET }) })),
      },
    },
  ],
  [
    'a resolver throws',
    {
      route: { params: ['s:test#Secret'], handle: () => 'unreachable' },
      options: { resolvers: [new SecretResolver(throws(secretError()))] },
    },
  ],
  [
    'a resolver rejects',
    {
      route: { params: ['s:test#Secret'], handle: () => 'unreachable' },
      options: { resolvers: [new SecretResolver(() => Promise.reject(secretError()))] },
    },
  ],
  [
    'a global interceptor returns an Error',
    {
      route: { handle: () => 'unreachable' },
      options: { interceptors: [failingOn('/boom', 'preHandle', () => secretError())] },
    },
  ],
  [
    'a global interceptor throws',
    {
      route: { handle: () => 'unreachable' },
      options: { interceptors: [failingOn('/boom', 'preHandle', throws(secretError()))] },
    },
  ],
  [
    'a post-execution hook fails',
    {
      route: { handle: () => 'fine' },
      options: {
        hooks: [
          {
            afterExecution: (ctx) => (ctx.path() === '/boom' ? secretError() : undefined),
          } satisfies PostExecutionHook,
        ],
      },
    },
  ],
  [
    'beforeResponse adds an error',
    {
      route: { handle: () => 'fine' },
      options: { interceptors: [failingOn('/boom', 'beforeResponse', () => secretError())] },
    },
  ],
  ['the result has a cycle', { route: { handle: () => cyclic() } }],
  ['the result holds a bigint', { route: { handle: () => ({ [SECRET]: 1n }) } }],
  ['the result is a function', { route: { handle: () => () => SECRET } }],
  ['reply() has a status out of range', { route: { handle: () => reply(SECRET, { status: 99 }) } }],
  [
    'the handler writes status 1000',
    {
      route: {
        params: ['cc:fw/core#ControllerContext'],
        handle: (cc: ControllerContext) => {
          cc.get<ResponseWriter>(RESPONSE_WRITER_KEY)?.writeStatus(1000);
          return SECRET;
        },
      },
    },
  ],
];

function cyclic(): unknown {
  const a: Record<string, unknown> = { secret: SECRET };
  a['self'] = a;
  return a;
}

describe('a 500 shows nothing of the error', () => {
  it.each(sources)('when %s', async (_name, { route, options }) => {
    const served = await serve([{ method: 'GET', path: '/boom', ...route }], options);

    const res = await get(served.port, '/boom');

    expect(res.status).toBe(500);
    expect(res.headers['content-type']).toBe('application/problem+json');
    expect(JSON.parse(res.body)).toEqual(INTERNAL);
    expect(`${res.head}\r\n\r\n${res.body}`).not.toMatch(LEAK);
    expect(served.logger.entries.length).toBeGreaterThan(0); // the operator still sees it
    expect(await served.alive()).toBe(200);
  });
});

// Regression: an HttpError subclass whose getResponse() threw made stageError throw after it had
// dropped the staged success, and the client got 204 with no body.
describe('an HttpError that cannot be sent as it is renders as a bare 500', () => {
  it.each<[string, Setup]>([
    [
      'an HttpError has a status that is not an error (200)',
      { route: { handle: throws(new HttpError(200, SECRET)) } },
    ],
    [
      'an HttpError has a status that is no integer',
      { route: { handle: throws(new HttpError(404.5, SECRET)) } },
    ],
    [
      'an HttpError subclass fails to render itself',
      {
        route: {
          handle: throws(
            new (class extends HttpError {
              override getResponse(): never {
                throw secretError();
              }
            })(400, SECRET),
          ),
        },
      },
    ],
  ])('when %s', async (_name, { route }) => {
    const served = await serve([{ method: 'GET', path: '/boom', ...route }]);

    const res = await get(served.port, '/boom');

    expect([res.status, JSON.parse(res.body)]).toEqual([500, INTERNAL]);
    expect(res.body).not.toMatch(LEAK);
  });
});

describe('an HttpError shows what its author set, and nothing of its cause', () => {
  it.each([
    [400, 'name is required'],
    [404, 'No user 7'],
    [409, 'taken'],
    [503, 'maintenance until 17:00'],
  ])('%i %s', async (status, detail) => {
    const err = new HttpError(status, detail, { cause: secretError() });
    const { port } = await serve([{ method: 'GET', path: '/e', handle: throws(err) }]);

    const res = await get(port, '/e');

    expect(res.status).toBe(status);
    expect(JSON.parse(res.body)).toEqual({
      type: 'about:blank',
      title: expect.any(String),
      status,
      detail,
    });
    expect(res.body).not.toMatch(LEAK);
  });

  it('found in the cause chain of another error, shows only its own detail', async () => {
    const inner = new HttpError(422, 'qty must be positive');
    const err = new Error(`${SECRET} wrapper`, { cause: inner });
    const { port } = await serve([{ method: 'GET', path: '/e', handle: throws(err) }]);

    const res = await get(port, '/e');

    expect([res.status, JSON.parse(res.body).detail]).toEqual([422, 'qty must be positive']);
    expect(res.body).not.toMatch(LEAK);
  });
});

describe('a malformed body is named without the parser internals', () => {
  const json = 'application/json';
  it.each([
    ['truncated JSON', json, '{"a":', /^Malformed JSON body: Unexpected end of JSON input$/],
    [
      'a bad token, not echoed back',
      json,
      `{"a": ${SECRET}}`,
      /^Malformed JSON body: Unexpected token 'S'$/,
    ],
    ['a trailing comma', json, '{"a":1,}', /^Malformed JSON body: [^"]+$/],
    ['a control character', json, '{"a":"\u0001"}', /^Malformed JSON body: [^"]+$/],
    ['invalid UTF-8', json, Buffer.from([0x7b, 0xff, 0x7d]), /^Malformed JSON body: not valid/],
    [
      'multipart without a boundary',
      'multipart/form-data',
      'x',
      /^Malformed multipart body: the Content-Type has no boundary parameter$/,
    ],
    [
      'multipart cut short',
      'multipart/form-data; boundary=b',
      `--b\r\nContent-Disposition: form-data; name="a"\r\n\r\n${SECRET}`,
      /^Malformed multipart body: the body ended before the closing boundary$/,
    ],
  ])('%s', async (_name, type, body, detail) => {
    const multipart = type.startsWith('multipart/');
    const { url, logger } = await serve([
      {
        method: 'POST',
        path: '/in',
        params: ['ctx:fw/core#HttpRequestContext'],
        handle: (ctx: { bind(): Promise<unknown>; multipartForm(): Promise<unknown> }) =>
          multipart ? ctx.multipartForm().then(() => 'ok') : ctx.bind(),
      },
    ]);

    const res = await fetch(url('/in'), {
      method: 'POST',
      headers: { 'content-type': type },
      body,
    });
    const got = (await res.json()) as { detail: string };

    expect(res.status).toBe(400);
    expect(got.detail).toMatch(detail);
    expect(JSON.stringify(got)).not.toMatch(LEAK);
    expect(logger.entries).toEqual([]); // a client's mistake is not logged as a failure
  });

  // Regression: the reviver that dropped __proto__ recursed, and a body nested 5,000 levels deep got
  // 400 `Malformed JSON body: Maximum call stack size exceeded`; without the key it was accepted.
  it('accepts deeply nested JSON that holds a __proto__ key, and drops the key', async () => {
    const depth = 10_000;
    const { url } = await serve([
      {
        method: 'POST',
        path: '/in',
        params: ['ctx:fw/core#HttpRequestContext'],
        handle: async (ctx: { bind(): Promise<{ a: unknown }> }) => {
          let node = (await ctx.bind()).a;
          let n = 0;
          for (; Array.isArray(node) && node.length > 0; n++) node = node[0];
          return { depth: n + (Array.isArray(node) ? 1 : 0) };
        },
      },
    ]);
    const body = `{"__proto__":{"polluted":1},"a":${'['.repeat(depth)}${']'.repeat(depth)}}`;

    const res = await fetch(url('/in'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });

    expect([res.status, await res.json()]).toEqual([200, { depth }]);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });
});

describe('a request the HTTP parser refuses', () => {
  it.each([
    ['a malformed request line', 'GET\u0000/ HTTP/1.1\r\nHost: t\r\n\r\n'],
    ['a header with no colon', 'GET / HTTP/1.1\r\nHost: t\r\nbroken\r\n\r\n'],
    ['a bare CR inside a header value', 'GET / HTTP/1.1\r\nHost: t\r\nX-A: a\rb\r\n\r\n'],
    [
      'both Content-Length and Transfer-Encoding',
      'POST /ok HTTP/1.1\r\nHost: t\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
    ],
  ])('answers %s with a bare 400 that names no parser error', async (_name, request) => {
    const { port } = await serve([]);
    const client = await RawClient.connect(port);
    await client.write(request);
    const res = await client.response();
    client.destroy();
    expect(res.status).toBe(400);
    expect(`${res.head}${res.body}`).not.toMatch(/HPE_|Parse Error|\bat /);
  });
});

describe('a WebSocket message that fails closes with 1011 and a fixed reason', () => {
  it.each<[string, Setup]>([
    [
      'the handler throws an Error with a cause chain',
      { route: { handle: throws(secretError()) } },
    ],
    ['the handler throws a string', { route: { handle: throws(`${SECRET} plain`) } }],
    ['the handler throws an object', { route: { handle: throws({ password: SECRET }) } }],
    [
      'the handler throws an HttpError 500',
      { route: { handle: throws(new HttpError(500, SECRET)) } },
    ],
    ['the reply has a cycle', { route: { handle: () => cyclic() } }],
    [
      'a resolver throws',
      {
        route: { params: ['s:test#Secret'], handle: () => 'unreachable' },
        options: { resolvers: [new SecretResolver(throws(secretError()))] },
      },
    ],
    [
      'a global interceptor fails',
      {
        route: { handle: () => 'unreachable' },
        options: { interceptors: [failingOn('/ws', 'preHandle', () => secretError())] },
      },
    ],
  ])('when %s', async (_name, { route, options }) => {
    const served = await serve([{ method: 'WS', path: '/ws', ...route }], options);
    const client = await Client.open(served.port, '/ws');

    await client.send('go');

    expect(await client.closed).toEqual({ code: 1011, reason: 'handler error' });
    expect(client.pending()).toBe(0);
    expect(served.logger.entries.length).toBeGreaterThan(0);
  });
});
