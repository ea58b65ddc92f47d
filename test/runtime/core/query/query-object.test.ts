// Query<T> end to end: the bindings fwgen generated for fixtures/query-objects, served by createApp
// on a real socket. Each request's query is read into the handler's object (echoed back with a
// bigint written `<digits>n`), or answered 400 naming the key when it does not fit.
import { createApp, jsonLogger } from 'fw';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bindings } from '../../../../fixtures/query-objects/expected/bindings.js';

/** The client errors these tests cause are logged at info: kept out of the test output. */
const app = createApp({ bindings, logger: jsonLogger({ level: 'warn' }) });
let base = '';

beforeAll(async () => {
  const { port } = await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${port}`;
});
afterAll(() => app.close());

type Case<G, W> = [name: string, { given: G; want: W }];

/** The status and the object the handler was given, or the problem's detail and code. */
async function get(path: string): Promise<[number, unknown]> {
  const res = await fetch(base + path);
  const text = await res.text();
  if (res.status === 200) return [200, JSON.parse(text)];
  const { detail, code } = JSON.parse(text) as { detail: string; code: string };
  return [res.status, { detail, code }];
}

const invalid = (key: string) => [
  400,
  { detail: `Invalid query parameter: ${key}`, code: 'FW_ERR_INVALID_QUERY_PARAM' },
];

describe('Query<T> over HTTP', () => {
  const read: Case<string, unknown>[] = [
    ['the one required key alone', { given: '/items?size=20', want: { size: 20 } }],
    [
      'every scalar kind by the Values rules',
      {
        given: '/items?size=-007&after=9223372036854775807&inStock=YES&name=a+b%21&max-price=0',
        want: {
          size: -7,
          after: '9223372036854775807n',
          inStock: true,
          name: 'a b!',
          'max-price': 0,
        },
      },
    ],
    [
      'string and number literals, and an alias of a union',
      {
        given: '/items?size=1&sort=desc&rating=3&shelf=top',
        want: { size: 1, sort: 'desc', rating: 3, shelf: 'top' },
      },
    ],
    [
      'every value of an array key, in order',
      {
        given: '/items?size=1&tag=b&tag=a&tag=b&ids=1&ids=-2&colour=green',
        want: { size: 1, tag: ['b', 'a', 'b'], ids: ['1n', '-2n'], colour: ['green'] },
      },
    ],
    ['an empty string value', { given: '/items?size=1&name=', want: { size: 1, name: '' } }],
    [
      'a number with a fraction or an exponent, as in a body',
      {
        given: '/items?size=1&minPrice=2.5&max-price=1e3&weights=-.5&weights=2E-2&step=5e-1',
        want: { size: 1, 'max-price': 1000, minPrice: 2.5, weights: [-0.5, 0.02], step: 0.5 },
      },
    ],
    [
      'integers: Int, Int[], @integer and an alias tagged @integer',
      {
        given: '/items/search?text=a&exact=1&fields=name&limit=%2B5&offset=007',
        want: { text: 'a', exact: true, fields: ['name'], limit: 5, offset: 7 },
      },
    ],
    [
      'every value of an Int[] key',
      { given: '/items?size=3&pages=1&pages=-2', want: { size: 3, pages: [1, -2] } },
    ],
    [
      'keys T does not declare ignored',
      { given: '/items?size=5&page=2&SIZE=x&tags=a&constructor=1', want: { size: 5 } },
    ],
    [
      'a required array, and `| undefined` as optional',
      {
        given: '/items/search?text=lamp&exact=0&fields=tag&fields=name',
        want: { text: 'lamp', exact: false, fields: ['tag', 'name'] },
      },
    ],
    [
      'the optional key of an alias of Query<T>',
      {
        given: '/items/search?limit=10&text=&exact=on&fields=name',
        want: { text: '', exact: true, fields: ['name'], limit: 10 },
      },
    ],
  ];
  it.each(read)('reads %s', async (_, { given, want }) => {
    expect(await get(given)).toEqual([200, want]);
  });

  const refused: Case<string, unknown>[] = [
    ['a missing required key', { given: '/items?page=1', want: invalid('size') }],
    [
      'a missing required array',
      { given: '/items/search?text=a&exact=1', want: invalid('fields') },
    ],
    ['an Int that is not whole', { given: '/items?size=2.5', want: invalid('size') }],
    ['an Int with an exponent', { given: '/items?size=1e3', want: invalid('size') }],
    ['an empty Int', { given: '/items?size=', want: invalid('size') }],
    [
      'an Int past the safe range',
      { given: '/items?size=9007199254740992', want: invalid('size') },
    ],
    [
      'one Int[] value that is not whole',
      { given: '/items?size=1&pages=1&pages=1.5', want: invalid('pages') },
    ],
    [
      'an @integer property that is not whole',
      { given: '/items/search?text=a&exact=1&fields=name&limit=2.5', want: invalid('limit') },
    ],
    [
      'a property of an @integer alias that is not whole',
      { given: '/items/search?text=a&exact=1&fields=name&offset=0.5', want: invalid('offset') },
    ],
    [
      'a number that is not one',
      { given: '/items?size=1&minPrice=cheap', want: invalid('minPrice') },
    ],
    ['an empty number', { given: '/items?size=1&minPrice=', want: invalid('minPrice') }],
    [
      'a number past the doubles',
      { given: '/items?size=1&minPrice=1e400', want: invalid('minPrice') },
    ],
    [
      'a number written in hexadecimal',
      { given: '/items?size=1&minPrice=0x10', want: invalid('minPrice') },
    ],
    ['Infinity', { given: '/items?size=1&max-price=Infinity', want: invalid('max-price') }],
    ['a number literal not listed', { given: '/items?size=1&step=0.25', want: invalid('step') }],
    [
      'a bigint past int64',
      { given: '/items?size=1&after=9223372036854775808', want: invalid('after') },
    ],
    [
      'a word that is no boolean',
      { given: '/items?size=1&inStock=maybe', want: invalid('inStock') },
    ],
    ['a string outside its literals', { given: '/items?size=1&sort=up', want: invalid('sort') }],
    ['a number outside its literals', { given: '/items?size=1&rating=4', want: invalid('rating') }],
    [
      'one array value outside its literals',
      { given: '/items?size=1&colour=red&colour=blue', want: invalid('colour') },
    ],
    [
      'one array value that does not parse',
      { given: '/items?size=1&ids=1&ids=x', want: invalid('ids') },
    ],
    ['a required scalar given twice', { given: '/items?size=1&size=1', want: invalid('size') }],
    [
      'an optional scalar given twice',
      { given: '/items?size=1&sort=asc&sort=asc', want: invalid('sort') },
    ],
  ];
  it.each(refused)('answers 400 for %s', async (_, { given, want }) => {
    expect(await get(given)).toEqual(want);
  });

  it('runs one reader for the handlers that share a type', async () => {
    const res = await fetch(`${base}/items/count?size=42&tag=x`);
    expect([res.status, await res.text()]).toEqual([200, '42']);
    expect(await get('/items/count?size=x')).toEqual(invalid('size'));
  });
});
