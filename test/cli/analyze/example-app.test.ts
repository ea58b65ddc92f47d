import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createAnalyzer } from '../../../cli/analyze/index.js';
import type { ControllerModel, ImportRef, SourceLocation } from '../../../cli/ir.js';
import { bindings } from '../../../examples/app/bindings.js';
import { ROOT } from './support.js';

const APP = join(ROOT, 'examples/app');
const analysis = createAnalyzer({
  root: ROOT,
  tsconfig: join(ROOT, 'tsconfig.json'),
  src: APP,
  out: join(APP, 'bindings.ts'),
}).analyze();

const source = (at: SourceLocation) => `${at.file}:${at.line}`;
const names = (refs: readonly ImportRef[]) => refs.map((r) => r.name);

/** The model in the terms of the hand-written bindings: what fwgen must reproduce. */
function asBindings(controllers: readonly ControllerModel[]) {
  return controllers.map((c) => ({
    name: c.name,
    source: source(c.at),
    interceptors: names(c.interceptors),
    handlers: c.handlers.map((h) => ({
      name: h.name,
      method: h.method,
      path: h.path,
      source: source(h.at),
      interceptors: names(h.interceptors),
      params: h.params.map(({ validate, query, cast: _, ...p }) => ({
        ...p,
        validates: validate !== undefined,
        reads: query?.name,
      })),
    })),
  }));
}

describe('analyzer: the example app', () => {
  it('finds no problem', () => {
    expect(analysis.diagnostics).toEqual([]);
  });

  it('yields the controllers, routes, params and sources of examples/app/bindings.ts', () => {
    const expected = bindings.controllers.map((c) => ({
      name: c.name,
      source: c.source,
      interceptors: (c.interceptors ?? []).map((i) => i.name),
      handlers: c.handlers.map((h) => ({
        name: h.name,
        method: h.method,
        path: h.path,
        source: h.source,
        interceptors: (h.interceptors ?? []).map((i) => i.name),
        // The bindings leave out a parameter's index (its position) and `optional: false`.
        params: h.params.map(({ validate, read, ...p }, index) => ({
          index,
          optional: false,
          ...p,
          validates: validate !== undefined,
          // The generated reader of a Query<T> parameter, named after T.
          reads: read?.name.replace(/^read/, ''),
        })),
      })),
    }));
    expect(asBindings(analysis.model.controllers)).toEqual(expected);
  });

  it('imports controllers and interceptors from their files', () => {
    const users = analysis.model.controllers.find((c) => c.name === 'UserController');
    expect(users?.ref).toEqual({
      from: 'file',
      module: 'examples/app/users.ts',
      name: 'UserController',
    });
    expect(users?.interceptors).toEqual([
      { from: 'file', module: 'examples/app/interceptors.ts', name: 'TimingInterceptor' },
    ]);
    expect(analysis.model.src).toBe('examples/app');
  });

  it('describes OrderPlaced with the properties of DomainEvent, in the checker order', () => {
    const placed = analysis.model.types.find((t) => t.id === 'examples/app/orders#OrderPlaced');
    expect(placed).toEqual({
      id: 'examples/app/orders#OrderPlaced',
      name: 'OrderPlaced',
      at: { file: 'examples/app/orders.ts', line: 14, column: 1 },
      doc: { summary: 'Published when an order was placed.' },
      shape: {
        kind: 'object',
        properties: [
          { name: 'name', optional: false, shape: { kind: 'literal', value: 'order.placed' } },
          { name: 'orderId', optional: false, shape: { kind: 'number' } },
          { name: 'sku', optional: false, shape: { kind: 'string' } },
          { name: 'qty', optional: false, shape: { kind: 'number' } },
          { name: 'occurredAt', optional: false, shape: { kind: 'date' } },
        ].map((p) => ({ ...p, readonly: true })),
      },
    });
  });

  it('lists each body and payload type once, sorted by id', () => {
    expect(analysis.model.types.map((t) => t.id)).toEqual([
      'examples/app/orders#OrderPlaced',
      'examples/app/orders#PlaceOrder',
      'examples/app/session#SignIn',
      'examples/app/users#CreateUser',
    ]);
    const createUser = analysis.model.types[3];
    expect(createUser?.shape).toEqual({
      kind: 'object',
      properties: [
        { name: 'name', optional: false, shape: { kind: 'string' } },
        { name: 'email', optional: false, shape: { kind: 'string' } },
        { name: 'tags', optional: true, shape: { kind: 'array', element: { kind: 'string' } } },
      ],
    });
  });
});
