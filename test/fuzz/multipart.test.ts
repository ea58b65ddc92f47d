// `multipartForm()` on generated forms and on hostile bodies and boundaries (API.md section 4): a
// well-formed form within the limits gives back exactly what was sent, one past any limit is 413,
// anything else 4xx; never a 500, never a hang, and the limits hold for what is accepted.
import fc from 'fast-check';
import type { HttpRequestContext, MultipartForm } from 'fw/core';
import { describe, expect, it } from 'vitest';
import { RawClient, type Served, serve } from '../http/support.js';
import { CLIENT_FAULT, runs, stringOf, within } from './support.js';

const LIMITS = {
  maxFiles: 3,
  maxFileBytes: 64,
  maxFields: 4,
  maxFieldBytes: 32,
  maxParts: 6,
  maxTotalBytes: 2048,
} as const;

/** What a form comes to, as plain data: each file's bytes in base64. */
async function summary(form: MultipartForm) {
  const file: [string, unknown[]][] = [];
  for (const [name, list] of Object.entries(form.file)) {
    const files = list.map(async (f) => ({
      filename: f.filename,
      contentType: f.contentType,
      size: f.size,
      bytes: Buffer.from(await f.bytes()).toString('base64'),
    }));
    file.push([name, await Promise.all(files)]);
  }
  return { value: Object.entries(form.value), file };
}

type Summary = Awaited<ReturnType<typeof summary>>;

function app(): Promise<Served> {
  return serve(
    [
      {
        method: 'POST',
        path: '/form',
        params: ['ctx:fw/core#HttpRequestContext'],
        handle: async (ctx: HttpRequestContext) => summary(await ctx.multipartForm()),
      },
    ],
    { multipart: LIMITS },
  );
}

/** One part of a generated form; no `name` is a part without one, which is counted and dropped. */
interface Part {
  readonly name: string | undefined;
  /** Set for a file. */
  readonly file?: { readonly filename: string; readonly type: string };
  readonly data: Uint8Array;
}

interface Form {
  readonly boundary: string;
  readonly parts: readonly Part[];
}

// RFC 2046 section 5.1.1: 1 to 70 of these, not ending in a space.
const BCHARS = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'()+_,-./:=? ".split(
  '',
);
const boundary = fc
  .string({ unit: fc.constantFrom(...BCHARS), minLength: 1, maxLength: 70 })
  .filter((b) => !b.endsWith(' '));

const name = fc.oneof(
  stringOf(['a', 'b', 'x', '1', '-', '_', ' ', 'é', '[', ']', '.'], 6),
  fc.constantFrom('__proto__', 'constructor', 'toString', 'a'),
);

/** Field values are text; their size in bytes straddles the limit. */
const fieldData = fc
  .string({
    unit: fc.constantFrom('v', ' ', '-', '\r', '\n', 'é', '€'),
    maxLength: LIMITS.maxFieldBytes + 4,
  })
  .map((s) => new Uint8Array(Buffer.from(s)));

const part: fc.Arbitrary<Part> = fc.oneof(
  fc.record({ name: fc.option(name, { nil: undefined }), data: fieldData }),
  fc.record({
    name: fc.option(name, { nil: undefined }),
    // No backslash: in a quoted string it escapes the next character. An empty filename only
    // with the type browsers send for an empty file input: busboy takes a part with
    // `filename=""` and another type for a field.
    file: fc.oneof(
      fc.record({
        filename: stringOf(['f', '.', 'txt', '/', '..', ' ', 'é'], 4).filter((n) => n !== ''),
        type: fc.constantFrom('text/plain', 'image/png', 'application/octet-stream'),
      }),
      fc.constant({ filename: '', type: 'application/octet-stream' }),
    ),
    data: fc.uint8Array({ maxLength: LIMITS.maxFileBytes + 4 }),
  }),
);

const delimiter = (b: string) => Buffer.from(`\r\n--${b}`);

/** A form, its data never holding its delimiter. */
const form: fc.Arbitrary<Form> = fc
  .record({ boundary, parts: fc.array(part, { maxLength: LIMITS.maxParts + 2 }) })
  .filter(({ boundary: b, parts }) =>
    parts.every(
      (p) =>
        !Buffer.concat([Buffer.from('\r\n'), p.data, Buffer.from('\r\n')]).includes(delimiter(b)),
    ),
  );

