import { FwError, HttpError } from 'fw';
import { type ExecutionContext, PARAMS_KEY, type ParameterMeta } from 'fw/core';
import { consumerContext, httpContext, webSocketContext } from 'fw/testing';
import { describe, expect, it } from 'vitest';
import { PathParameterResolver } from '../../../../runtime/core/resolvers/path-resolver.js';
import { thrown } from '../../http/multipart-fixtures.js';

type Case<G, W> = [name: string, { given: G; want: W }];
type Primitive = 'string' | 'number' | 'bigint' | 'boolean';

const resolver = new PathParameterResolver();

const meta = (type: string, pathKey?: string): ParameterMeta => ({
  index: 0,
  name: pathKey ?? 'value',
  type,
  optional: false,
  ...(pathKey === undefined ? {} : { pathKey }),
});

/** Resolves an `id` path parameter of `type` from a request whose `:id` is `raw`. */
const resolveId = (type: Primitive, raw: string): unknown =>
  resolver.resolve(httpContext({ url: '/items/x', params: { id: raw } }), meta(type, 'id'));

describe('PathParameterResolver.supports', () => {
  // A parameter bound to a route key whose type is one of the four primitives, and nothing else.
  const cases: Case<{ type: string; pathKey?: string }, boolean>[] = [
    ['string bound to a key', { given: { type: 'string', pathKey: 'id' }, want: true }],
    ['number bound to a key', { given: { type: 'number', pathKey: 'id' }, want: true }],
    ['bigint bound to a key', { given: { type: 'bigint', pathKey: 'id' }, want: true }],
    ['boolean bound to a key', { given: { type: 'boolean', pathKey: 'id' }, want: true }],
    ['string without a key', { given: { type: 'string' }, want: false }],
    ['number without a key', { given: { type: 'number' }, want: false }],
    ['an application type', { given: { type: 'src/ids#Id', pathKey: 'id' }, want: false }],
    ['fw/query#Values', { given: { type: 'fw/query#Values', pathKey: 'id' }, want: false }],
    ['a boxed Number', { given: { type: 'Number', pathKey: 'id' }, want: false }],
    ['symbol', { given: { type: 'symbol', pathKey: 'id' }, want: false }],
    ['an Object.prototype name', { given: { type: 'toString', pathKey: 'id' }, want: false }],
  ];
  it.each(cases)('%s', (_name, { given, want }) => {
    expect(resolver.supports(meta(given.type, given.pathKey))).toBe(want);
  });
});

describe('a path parameter that parses', () => {
  // string is raw; number a safe integer and bigint an int64 by Go's ParseInt; boolean the Spine words.
  const cases: Case<{ type: Primitive; raw: string }, unknown>[] = [
    ['string raw', { given: { type: 'string', raw: 'a b%20' }, want: 'a b%20' }],
    ['string with spaces', { given: { type: 'string', raw: ' 5 ' }, want: ' 5 ' }],
    ['number', { given: { type: 'number', raw: '42' }, want: 42 }],
    ['number with a plus', { given: { type: 'number', raw: '+5' }, want: 5 }],
    ['negative number', { given: { type: 'number', raw: '-3' }, want: -3 }],
    ['number with leading zeros', { given: { type: 'number', raw: '007' }, want: 7 }],
    ['minus zero is zero', { given: { type: 'number', raw: '-0' }, want: 0 }],
    [
      'largest safe integer',
      { given: { type: 'number', raw: '9007199254740991' }, want: 2 ** 53 - 1 },
    ],
    [
      'smallest safe integer',
      { given: { type: 'number', raw: '-9007199254740991' }, want: 1 - 2 ** 53 },
    ],
    ['bigint', { given: { type: 'bigint', raw: '+12' }, want: 12n }],
    ['int64 max', { given: { type: 'bigint', raw: '9223372036854775807' }, want: 2n ** 63n - 1n }],
    ['int64 min', { given: { type: 'bigint', raw: '-9223372036854775808' }, want: -(2n ** 63n) }],
    ['bigint with leading zeros', { given: { type: 'bigint', raw: '0009' }, want: 9n }],
    ['boolean true', { given: { type: 'boolean', raw: 'true' }, want: true }],
    ['boolean 1', { given: { type: 'boolean', raw: '1' }, want: true }],
    ['boolean YES', { given: { type: 'boolean', raw: 'YES' }, want: true }],
    ['boolean y', { given: { type: 'boolean', raw: 'y' }, want: true }],
    ['boolean On', { given: { type: 'boolean', raw: 'On' }, want: true }],
    ['boolean false', { given: { type: 'boolean', raw: 'false' }, want: false }],
    ['boolean 0', { given: { type: 'boolean', raw: '0' }, want: false }],
    ['boolean no', { given: { type: 'boolean', raw: 'no' }, want: false }],
    ['boolean N', { given: { type: 'boolean', raw: 'N' }, want: false }],
    ['boolean OFF', { given: { type: 'boolean', raw: 'OFF' }, want: false }],
  ];
  it.each(cases)('%s', (_name, { given, want }) => {
    expect(resolveId(given.type, given.raw)).toBe(want);
  });
});

