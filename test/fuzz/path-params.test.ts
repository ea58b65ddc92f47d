// Path parameters on generated paths (API.md section 5): a primitive parameter named like a route
// key gets the percent-decoded segment, parsed by Go's strconv rules; a value that does not parse
// is 400 `Invalid path parameter: <key>`, a segment the router cannot match 404, never a 500.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FindMyWayRouter } from '../../runtime/core/router/find-my-way-router.js';
import { problem, RawClient, type Served, serve } from '../http/support.js';
import { runs, stringOf, unicodeString } from './support.js';

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;
const SAFE = BigInt(Number.MAX_SAFE_INTEGER);
/** find-my-way's bound on a decoded value (runtime/router/find-my-way-router.ts). */
const MAX_PARAM_LENGTH = 500;

/** Go's `strconv.ParseInt(s, 10, 64)`: undefined for a syntax or range error. */
function goParseInt64(s: string): bigint | undefined {
  if (!/^[+-]?[0-9]+$/.test(s)) return undefined;
  const n = BigInt(s);
  return n < INT64_MIN || n > INT64_MAX ? undefined : n;
}

const BOOLS: Readonly<Record<string, boolean>> = {
  true: true,
  '1': true,
  yes: true,
  y: true,
  on: true,
  false: false,
  '0': false,
  no: false,
  n: false,
  off: false,
};

type Kind = 'number' | 'bigint' | 'boolean' | 'string';

/** What the handler of route `/<kind>/:v` answers for the decoded segment, or undefined for 400. */
function oracle(kind: Kind, value: string): string | undefined {
  switch (kind) {
    case 'number': {
      const n = goParseInt64(value);
      return n !== undefined && n >= -SAFE && n <= SAFE ? `number ${Number(n)}` : undefined;
    }
    case 'bigint': {
      const n = goParseInt64(value);
      return n === undefined ? undefined : `bigint ${n}`;
    }
    case 'boolean': {
      const lower = value.toLowerCase();
      return Object.hasOwn(BOOLS, lower) ? `boolean ${BOOLS[lower]}` : undefined;
    }
    case 'string':
      return `string ${value}`;
  }
}

const KINDS: readonly Kind[] = ['number', 'bigint', 'boolean', 'string'];
const show = (v: unknown) => `${typeof v} ${String(v)}`;

/** `/<kind>/:v` for each kind, each answering the type and value of what it was given. */
async function app(): Promise<Served> {
  return serve(
    KINDS.map((kind) => ({
      method: 'GET',
      path: `/${kind}/:v`,
      params: [`v:${kind}`],
      handle: show,
    })),
  );
}

/** The answer a request for `/<kind>/<segment>` must get, `segment` decoding to `value`. */
function want(kind: Kind, value: string): { status: number; body: unknown } {
  if (value === '' || value.length > MAX_PARAM_LENGTH) {
    return { status: 404, body: undefined };
  }
  const shown = oracle(kind, value);
  return shown === undefined
    ? {
        status: 400,
        body: problem(400, 'Bad Request', 'Invalid path parameter: v', 'FW_ERR_INVALID_PATH_PARAM'),
      }
    : { status: 200, body: shown };
}

/** Digits, signs and the characters next to them, near every bound; and any text. */
const segmentValue: fc.Arbitrary<string> = fc.oneof(
  fc.bigInt({ min: -(2n ** 66n), max: 2n ** 66n }).map(String),
  fc.constantFrom(
    '9007199254740991',
    '9007199254740992',
    '-9007199254740992',
    '9223372036854775807',
    '9223372036854775808',
    '-9223372036854775808',
    '-9223372036854775809',
    '-0',
    '+0',
    '0x10',
    '1e3',
  ),
  stringOf(['0', '1', '9', '+', '-', ' ', '.', '_', 'e', '１', '/', '%', '?', '#', 'Y', 'n']),
  fc.mixedCase(fc.constantFrom(...Object.keys(BOOLS))),
  unicodeString(16),
);