/** The body of `form`, framed as RFC 7578 says. */
function encode({ boundary: b, parts }: Form): Buffer {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    let disposition = 'Content-Disposition: form-data';
    if (p.name !== undefined) disposition += `; name="${p.name}"`;
    if (p.file !== undefined) disposition += `; filename="${p.file.filename}"`;
    const type = p.file === undefined ? '' : `Content-Type: ${p.file.type}\r\n`;
    chunks.push(
      Buffer.from(`--${b}\r\n${disposition}\r\n${type}\r\n`),
      Buffer.from(p.data),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${b}--\r\n`));
  return Buffer.concat(chunks);
}

const contentTypeOf = (b: string) => `multipart/form-data; boundary="${b}"`;

/** What `form` must give: 413 when it passes a limit, otherwise every kept part, by name, in order. */
function expected(f: Form): { status: 413 } | { status: 200; summary: Summary } {
  const files = f.parts.filter((p) => p.file !== undefined);
  const fields = f.parts.filter((p) => p.file === undefined);
  if (
    encode(f).byteLength > LIMITS.maxTotalBytes ||
    f.parts.length > LIMITS.maxParts ||
    files.length > LIMITS.maxFiles ||
    fields.length > LIMITS.maxFields ||
    files.some((p) => p.data.byteLength > LIMITS.maxFileBytes) ||
    fields.some((p) => p.data.byteLength > LIMITS.maxFieldBytes)
  ) {
    return { status: 413 };
  }
  // Without a name, an empty one (as Go's ReadForm) or `__proto__`, a part is dropped.
  const kept = (p: Part) => p.name !== undefined && p.name !== '' && p.name !== '__proto__';
  const value = new Map<string, string[]>();
  const file = new Map<string, unknown[]>();
  for (const p of f.parts.filter(kept)) {
    const key = p.name as string;
    if (p.file === undefined)
      value.set(key, [...(value.get(key) ?? []), Buffer.from(p.data).toString()]);
    else {
      const f1 = { filename: p.file.filename, contentType: p.file.type, size: p.data.byteLength };
      file.set(key, [
        ...(file.get(key) ?? []),
        { ...f1, bytes: Buffer.from(p.data).toString('base64') },
      ]);
    }
  }
  // Null-prototype records list integer-like keys first, as Object.entries shows them.
  const order = <T>(m: Map<string, T>): [string, T][] =>
    Object.entries(Object.assign(Object.create(null) as Record<string, T>, Object.fromEntries(m)));
  return { status: 200, summary: { value: order(value), file: order(file) } };
}

async function post(served: Served, contentType: string | undefined, body: Uint8Array) {
  const headers: Record<string, string> =
    contentType === undefined ? {} : { 'content-type': contentType };
  return within(
    5000,
    `${contentType} ${Buffer.from(body).toString('latin1').slice(0, 300)}`,
    served.app.inject({ method: 'POST', url: '/form', headers, body }),
  );
}

describe('a generated multipart form', () => {
  it('gives back every part it sent, or 413 past a limit', async () => {
    const served = await app();
    await fc.assert(
      fc.asyncProperty(form, async (f) => {
        const res = await post(served, contentTypeOf(f.boundary), encode(f));
        const want = expected(f);
        expect(res.status).toBe(want.status);
        if (want.status === 200) expect(res.json()).toEqual(want.summary);
      }),
      { numRuns: runs(400) },
    );
    expect(served.logger.entries).toEqual([]);
  });
});

/** A valid body edited once: cut short, bytes put in, bytes overwritten or a piece repeated. */
const mutated: fc.Arbitrary<{ f: Form; body: Uint8Array }> = fc
  .tuple(
    form,
    fc.nat(),
    fc.nat(),
    fc.uint8Array({ minLength: 1, maxLength: 12 }),
    fc.constantFrom('cut', 'insert', 'overwrite', 'repeat'),
  )
  .map(([f, a, b, bytes, edit]) => {
    const body = encode(f);
    const at = a % (body.length + 1);
    const len = b % 40;
    const head = body.subarray(0, at);
    const tail = body.subarray(at);
    const edited =
      edit === 'cut'
        ? head
        : edit === 'insert'
          ? Buffer.concat([head, bytes, tail])
          : edit === 'overwrite'
            ? Buffer.concat([head, bytes, body.subarray(Math.min(body.length, at + bytes.length))])
            : Buffer.concat([head, body.subarray(at, at + len), tail]);
    return { f, body: edited };
  });

/** Content-Types a hostile client may send: boundaries bad and good, other types, none. */
function hostileType(b: string): fc.Arbitrary<string | undefined> {
  return fc.oneof(
    { weight: 4, arbitrary: fc.constant(contentTypeOf(b)) },
    fc.constantFrom(
      `multipart/form-data; boundary=${b}`,
      `MULTIPART/FORM-DATA;BOUNDARY="${b}"`,
      'multipart/form-data',
      'multipart/form-data; boundary=',
      'multipart/form-data; boundary=""',
      `multipart/form-data; boundary="${'b'.repeat(71)}"`,
      `multipart/form-data; boundary="${b}`,
      `multipart/form-data; boundary=${b}; boundary=other`,
      `multipart/mixed; boundary="${b}"`,
      'application/x-www-form-urlencoded',
      undefined,
    ),
    stringOf(['multipart/form-data', ';', ' boundary', '=', '"', b, '\\', ',', 'é'], 6),
  );
}

