// fwgen reads the same controllers whether the project compiles decorators the TC39 way or with
// experimentalDecorators: the model does not depend on the mode.
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createAnalyzer } from '../../../cli/analyze/index.js';
import type { AppModel } from '../../../cli/ir.js';
import { removeDir, tempDir, writeFiles } from '../support/temp.js';

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

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) removeDir(dir);
});

function analyze(experimentalDecorators: boolean): AppModel {
  const dir = tempDir(true);
  dirs.push(dir);
  const tsconfig = {
    extends: '../../../tsconfig.json',
    compilerOptions: { experimentalDecorators },
    include: ['.'],
  };
  writeFiles(dir, { 'tsconfig.json': JSON.stringify(tsconfig), 'app/orders.ts': ORDERS });
  const analyzer = createAnalyzer({
    root: dir,
    tsconfig: join(dir, 'tsconfig.json'),
    src: join(dir, 'app'),
    out: join(dir, 'app/bindings.ts'),
  });
  const { model, diagnostics } = analyzer.analyze();
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
