// `bind()` and a validated body parameter on generated bodies and Content-Types (API.md section 4):
// a body decodes, or is refused as the client's fault (400 malformed or missing, 413 too large,
// 415 unsupported type), never a 500 and never a crash, through inject and over a socket.
import fc from 'fast-check';
import type { HttpRequestContext } from 'fw/core';
import { describe, expect, it } from 'vitest';
import { RawClient, type Served, serve } from '../http/support.js';
import { anyString, CLIENT_FAULT, keyName, runs, stringOf, unicodeString } from './support.js';

const LIMIT = 512;
const FORM = 'application/x-www-form-urlencoded';

/** `/bind` reads `ctx.bind()` itself; `/body` has a body parameter whose validator takes anything. */
function app(): Promise<Served> {
  return serve(
    [
      {
        method: 'POST',
        path: '/bind',
        params: ['ctx:fw/core#HttpRequestContext'],
        handle: async (ctx: HttpRequestContext) => ({ body: await ctx.bind() }),
      },
      {
        method: 'POST',
        path: '/body',
        params: [{ name: 'b', type: 't#Any', validate: (v) => ({ ok: true, value: v }) }],
        handle: (b: unknown) => ({ body: b }),
      },
    ],
    { bodyLimit: LIMIT },
  );
}

/** A Content-Type built from parts, so the test knows what it means. */
interface ContentType {
  readonly header: string | undefined;
  readonly kind: 'json' | 'form' | 'other' | 'none';
  readonly utf8: boolean;
}

const essence = fc.oneof(
  fc
    .constantFrom('application/json', 'application/vnd.api+json', 'application/problem+json')
    .map((e) => ({ e, kind: 'json' as const })),
  fc.constant({ e: FORM, kind: 'form' as const }),
  fc
    .constantFrom(
      'text/plain',
      'text/json',
      'application/jsonx',
      'application/json+xml',
      'multipart/form-data',
      'application/octet-stream',
      'application/+json',
    )
    .map((e) => ({ e, kind: 'other' as const })),
);

const charset = fc.oneof(
  fc.constant({ p: '', utf8: true }),
  fc
    .constantFrom('utf-8', 'UTF-8', 'utf8', '"utf-8"', ' "UTF8" ', 'unicode-1-1-utf-8')
    .map((c) => ({ p: `; charset=${c}`, utf8: true })),
  fc.constantFrom('latin1', 'iso-8859-1', 'utf-16', 'ascii', '"utf-7"', 'utf-8x').map((c) => ({
    p: `;charset=${c}`,
    utf8: false,
  })),
);

const contentType: fc.Arbitrary<ContentType> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .record({
        essence,
        charset,
        upper: fc.boolean(),
        extra: fc.constantFrom('', '; q=1', '; profile="a;b"', ' ; x=y'),
        pad: fc.constantFrom('', ' ', '  '),
      })
      .map(({ essence: { e, kind }, charset: c, upper, extra, pad }) => ({
        header: `${pad}${upper ? e.toUpperCase() : e}${extra}${c.p}`,
        kind,
        utf8: c.utf8,
      })),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom<ContentType>(
      { header: undefined, kind: 'none', utf8: true },
      { header: '', kind: 'none', utf8: true },
      { header: '  ', kind: 'none', utf8: true },
    ),
  },
);

/** Valid JSON without the keys the decoder drops (those have their own unit tests). */
const jsonText = fc
  .jsonValue({ maxDepth: 3 })
  .map((v) => JSON.stringify(v))
  .filter((t) => !/__proto__|constructor/.test(t) && Buffer.byteLength(t) <= LIMIT);

/** JSON broken by one edit: a cut, an inserted character or byte, a doubled piece. */
const brokenJson = fc
  .tuple(jsonText, fc.nat(), fc.constantFrom('', '{', '}', ',', '"', '\\', '\u0000', 'x', ']'))
  .map(([t, at, ins]) => {
    const i = at % (t.length + 1);
    return t.slice(0, i) + ins + t.slice(i + (ins === '' ? 1 : 0));
  });

/** Form pairs as a browser encodes them, within the limit. */
const formPairs = fc
  .array(fc.tuple(keyName(8), unicodeString(8)), { maxLength: 6 })
  .filter((p) => new URLSearchParams(p).toString().length <= LIMIT);

const utf8 = (s: string) => new Uint8Array(Buffer.from(s, 'utf8'));

const body: fc.Arbitrary<Uint8Array> = fc.oneof(
  jsonText.map(utf8),
  brokenJson.map(utf8),
  formPairs.map((p) => utf8(new URLSearchParams(p).toString())),
  stringOf([' ', '\t', '\r', '\n', '\u00a0', '\ufeff'], 6).map(utf8),
  fc.uint8Array({ maxLength: 64 }),
  // Valid text around bytes that are not UTF-8: lone continuation, overlong, surrogate, truncated.
  fc
    .tuple(
      jsonText,
      fc.constantFrom([0x80], [0xc0, 0xaf], [0xed, 0xa0, 0x80], [0xf0, 0x9f], [0xff]),
    )
    .map(([t, bad]) => new Uint8Array([...utf8(t.slice(0, 1)), ...bad, ...utf8(t.slice(1))])),
);

const fatalUtf8 = new TextDecoder('utf-8', { fatal: true });

