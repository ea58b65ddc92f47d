// Which handlers get a response writer, and from which shape: the return type, awaited, out of a
// Reply; objects and arrays (with null or undefined beside) only, never a diagnostic.
import { describe, expect, it } from 'vitest';
import type { Shape } from '../../../cli/ir.js';
import { analyzeCase, caseModule } from './support.js';

const CASE = 'responses';
const analysis = analyzeCase(CASE);
const id = (name: string) => `${caseModule(CASE, 'answers')}#${name}`;
const ref = (name: string): Shape => ({ kind: 'ref', id: id(name) });

function responseOf(controller: string, handler: string): Shape | undefined {
  const c = analysis.model.controllers.find((x) => x.name === controller);
  const h = c?.handlers.find((x) => x.name === handler);
  if (h === undefined) throw new Error(`no handler ${controller}.${handler}`);
  return h.response;
}

describe('analyzer: response shapes', () => {
  it('reports nothing, whatever a handler returns', () => {
    expect(analysis.diagnostics).toEqual([]);
  });

  it.each([
    ['declared', ref('Item')],
    ['awaited', { kind: 'array', element: ref('Item') }],
    ['typedReply', ref('Item')],
    ['hidden', ref('Hidden')],
    // Nothing is sent for undefined: the writer writes the Item.
    ['maybe', ref('Item')],
    [
      'inferred',
      {
        kind: 'object',
        properties: [
          { name: 'count', optional: false, shape: { kind: 'number' } },
          { name: 'ok', optional: false, shape: { kind: 'boolean' } },
        ],
      },
    ],
    [
      'replied',
      {
        kind: 'object',
        properties: [{ name: 'total', optional: false, shape: { kind: 'number' } }],
      },
    ],
  ] as [string, Shape][])('writes %s from its answer type', (handler, shape) => {
    expect(responseOf('AnswersController', handler)).toEqual(shape);
  });

  it.each(['text', 'nothing', 'either', 'away', 'bytes', 'loose'])(
    'leaves %s to JSON.stringify: not objects and arrays, with null or undefined beside',
    (handler) => {
      expect(responseOf('AnswersController', handler)).toBeUndefined();
    },
  );

  it('writes no answer of an event consumer', () => {
    expect(responseOf('Events', 'seen')).toBeUndefined();
  });

  it('lists the response types apart from the body types, with their shapes', () => {
    expect(analysis.model.types).toEqual([]);
    expect(analysis.model.responses?.map((t) => t.name)).toEqual(['Hidden', 'Item', 'Owner']);
    const item = analysis.model.responses?.find((t) => t.name === 'Item')?.shape;
    expect(item).toEqual({
      kind: 'object',
      properties: [
        { name: 'id', optional: false, shape: { kind: 'number' } },
        { name: 'name', optional: false, shape: { kind: 'string' } },
        { name: 'tags', optional: true, shape: { kind: 'array', element: { kind: 'string' } } },
        { name: 'owner', optional: false, shape: ref('Owner') },
      ],
    });
  });
});
