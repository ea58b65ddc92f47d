// Properties of the query parser and `Values` (API.md section 2) on generated input. Agreement with
// `new URL().searchParams` on random strings is test/runtime/query/parse.test.ts; this file adds
// what that one does not: structure and totality on any UTF-16, round trips, the Go ParseInt and
// ParseBool semantics of the typed getters against an independent oracle, and the same through a
// request, in process and over a socket.
import fc from 'fast-check';
import type { Values } from 'fw/query';
import { newValues, paginationOf, parseQuery } from 'fw/query';
import { describe, expect, it } from 'vitest';
import { parseRequestPairs } from '../../runtime/core/query/parse.js';
import { pairValues } from '../../runtime/core/query/values.js';
import { RawClient, serve } from '../http/support.js';
import { anyString, codeUnit, keyName, runs, stringOf, unicodeString } from './support.js';

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;
const SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/** Go's `strconv.ParseInt(s, 10, 64)`: undefined for a syntax or range error. */
function goParseInt64(s: string): bigint | undefined {
  if (!/^[+-]?[0-9]+$/.test(s)) return undefined;
  const n = BigInt(s);
  return n < INT64_MIN || n > INT64_MAX ? undefined : n;
}

const TRUE_WORDS = new Set(['true', '1', 'yes', 'y', 'on']);
const FALSE_WORDS = new Set(['false', '0', 'no', 'n', 'off']);

/** Spine's `GetBoolByKey` on a present value: lower-cased, untrimmed. */
function spineBool(s: string, def: boolean): boolean {
  const lower = s.toLowerCase();
  return TRUE_WORDS.has(lower) ? true : FALSE_WORDS.has(lower) ? false : def;
}

/** Lone surrogates as U+FFFD, as the USVString conversion does. */
function wellFormed(s: string): string {
  return s.replace(
    /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g,
    '\uFFFD',
  );
}

/** Pairs grouped by key as a null-prototype record, in the order parseQuery builds one. */
function grouped(pairs: readonly (readonly [string, string])[]): [string, string[]][] {
  const record: Record<string, string[]> = Object.create(null);
  for (const [k, v] of pairs) (record[k] ??= []).push(v);
  return Object.entries(record);
}

/** Integers around every bound, with signs and leading zeros; and near misses of the syntax. */
const intLike: fc.Arbitrary<string> = fc.oneof(
  fc
    .record({
      n: fc.oneof(
        fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }),
        fc.bigInt({ min: -SAFE - 3n, max: -SAFE + 3n }),
        fc.bigInt({ min: SAFE - 3n, max: SAFE + 3n }),
        fc.bigInt({ min: INT64_MIN - 3n, max: INT64_MIN + 3n }),
        fc.bigInt({ min: INT64_MAX - 3n, max: INT64_MAX + 3n }),
        fc.bigInt({ min: -1000n, max: 1000n }),
      ),
      plus: fc.boolean(),
      zeros: fc.nat(3),
    })
    .map(({ n, plus, zeros }) => {
      const digits = '0'.repeat(zeros) + (n < 0n ? -n : n).toString();
      return (n < 0n ? '-' : plus ? '+' : '') + digits;
    }),
  stringOf(['0', '1', '7', '9', '+', '-', ' ', '_', '.', 'e', 'x', '\t', '１', '٣', 'a'], 24),
  fc.constantFrom('', '+', '-', '-0', '+0', '00', '0x1F', '1e3', ' 1', '1 ', '++1', '-+1'),
);

/** Spine's words in any case, near misses, and characters whose case mapping is special. */
const boolLike: fc.Arbitrary<string> = fc.oneof(
  fc.mixedCase(fc.constantFrom(...TRUE_WORDS, ...FALSE_WORDS)),
  stringOf(['t', 'r', 'u', 'e', 'y', 's', 'o', 'n', 'f', 'a', 'l', ' ', '1', '0', 'İ', 'K', 'ſ']),
  anyString(8),
);

describe('parseQuery on any UTF-16 string', () => {
  it('returns a null-prototype record of well-formed strings, one value per non-empty pair', () => {
    fc.assert(
      fc.property(
        fc.oneof(anyString(60), stringOf(['a', '=', '&', '?', '%', '+', '2', 'F', 'é', '\uD800'])),
        fc.option(fc.nat(6), { nil: undefined }),
        (qs, max) => {
          const got = max === undefined ? parseQuery(qs) : parseQuery(qs, max);
          expect(Object.getPrototypeOf(got)).toBe(null);
          const values = Object.values(got).flat();
          for (const s of [...Object.keys(got), ...values]) {
            expect(typeof s).toBe('string');
            expect(wellFormed(s)).toBe(s);
          }
          const pairs = (qs.startsWith('?') ? qs.slice(1) : qs).split('&').filter((p) => p !== '');
          expect(values).toHaveLength(Math.min(pairs.length, max ?? 1000));
        },
      ),
      { numRuns: runs(1500) },
    );
  });
});

