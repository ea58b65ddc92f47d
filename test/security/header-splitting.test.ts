// A header whose name or value could end its line (CR, LF, NUL, or a character above U+00FF that
// Node would write as one of them in Latin-1) is refused wherever it is set: the ResponseWriter,
// reply(), redirect(), an HttpError, a refused WebSocket upgrade. The request gets a bare 500 and
// nothing of the header goes out. test/http/handler-errors.test.ts has the first three values
// through setHeader; these are the rest, through every path.
import { HttpError, redirect, reply } from 'fw';
import type { ControllerContext, Interceptor, ResponseWriter } from 'fw/core';
import { RESPONSE_WRITER_KEY } from 'fw/core';
import { describe, expect, it } from 'vitest';
import { problem, RawClient, type RawResponse, serve, type TestRoute } from '../http/support.js';
import { refusal } from '../ws/support.js';

const INTERNAL = problem(500, 'Internal Server Error', 'Internal Server Error');
const INJECTED = 'Set-Cookie: pwned=1';

/** Values that would end the header line; each carries an injected header after the break. */
const VALUES: [string, string][] = [
  ['CR LF', `ok\r\n${INJECTED}`],
  ['LF', `ok\n${INJECTED}`],
  ['CR', `ok\r${INJECTED}`],
  ['NUL', `ok\u0000${INJECTED}`],
  ['U+010D U+010A (CR LF in Latin-1)', `ok\u010d\u010a${INJECTED}`],
  ['U+560D U+560A (CR LF in their low bytes)', `ok\u560d\u560a${INJECTED}`],
  ['DEL', `ok\u007f${INJECTED}`],
  ['LF then a space (obsolete line folding)', `ok\n ${INJECTED}`],
];

/** Names that are not HTTP tokens; those with a break carry an injected header. */
const NAMES: [string, string][] = [
  ['CR LF', `X-A\r\n${INJECTED}\r\nX-B`],
  ['LF', `X-A\n${INJECTED}\nX-B`],
  ['NUL', 'X-A\u0000'],
  ['a colon', `${INJECTED}\r\nX-A:`],
  ['a space', 'X A'],
  ['nothing', ''],
  ['U+010A', `X-A\u010a${INJECTED}\u010aX-B`],
  ['a non-ASCII letter', 'X-Ä'],
];

/** How a handler gets a header onto the response. */
type SetHeader = (name: string, value: string) => Omit<TestRoute, 'method' | 'path'>;

const writer = (cc: ControllerContext) => cc.get<ResponseWriter>(RESPONSE_WRITER_KEY);

const PATHS: [string, SetHeader][] = [
  [
    'ResponseWriter.setHeader',
    (name, value) => ({
      params: ['cc:fw/core#ControllerContext'],
      handle: (cc: ControllerContext) => writer(cc)?.setHeader(name, value),
    }),
  ],
  [
    'ResponseWriter.addHeader',
    (name, value) => ({
      params: ['cc:fw/core#ControllerContext'],
      handle: (cc: ControllerContext) => {
        writer(cc)?.addHeader('X-Fine', '1');
        writer(cc)?.addHeader(name, value);
      },
    }),
  ],
  [
    'a route interceptor, before the handler',
    (name, value) => ({
      interceptors: [
        class implements Interceptor {
          preHandle(ctx: { get<T>(key: string): T | undefined }) {
            ctx.get<ResponseWriter>(RESPONSE_WRITER_KEY)?.setHeader(name, value);
          }
        },
      ],
      handle: () => 'not reached',
    }),
  ],
  [
    'reply() headers',
    (name, value) => ({ handle: () => reply('x', { headers: { [name]: value } }) }),
  ],
];

async function get(port: number): Promise<RawResponse> {
  const client = await RawClient.connect(port);
  await client.write('GET /h HTTP/1.1\r\nHost: t\r\n\r\n');
  const res = await client.response();
  client.destroy();
  return res;
}

