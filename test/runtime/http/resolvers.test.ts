import { httpContext as newHttpContext } from 'fw/testing';
import { describe, expect, it } from 'vitest';
import { FwError } from '../../../runtime/core/errors.js';
import type { ExecutionContext } from '../../../runtime/core/pipeline/execution-context.js';
import type { ParameterMeta } from '../../../runtime/core/pipeline/resolver.js';
import { Values } from '../../../runtime/core/query/values.js';
import type { HttpRequestContext } from '../../../runtime/http/http-context.js';
import { PaginationResolver, QueryValuesResolver } from '../../../runtime/http/resolvers.js';

type Case<G, W> = [name: string, { given: G; want: W }];
type Queries = Record<string, string[]>;

/** A live, empty request context; the resolvers never read it. */
const requestContext: ReturnType<ExecutionContext['context']> = {
  signal: new AbortController().signal,
  deadline: () => undefined,
  err: () => undefined,
  value: () => undefined,
};

const meta = (type: string): ParameterMeta => ({ index: 0, name: 'q', type, optional: false });

/** An execution context with no protocol methods of its own. */
function executionContext(queries: Queries): ExecutionContext {
  const store = new Map<string, unknown>();
  return {
    method: () => 'GET',
    path: () => '/',
    params: () => ({}),
    pathKeys: () => [],
    header: () => '',
    queries: () => queries,
    set: (k, v) => void store.set(k, v),
    get: <T>(k: string) => store.get(k) as T | undefined,
    has: (k) => store.has(k),
    requestId: () => 'req-1',
    context: () => requestContext,
    eventBus: () => ({ publish: () => {}, drain: () => [] }),
  };
}

/** A structural HTTP request context, as `isHttpRequestContext` checks it. */
function httpContext(queries: Queries): ExecutionContext & HttpRequestContext {
  const base = executionContext(queries);
  return {
    ...base,
    param: () => '',
    query: (name) => queries[name]?.[0] ?? '',
    headers: () => ({}),
    bind: async <T>() => ({}) as T,
    multipartForm: async () => ({ value: {}, file: {} }),
    multipartParts: () => Object.assign((async function* () {})(), { cancel: () => {} }),
    clientAddress: () => '',
    cookie: () => undefined,
    cookies: () => ({}),
  };
}

/** A consumer context: an execution context with an event name and payload, no HTTP methods. */
function consumerContext(): ExecutionContext {
  return Object.assign(executionContext({}), {
    eventName: () => 'order.created',
    payload: () => new Uint8Array(),
  });
}

/** A WebSocket message context: connection id, message type and payload, no HTTP methods. */
function webSocketContext(queries: Queries): ExecutionContext {
  return Object.assign(executionContext(queries), {
    connId: () => 'c1',
    messageType: () => 1,
    payload: () => new Uint8Array(),
  });
}

const supportsCases: Case<string, { values: boolean; pagination: boolean }>[] = [
  ['fw/query#Values', { given: 'fw/query#Values', want: { values: true, pagination: false } }],
  [
    'fw/query#Pagination',
    { given: 'fw/query#Pagination', want: { values: false, pagination: true } },
  ],
  ['bare Values', { given: 'Values', want: { values: false, pagination: false } }],
  ['other module', { given: 'src/query#Values', want: { values: false, pagination: false } }],
  ['case differs', { given: 'fw/query#values', want: { values: false, pagination: false } }],
  ['string', { given: 'string', want: { values: false, pagination: false } }],
  ['empty', { given: '', want: { values: false, pagination: false } }],
];

describe('supports', () => {
  it.each(supportsCases)('%s', (_name, { given, want }) => {
    expect(new QueryValuesResolver().supports(meta(given))).toBe(want.values);
    expect(new PaginationResolver().supports(meta(given))).toBe(want.pagination);
  });
});

describe('QueryValuesResolver.resolve', () => {
  const resolver = new QueryValuesResolver();

  it('returns the HTTP query as Values', () => {
    const got = resolver.resolve(
      httpContext({ a: ['1', '2'], empty: [''] }),
      meta('fw/query#Values'),
    );
    expect(got).toBeInstanceOf(Values);
    expect([got.get('a'), got.all('a'), got.has('empty'), got.keys()]).toEqual([
      '1',
      ['1', '2'],
      true,
      ['a', 'empty'],
    ]);
  });

  it('copies the query', () => {
    const a = ['1'];
    const got = resolver.resolve(httpContext({ a }), meta('fw/query#Values'));
    a.push('2');
    expect(got.all('a')).toEqual(['1']);
  });
});

