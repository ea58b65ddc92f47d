// Both documents are a function of what the model says, not of the order its type lists happen
// to be in: the same bytes for any order of types, responses and documented types.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createAnalyzer } from '../../../cli/analyze/index.js';
import { asyncApiDocument } from '../../../cli/api-documents/asyncapi.js';
import { formatDocument } from '../../../cli/api-documents/format.js';
import { openApiDocument } from '../../../cli/api-documents/openapi.js';
import type { AppModel } from '../../../cli/ir.js';
import { FIXTURES } from '../../../fixtures/cases.js';

const INFO = { title: 'api-docs', version: '1.0.0' };

function texts(model: AppModel): string[] {
  return [
    formatDocument(openApiDocument(model, INFO), 'openapi.json'),
    formatDocument(asyncApiDocument(model, INFO), 'asyncapi.yaml'),
  ];
}

describe('API documents: deterministic', () => {
  it('gives the same bytes for any order of the type lists of the model', () => {
    const { model, diagnostics } = createAnalyzer({
      root: FIXTURES,
      tsconfig: join(FIXTURES, 'tsconfig.json'),
      src: join(FIXTURES, 'api-docs/input'),
      out: join(FIXTURES, 'api-docs/expected/bindings.ts'),
    }).analyze();
    expect(diagnostics).toEqual([]);
    expect(model.documented?.length).toBeGreaterThan(1);
    const reversed: AppModel = {
      ...model,
      types: [...model.types].reverse(),
      ...(model.responses !== undefined && { responses: [...model.responses].reverse() }),
      ...(model.documented !== undefined && { documented: [...model.documented].reverse() }),
    };
    expect(texts(reversed)).toEqual(texts(model));
    expect(texts(structuredClone(model))).toEqual(texts(model));
  });
});