describe('a path parameter that does not parse', () => {
  // Anything outside the syntax or the range is a 400 naming the key, as in Spine v0.5.2.
  const cases: Case<{ type: Primitive; raw: string }, null>[] = [
    ['number with a leading space', { given: { type: 'number', raw: ' 5' }, want: null }],
    ['number with a trailing space', { given: { type: 'number', raw: '5 ' }, want: null }],
    ['decimal', { given: { type: 'number', raw: '1.0' }, want: null }],
    ['hexadecimal', { given: { type: 'number', raw: '0x10' }, want: null }],
    ['exponent', { given: { type: 'number', raw: '1e3' }, want: null }],
    ['underscore', { given: { type: 'number', raw: '1_000' }, want: null }],
    ['sign alone', { given: { type: 'number', raw: '-' }, want: null }],
    ['two signs', { given: { type: 'number', raw: '+-1' }, want: null }],
    ['empty number', { given: { type: 'number', raw: '' }, want: null }],
    ['non-ASCII digit', { given: { type: 'number', raw: '\u0663' }, want: null }],
    ['2^53', { given: { type: 'number', raw: '9007199254740992' }, want: null }],
    ['-(2^53)', { given: { type: 'number', raw: '-9007199254740992' }, want: null }],
    ['word', { given: { type: 'number', raw: 'abc' }, want: null }],
    ['int64 max + 1', { given: { type: 'bigint', raw: '9223372036854775808' }, want: null }],
    ['int64 min - 1', { given: { type: 'bigint', raw: '-9223372036854775809' }, want: null }],
    ['decimal bigint', { given: { type: 'bigint', raw: '1.5' }, want: null }],
    ['bigint with a space', { given: { type: 'bigint', raw: ' 1' }, want: null }],
    ['boolean maybe', { given: { type: 'boolean', raw: 'maybe' }, want: null }],
    ['boolean with a space', { given: { type: 'boolean', raw: ' true' }, want: null }],
    ['boolean 2', { given: { type: 'boolean', raw: '2' }, want: null }],
    ['empty boolean', { given: { type: 'boolean', raw: '' }, want: null }],
  ];
  it.each(cases)('%s', (_name, { given }) => {
    const err = thrown(() => resolveId(given.type, given.raw));
    expect(err).toBeInstanceOf(HttpError);
    expect([err.code, err.status, err.detail]).toEqual([
      'FW_ERR_INVALID_PATH_PARAM',
      400,
      'Invalid path parameter: id',
    ]);
    expect(err.getResponse().detail).toBe('Invalid path parameter: id');
  });
});

describe('a key missing from params()', () => {
  // The bindings name a key the context does not carry: a programming error (500) naming the key.
  const cases: Case<{ params: Record<string, string>; key: string }, string>[] = [
    ['another key present', { given: { params: { other: '1' }, key: 'id' }, want: 'id' }],
    ['no params at all', { given: { params: {}, key: 'id' }, want: 'id' }],
    ['constructor', { given: { params: { id: '1' }, key: 'constructor' }, want: 'constructor' }],
    ['toString', { given: { params: { id: '1' }, key: 'toString' }, want: 'toString' }],
    ['__proto__', { given: { params: { id: '1' }, key: '__proto__' }, want: '__proto__' }],
  ];
  it.each(cases)('%s', (_name, { given, want }) => {
    const ctx = httpContext({ url: '/', params: given.params });
    for (const type of ['string', 'number'] as const) {
      const err = thrown(() => resolver.resolve(ctx, meta(type, given.key)));
      expect([err.code, err.status, err.message]).toEqual([
        'FW_ERR_PATH_PARAM_MISSING',
        500,
        `path parameter not found: ${want}`,
      ]);
    }
  });
});

describe('params() of an application context', () => {
  // Only own keys count: a params object with a prototype does not answer its inherited names.
  const ctx = {
    params: () => ({ id: '7' }),
    pathKeys: () => ['id'],
  } as unknown as ExecutionContext;
  it.each(['constructor', 'toString', 'hasOwnProperty'])('%s is missing', (key) => {
    const err = thrown(() => resolver.resolve(ctx, meta('string', key)));
    expect([err.code, err.message]).toEqual([
      'FW_ERR_PATH_PARAM_MISSING',
      `path parameter not found: ${key}`,
    ]);
  });

  it('an own key resolves', () => {
    expect(resolver.resolve(ctx, meta('number', 'id'))).toBe(7);
  });
});

describe('other context kinds', () => {
  // Any execution context carrying params works: a WebSocket route has keys too.
  const contexts: Case<
    () => ReturnType<typeof consumerContext> | ReturnType<typeof webSocketContext>,
    number
  >[] = [
    ['consumer', { given: () => consumerContext('order.created'), want: 7 }],
    ['WebSocket', { given: () => webSocketContext({ path: '/ws/7' }), want: 7 }],
  ];
  it.each(contexts)('%s with params resolves', (_name, { given, want }) => {
    const ctx = given();
    ctx.set(PARAMS_KEY, { id: '7' });
    expect(resolver.resolve(ctx, meta('number', 'id'))).toBe(want);
  });

  it.each(contexts)('%s without params names the key', (_name, { given }) => {
    const err = thrown(() => resolver.resolve(given(), meta('number', 'id')));
    expect(err).toBeInstanceOf(FwError);
    expect(err.code).toBe('FW_ERR_PATH_PARAM_MISSING');
  });
});
