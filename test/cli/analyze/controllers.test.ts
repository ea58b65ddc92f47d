import { describe, expect, it } from 'vitest';
import { analyzeCase, caseFile } from './support.js';

const CASE = 'controllers';
const analysis = analyzeCase(CASE);
const at = (line: number, column = 1) => ({ file: caseFile(CASE, 'kinds.ts'), line, column });
const file = (name: string) => ({ from: 'file' as const, module: caseFile(CASE, `${name}.ts`) });

describe('analyzer: controllers and handlers', () => {
  it('finds no problem', () => {
    expect(analysis.diagnostics).toEqual([]);
  });

  it('sorts controllers by file, then name', () => {
    expect(analysis.model.controllers.map((c) => [c.kind, c.name])).toEqual([
      ['http', 'LateExport'],
      ['http', 'ThingController'],
      ['events', 'ThingEvents'],
      ['websocket', 'ThingGateway'],
    ]);
  });

  it('places a controller at its first decorator and imports it from its file', () => {
    const things = analysis.model.controllers[1];
    expect(things?.at).toEqual(at(21));
    expect(things?.ref).toEqual({ ...file('kinds'), name: 'ThingController' });
  });

  it('accepts a class exported by `export { … }`', () => {
    expect(analysis.model.controllers[0]?.ref).toEqual({ ...file('kinds'), name: 'LateExport' });
  });

  it('reads every HTTP method decorator, in source order, skipping undecorated methods', () => {
    const things = analysis.model.controllers[1];
    expect(things?.handlers.map((h) => [h.name, h.method, h.path, h.at.line])).toEqual([
      ['all', 'GET', '/things', 25],
      ['add', 'POST', '/things', 30],
      ['put', 'PUT', '/things/:id', 34],
      ['patch', 'PATCH', '/things/:id', 37],
      ['remove', 'DELETE', '/things/:id', 40],
      ['options', 'OPTIONS', '/things', 43],
      ['head', 'HEAD', '/things/:id', 46],
    ]);
    expect(things?.handlers[0]?.at).toEqual(at(25, 3));
  });

  it('joins class interceptors in order: project files by their own name, packages by specifier', () => {
    expect(analysis.model.controllers[1]?.interceptors).toEqual([
      { ...file('interceptors'), name: 'Audit' },
      { from: 'package', module: 'node:events', name: 'EventEmitter' },
      { ...file('interceptors'), name: 'Timing' },
    ]);
  });

  it("imports a re-exported package class from the project file, and fw's own from fw", () => {
    expect(analysis.model.controllers[1]?.handlers[1]?.interceptors).toEqual([
      { ...file('barrel'), name: 'Emitter' },
      { from: 'package', module: 'fw/query', name: 'QueryValuesResolver' },
    ]);
  });

  it('lets two handlers of one consumer take the same event', () => {
    const events = analysis.model.controllers[2];
    expect(events?.handlers.map((h) => [h.name, h.method, h.path])).toEqual([
      ['added', 'EVENT', 'thing.added'],
      ['alsoAdded', 'EVENT', 'thing.added'],
    ]);
  });

  it("gives a gateway's message handler the gateway path", () => {
    const gateway = analysis.model.controllers[3];
    expect(gateway?.handlers.map((h) => [h.name, h.method, h.path])).toEqual([
      ['message', 'WS', '/ws/things/:room'],
    ]);
  });
});