// On fw's own HTTP context the Values share the request's one parse of its query.
describe('QueryValuesResolver on a request', () => {
  const resolver = new QueryValuesResolver();
  const request = () => newHttpContext({ url: '/x?tag=a&tag=b&__proto__=p&page=2' });

  it('answers like queries(), whichever is asked first', () => {
    const first = request();
    const values = resolver.resolve(first, meta('fw/query#Values'));
    expect(entriesOf(values)).toEqual(Object.entries(first.queries()));
    const second = request();
    const queries = second.queries();
    expect(entriesOf(resolver.resolve(second, meta('fw/query#Values')))).toEqual(
      Object.entries(queries),
    );
  });

  it('hands out fresh lists: changing one leaves the request query as it came', () => {
    const ctx = request();
    const values = resolver.resolve(ctx, meta('fw/query#Values'));
    (values.all('tag') as string[]).push('c');
    expect(values.all('tag')).toEqual(['a', 'b']);
    expect(ctx.queries()['tag']).toEqual(['a', 'b']);
    for (let i = 0; i < 10; i++) (values.all('tag') as string[]).push('d');
    expect(values.all('tag')).toEqual(['a', 'b']);
    expect(Object.isFrozen(ctx.queries())).toBe(true);
    expect(values.all('__proto__')).toEqual(['p']);
  });
});

const entriesOf = (v: Values) => v.keys().map((k) => [k, v.all(k)]);

describe('PaginationResolver.resolve', () => {
  const resolver = new PaginationResolver();
  const cases: Case<Queries, { page: number; size: number }>[] = [
    ['defaults', { given: {}, want: { page: 1, size: 20 } }],
    ['given', { given: { page: ['2'], size: ['10'] }, want: { page: 2, size: 10 } }],
    ['invalid', { given: { page: ['x'], size: ['0'] }, want: { page: 1, size: 20 } }],
  ];
  it.each(cases)('%s', (_name, { given, want }) => {
    expect(resolver.resolve(httpContext(given), meta('fw/query#Pagination'))).toEqual(want);
  });

  it.each<Case<[size: string, maxSize: number | undefined], number>>([
    ['a size above the default maximum', { given: ['1000', undefined], want: 100 }],
    ['a size above the given maximum', { given: ['30', 25], want: 25 }],
    ['a size within the given maximum', { given: ['250', 500], want: 250 }],
  ])('%s is clamped to it', (_name, { given: [size, maxSize], want }) => {
    const bounded = new PaginationResolver(maxSize === undefined ? {} : { maxSize });
    const p = bounded.resolve(httpContext({ size: [size] }), meta('fw/query#Pagination'));
    expect(p.size).toBe(want);
  });
});

describe('outside an HTTP request', () => {
  const contexts: Case<() => ExecutionContext, string>[] = [
    ['consumer', { given: consumerContext, want: 'FW_ERR_NOT_HTTP_CONTEXT' }],
    ['WebSocket', { given: () => webSocketContext({ a: ['1'] }), want: 'FW_ERR_NOT_HTTP_CONTEXT' }],
    ['bare execution', { given: () => executionContext({}), want: 'FW_ERR_NOT_HTTP_CONTEXT' }],
  ];
  const resolvers = [
    ['QueryValuesResolver', new QueryValuesResolver(), 'fw/query#Values'],
    ['PaginationResolver', new PaginationResolver(), 'fw/query#Pagination'],
  ] as const;

  for (const [resolverName, resolver, type] of resolvers) {
    it.each(contexts)(`${resolverName} throws on a %s context`, (_name, { given, want }) => {
      let thrown: unknown;
      try {
        resolver.resolve(given(), meta(type));
      } catch (err) {
        thrown = err;
      }
      expect(thrown).toBeInstanceOf(FwError);
      expect(thrown).toBeInstanceOf(Error);
      const err = thrown as FwError;
      expect(err.code).toBe(want);
      expect(err.detail).toBe('context is not an HTTP request context');
      expect(err.message).toBe('context is not an HTTP request context');
      expect(err.status).toBe(500);
    });
  }
});