/** A summary within the limits: how many files and fields, and how big. */
function expectWithinLimits(s: Summary): void {
  const files = s.file.flatMap(([, list]) => list as { size: number }[]);
  const values = s.value.flatMap(([, list]) => list);
  expect(files.length).toBeLessThanOrEqual(LIMITS.maxFiles);
  expect(values.length).toBeLessThanOrEqual(LIMITS.maxFields);
  for (const f of files) expect(f.size).toBeLessThanOrEqual(LIMITS.maxFileBytes);
  // A byte that is not UTF-8 arrives as U+FFFD, three bytes: count it as the one it was at least.
  for (const v of values) {
    expect(Buffer.byteLength(v.replaceAll('\uFFFD', '?'))).toBeLessThanOrEqual(
      LIMITS.maxFieldBytes,
    );
  }
}

describe('a hostile multipart body', () => {
  it('is parsed within the limits or refused with 400, 413 or 415, promptly', async () => {
    const served = await app();
    const input = fc.oneof(
      mutated,
      fc.record({
        f: form,
        body: fc.uint8Array({ maxLength: 300 }),
      }),
    );
    await fc.assert(
      fc.asyncProperty(
        input.chain(({ f, body }) => hostileType(f.boundary).map((type) => ({ type, body }))),
        async ({ type, body }) => {
          const res = await post(served, type, body);
          expect([200, ...CLIENT_FAULT]).toContain(res.status);
          if (res.status === 200) expectWithinLimits(res.json());
          else expect(res.json()).toMatchObject({ type: 'about:blank', status: res.status });
        },
      ),
      { numRuns: runs(700) },
    );
    expect(served.logger.entries).toEqual([]);
  });
});

describe('multipart bodies over a socket, in pieces', () => {
  it('get the answer they get in process, and the server keeps serving', async () => {
    const served = await app();
    const input = fc.record({
      sent: fc.oneof(
        form.map((f) => ({ f, body: encode(f) })),
        mutated,
      ),
      cuts: fc.array(fc.nat(), { maxLength: 4 }),
    });
    await fc.assert(
      fc.asyncProperty(input, async ({ sent: { f, body }, cuts }) => {
        const type = contentTypeOf(f.boundary);
        const client = await RawClient.connect(served.port);
        await client.write(
          `POST /form HTTP/1.1\r\nHost: t\r\nConnection: close\r\nContent-Type: ${type}\r\n` +
            `Content-Length: ${body.byteLength}\r\n\r\n`,
        );
        // The body in pieces, so that a boundary may be split across reads.
        const at = [...new Set(cuts.map((c) => c % (body.length + 1)))].sort((x, y) => x - y);
        let from = 0;
        for (const to of [...at, body.length]) {
          if (!(await client.write(body.subarray(from, to)))) break; // refused early: fine
          from = to;
        }
        const res = await within(5000, 'a socket answer', client.response());
        client.destroy();
        const inProcess = await post(served, type, body);
        expect([200, ...CLIENT_FAULT]).toContain(res.status);
        expect([res.status, JSON.parse(res.body)]).toEqual([inProcess.status, inProcess.json()]);
      }),
      { numRuns: runs(60) },
    );
    expect(await served.alive()).toBe(200);
    expect(served.logger.entries).toEqual([]);
  });
});