const request = fc.record({ kind: fc.constantFrom(...KINDS), value: segmentValue });

describe('path parameters, percent-encoded', () => {
  it('are parsed as the key type says: 200 with the value, or 400, through inject', async () => {
    const served = await app();
    await fc.assert(
      fc.asyncProperty(request, async ({ kind, value }) => {
        const res = await served.app.inject({ url: `/${kind}/${encodeURIComponent(value)}` });
        const { status, body } = want(kind, value);
        expect(res.status).toBe(status);
        if (body !== undefined) expect(status === 200 ? res.body : res.json()).toEqual(body);
      }),
      { numRuns: runs(800) },
    );
    expect(served.logger.entries).toEqual([]);
  });

  it('near the length bound: 404 beyond it, and the integer rules within', async () => {
    const served = await app();
    const long = fc.record({
      kind: fc.constantFrom<Kind>('number', 'string'),
      value: fc.string({ unit: fc.constantFrom('0', '1', '-'), minLength: 490, maxLength: 510 }),
    });
    await fc.assert(
      fc.asyncProperty(long, async ({ kind, value }) => {
        const res = await served.app.inject({ url: `/${kind}/${value}` });
        expect(res.status).toBe(want(kind, value).status);
      }),
      { numRuns: runs(100) },
    );
  });

  it('get the same answers over a socket, and the server keeps serving', async () => {
    const served = await app();
    await fc.assert(
      fc.asyncProperty(request, async ({ kind, value }) => {
        const client = await RawClient.connect(served.port);
        const target = `/${kind}/${encodeURIComponent(value)}`;
        await client.write(`GET ${target} HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n`);
        const res = await client.response();
        client.destroy();
        const { status, body } = want(kind, value);
        expect(res.status).toBe(status);
        if (body !== undefined) {
          expect(status === 200 ? res.body : JSON.parse(res.body)).toEqual(body);
        }
      }),
      { numRuns: runs(60) },
    );
    expect(await served.alive()).toBe(200);
    expect(served.logger.entries).toEqual([]);
  });
});

describe('path parameters, raw and hostile', () => {
  // Escapes good and bad, reserved characters and raw non-ASCII, as a client may send them.
  const alphabet = ['1', '2', '-', '+', '%', 'F', 'f', '5', 'z', 'C', '3', 'A', '9', 'y'];
  const reserved = ['/', '.', ';', ',', '?', '#', 'é', '😀'];
  const raw = stringOf([...alphabet, ...reserved, ' ', '\t'], 20);

  /** The answer `/<kind>/<segment>` must get, `segment` sent as it is. */
  function wantRaw(kind: Kind, segment: string): { status: number; body: unknown } {
    const path = segment.split('?')[0] as string; // the query is not part of the path
    let decoded: string;
    try {
      decoded = decodeURIComponent(path);
    } catch {
      return { status: 404, body: undefined }; // a malformed escape: the router matches nothing
    }
    return path.includes('/') ? { status: 404, body: undefined } : want(kind, decoded);
  }

  it('answer 200 with the decoded value parsed, 400, 404, never 500', async () => {
    const served = await app();
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...KINDS), raw, async (kind, segment) => {
        const res = await served.app.inject({ url: `/${kind}/${segment}` });
        const { status, body } = wantRaw(kind, segment);
        expect(res.status).toBe(status);
        if (status === 200) expect(res.body).toBe(body);
      }),
      { numRuns: runs(800) },
    );
    expect(served.logger.entries).toEqual([]);
  });

  it('get the same answers over a socket, and the server keeps serving', async () => {
    const served = await app();
    // ASCII, no space or tab: Node refuses any other request target itself, with a bare 400.
    const target = stringOf([...alphabet, '/', '.', ';', ',', '?', '#'], 20);
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...KINDS), target, async (kind, segment) => {
        const client = await RawClient.connect(served.port);
        await client.write(
          `GET /${kind}/${segment} HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n`,
        );
        const res = await client.response();
        client.destroy();
        const { status, body } = wantRaw(kind, segment);
        expect(res.status).toBe(status);
        if (status === 200) expect(res.body).toBe(body);
      }),
      { numRuns: runs(60) },
    );
    expect(await served.alive()).toBe(200);
    expect(served.logger.entries).toEqual([]);
  });
});