const pairsArb = fc.array(fc.tuple(keyName(), unicodeString(12)), { maxLength: 8 });

describe('parseQuery round trips', () => {
  it.each([
    [
      'encodeURIComponent',
      (k: string, v: string) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`,
    ],
    [
      'form encoding (space as +)',
      (k: string, v: string) => new URLSearchParams([[k, v]]).toString(),
    ],
  ])('gives back every pair encoded with %s, in order', (_name, encode) => {
    fc.assert(
      fc.property(pairsArb, fc.boolean(), (pairs, question) => {
        const qs = (question ? '?' : '') + pairs.map(([k, v]) => encode(k, v)).join('&');
        expect(Object.entries(parseQuery(qs))).toEqual(grouped(pairs));
      }),
      { numRuns: runs(600) },
    );
  });

  it('gives back unescaped pairs as they are, lone surrogates as U+FFFD', () => {
    // Without the four characters the format gives a meaning, nothing needs escaping.
    const plain = fc.string({ unit: codeUnit, maxLength: 12 }).map((s) => s.replace(/[&=+%]/g, ''));
    fc.assert(
      fc.property(fc.array(fc.tuple(plain, plain), { maxLength: 8 }), (pairs) => {
        const qs = `?${pairs.map(([k, v]) => `${k}=${v}`).join('&')}`;
        const want = pairs.map(([k, v]) => [wellFormed(k), wellFormed(v)] as const);
        expect(Object.entries(parseQuery(qs))).toEqual(grouped(want));
      }),
      { numRuns: runs(600) },
    );
  });
});

/** What a handler reads through every getter of `Values` for key `k`. */
function readAll(q: Values, k: string, defs: { int: number; big: bigint; bool: boolean }) {
  return {
    get: q.get(k),
    string: q.string(k),
    has: q.has(k),
    all: [...q.all(k)],
    int: q.int(k, defs.int),
    int64: q.int64(k, defs.big),
    bool: q.getBoolByKey(k, defs.bool),
  };
}

/** The same, from the oracles; `list` is the key's values, undefined when it is missing. */
function expected(
  list: readonly string[] | undefined,
  defs: { int: number; big: bigint; bool: boolean },
) {
  const first = list?.[0] ?? '';
  const n = goParseInt64(first);
  return {
    get: first,
    string: first,
    has: list !== undefined,
    all: [...(list ?? [])],
    int: n !== undefined && n >= -SAFE && n <= SAFE ? Number(n) : defs.int,
    int64: n ?? defs.big,
    bool: first === '' ? defs.bool : spineBool(first, defs.bool),
  };
}

const defsArb = fc.record({
  int: fc.integer({ min: -5, max: 5 }),
  big: fc.bigInt({ min: -5n, max: 5n }),
  bool: fc.boolean(),
});

describe('Values getters', () => {
  it('follow Go ParseInt and Spine ParseBool on the first value only', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(intLike, boolLike), { minLength: 1, maxLength: 3 }),
        fc.boolean(),
        defsArb,
        (list, present, defs) => {
          const q = newValues(present ? { k: list } : { other: list });
          const got = readAll(q, 'k', defs);
          expect(got).toEqual(expected(present ? list : undefined, defs));
          expect(Object.is(got.int, -0)).toBe(false);
          expect(q.keys()).toEqual([present ? 'k' : 'other']);
        },
      ),
      { numRuns: runs(2000) },
    );
  });

  it('answer the same whether built with newValues or handed a fresh parse', () => {
    fc.assert(
      fc.property(pairsArb, defsArb, fc.nat(9), (pairs, defs, pick) => {
        const qs = new URLSearchParams(pairs).toString();
        const parsed = parseQuery(qs);
        const q = newValues(parsed);
        const key = pairs[pick % Math.max(1, pairs.length)]?.[0] ?? 'missing';
        expect(readAll(q, key, defs)).toEqual(expected(parsed[key], defs));
        // Fresh answers: a handler cannot change what the next one reads.
        (q.all(key) as string[]).push('changed');
        expect(q.all(key)).toEqual(parsed[key] ?? []);
      }),
      { numRuns: runs(300) },
    );
  });
});

describe("a request's query read from its pairs", () => {
  // fw reads a request's query from its decoded pairs, walking them, and makes the record of every
  // key only when a handler asks for the keys or reads many: every read must answer as the parse
  // does, before and after. Keys come from the same characters, `=` and `&` included.
  const CHARS = [
    'a',
    'b',
    'ab',
    '=',
    '&',
    '?',
    '1',
    '+',
    '%',
    '%61',
    '%2',
    'é',
    '😀',
    '\uD800',
    ' ',
  ];
  const query = stringOf(CHARS, 24);
  const key = fc.oneof(stringOf(CHARS, 3), fc.constantFrom('', 'a', 'b', 'ab', 'a=b', ' '));
  const reads = fc.array(fc.tuple(fc.constantFrom('read', 'keys'), key), { maxLength: 14 });

  it('answers every read as the parsed query does', () => {
    fc.assert(
      fc.property(query, reads, defsArb, (qs, steps, defs) => {
        const parsed = parseQuery(qs);
        const q = pairValues(parseRequestPairs(qs, 1000));
        for (const [what, k] of steps) {
          if (what === 'keys') expect(q.keys()).toEqual(Object.keys(parsed));
          else expect(readAll(q, k, defs)).toEqual(expected(parsed[k], defs));
        }
      }),
      { numRuns: runs(1500) },
    );
  });

  it('is what a Values parameter reads, over a socket', async () => {
    const served = await serve([
      {
        method: 'GET',
        path: '/p',
        params: ['q:fw/query#Values'],
        handle: (q: Values) =>
          bigintsAsText({ a: readAll(q, 'a', DEFS), b: q.all('b'), ab: q.has('ab') }),
      },
    ]);
    const ascii = stringOf(['a', 'b', 'ab', '=', '&', '1', 'x'], 30);
    await fc.assert(
      fc.asyncProperty(ascii, async (qs) => {
        const parsed = parseQuery(qs);
        const client = await RawClient.connect(served.port);
        await client.write(`GET /p?${qs} HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n`);
        const res = await client.response();
        client.destroy();
        expect(res.status).toBe(200);
        expect(JSON.parse(res.body)).toEqual(
          bigintsAsText({
            a: expected(parsed['a'], DEFS),
            b: parsed['b'] ?? [],
            ab: 'ab' in parsed,
          }),
        );
      }),
      { numRuns: runs(60) },
    );
    expect(await served.alive()).toBe(200);
    expect(served.logger.entries).toEqual([]);
  });
});

const DEFS = { int: -1, big: -1n, bool: false };
const bigintsAsText = (x: unknown): unknown =>
  JSON.parse(JSON.stringify(x, (_k, v) => (typeof v === 'bigint' ? `${v}n` : v)));

describe('paginationOf', () => {
  it('takes page and size when they are integers of at least 1, else 1 and 20; size at most 100', () => {
    const entry = fc.option(fc.array(fc.oneof(intLike, boolLike), { minLength: 1, maxLength: 2 }), {
      nil: undefined,
    });
    fc.assert(
      fc.property(entry, entry, (page, size) => {
        const given: Record<string, string[]> = {};
        if (page !== undefined) given['page'] = page;
        if (size !== undefined) given['size'] = size;
        const positive = (list: string[] | undefined, def: number) => {
          const n = goParseInt64(list?.[0] ?? '');
          return n !== undefined && n >= 1n && n <= SAFE ? Number(n) : def;
        };
        const got = paginationOf(newValues(given));
        expect(got).toEqual({ page: positive(page, 1), size: Math.min(positive(size, 20), 100) });
        expect(Object.isFrozen(got)).toBe(true);
      }),
      { numRuns: runs(1000) },
    );
  });
});

describe('a Values parameter of a real request', () => {
  // bigint is not JSON: the handler answers it as a string, and the test compares the same view.
  const view = (x: unknown): unknown =>
    JSON.parse(JSON.stringify(x, (_k, v) => (typeof v === 'bigint' ? `${v}n` : v)));
  const route = {
    method: 'GET',
    path: '/q',
    params: ['q:fw/query#Values'],
    handle: (q: Values) =>
      view({
        entries: q.keys().map((k) => [k, q.all(k)]),
        n: readAll(q, 'n', { int: -1, big: -1n, bool: false }),
      }),
  };

  /** Pairs, half of the time with an `n` the getters read. */
  const requestPairs = fc
    .tuple(pairsArb, fc.option(intLike, { nil: undefined }))
    .map(([pairs, n]) => (n === undefined ? pairs : [...pairs, ['n', n] as [string, string]]));

  it('sees every pair, and the getters read them, through inject and over a socket', async () => {
    const served = await serve([route]);
    const oracle = (pairs: readonly (readonly [string, string])[]) => {
      const entries = grouped(pairs);
      const n = entries.find(([k]) => k === 'n')?.[1];
      return view({ entries, n: expected(n, { int: -1, big: -1n, bool: false }) });
    };
    await fc.assert(
      fc.asyncProperty(requestPairs, async (pairs) => {
        const res = await served.app.inject({ url: `/q?${new URLSearchParams(pairs)}` });
        expect(res.status).toBe(200);
        expect(res.json()).toEqual(oracle(pairs));
      }),
      { numRuns: runs(200) },
    );
    await fc.assert(
      fc.asyncProperty(requestPairs, async (pairs) => {
        const client = await RawClient.connect(served.port);
        const target = `/q?${pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&')}`;
        await client.write(`GET ${target} HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n`);
        const res = await client.response();
        client.destroy();
        expect(res.status).toBe(200);
        expect(JSON.parse(res.body)).toEqual(oracle(pairs));
      }),
      { numRuns: runs(40) },
    );
    expect(await served.alive()).toBe(200);
    expect(served.logger.entries).toEqual([]);
  });
});
