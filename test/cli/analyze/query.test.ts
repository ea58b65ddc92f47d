// A Query<T> parameter in the model (cli/analyze/query-type.ts): T's id and name, and one field per
// property with its kind, literals, array and optional flags and JSDoc; FW0206 at the property
// fwgen cannot read. fixtures/query-objects and fixtures/query-bad hold the generated side.
import { describe, expect, it } from 'vitest';
import type { Analysis } from '../../../cli/analyzer.js';
import { analyzeApp, handlerOf } from './support.js';

const ITEMS = `
import { Controller, Get } from 'fw';
import * as query from 'fw/query';

export enum Level { Low = 1, High = 2 }

export interface Filter {
  /** Items per page. */
  size: number;
  after?: bigint;
  open: boolean | undefined;
  sort?: 'desc' | 'asc';
  level?: Level;
  tag?: readonly string[];
  pick?: Array<3 | 1 | 2>;
}

export type Paged = Pick<Filter, 'size'> & { page?: number };
type Local = query.Query<Filter>;

@Controller('/items')
export class Items {
  @Get('/')
  list(filter: Local): number {
    return filter.size;
  }

  @Get('/paged')
  paged(p: query.Query<Paged>): number {
    return p.size;
  }
}
`;

let cached: Analysis | undefined;
const items = (): Analysis => (cached ??= analyzeApp({ 'items.ts': ITEMS }, false));

describe('Query<T> in the model', () => {
  it('reads every property of T into a field, literals in written order', () => {
    const { model, diagnostics } = items();
    expect(diagnostics).toEqual([]);
    expect(handlerOf(items(), 'Items', 'list').params).toEqual([
      {
        index: 0,
        name: 'filter',
        type: 'fw/query#Query',
        optional: false,
        query: {
          id: 'app/items#Filter',
          name: 'Filter',
          fields: [
            {
              name: 'size',
              optional: false,
              array: false,
              kind: 'number',
              doc: { summary: 'Items per page.' },
            },
            { name: 'after', optional: true, array: false, kind: 'bigint' },
            { name: 'open', optional: true, array: false, kind: 'boolean' },
            { name: 'sort', optional: true, array: false, kind: 'string', values: ['desc', 'asc'] },
            { name: 'level', optional: true, array: false, kind: 'number', values: [1, 2] },
            { name: 'tag', optional: true, array: true, kind: 'string' },
            { name: 'pick', optional: true, array: true, kind: 'number', values: [3, 1, 2] },
          ],
        },
        // `Query<Filter>`, read through the local alias `Local`.
        cast: [
          { from: 'package', module: 'fw/query', name: 'Query' },
          '<',
          { from: 'file', module: 'app/items.ts', name: 'Filter' },
          '>',
        ],
      },
    ]);
    expect(model.types).toEqual([]);
  });

  it('names an alias of mapped and intersected types by the alias', () => {
    expect(handlerOf(items(), 'Items', 'paged').params[0]?.query).toEqual({
      id: 'app/items#Paged',
      name: 'Paged',
      fields: [
        {
          name: 'size',
          optional: false,
          array: false,
          kind: 'number',
          doc: { summary: 'Items per page.' },
        },
        { name: 'page', optional: true, array: false, kind: 'number' },
      ],
    });
  });
});

const INTEGERS = `
import { Controller, Get } from 'fw';
import type { Query } from 'fw/query';
import type { Int as Whole } from 'fw/validate';

/** @integer */
export type Count = number;
export type Total = Count;
/** A number alias with no tag. */
export type Price = number;

export interface Numbers {
  price: number;
  alias: Price;
  int: Whole;
  ints?: readonly Whole[];
  maybe: Whole | undefined;
  /** @integer */
  tagged: number;
  /** @integer */
  taggedList: number[];
  count: Count;
  total?: Total;
  half: 0.5 | 1.5;
}

@Controller('/n')
export class N {
  @Get('/')
  list(q: Query<Numbers>): number {
    return q.price;
  }
}
`;

describe('Query<T> numbers in the model', () => {
  it('reads number as any number, and Int, @integer and @integer aliases as integers', () => {
    const analysis = analyzeApp({ 'n.ts': INTEGERS }, false);
    expect(analysis.diagnostics).toEqual([]);
    const fields = handlerOf(analysis, 'N', 'list').params[0]?.query?.fields ?? [];
    expect(fields.map((f) => [f.name, f.kind, f.array, f.values])).toEqual([
      ['price', 'number', false, undefined],
      ['alias', 'number', false, undefined],
      ['int', 'integer', false, undefined],
      ['ints', 'integer', true, undefined],
      ['maybe', 'integer', false, undefined],
      ['tagged', 'integer', false, undefined],
      ['taggedList', 'integer', true, undefined],
      ['count', 'integer', false, undefined],
      ['total', 'integer', false, undefined],
      ['half', 'number', false, [0.5, 1.5]],
    ]);
  });
});

const BAD = `
import { Controller, Get, WebSocketGateway, OnMessage } from 'fw';
import type { Query } from 'fw/query';

export class Sorting {
  by = 'name';
  describe(): string {
    return this.by;
  }
}

@Controller('/bad')
export class Bad {
  @Get('/')
  list(q: Query<Sorting>): string {
    return q.by;
  }
}

@WebSocketGateway('/ws')
export class Socket {
  @OnMessage()
  message(q: Query<Sorting>): string {
    return q.by;
  }
}
`;

describe('FW0206', () => {
  it('names the property, where it is declared, and the gateway that has no query', () => {
    const { diagnostics, model } = analyzeApp({ 'bad.ts': BAD }, false);
    expect(
      diagnostics.map((d) => `${d.at.file}:${d.at.line}:${d.at.column} ${d.code} ${d.message}`),
    ).toEqual([
      "app/bad.ts:7:3 FW0206 Bad.list parameter 'q': Query<Sorting> property 'describe' is '() => string'; a query gives string, number, bigint, boolean, a union of string or number literals, or an array of one of these (a method is no query key: declare T as an interface of data properties)",
      "app/bad.ts:23:14 FW0206 Socket.message parameter 'q': Query<Sorting> reads the query of an HTTP request, and a WebSocket message has none; read the value from the payload",
    ]);
    expect(model.controllers.map((c) => [c.name, c.handlers.length])).toEqual([
      ['Bad', 0],
      ['Socket', 0],
    ]);
  });
});
