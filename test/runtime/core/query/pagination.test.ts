import { describe, expect, it } from 'vitest';
import { type Pagination, paginationOf } from '../../../../runtime/core/query/pagination.js';
import { parseQuery } from '../../../../runtime/core/query/parse.js';
import { newValues } from '../../../../runtime/core/query/values.js';

type Case<G, W> = [name: string, { given: G; want: W }];

const MAX = Number.MAX_SAFE_INTEGER;

const cases: Case<string, Pagination>[] = [
  ['no query: the defaults', { given: '', want: { page: 1, size: 20 } }],
  ['both given', { given: 'page=3&size=50', want: { page: 3, size: 50 } }],
  ['page only', { given: 'page=3', want: { page: 3, size: 20 } }],
  ['size only', { given: 'size=5', want: { page: 1, size: 5 } }],
  ['escaped plus sign', { given: 'page=%2B2', want: { page: 2, size: 20 } }],
  ['a raw + is a space: default', { given: 'page=+2', want: { page: 1, size: 20 } }],
  ['leading zeros', { given: 'page=007', want: { page: 7, size: 20 } }],
  ['one is the smallest', { given: 'page=1&size=1', want: { page: 1, size: 1 } }],
  ['zero: default', { given: 'page=0&size=0', want: { page: 1, size: 20 } }],
  ['negative: default', { given: 'page=-2&size=-5', want: { page: 1, size: 20 } }],
  ['minus zero: default', { given: 'page=-0', want: { page: 1, size: 20 } }],
  ['not an integer: default', { given: 'page=abc&size=ten', want: { page: 1, size: 20 } }],
  ['decimal: default', { given: 'page=2.5&size=1e2', want: { page: 1, size: 20 } }],
  ['padded: default', { given: 'page=+2+', want: { page: 1, size: 20 } }],
  ['empty: default', { given: 'page=&size', want: { page: 1, size: 20 } }],
  ['full-width digit: default', { given: 'page=%EF%BC%92', want: { page: 1, size: 20 } }],
  ['max safe integer', { given: `page=${MAX}`, want: { page: MAX, size: 20 } }],
  [
    'beyond safe integers: default',
    { given: 'page=9007199254740992', want: { page: 1, size: 20 } },
  ],
  ['first value counts', { given: 'page=x&page=2&size=3&size=4', want: { page: 1, size: 3 } }],
  ['other keys ignored', { given: 'Page=4&offset=9', want: { page: 1, size: 20 } }],
];

describe('paginationOf', () => {
  it.each(cases)('%s', (_name, { given, want }) => {
    expect(paginationOf(newValues(parseQuery(given)))).toEqual(want);
  });

  // A size above the maximum (100 unless the app sets pagination.maxSize) is clamped to it.
  const clamped: Case<[query: string, maxSize?: number], Pagination>[] = [
    ['the default maximum', { given: ['size=100'], want: { page: 1, size: 100 } }],
    ['one past it: clamped', { given: ['size=101'], want: { page: 1, size: 100 } }],
    ['far past it: clamped', { given: [`page=2&size=${MAX}`], want: { page: 2, size: 100 } }],
    ['a maximum of 10: at it', { given: ['size=10', 10], want: { page: 1, size: 10 } }],
    ['a maximum of 10: past it', { given: ['size=11', 10], want: { page: 1, size: 10 } }],
    ['a maximum below the default size', { given: ['', 5], want: { page: 1, size: 5 } }],
    ['a larger maximum', { given: ['size=500', 1000], want: { page: 1, size: 500 } }],
    ['page is not bounded', { given: ['page=5000', 10], want: { page: 5000, size: 10 } }],
  ];
  it.each(clamped)('%s', (_name, { given: [query, maxSize], want }) => {
    expect(paginationOf(newValues(parseQuery(query)), maxSize)).toEqual(want);
  });

  it('returns a frozen object', () => {
    const p = paginationOf(newValues({ page: ['2'] }));
    expect(Object.isFrozen(p)).toBe(true);
    expect(() => {
      (p as { page: number }).page = 9;
    }).toThrow(TypeError);
    expect(p.page).toBe(2);
  });
});
