import { describe, expect, it } from 'vitest';
import { analyzeCase, caseModule } from './support.js';

const CASE = 'shadowed-names';
const analysis = analyzeCase(CASE);
const values = `${caseModule(CASE, 'own')}#Values`;

describe("analyzer: the application's own Values, Get and Controller are not fw's", () => {
  it('finds no problem', () => {
    expect(analysis.diagnostics).toEqual([]);
  });

  it('takes an app type named Values as the body', () => {
    const [controller] = analysis.model.controllers;
    expect(controller?.handlers.map((h) => h.name)).toEqual(['add']);
    expect(controller?.handlers[0]?.params).toEqual([
      {
        index: 0,
        name: 'values',
        type: values,
        optional: false,
        validate: values,
        cast: [{ from: 'file', module: `${caseModule(CASE, 'own')}.ts`, name: 'Values' }],
      },
    ]);
    expect(analysis.model.types).toEqual([
      {
        id: values,
        name: 'Values',
        at: { file: `${caseModule(CASE, 'own')}.ts`, line: 2, column: 1 },
        doc: {
          summary: "The application's own type named Values: a body, not fw's query values.",
        },
        shape: {
          kind: 'object',
          properties: [
            { name: 'text', optional: false, readonly: true, shape: { kind: 'string' } },
          ],
        },
      },
    ]);
  });

  it('ignores classes and methods marked only with app decorators of the same names', () => {
    expect(analysis.model.controllers.map((c) => c.name)).toEqual(['NoteController']);
  });
});
