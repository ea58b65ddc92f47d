// The operations of the OpenAPI document, from apps the analyzer reads: ids, tags and JSDoc,
// the answers under their statuses and media types, fw's problem responses, and a key order
// that does not depend on the order of the source.
import { describe, expect, it } from 'vitest';
import { openApiDocument } from '../../../cli/api-documents/openapi.js';
import type { AppModel } from '../../../cli/ir.js';
import { analyzeApp } from '../analyze/support.js';

const INFO = { title: 'shop', version: '1.0.0' };

type Operation = Record<string, unknown> & { responses: Record<string, unknown> };

function documentOf(source: string): Record<string, unknown> & { paths: Record<string, never> } {
  const { model, diagnostics } = analyzeApp({ 'app.ts': source }, false);
  expect(diagnostics).toEqual([]);
  return openApiDocument(model, INFO) as Record<string, unknown> & {
    paths: Record<string, never>;
  };
}

function operation(doc: { paths: Record<string, never> }, method: string, path: string): Operation {
  const item: Record<string, Operation> | undefined = doc.paths[path];
  const op = item?.[method];
  if (op === undefined) throw new Error(`no ${method} ${path} in ${Object.keys(doc.paths)}`);
  return op;
}

const problem = {
  'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } },
};
const shared = (name: string) => ({ $ref: `#/components/responses/${name}` });

describe('OpenAPI operations: identity and JSDoc', () => {
  it('names each operation Controller.method, tags it with the controller and copies its JSDoc', () => {
    const doc = documentOf(`import { Controller, Get } from 'fw';
@Controller('/users')
export class UserController {
  /**
   * Lists the users.
   *
   * Sorted by id.
   * @deprecated use /people
   */
  @Get()
  list(): string { return ''; }

  @Get('/count')
  count(): string { return ''; }
}
@Controller('/admin')
export class AdminController {
  @Get()
  home(): string { return ''; }
}
`);
    expect(doc['tags']).toEqual([{ name: 'AdminController' }, { name: 'UserController' }]);
    const list = operation(doc, 'get', '/users');
    expect(Object.keys(list)).toEqual([
      'tags',
      'summary',
      'description',
      'operationId',
      'deprecated',
      'responses',
    ]);
    expect(list).toMatchObject({
      tags: ['UserController'],
      summary: 'Lists the users.',
      description: 'Sorted by id.',
      operationId: 'UserController.list',
      deprecated: true,
    });
    const count = operation(doc, 'get', '/users/count');
    expect(Object.keys(count)).toEqual(['tags', 'operationId', 'responses']);
    expect(count['operationId']).toBe('UserController.count');
    expect(operation(doc, 'get', '/admin')['operationId']).toBe('AdminController.home');
  });

  it("describes each controller's tag with the class's JSDoc, summary and description", () => {
    const doc = documentOf(`import { Controller, EventConsumer, Get, OnEvent } from 'fw';
/**
 * The users.
 *
 * Accounts and
 * their profiles.
 * @deprecated not a tag's
 */
@Controller('/users')
export class UserController {
  /** Lists the users. */
  @Get() list(): string { return ''; }
}
/** Summary only. */
@Controller('/admin')
export class AdminController {
  @Get() home(): string { return ''; }
}
@Controller('/plain')
export class PlainController {
  @Get() home(): string { return ''; }
}
/** Events have no tag in this document. */
@EventConsumer()
export class Listener {
  @OnEvent('x') on(): void {}
}
`);
    expect(doc['tags']).toEqual([
      { name: 'AdminController', description: 'Summary only.' },
      { name: 'PlainController' },
      { name: 'UserController', description: 'The users.\n\nAccounts and\ntheir profiles.' },
    ]);
    expect(operation(doc, 'get', '/users')['summary']).toBe('Lists the users.');
  });

  it('sorts paths and writes methods in the order of the specification, whatever the source order', () => {
    const doc = documentOf(`import { Controller, Delete, Get, Patch, Post, Put } from 'fw';
@Controller('/b')
export class B {
  @Patch() patch(): void {}
  @Delete() remove(): void {}
  @Post() create(): void {}
  @Put() replace(): void {}
  @Get() read(): void {}
}
@Controller('/a')
export class A {
  @Get('/:id') one(id: string): string { return id; }
  @Get() all(): void {}
}
`);
    expect(Object.keys(doc)).toEqual(['openapi', 'info', 'tags', 'paths', 'components']);
    expect(doc['openapi']).toBe('3.1.0');
    expect(doc['info']).toEqual(INFO);
    expect(Object.keys(doc.paths)).toEqual(['/a', '/a/{id}', '/b']);
    expect(Object.keys(doc.paths['/b'] ?? {})).toEqual(['get', 'put', 'post', 'delete', 'patch']);
    expect(doc).not.toHaveProperty('servers');
  });
});