describe('the router on generated route tables', () => {
  // Segments that share prefixes, so find-my-way's radix tree splits and backtracks inside them.
  const STATIC = ['a', 'b', 'ab', 'abc', 'é', 'x'];
  const PARAMS = [':p', ':q', ':r'];
  const pattern = fc
    .array(fc.constantFrom(...STATIC, ...PARAMS, ''), { minLength: 1, maxLength: 4 })
    .map((segs) => `/${segs.join('/')}`);
  const path = fc
    .tuple(
      fc.array(fc.constantFrom(...STATIC, 'abcd', ''), { minLength: 1, maxLength: 4 }),
      fc.boolean(),
    )
    .map(([segs, encode]) => `/${segs.map((s) => (encode ? encodeURIComponent(s) : s)).join('/')}`);

  /**
   * The documented matching (runtime/router/router.ts): segment by segment, a static segment
   * before a `:name` one at the same level, backtracking; a key never matches an empty segment.
   */
  function reference(patterns: readonly string[], p: string) {
    const target = p.slice(1).split('/').map(decodeURIComponent);
    const tables = patterns.map((pt) => ({ pt, segs: pt.slice(1).split('/') }));
    const walk = (
      i: number,
      live: typeof tables,
    ): { pt: string; params: Record<string, string> } | null => {
      if (i === target.length) {
        const done = live.find((t) => t.segs.length === i);
        if (done === undefined) return null;
        const params: Record<string, string> = {};
        done.segs.forEach((s, k) => {
          if (s.startsWith(':')) params[s.slice(1)] = target[k] as string;
        });
        return { pt: done.pt, params };
      }
      const seg = target[i] as string;
      const statics = live.filter((t) => t.segs[i] === seg && !seg.startsWith(':'));
      const found = statics.length > 0 ? walk(i + 1, statics) : null;
      if (found !== null || seg === '') return found;
      const keyed = live.filter((t) => t.segs[i]?.startsWith(':'));
      return keyed.length > 0 ? walk(i + 1, keyed) : null;
    };
    return walk(0, tables);
  }

  it('finds the route the documented matching finds, with its parameters and Allow list', () => {
    const route = fc.tuple(fc.constantFrom('GET', 'POST'), pattern);
    fc.assert(
      fc.property(
        fc.array(route, { minLength: 1, maxLength: 8 }),
        fc.array(path, { minLength: 1, maxLength: 8 }),
        (routes, paths) => {
          const router = new FindMyWayRouter<string>();
          const accepted: Record<string, string[]> = { GET: [], POST: [] };
          for (const [method, pt] of routes) {
            try {
              router.add(method, pt, `${method} ${pt}`, `T.${pt}`);
              accepted[method]?.push(pt);
            } catch {
              // An invalid pattern or one equivalent to an earlier route: refused at start-up.
            }
          }
          for (const p of paths) {
            const allowed: string[] = [];
            for (const method of ['GET', 'POST']) {
              const want = reference(accepted[method] ?? [], p);
              const got = router.find(method, p);
              const shown = got === null ? null : { pt: got.value, params: { ...got.params } };
              const expected = want === null ? null : { ...want, pt: `${method} ${want.pt}` };
              expect(shown, `${method} ${p} in ${JSON.stringify(accepted)}`).toEqual(expected);
              if (want !== null) allowed.push(method);
            }
            // HEAD falls back to GET, and is allowed wherever GET is.
            expect(router.find('HEAD', p)).toEqual(router.find('GET', p));
            if (allowed.includes('GET')) allowed.push('HEAD');
            expect(router.allowed(p)).toEqual(allowed.sort());
          }
        },
      ),
      { numRuns: runs(1000) },
    );
  });
});