/** What the decoder must answer for `bytes` sent with `ct`, from the contract (API.md section 4). */
function expected(ct: ContentType, bytes: Uint8Array): { status: number; body?: unknown } {
  if (bytes.byteLength > LIMIT) return { status: 413 };
  if (ct.kind === 'none') return { status: bytes.byteLength === 0 ? 400 : 415 };
  if (ct.kind === 'other' || !ct.utf8) return { status: 415 };
  let text: string;
  try {
    text = fatalUtf8.decode(bytes);
  } catch {
    return { status: 400 };
  }
  if (ct.kind === 'form') return { status: 200 };
  if (/^[ \t\r\n]*$/.test(text)) return { status: 400 };
  try {
    // What the client receives: the value as JSON again.
    return { status: 200, body: JSON.parse(JSON.stringify(JSON.parse(text))) };
  } catch {
    return { status: 400 };
  }
}

/** The problem details a refusal carries. */
function expectProblem(status: number, text: string): void {
  const problem = JSON.parse(text) as Record<string, unknown>;
  expect(problem).toMatchObject({ type: 'about:blank', status });
  expect(typeof problem['detail']).toBe('string');
}

const headersOf = (ct: string | undefined): Record<string, string> =>
  ct === undefined ? {} : { 'content-type': ct };

describe('a body of any bytes with a Content-Type built from parts', () => {
  it('decodes as the type says, or is 400, 413 or 415 as the contract says', async () => {
    const served = await app();
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('/bind', '/body'),
        contentType,
        fc.oneof(
          { weight: 6, arbitrary: body },
          { weight: 1, arbitrary: fc.uint8Array({ minLength: LIMIT - 2, maxLength: LIMIT + 2 }) },
        ),
        async (url, ct, bytes) => {
          const res = await served.app.inject({
            method: 'POST',
            url,
            headers: headersOf(ct.header),
            body: bytes,
          });
          const want = expected(ct, bytes);
          expect(res.status).toBe(want.status);
          if (res.status !== 200) expectProblem(res.status, res.body);
          else if (want.body !== undefined) expect(res.json()).toEqual({ body: want.body });
        },
      ),
      { numRuns: runs(800) },
    );
    expect(served.logger.entries).toEqual([]);
  });

  it('gives a form its first value per key, as sent', async () => {
    const served = await app();
    await fc.assert(
      fc.asyncProperty(formPairs, async (pairs) => {
        const res = await served.app.inject({
          method: 'POST',
          url: '/bind',
          headers: { 'content-type': FORM },
          body: new URLSearchParams(pairs).toString(),
        });
        const first = new Map<string, string>();
        for (const [k, v] of pairs) if (!first.has(k) && k !== '__proto__') first.set(k, v);
        expect(res.status).toBe(200);
        expect(res.json()).toEqual({ body: Object.fromEntries(first) });
      }),
      { numRuns: runs(200) },
    );
  });
});

describe('a body with any Content-Type and Content-Length header', () => {
  // Header values as a client may send them: any text, a declared size true, false or nonsense.
  const declared = fc.oneof(
    fc.constant(undefined),
    fc.nat(2 * LIMIT).map(String),
    fc.constantFrom('', ' 10 ', '-1', '1e3', '0x10', '99999999999999999999', 'abc', '5, 5'),
  );

  it('is decoded or refused with 400, 413 or 415, never a 500', async () => {
    const served = await app();
    await fc.assert(
      fc.asyncProperty(
        fc.option(anyString(60), { nil: undefined }),
        declared,
        fc.oneof(body, fc.uint8Array({ maxLength: 2 * LIMIT })),
        async (ct, length, bytes) => {
          const headers: Record<string, string> = headersOf(ct);
          if (length !== undefined) headers['content-length'] = length;
          const res = await served.app.inject({
            method: 'POST',
            url: '/body',
            headers,
            body: bytes,
          });
          expect([200, ...CLIENT_FAULT]).toContain(res.status);
          if (res.status !== 200) expectProblem(res.status, res.body);
          // Over the limit, counted or declared (as a number Node would accept), nothing is decoded.
          if (
            bytes.byteLength > LIMIT ||
            (length !== undefined && /^\d{1,15}$/.test(length) && Number(length) > LIMIT)
          ) {
            expect(res.status).toBe(413);
          }
        },
      ),
      { numRuns: runs(800) },
    );
    expect(served.logger.entries).toEqual([]);
  });
});

describe('bodies over a socket', () => {
  /** Header values Node lets through: visible ASCII, space and tab. */
  const headerValue = fc.string({
    unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)),
    maxLength: 40,
  });

  it('get the answer they get in process, and the server keeps serving', async () => {
    const served = await app();
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          contentType.map((c) => c.header),
          headerValue,
        ),
        fc.oneof(body, fc.uint8Array({ maxLength: LIMIT + 64 })),
        async (ct, bytes) => {
          const client = await RawClient.connect(served.port);
          const type = ct === undefined ? '' : `Content-Type: ${ct}\r\n`;
          await client.write(
            `POST /body HTTP/1.1\r\nHost: t\r\nConnection: close\r\n${type}` +
              `Content-Length: ${bytes.byteLength}\r\n\r\n`,
          );
          void client.write(bytes); // a 413 may come before the body is all sent
          const res = await client.response();
          client.destroy();
          const inProcess = await served.app.inject({
            method: 'POST',
            url: '/body',
            headers: headersOf(ct?.trim()),
            body: bytes,
          });
          expect([200, ...CLIENT_FAULT]).toContain(res.status);
          expect([res.status, res.body]).toEqual([inProcess.status, inProcess.body]);
        },
      ),
      { numRuns: runs(80) },
    );
    expect(await served.alive()).toBe(200);
    expect(served.logger.entries).toEqual([]);
  });
});
