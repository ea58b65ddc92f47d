import { describe, expect, it } from 'vitest';
import { analyzeCase, printed } from './support.js';

const CASE = 'controllers-bad';
const analysis = analyzeCase(CASE);
const lines = printed(analysis.diagnostics, CASE);
const FILE = 'test/cli/analyze/cases/controllers-bad';

describe('analyzer: controller and handler problems', () => {
  it('FW0106: a controller that is not exported, abstract or generic', () => {
    expect(lines.filter((l) => l.includes('FW0106'))).toEqual([
      `classes.ts:7:1 FW0106 @Controller class HiddenController is not exported by its name from ${FILE}/classes.ts; export it (\`export class HiddenController\`) so the generated bindings can import it`,
      'classes.ts:18:1 FW0106 @Controller class AbstractController is abstract; the app creates an instance of each controller: make it concrete',
      'classes.ts:26:1 FW0106 @Controller class GenericController is generic; the app creates each controller without type arguments: remove its type parameters',
    ]);
  });

  it('FW0105: two controller decorators on a class, two route decorators on a method', () => {
    expect(lines.filter((l) => l.includes('FW0105'))).toEqual([
      'classes.ts:35:1 FW0105 class BothController has both @Controller and @EventConsumer; a class is one kind of controller: split it in two',
      'methods.ts:6:3 FW0105 MethodController.twice has more than one route decorator (@Get and @Post); a method handles one route: split it into one method per route',
    ]);
  });

  it('FW0108: an interceptor that is not a class name, not a class, or not exported by its name', () => {
    expect(lines.filter((l) => l.includes('FW0108'))).toEqual([
      "classes.ts:39:18 FW0108 @UseInterceptors on InterceptedController: argument 'interceptors.Audit' is not a class name; pass interceptor classes by name, e.g. `@UseInterceptors(AuthInterceptor)`",
      `classes.ts:39:38 FW0108 @UseInterceptors on InterceptedController: class 'Renamed' is not exported by its name from ${FILE}/helpers.ts; export it (\`export class …\`) so the generated bindings can import it`,
      "classes.ts:39:45 FW0108 @UseInterceptors on InterceptedController: 'Factory' is not a class; pass an interceptor class, not a value or instance",
      "classes.ts:42:20 FW0108 @UseInterceptors on InterceptedController.get: argument 'notAClass as never' is not a class name; pass interceptor classes by name, e.g. `@UseInterceptors(AuthInterceptor)`",
    ]);
  });

  it('FW0104: a route decorator outside a controller, or of the wrong kind', () => {
    expect(lines.filter((l) => l.includes('FW0104'))).toEqual([
      'classes.ts:49:3 FW0104 @Get on NotAController.orphan: NotAController is not a controller; add @Controller(…) to the class',
      'classes.ts:57:3 FW0104 @Post on Consumer.wrong: @Post handlers belong in a class marked @Controller, and Consumer is marked @EventConsumer (it takes @OnEvent); move the method to a class marked @Controller',
      'classes.ts:60:3 FW0104 @OnMessage on Consumer.message: @OnMessage handlers belong in a class marked @WebSocketGateway, and Consumer is marked @EventConsumer (it takes @OnEvent); move the method to a class marked @WebSocketGateway',
    ]);
  });

  it('FW0107: a static, private, protected or #private method, a property, or a class', () => {
    expect(lines.filter((l) => l.includes('FW0107'))).toEqual([
      'classes.ts:65:1 FW0107 @Get on class RouteOnClass: route decorators go on methods; mark the class with @Controller(…) and its methods with @Get',
      'methods.ts:11:3 FW0107 @Get on MethodController.stat: the method is static; handlers are instance methods: remove `static`',
      'methods.ts:16:3 FW0107 @Get on MethodController.hidden: the method is not public; the generated bindings call it from outside the class: make it public',
      'methods.ts:21:3 FW0107 @Get on MethodController.guarded: the method is not public; the generated bindings call it from outside the class: make it public',
      'methods.ts:26:3 FW0107 @Get on MethodController.#secret: the method is not public; the generated bindings call it from outside the class: make it public',
      'methods.ts:31:3 FW0107 @Get on MethodController.field: it is not a method; put route decorators on instance methods',
    ]);
  });

  it('reports nothing else', () => {
    expect(lines).toHaveLength(18);
  });

  it('keeps what is valid in the partial model, and leaves out what was reported', () => {
    const names = analysis.model.controllers.map((c) => [c.name, c.handlers.map((h) => h.name)]);
    expect(names).toEqual([
      ['BothController', []],
      ['Consumer', []],
      ['RouteOnClass', []],
      ['MethodController', ['ok']],
    ]);
  });
});
