// The parameters and request bodies of OpenAPI operations: path keys by the type they are parsed
// to, Pagination's page and size, one query parameter per property of a Query<T>, none for
// Values, a JSON body from an application type and a multipart form from UploadedFiles.
import { describe, expect, it } from 'vitest';
import { openApiDocument } from '../../../cli/api-documents/openapi.js';
import type { AppModel, HandlerModel, QueryModel } from '../../../cli/ir.js';
import { paginationOf } from '../../../runtime/core/query/pagination.js';
import { newValues } from '../../../runtime/core/query/values.js';
import { analyzeApp } from '../analyze/support.js';
import { controller, handler } from '../support/models.js';

const INFO = { title: 'shop', version: '1.0.0' };
const SAFE = { type: 'integer', minimum: -9007199254740991, maximum: 9007199254740991 };

type Operation = Record<string, unknown> & { parameters?: unknown[] };

function operationsOf(model: AppModel): Record<string, Operation> {
  const doc = openApiDocument(model, INFO) as { paths: Record<string, Record<string, Operation>> };
  return Object.fromEntries(
    Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, op]) => [`${method} ${path}`, op]),
    ),
  );
}

function analyzed(source: string): Record<string, Operation> {
  const { model, diagnostics } = analyzeApp({ 'app.ts': source }, false);
  expect(diagnostics).toEqual([]);
  return operationsOf(model);
}

describe('OpenAPI parameters: path keys', () => {
  it('gives each key the schema of what it is parsed to, and string when nothing takes it', () => {
    const ops = analyzed(`import { Controller, Get } from 'fw';
@Controller('/items')
export class ItemController {
  @Get('/:slug/:n/:big/:flag/:free')
  find(slug: string, n: number, big: bigint, flag: boolean): string { return slug + n + big + flag; }
}
`);
    expect(ops['get /items/{slug}/{n}/{big}/{flag}/{free}']?.parameters).toEqual([
      { name: 'slug', in: 'path', required: true, schema: { type: 'string' } },
      { name: 'n', in: 'path', required: true, schema: SAFE },
      { name: 'big', in: 'path', required: true, schema: { type: 'integer', format: 'int64' } },
      { name: 'flag', in: 'path', required: true, schema: { type: 'boolean' } },
      { name: 'free', in: 'path', required: true, schema: { type: 'string' } },
    ]);
  });

  it('names the keys of one path shape as its first route does', () => {
    const model: AppModel = {
      src: 'app',
      types: [],
      controllers: [
        controller('A', 'app/a.ts', [
          handler('get', 'GET', '/a/:id', [
            { index: 0, name: 'id', type: 'number', optional: false, pathKey: 'id' },
          ]),
          handler('put', 'PUT', '/a/:key', [
            { index: 0, name: 'key', type: 'boolean', optional: false, pathKey: 'key' },
          ]),
        ]),
      ],
    };
    const ops = operationsOf(model);
    expect(Object.keys(ops)).toEqual(['get /a/{id}', 'put /a/{id}']);
    expect(ops['put /a/{id}']?.parameters).toEqual([
      { name: 'id', in: 'path', required: true, schema: { type: 'boolean' } },
    ]);
  });
});

