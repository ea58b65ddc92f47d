import { describe, expect, it } from 'vitest';
import { analyzeCase, printed } from './support.js';

const CASE = 'all-errors';
const analysis = analyzeCase(CASE);

describe('analyzer: every problem in one run', () => {
  it('reports them all, sorted by file, line, column and code', () => {
    expect(printed(analysis.diagnostics, CASE)).toEqual([
      "a-types.ts:4:3 FW0301 Order.total: type 'symbol' is not supported in a body or payload (JSON has no symbols); remove the property",
      'b-routes.ts:7:3 FW0104 @OnEvent on OrderController.mixed: @OnEvent handlers belong in a class marked @EventConsumer, and OrderController is marked @Controller (it takes @Get, @Post, @Put, @Patch, @Delete, @Options or @Head); move the method to a class marked @EventConsumer',
      'b-routes.ts:7:3 FW0105 OrderController.mixed has more than one route decorator (@Get and @OnEvent); a method handles one route: split it into one method per route',
      "b-routes.ts:12:8 FW0103 route 'GET /orders/:id/*' of OrderController.bad is invalid: '*' is not allowed: use a ':name' segment, not a wildcard",
    ]);
  });

  it('goes on reading a handler whose route is invalid', () => {
    expect(analysis.diagnostics.filter((d) => d.code === 'FW0202')).toEqual([]);
    expect(analysis.model.types.map((t) => t.name)).toEqual(['Order']);
  });

  it('returns the partial model: what is valid, sorted', () => {
    const routes = analysis.model.controllers.map((c) => [c.name, c.handlers.map((h) => h.path)]);
    expect(routes).toEqual([
      ['OrderController', ['/orders/ok/:id']],
      ['ValidController', ['/valid']],
    ]);
  });
});
