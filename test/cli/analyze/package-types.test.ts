// Body and payload types declared in packages: an npm package's declarations and a workspace
// package reached through a link in node_modules are named like the project's own types, by the
// package; a class from a package is refused with the reason.
import { mkdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAnalyzer } from '../../../cli/analyze/index.js';
import type { Analysis } from '../../../cli/analyzer.js';
import { render } from '../../../cli/emit/render.js';
import { removeDir, tempDir, writeFiles } from '../support/temp.js';
import { printed } from './support.js';

const FILES: Record<string, string> = {
  'tsconfig.json': JSON.stringify({ extends: '../../../tsconfig.json', include: ['src'] }),
  'node_modules/@acme/types/package.json': JSON.stringify({
    name: '@acme/types',
    types: 'index.d.ts',
  }),
  'node_modules/@acme/types/index.d.ts': [
    '/** An order, as every service of the company writes it. */',
    'export interface Order {',
    '  id: string;',
    '  /** @minimum 1 */',
    '  qty: number;',
    '  customer: Customer;',
    '}',
    'export interface Customer { name: string; tags?: string[] }',
    'export type Page<T> = { items: T[]; total: number };',
    'export declare class Invoice { total: number; pay(): void }',
    '/** @minLength 1 */',
    'export type Sku = string;',
  ].join('\n'),
  'packages/shared/package.json': JSON.stringify({ name: '@acme/shared', types: 'src/index.ts' }),
  'packages/shared/src/index.ts':
    'export interface Shipment { orderId: string; carrier: "ups" | "dhl" }\n',
  'src/orders.ts': [
    "import { Controller, Post } from 'fw';",
    "import type { Int } from 'fw/validate';",
    "import type { Invoice, Order, Page, Sku } from '@acme/types';",
    "import type { Shipment } from '@acme/shared';",
    '',
    "@Controller('/orders')",
    'export class OrderController {',
    "  @Post('/')",
    '  create(body: Order): Order {',
    '    return body;',
    '  }',
    '',
    "  @Post('/page')",
    '  page(body: Page<Order>): number {',
    '    return body.total;',
    '  }',
    '',
    "  @Post('/ship')",
    '  ship(body: Shipment): string {',
    '    return body.carrier;',
    '  }',
    '',
    "  @Post('/invoice')",
    '  invoice(body: Invoice): number {',
    '    return body.total;',
    '  }',
    '',
    "  @Post('/skus')",
    '  skus(body: Page<Sku>): number {',
    '    return body.total;',
    '  }',
    '',
    "  @Post('/counts')",
    '  counts(body: Page<Int>): number {',
    '    return body.total;',
    '  }',
    '}',
  ].join('\n'),
};

let dir: string;
let analysis: Analysis;
beforeAll(() => {
  dir = tempDir(true);
  writeFiles(dir, FILES);
  mkdirSync(join(dir, 'node_modules/@acme'), { recursive: true });
  symlinkSync('../../packages/shared', join(dir, 'node_modules/@acme/shared'), 'dir');
  analysis = createAnalyzer({
    root: dir,
    tsconfig: join(dir, 'tsconfig.json'),
    src: join(dir, 'src'),
    out: join(dir, 'src/bindings.ts'),
  }).analyze();
  return () => removeDir(dir);
});

const paramType = (handler: string) =>
  analysis.model.controllers[0]?.handlers.find((h) => h.name === handler)?.params[0];

describe('types from packages', () => {
  it('names an npm package type by its package and module, with its JSDoc and constraints', () => {
    expect(paramType('create')).toMatchObject({ type: '@acme/types/index#Order' });
    const order = analysis.model.types.find((t) => t.id === '@acme/types/index#Order');
    expect(order?.doc?.summary).toBe('An order, as every service of the company writes it.');
    expect(order?.shape).toEqual({
      kind: 'object',
      properties: [
        { name: 'id', optional: false, shape: { kind: 'string' } },
        { name: 'qty', optional: false, shape: { kind: 'number', constraints: { minimum: 1 } } },
        {
          name: 'customer',
          optional: false,
          shape: { kind: 'ref', id: '@acme/types/index#Customer' },
        },
      ],
    });
  });

  it('names a workspace package type reached through a link, and a generic of a package', () => {
    expect(paramType('ship')).toMatchObject({ type: '@acme/shared/src/index#Shipment' });
    expect(paramType('page')).toMatchObject({
      type: '@acme/types/index#Page<@acme/types/index#Order>',
    });
  });

  it('refuses a class from a package, naming the package and what to do', () => {
    expect(printed(analysis.diagnostics, '')).toEqual([
      `src/orders.ts:24:17 FW0201 OrderController.invoice parameter 'body': type 'Invoice' is not supported; a class from a package cannot be a body type (fwgen cannot see what its methods need), and this one is declared in the package '@acme/types': declare \`interface MyInvoice { … }\` in the project and take that`,
    ]);
  });

  it('generates a validator for each, checking the constraint the package declares', () => {
    const text = render(analysis.model, 'src/bindings.ts');
    expect(text).toContain('// @acme/types/index#Order\nfunction checkOrder(');
    expect(text).toContain("if (v < 1) return fail(v, issues, key, 'expected at least 1');");
    expect(text).toContain('// @acme/shared/src/index#Shipment\nfunction checkShipment(');
  });

  it("keeps the constraints of a type argument in a package's generic: a package alias, fw's Int", () => {
    expect(paramType('skus')).toMatchObject({
      type: '@acme/types/index#Page<@acme/types/index#Sku>',
    });
    expect(paramType('counts')).toMatchObject({ type: '@acme/types/index#Page<fw#Int>' });
    const items = (id: string) => {
      const shape = analysis.model.types.find((t) => t.id === id)?.shape;
      return shape?.kind === 'object' ? shape.properties[0]?.shape : undefined;
    };
    expect(items('@acme/types/index#Page<@acme/types/index#Sku>')).toEqual({
      kind: 'array',
      element: { kind: 'string', constraints: { minLength: 1 } },
    });
    expect(items('@acme/types/index#Page<fw#Int>')).toEqual({
      kind: 'array',
      element: { kind: 'number', constraints: { integer: true } },
    });
    const text = render(analysis.model, 'src/bindings.ts');
    expect(text).toContain('// @acme/types/index#Page<fw#Int>\nfunction checkPage_Int(');
    expect(text).toContain(
      '// @acme/types/index#Page<@acme/types/index#Sku>\nfunction checkPage_Sku(',
    );
  });

  it("casts each body to its package type, imported by the package's name", () => {
    const text = render(analysis.model, 'src/bindings.ts');
    expect(text).toContain("import type { Shipment } from '@acme/shared';");
    expect(text).toContain("import type { Order, Page, Sku } from '@acme/types';");
    expect(text).toContain('invoke: (c, a) => c.create(a[0] as Order),');
    expect(text).toContain('invoke: (c, a) => c.page(a[0] as Page<Order>),');
    expect(text).toContain('invoke: (c, a) => c.ship(a[0] as Shipment),');
  });
});
