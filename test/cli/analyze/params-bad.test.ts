import { describe, expect, it } from 'vitest';
import { analyzeCase, printed } from './support.js';

const CASE = 'params-bad';
const analysis = analyzeCase(CASE);
const lines = printed(analysis.diagnostics, CASE);
const of = (code: string) => lines.filter((l) => l.includes(` ${code} `));
const HTTP =
  'use Values (fw/query) for query values, a primitive named after a route key, or an interface for the body';
const NAME_IT = 'name the type: `interface CreateUser { … }`';

describe('analyzer: parameter problems', () => {
  it('FW0201: a type that is neither fw, a route key primitive nor a project object type', () => {
    expect(of('FW0201')).toEqual([
      `handlers.ts:12:13 FW0201 BadController.types parameter 'lookup': type 'Map<string, string>' is not supported; ${HTTP}`,
      `handlers.ts:14:15 FW0201 BadController.types parameter 'anything': type 'any' is not supported; ${HTTP}`,
      `handlers.ts:15:19 FW0201 BadController.types parameter 'unknownValue': type 'unknown' is not supported; ${HTTP}`,
      `handlers.ts:16:15 FW0201 BadController.types parameter 'callback': type '() => void' is not supported; ${HTTP}`,
      `handlers.ts:17:11 FW0201 BadController.types parameter 'when': type 'Date' is not supported; ${HTTP}`,
      `handlers.ts:18:11 FW0201 BadController.types parameter 'pick': type ''a' | 'b'' is not supported; ${HTTP}`,
      "handlers.ts:54:22 FW0201 BadController.fromPackage parameter 'event': type 'DomainEvent' is not supported; a body type must be declared in the project or in a package of its own, and this one is declared in the package 'fw': declare `interface MyDomainEvent extends DomainEvent {}` and take that",
      "handlers.ts:59:18 FW0201 BadController.fromNode parameter 'path': type 'ParsedPath' is not supported; a body type must be declared in the project or in a package of its own, and this one is declared in the package '@types/node': declare `interface MyParsedPath extends ParsedPath {}` and take that",
      "handlers.ts:75:33 FW0201 BadGateway.message parameter 'socket': type 'WebSocket' is not supported; use a primitive named after a route key, an interface for the payload, or a context such as WebSocketMessageContext (fw/core)",
    ]);
  });

  it('FW0202: a primitive that names no route key, for a route, an event and a gateway', () => {
    expect(of('FW0202')).toEqual([
      "handlers.ts:24:19 FW0202 BadController.key parameter 'count' of type number names no route key of 'GET /bad/:id/key' (keys: id); rename it to a key, or take `q: Values` for query values",
      "handlers.ts:67:9 FW0202 BadEvents.added parameter 'id' of type number names no route key of 'EVENT note.added' (it has none); an event has no route keys: read the value from the payload",
      "handlers.ts:75:11 FW0202 BadGateway.message parameter 'user' of type string names no route key of 'WS /ws/:room' (keys: room); rename it to a key of the gateway path, or read it from the payload",
    ]);
  });

  it('FW0203: a parameter without a type annotation', () => {
    expect(of('FW0203')).toEqual([
      "handlers.ts:44:11 FW0203 BadController.untyped parameter 'value' has no type annotation; annotate it: `id: number`, `body: CreateUser`, `q: Values`, …",
    ]);
  });

  it('FW0204: a second body', () => {
    expect(of('FW0204')).toEqual([
      "handlers.ts:29:23 FW0204 BadController.bodies parameter 'second' would be a second body ('first' already is); a request has one body: take one type that holds both",
    ]);
  });

  it('FW0205: a rest parameter', () => {
    expect(of('FW0205')).toEqual([
      "handlers.ts:29:37 FW0205 BadController.bodies parameter 'rest' is a rest parameter; fw binds one value per parameter: declare each one separately",
    ]);
  });

  it('FW0303: an anonymous or generic body type', () => {
    expect(of('FW0303')).toEqual([
      `handlers.ts:35:13 FW0303 BadController.anonymous parameter 'inline': the body type '{ text: string }' has no name; ${NAME_IT}`,
      `handlers.ts:36:11 FW0303 BadController.anonymous parameter 'list': the body type 'Note[]' has no name; ${NAME_IT}`,
      `handlers.ts:37:13 FW0303 BadController.anonymous parameter 'listed': the body type 'Listed<Note>' is generic; ${NAME_IT}`,
      `handlers.ts:38:14 FW0303 BadController.anonymous parameter 'partial': the body type 'Partial<Note>' is generic; ${NAME_IT}`,
    ]);
  });

  it('FW0304: a body type that is not exported by its own name', () => {
    expect(of('FW0304')).toEqual([
      "handlers.ts:49:16 FW0304 BadController.hidden parameter 'body': the body type 'Secret' is not exported by its name from test/cli/analyze/cases/params-bad/types.ts; export it (`export interface Secret`) so the generated bindings can import it",
    ]);
  });

  it('reports nothing else, and leaves every handler with a bad parameter out of the model', () => {
    expect(lines).toHaveLength(20);
    expect(analysis.model.controllers.map((c) => [c.name, c.handlers.length])).toEqual([
      ['BadController', 0],
      ['BadEvents', 0],
      ['BadGateway', 0],
    ]);
  });
});