describe('OpenAPI parameters: the query', () => {
  it('refers to page and size for Pagination, with the defaults and maximum paginationOf gives', () => {
    const source = `import { Controller, Get } from 'fw';
import type { Pagination } from 'fw/query';
@Controller('/items')
export class ItemController {
  @Get() list(p: Pagination): string { return String(p.page); }
}
`;
    const { model } = analyzeApp({ 'app.ts': source }, false);
    const doc = openApiDocument(model, INFO) as {
      paths: Record<string, Record<string, Operation>>;
      components: { parameters: Record<string, { schema: Record<string, unknown> }> };
    };
    expect(doc.paths['/items']?.['get']?.parameters).toEqual([
      { $ref: '#/components/parameters/Page' },
      { $ref: '#/components/parameters/PageSize' },
    ]);
    const defaults = paginationOf(newValues({}));
    // The largest size the server gives with the default pagination.maxSize.
    const clamped = paginationOf(newValues({ size: ['1000000'] })).size;
    expect(doc.components.parameters).toEqual({
      Page: {
        name: 'page',
        in: 'query',
        description: 'The page, from 1. A missing or invalid value gives 1.',
        required: false,
        schema: { ...SAFE, minimum: 1, default: defaults.page },
      },
      PageSize: {
        name: 'size',
        in: 'query',
        description:
          'The page size. A missing or invalid value gives 20; a value above the maximum (the app option pagination.maxSize) gives the maximum, not an error.',
        required: false,
        schema: { type: 'integer', minimum: 1, maximum: clamped, default: defaults.size },
      },
    });
    expect(clamped).toBe(100);
  });

  it('has no parameter components when no handler takes Pagination', () => {
    const ops = analyzeApp(
      {
        'app.ts': `import { Controller, Get } from 'fw';
@Controller('/items')
export class ItemController { @Get() list(): string { return ''; } }
`,
      },
      false,
    );
    const doc = openApiDocument(ops.model, INFO) as { components: Record<string, unknown> };
    expect(doc.components).not.toHaveProperty('parameters');
  });

  it('lists nothing for Values and says why in the description', () => {
    const ops = analyzed(`import { Controller, Get } from 'fw';
import type { Values } from 'fw/query';
@Controller('/items')
export class ItemController {
  /**
   * Searches.
   *
   * Any key is a filter.
   */
  @Get() list(q: Values): string { return q.get('x'); }
}
`);
    const op = ops['get /items'];
    expect(op).not.toHaveProperty('parameters');
    expect(op?.['description']).toBe(
      'Any key is a filter.\n\nReads any query parameter, so none is listed.',
    );
  });

  it('lists one parameter per property of a Query<T>, from the model', () => {
    const query: QueryModel = {
      id: 'app/filters#Filter',
      name: 'Filter',
      fields: [
        {
          name: 'size',
          optional: false,
          array: false,
          kind: 'number',
          doc: { summary: 'Per page.' },
        },
        { name: 'count', optional: false, array: false, kind: 'integer' },
        { name: 'after', optional: true, array: false, kind: 'bigint' },
        { name: 'inStock', optional: true, array: false, kind: 'boolean' },
        { name: 'sort', optional: true, array: false, kind: 'string', values: ['asc', 'desc'] },
        { name: 'rating', optional: true, array: false, kind: 'number', values: [1, 2] },
        { name: 'step', optional: true, array: false, kind: 'number', values: [0.5, 1] },
        {
          name: 'tag',
          optional: true,
          array: true,
          kind: 'string',
          doc: { deprecated: true, examples: [['a', 'b']] },
        },
      ],
    };
    const list: HandlerModel = handler('list', 'GET', '/items', [
      { index: 0, name: 'filter', type: 'fw/query#Query', optional: false, query },
    ]);
    const ops = operationsOf({
      src: 'app',
      types: [],
      controllers: [controller('I', 'app/i.ts', [list])],
    });
    expect(ops['get /items']?.parameters).toEqual([
      {
        name: 'size',
        in: 'query',
        description: 'Per page.',
        required: true,
        schema: { type: 'number' },
      },
      { name: 'count', in: 'query', required: true, schema: SAFE },
      { name: 'after', in: 'query', required: false, schema: { type: 'integer', format: 'int64' } },
      { name: 'inStock', in: 'query', required: false, schema: { type: 'boolean' } },
      {
        name: 'sort',
        in: 'query',
        required: false,
        schema: { type: 'string', enum: ['asc', 'desc'] },
      },
      { name: 'rating', in: 'query', required: false, schema: { type: 'integer', enum: [1, 2] } },
      {
        name: 'step',
        in: 'query',
        required: false,
        schema: { type: 'number', enum: [0.5, 1] },
      },
      {
        name: 'tag',
        in: 'query',
        required: false,
        deprecated: true,
        style: 'form',
        explode: true,
        schema: { type: 'array', items: { type: 'string' }, examples: [['a', 'b']] },
      },
    ]);
    expect(Object.keys(ops['get /items']?.['responses'] as object)).toEqual(['200', '400', '500']);
  });

  it('reads the Query<T> the analyzer finds: number as number, Int as a safe integer', () => {
    const ops = analyzed(`import { Controller, Get } from 'fw';
import type { Query } from 'fw/query';
import type { Int } from 'fw/validate';
export interface Filter { name?: string; ids: number[]; pages?: Int[] }
@Controller('/items')
export class ItemController {
  @Get() list(f: Query<Filter>): string { return f.name ?? ''; }
}
`);
    expect(ops['get /items']?.parameters).toEqual([
      { name: 'name', in: 'query', required: false, schema: { type: 'string' } },
      {
        name: 'ids',
        in: 'query',
        required: true,
        style: 'form',
        explode: true,
        schema: { type: 'array', items: { type: 'number' } },
      },
      {
        name: 'pages',
        in: 'query',
        required: false,
        style: 'form',
        explode: true,
        schema: { type: 'array', items: SAFE },
      },
    ]);
  });
});

describe('OpenAPI request bodies', () => {
  it('takes an application type as required JSON and uploaded files (buffered or part by part) as a multipart form', () => {
    const ops = analyzed(`import { Controller, Post } from 'fw';
import type { MultipartParts, UploadedFiles } from 'fw/core';
export interface Order { sku: string }
@Controller('/orders')
export class OrderController {
  @Post() create(order: Order): string { return order.sku; }
  @Post('/files') upload(files: UploadedFiles): string { return String(files); }
  @Post('/parts') parts(parts: MultipartParts): string { return String(parts); }
}
`);
    // A form read part by part is the same multipart body to a client.
    expect(ops['post /orders/parts']?.['requestBody']).toEqual(
      ops['post /orders/files']?.['requestBody'],
    );
    expect(ops['post /orders']?.['requestBody']).toEqual({
      required: true,
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Order' } } },
    });
    expect(ops['post /orders/files']?.['requestBody']).toEqual({
      required: true,
      content: {
        'multipart/form-data': {
          schema: {
            type: 'object',
            description: 'Files under any field names; a field may hold several files.',
            additionalProperties: {
              type: 'array',
              items: { type: 'string', contentMediaType: 'application/octet-stream' },
            },
          },
        },
      },
    });
    expect(Object.keys(ops['post /orders/files']?.['responses'] as object)).toEqual([
      '200',
      '400',
      '413',
      '415',
      '500',
    ]);
  });
});
