// Every golden API document of fixtures/ through the ecosystem's own validators: OpenAPI 3.1 by
// @readme/openapi-parser, AsyncAPI 3.0 by @asyncapi/parser. Zero errors and zero warnings; the
// AsyncAPI linter's information and hints (severity 2 and 3) are allowed.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Parser } from '@asyncapi/parser';
import { compileErrors, validate } from '@readme/openapi-parser';
import { describe, expect, it } from 'vitest';
import { FIXTURES, fixtureCases } from '../../../fixtures/cases.js';

const withDocuments = fixtureCases().filter((name) =>
  existsSync(join(FIXTURES, name, 'expected/openapi.json')),
);

const read = (name: string, file: string): string =>
  readFileSync(join(FIXTURES, name, 'expected', file), 'utf8');

describe('API documents: valid for their ecosystems', () => {
  it('covers every fixture that fwgen generates', () => {
    expect(withDocuments.length).toBeGreaterThanOrEqual(10);
  });

  it.each(withDocuments)('%s/expected/openapi.json: @readme/openapi-parser', async (name) => {
    const result = await validate(JSON.parse(read(name, 'openapi.json')));
    expect(result.valid ? '' : compileErrors(result)).toBe('');
    expect(result.warnings).toEqual([]);
  });

  it.each(withDocuments)('%s/expected/asyncapi.json: @asyncapi/parser', async (name) => {
    const { document, diagnostics } = await new Parser().parse(read(name, 'asyncapi.json'));
    const problems = diagnostics
      .filter((d) => d.severity <= 1)
      .map(
        (d) =>
          `${d.severity === 0 ? 'error' : 'warning'} ${d.code} at ${d.path.join('.')}: ${d.message}`,
      );
    expect(problems).toEqual([]);
    expect(document).toBeDefined();
  });
});
