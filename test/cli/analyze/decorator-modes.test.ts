// fwgen reads the same controllers whether the project compiles decorators the TC39 way or with
// experimentalDecorators: the model does not depend on the mode.
import { describe, expect, it } from 'vitest';
import type { AppModel } from '../../../cli/ir.js';
import { analyzeApp } from './support.js';

const ORDERS = `import { Controller, Get, Post, UseInterceptors } from 'fw';
import type { Values } from 'fw/query';

export class Audit {}

export interface PlaceOrder {
  sku: string;
  qty: number;
}

@Controller('/orders')
@UseInterceptors(Audit)
export class OrderController {
  @Get('/:id')
  get(id: number, q: Values): string {
    return \`\${id} \${q.get('x')}\`;
  }

  @Post('/')
  place(body: PlaceOrder): number {
    return body.qty;
  }
}
`;

function analyze(experimentalDecorators: boolean): AppModel {
  const { model, diagnostics } = analyzeApp({ 'orders.ts': ORDERS }, experimentalDecorators);
  expect(diagnostics).toEqual([]);
  return model;
}

describe('decorator modes', () => {
  it('gives the same model with and without experimentalDecorators', () => {
    const standard = analyze(false);
    expect(
      standard.controllers.map((c) => [c.name, c.interceptors.length, c.handlers.length]),
    ).toEqual([['OrderController', 1, 2]]);
    expect(analyze(true)).toEqual(standard);
  });
});
