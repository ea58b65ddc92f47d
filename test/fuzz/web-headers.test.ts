// Hostile Cookie, Origin and Access-Control-Request-* headers over a socket: whatever
// bytes a client sends, cookies read as parseCookies reads them, Access-Control-Allow-Origin is
// only ever the allowed origin, Allow-Headers only configured names, and the server keeps answering.
import fc from 'fast-check';
import type { HttpRequestContext } from 'fw/core';
import { cors } from 'fw/cors';
import { describe, expect, it } from 'vitest';
import { parseCookies } from '../../runtime/core/request/cookies.js';
import { RawClient, serve } from '../http/support.js';
import { runs, stringOf, within } from './support.js';

const APP = 'https://app.example.com';
const ALLOWED_HEADERS = ['Content-Type', 'X-Trace'];

/** Latin-1 text without CR and LF (which would end the header line): what a header can carry. */
const latin1 = (maxLength: number) =>
  fc.string({
    unit: fc
      .integer({ min: 0, max: 0xff })
      .filter((c) => c !== 10 && c !== 13)
      .map((c) => String.fromCharCode(c)),
    maxLength,
  });

/** Cookie headers dense in the characters the parser treats specially. */
const cookieHeader = fc.oneof(
  latin1(60),
  stringOf(['a', 'sid', '=', ';', ' ', '\t', '"', ',', '%', '\u00a0', '__proto__', '\u00e9'], 20),
);

/** Origins near the allowed one, and any bytes. */
const origin = fc.oneof(
  fc.constantFrom(APP, `${APP}/`, `${APP}.evil`, 'null', 'https://APP.example.com', '*', ''),
  fc.tuple(fc.constantFrom(APP, 'https://x'), latin1(8)).map(([a, b]) => a + b),
  latin1(40),
);

const requestHeaders = fc.oneof(
  latin1(80),
  stringOf(['content-type', 'X-TRACE', 'x-evil', ',', ' ', '\t', '\u00a0', '"', '*'], 20),
);

function served() {
  return serve(
    [
      {
        method: 'GET',
        path: '/c',
        params: ['ctx:fw/core#HttpRequestContext'],
        handle: (ctx: HttpRequestContext) => ({ ...ctx.cookies() }),
      },
    ],
    { interceptors: [cors({ origins: [APP], allowHeaders: ALLOWED_HEADERS, credentials: true })] },
  );
}

/** Sends a raw Latin-1 request head; the response as RawClient reads it. */
async function raw(port: number, lines: string[]) {
  const client = await RawClient.connect(port);
  const head = [...lines, 'Host: t', 'Connection: close'].join('\r\n');
  await client.write(Buffer.from(`${head}\r\n\r\n`, 'latin1'));
  const res = await within(5000, JSON.stringify(lines), client.response());
  client.destroy();
  return res;
}

describe('hostile web headers over a socket', () => {
  it('Cookie: read as parseCookies reads it, or refused by the HTTP parser', async () => {
    const app = await served();
    await fc.assert(
      fc.asyncProperty(fc.array(cookieHeader, { minLength: 1, maxLength: 3 }), async (values) => {
        const res = await raw(app.port, ['GET /c HTTP/1.1', ...values.map((v) => `Cookie: ${v}`)]);
        if (res.status === 400) return; // a byte Node refuses in a header (NUL, a control)
        expect(res.status).toBe(200);
        const trimmed = values.map((v) => v.replace(/^[ \t]+|[ \t]+$/g, ''));
        expect(JSON.parse(res.body)).toEqual({ ...parseCookies(trimmed) });
      }),
      { numRuns: runs(150) },
    );
    expect(await app.alive()).toBe(200);
    expect(app.logger.entries).toEqual([]);
  });

  it('Origin and Access-Control-Request-*: only the allowed origin and configured names', async () => {
    const app = await served();
    await fc.assert(
      fc.asyncProperty(
        origin,
        fc.constantFrom('OPTIONS', 'GET'),
        latin1(12),
        requestHeaders,
        async (from, method, wanted, headers) => {
          const res = await raw(app.port, [
            `${method} /c HTTP/1.1`,
            `Origin: ${from}`,
            `Access-Control-Request-Method: ${wanted}`,
            `Access-Control-Request-Headers: ${headers}`,
          ]);
          expect(res.status).not.toBe(500);
          const allowOrigin = res.headers['access-control-allow-origin'];
          if (allowOrigin !== undefined) expect(allowOrigin).toBe(APP);
          if (allowOrigin === undefined) {
            expect(Object.keys(res.headers).filter((n) => n.startsWith('access-control-'))).toEqual(
              [],
            );
          }
          const allowHeaders = res.headers['access-control-allow-headers'];
          for (const name of allowHeaders?.split(', ') ?? []) {
            expect(ALLOWED_HEADERS).toContain(name);
          }
        },
      ),
      { numRuns: runs(150) },
    );
    expect(await app.alive()).toBe(200);
    expect(app.logger.entries).toEqual([]);
  });
});