/** The request failed with a bare 500 and nothing of the header reached the wire. */
function expectRefused(res: RawResponse): void {
  expect(res.status).toBe(500);
  expect(JSON.parse(res.body)).toEqual(INTERNAL);
  // The request id fw sends is random (`SlMCzX-a` holds `x-a`): only the other lines count.
  const head = res.head.replace(/^X-Request-Id: [A-Za-z0-9._:+/=-]+\r\n/im, '');
  expect(head).not.toBe(res.head);
  expect(head).not.toMatch(/pwned|x-a|x-fine|x a|location/i);
  expect(res.headers['set-cookie']).toBeUndefined();
}

/** What Node says of a header it refuses: the problem, and the header's name. */
const CLEAR =
  /^(Invalid character in header content|Header name must be a valid HTTP token|Invalid value .* for header) \[".*"\]$/s;

/** The message of the one error logged. */
function logged(entries: readonly { readonly err: unknown }[]): string | undefined {
  expect(entries).toHaveLength(1);
  return (entries[0]?.err as Error | undefined)?.message;
}

describe.each(PATHS)('through %s', (_path, setHeader) => {
  it.each(VALUES)('a value with %s gives 500 and is never sent', async (_name, value) => {
    const served = await serve([{ method: 'GET', path: '/h', ...setHeader('X-A', value) }]);

    expectRefused(await get(served.port));
    expect(logged(served.logger.entries)).toMatch(CLEAR);
    expect(await served.alive()).toBe(200);
  });

  it.each(NAMES)('a name with %s gives 500 and is never sent', async (_name, name) => {
    const served = await serve([{ method: 'GET', path: '/h', ...setHeader(name, 'v') }]);

    expectRefused(await get(served.port));
    expect(logged(served.logger.entries)).toMatch(CLEAR);
  });
});

describe('redirect()', () => {
  it.each(VALUES)('to a URL with %s gives 500 and no Location', async (_name, value) => {
    const served = await serve([{ method: 'GET', path: '/h', handle: () => redirect(value) }]);

    expectRefused(await get(served.port));
    expect(logged(served.logger.entries)).toBe('Invalid character in header content ["Location"]');
  });

  it('to a plain URL is sent as it is', async () => {
    const { port } = await serve([
      { method: 'GET', path: '/h', handle: () => redirect('/a?b=%0D') },
    ]);
    const res = await get(port);
    expect([res.status, res.headers['location']]).toEqual([302, '/a?b=%0D']);
  });
});

describe('an HttpError with headers', () => {
  it.each([
    ...VALUES.map(([n, v]) => [`a value with ${n}`, 'X-A', v]),
    ...NAMES.map(([n, v]) => [`a name with ${n}`, v, 'v']),
  ])('renders %s as a bare 500, with none of its headers', async (_name, name, value) => {
    const err = new HttpError(429, 'slow down', {
      headers: { 'Retry-After': '1', [name as string]: value as string },
    });
    const { port } = await serve([
      {
        method: 'GET',
        path: '/h',
        handle: () => {
          throw err;
        },
      },
    ]);

    const res = await get(port);

    expectRefused(res);
    expect(res.headers['retry-after']).toBeUndefined();
  });
});

describe('a refused WebSocket upgrade', () => {
  it.each([
    ...VALUES.map(([n, v]) => [`a value with ${n}`, 'X-A', v]),
    ...NAMES.map(([n, v]) => [`a name with ${n}`, v, 'v']),
  ])('leaves out a header with %s, and sends the rest', async (_name, name, value) => {
    const guard: Interceptor = {
      preHandshake: () =>
        new HttpError(403, 'banned', {
          headers: { [name as string]: value as string, 'Retry-After': '7' },
        }),
    };
    const { port } = await serve([{ method: 'WS', path: '/ws', handle: () => 'x' }], {
      interceptors: [guard],
    });

    const res = await refusal(port, '/ws');

    expect([res.status, res.json]).toEqual([403, problem(403, 'Forbidden', 'banned')]);
    expect(res.headers['retry-after']).toBe('7');
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(Object.keys(res.headers).join(' ')).not.toMatch(/pwned|x-a|x a/i);
  });
});
