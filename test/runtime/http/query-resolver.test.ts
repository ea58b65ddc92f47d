// QueryResolver (runtime/core/resolvers/query-resolver.ts): a `fw/query#Query` parameter with its
// generated reader (`ParameterMeta.read`) gets what the reader makes of the request's query.
import { consumerContext, httpContext } from 'fw/testing';
import { describe, expect, it } from 'vitest';
import { FwError } from '../../../runtime/core/errors.js';
import type { ParameterMeta } from '../../../runtime/core/pipeline/resolver.js';
import { oneValue, type QueryReader } from '../../../runtime/core/query/query.js';
import { QueryResolver } from '../../../runtime/http/resolvers.js';

type Case<G, W> = [name: string, { given: G; want: W }];

/** A reader as fwgen writes one for `{ size: number }`. */
const readSize: QueryReader = (q) => ({ size: oneValue(q, 'size', 'number') });

const meta = (type: string, read?: QueryReader): ParameterMeta => ({
  index: 0,
  name: 'q',
  type,
  optional: false,
  ...(read === undefined ? {} : { read }),
});

describe('QueryResolver.supports', () => {
  const cases: Case<ParameterMeta, boolean>[] = [
    ['Query<T> with its reader', { given: meta('fw/query#Query', readSize), want: true }],
    ['Query<T> without a reader', { given: meta('fw/query#Query'), want: false }],
    ['Values, even with a reader', { given: meta('fw/query#Values', readSize), want: false }],
    [
      'a type of the same name elsewhere',
      { given: meta('app/query#Query', readSize), want: false },
    ],
  ];
  it.each(cases)('%s', (_, { given, want }) => {
    expect(new QueryResolver().supports(given)).toBe(want);
  });
});

describe('QueryResolver.resolve', () => {
  const resolver = new QueryResolver();
  const pm = meta('fw/query#Query', readSize);

  it("gives the reader's object for the request's query", () => {
    expect(resolver.resolve(httpContext({ url: '/items?size=20&other=x' }), pm)).toEqual({
      size: 20,
    });
  });

  it("throws the reader's 400, naming the key", () => {
    const run = () => resolver.resolve(httpContext({ url: '/items?size=a' }), pm);
    expect(run).toThrow(FwError);
    expect(run).toThrow('Invalid query parameter: size');
  });

  it('refuses a context that is not an HTTP request', () => {
    const run = () => resolver.resolve(consumerContext('item.added'), pm);
    expect(run).toThrow(expect.objectContaining({ code: 'FW_ERR_NOT_HTTP_CONTEXT' }));
  });
});
