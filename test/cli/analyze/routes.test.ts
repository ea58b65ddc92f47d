import { describe, expect, it } from 'vitest';
import { analyzeCase, printed } from './support.js';

describe('analyzer: route paths', () => {
  const analysis = analyzeCase('routes');
  const routes = analysis.model.controllers.flatMap((c) =>
    c.handlers.map((h) => `${c.name}.${h.name} ${h.method} ${h.path}`),
  );

  it('finds no problem', () => {
    expect(analysis.diagnostics).toEqual([]);
  });

  it('joins prefixes and paths with one slash, a leading one and no trailing one but the root', () => {
    expect(routes.filter((r) => r.startsWith('Root') || r.startsWith('Api'))).toEqual([
      'ApiController.get GET /api/:id',
      'ApiController.detail GET /api/:id/detail',
      'ApiController.index GET /api',
      'RootController.home GET /',
      'RootController.item GET /items/:id',
      'RootController.template POST /template',
    ]);
  });

  it('reads a const with a literal type and a template with no substitutions', () => {
    expect(routes).toContain('RootController.item GET /items/:id');
    expect(routes).toContain('RootController.template POST /template');
    expect(routes).toContain('Items.added EVENT item.added');
  });

  it('lets consumers in different classes share an event (fan-out)', () => {
    expect(routes.filter((r) => r.includes('EVENT'))).toEqual([
      'Audit.added EVENT item.added',
      'Items.added EVENT item.added',
    ]);
  });

  it('normalizes a gateway path like a route', () => {
    expect(routes).toContain('ItemGateway.message WS /ws/items');
  });
});

describe('analyzer: route problems', () => {
  const CASE = 'routes-bad';
  const analysis = analyzeCase(CASE);
  const lines = printed(analysis.diagnostics, CASE);
  const at = 'test/cli/analyze/cases/routes-bad';

  it('FW0101: a path, prefix or event name that is not a non-empty string literal', () => {
    const literal = "write it inline, e.g. `@Get('/:id')`, or use a `const` with a literal value";
    expect(lines.filter((l) => l.includes('FW0101'))).toEqual([
      `routes.ts:9:8 FW0101 the path of @Get on RouteController.fromVariable is not a string literal (its type is 'string'); ${literal}`,
      `routes.ts:14:8 FW0101 the path of @Get on RouteController.fromTemplate is not a string literal (its type is 'string'); ${literal}`,
      "routes.ts:45:13 FW0101 the prefix of @Controller on PrefixController is not a string literal (its type is 'string'); write it inline, e.g. `@Controller('/users')`, or use a `const` with a literal value",
      "routes.ts:55:12 FW0101 the event name of @OnEvent on Events.empty is empty; name it, e.g. `@OnEvent('order.placed')`",
    ]);
  });

  it("FW0103: an invalid pattern, with the router's own reason", () => {
    expect(lines.filter((l) => l.includes('FW0103'))).toEqual([
      "routes.ts:19:8 FW0103 route 'GET /r/files/*' of RouteController.wildcard is invalid: '*' is not allowed: use a ':name' segment, not a wildcard",
      "routes.ts:24:8 FW0103 route 'GET /r/:id/x/:id' of RouteController.twiceKey is invalid: route key ':id' appears twice; give each key its own name",
      "routes.ts:29:8 FW0103 route 'GET /r/a//b' of RouteController.emptySegment is invalid: the path has an empty segment ('//')",
      "routes.ts:74:19 FW0103 WebSocket path '/ws/*' of BadGateway is invalid: '*' is not allowed: use a ':name' segment, not a wildcard",
    ]);
  });

  it('FW0102: duplicates across files and key names, reported at the later one in file order', () => {
    expect(lines.filter((l) => l.includes('FW0102'))).toEqual([
      `more.ts:10:3 FW0102 route GET /r/:key of MoreController.again duplicates MoreController.same at ${at}/more.ts:5; change the path or the method of one of them`,
      `routes.ts:34:3 FW0102 route GET /r/:id of RouteController.one duplicates MoreController.same at ${at}/more.ts:5 (/r/:key matches the same requests); change the path or the method of one of them`,
      `routes.ts:64:3 FW0102 FirstGateway.second is a second @OnMessage handler in gateway FirstGateway (the first is FirstGateway.first at ${at}/routes.ts:61); a gateway has one message handler: merge them`,
      `routes.ts:68:1 FW0102 WebSocket path /ws/:other of SecondGateway duplicates gateway FirstGateway at ${at}/routes.ts:59 (/ws/:room matches the same requests); change one of the paths`,
    ]);
  });

  it('reports nothing else, and keeps the routes that are fine', () => {
    expect(lines).toHaveLength(12);
    const kept = analysis.model.controllers.flatMap((c) =>
      c.handlers.map((h) => `${h.method} ${h.path}`),
    );
    expect(kept).toEqual(['GET /r/:key', 'WS /ws/:room', 'POST /r/:id']);
  });
});
