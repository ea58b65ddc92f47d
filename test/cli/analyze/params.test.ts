import { describe, expect, it } from 'vitest';
import { analyzeCase, caseFile, caseModule, handlerOf } from './support.js';

const CASE = 'params';
const analysis = analyzeCase(CASE);
const note = `${caseModule(CASE, 'types')}#Note`;
const body = (index: number, name: string, optional = false) => ({
  index,
  name,
  type: note,
  optional,
  validate: note,
  // The invoker's cast: `Note`, imported from where the controller's file imports it.
  cast: [{ from: 'file', module: caseFile(CASE, 'types.ts'), name: 'Note' }],
});

describe('analyzer: handler parameters', () => {
  it('finds no problem', () => {
    expect(analysis.diagnostics).toEqual([]);
  });

  it('binds each primitive to the route key of its name', () => {
    expect(handlerOf(analysis, 'NoteController', 'keys').params).toEqual([
      { index: 0, name: 'id', type: 'number', optional: false, pathKey: 'id' },
      { index: 1, name: 'slug', type: 'string', optional: false, pathKey: 'slug' },
      { index: 2, name: 'big', type: 'bigint', optional: false, pathKey: 'big' },
      { index: 3, name: 'flag', type: 'boolean', optional: false, pathKey: 'flag' },
    ]);
  });

  it('marks `?`, a default value and `| undefined` optional', () => {
    const optional = (handler: string) => handlerOf(analysis, 'NoteController', handler).params;
    expect(optional('optional')).toEqual([
      { index: 0, name: 'id', type: 'number', optional: true, pathKey: 'id' },
      { index: 1, name: 'q', type: 'fw/query#Values', optional: true },
    ]);
    expect(optional('defaulted')).toEqual([
      { index: 0, name: 'id', type: 'number', optional: true, pathKey: 'id' },
    ]);
    expect(optional('orUndefined')).toEqual([
      { index: 0, name: 'id', type: 'number', optional: true, pathKey: 'id' },
    ]);
  });

  it('sees through an alias of a primitive', () => {
    expect(handlerOf(analysis, 'NoteController', 'alias').params).toEqual([
      { index: 0, name: 'id', type: 'string', optional: false, pathKey: 'id' },
    ]);
  });

  it('names a destructured body arg<index> and knows the HTTP context types', () => {
    expect(handlerOf(analysis, 'NoteController', 'create').params).toEqual([
      body(0, 'arg0'),
      { index: 1, name: 'ctx', type: 'fw/core#ControllerContext', optional: false },
      { index: 2, name: 'req', type: 'fw/core#HttpRequestContext', optional: false },
      { index: 3, name: 'p', type: 'fw/query#Pagination', optional: false },
    ]);
  });

  it('takes an optional body, files, the event bus and the request Context', () => {
    expect(handlerOf(analysis, 'NoteController', 'upload').params).toEqual([
      body(0, 'body', true),
      { index: 1, name: 'files', type: 'fw/core#UploadedFiles', optional: false },
      { index: 2, name: 'bus', type: 'fw/core#EventBus', optional: false },
      { index: 3, name: 'context', type: 'fw/context#Context', optional: false },
    ]);
  });

  it('knows a form read part by part', () => {
    expect(handlerOf(analysis, 'NoteController', 'stream').params).toEqual([
      { index: 0, name: 'parts', type: 'fw/core#MultipartParts', optional: false },
    ]);
  });

  it('takes an event payload and the consumer contexts', () => {
    expect(handlerOf(analysis, 'NoteEvents', 'added').params).toEqual([
      body(0, 'note'),
      { index: 1, name: 'msg', type: 'fw/core#ConsumerRequestContext', optional: false },
      { index: 2, name: 'ctx', type: 'fw/context#Context', optional: false },
    ]);
  });

  it("binds a gateway path's keys, the message payload and the WebSocket contexts", () => {
    expect(handlerOf(analysis, 'NoteGateway', 'message').params).toEqual([
      { index: 0, name: 'room', type: 'string', optional: false, pathKey: 'room' },
      body(1, 'note'),
      { index: 2, name: 'ctx', type: 'fw/core#WebSocketMessageContext', optional: false },
    ]);
    expect(handlerOf(analysis, 'RawGateway', 'message').params).toEqual([
      { index: 0, name: 'ctx', type: 'fw/core#WebSocketContext', optional: false },
    ]);
  });

  it('lists the body type once', () => {
    expect(analysis.model.types.map((t) => t.id)).toEqual([note]);
  });
});