describe('OpenAPI operations: answers', () => {
  it('documents each Reply status, 204 for void, text/plain for strings and octet-stream for bytes', () => {
    const doc = documentOf(`import { Controller, Delete, Get, Post, reply, type Reply } from 'fw';
export interface User { id: number }
export interface Missing { missing: string }
@Controller('/users')
export class UserController {
  @Post() create(): Reply<User, 201> { return reply({ id: 1 }, { status: 201 }); }
  @Get('/:key')
  async one(key: string): Promise<Reply<User, 200> | Reply<Missing, 404>> {
    return reply({ missing: key }, { status: 404 });
  }
  @Delete() clear(): void {}
  @Get('/name') name(): string { return ''; }
  @Get('/avatar') avatar(): Uint8Array { return new Uint8Array(); }
}
`);
    const created = operation(doc, 'post', '/users').responses;
    expect(Object.keys(created)).toEqual(['201', '500']);
    expect(created['201']).toEqual({
      description: 'Created',
      content: { 'application/json': { schema: { $ref: '#/components/schemas/User' } } },
    });
    const one = operation(doc, 'get', '/users/{key}').responses;
    expect(Object.keys(one)).toEqual(['200', '404', '500']);
    expect(one['404']).toEqual({
      description: 'Not Found',
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Missing' } } },
    });
    expect(operation(doc, 'delete', '/users').responses['204']).toEqual({
      description: 'No Content',
    });
    expect(operation(doc, 'get', '/users/name').responses['200']).toEqual({
      description: 'OK',
      content: { 'text/plain': { schema: { type: 'string' } } },
    });
    expect(operation(doc, 'get', '/users/avatar').responses['200']).toEqual({
      description: 'OK',
      content: {
        'application/octet-stream': {
          schema: { type: 'string', contentMediaType: 'application/octet-stream' },
        },
      },
    });
    const components = doc['components'] as Record<string, Record<string, unknown>>;
    expect(Object.keys(components['schemas'] ?? {})).toEqual(['Missing', 'Problem', 'User']);
  });
});

describe("OpenAPI operations: fw's problems", () => {
  it('answers 500 always, 400 when anything is parsed, 413 and 415 with a body', () => {
    const doc = documentOf(`import { Controller, Get, Post } from 'fw';
import type { Values } from 'fw/query';
export interface Order { sku: string }
@Controller('/orders')
export class OrderController {
  @Get() list(): string { return ''; }
  @Get('/:slug') bySlug(slug: string): string { return slug; }
  @Get('/:slug/:n') page(slug: string, n: number): string { return slug + n; }
  @Get('/search') search(q: Values): string { return q.get('x'); }
  @Post() create(order: Order): string { return order.sku; }
}
`);
    const statuses = (method: string, path: string) =>
      Object.keys(operation(doc, method, path).responses);
    expect(statuses('get', '/orders')).toEqual(['200', '500']);
    expect(statuses('get', '/orders/{slug}')).toEqual(['200', '500']);
    expect(statuses('get', '/orders/{slug}/{n}')).toEqual(['200', '400', '500']);
    expect(statuses('get', '/orders/search')).toEqual(['200', '400', '500']);
    const create = operation(doc, 'post', '/orders').responses;
    expect(Object.keys(create)).toEqual(['200', '400', '413', '415', '500']);
    expect(create['413']).toEqual(shared('ContentTooLarge'));
    const components = doc['components'] as Record<string, Record<string, unknown>>;
    expect(components['responses']).toEqual({
      BadRequest: { description: 'Bad Request', content: problem },
      ContentTooLarge: { description: 'Content Too Large', content: problem },
      UnsupportedMediaType: { description: 'Unsupported Media Type', content: problem },
      InternalServerError: { description: 'Internal Server Error', content: problem },
    });
    expect(components['schemas']?.['Problem']).toMatchObject({
      type: 'object',
      required: ['type', 'title', 'status', 'detail'],
    });
  });

  it('adds every JSDoc @response status with its description, as a problem unless it is answered', () => {
    const doc = documentOf(`import { Controller, Get, reply, type Reply } from 'fw';
@Controller('/users')
export class UserController {
  /**
   * One user.
   * @response 404 No such user
   * @response 400 The id is not a number
   * @response 201 Made on first read
   */
  @Get('/:id') one(id: number): Reply<string, 201> { return reply(String(id), { status: 201 }); }
}
`);
    const responses = operation(doc, 'get', '/users/{id}').responses;
    expect(Object.keys(responses)).toEqual(['201', '400', '404', '500']);
    expect(responses['201']).toEqual({
      description: 'Made on first read',
      content: { 'text/plain': { schema: { type: 'string' } } },
    });
    expect(responses['400']).toEqual({ description: 'The id is not a number', content: problem });
    expect(responses['404']).toEqual({ description: 'No such user', content: problem });
    expect(responses['500']).toEqual(shared('InternalServerError'));
  });

  it('names the problem schema fw.Problem when the application has a type named Problem', () => {
    const model: AppModel = {
      src: 'app',
      controllers: [],
      types: [],
    };
    expect(openApiDocument(model, INFO)).toEqual({
      openapi: '3.1.0',
      info: INFO,
      tags: [],
      paths: {},
      components: { schemas: {} },
    });
    const doc = documentOf(`import { Controller, Post } from 'fw';
export interface Problem { what: string }
@Controller('/p')
export class P { @Post() send(p: Problem): string { return p.what; } }
`);
    const schemas = (doc['components'] as Record<string, Record<string, unknown>>)['schemas'];
    expect(Object.keys(schemas ?? {})).toEqual(['Problem', 'fw.Problem']);
    expect(operation(doc, 'post', '/p').responses['413']).toEqual(shared('ContentTooLarge'));
    const responses = (doc['components'] as Record<string, Record<string, never>>)['responses'];
    expect(responses?.['ContentTooLarge']).toEqual({
      description: 'Content Too Large',
      content: {
        'application/problem+json': { schema: { $ref: '#/components/schemas/fw.Problem' } },
      },
    });
  });
});
