import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createAnalyzer } from '../../../cli/analyze/index.js';
import { listSources } from '../../../cli/analyze/project-files.js';
import { analyzeCase, CASES, caseOptions, ROOT } from './support.js';

const scratch = mkdtempSync(join(tmpdir(), 'fwgen-loading-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function scratchOptions(name: string) {
  const src = join(scratch, name);
  mkdirSync(src, { recursive: true });
  return { root: scratch, tsconfig: join(ROOT, 'tsconfig.json'), src, out: join(src, 'out.ts') };
}

describe('analyzer: loading the project', () => {
  it('reads .ts and .mts files in nested folders, not .d.ts files or the output module', () => {
    const sources = listSources(join(CASES, 'loading'), caseOptions('loading'));
    expect(sources.map((f) => f.slice(CASES.length + 1))).toEqual([
      'loading/app.ts',
      'loading/nested/deep.mts',
    ]);
  });

  it('finds the controllers of those files only', () => {
    const analysis = analyzeCase('loading');
    expect(analysis.diagnostics).toEqual([]);
    expect(analysis.model.controllers.map((c) => [c.name, c.ref.module])).toEqual([
      ['AppController', 'test/cli/analyze/cases/loading/app.ts'],
      ['DeepController', 'test/cli/analyze/cases/loading/nested/deep.mts'],
    ]);
  });

  it('follows imports out of src: a type declared beside it is read with its docs', () => {
    const analysis = analyzeCase('beyond-src/app');
    expect(analysis.diagnostics).toEqual([]);
    const order = analysis.model.types.find((t) => t.name === 'Order');
    expect(order?.at.file).toBe('test/cli/analyze/cases/beyond-src/shared/order.ts');
    expect(order?.shape).toMatchObject({
      kind: 'object',
      properties: [
        { name: 'id', shape: { kind: 'number' } },
        { name: 'city', shape: { kind: 'string' }, doc: { summary: 'Where it goes.' } },
      ],
    });
  });

  it('FW0001: a tsconfig that cannot be read', () => {
    const options = { ...caseOptions('loading'), tsconfig: join(ROOT, 'missing-tsconfig.json') };
    expect(createAnalyzer(options).analyze()).toEqual({
      model: { src: 'test/cli/analyze/cases/loading', controllers: [], types: [] },
      diagnostics: [
        {
          code: 'FW0001',
          message:
            "cannot load the project with the tsconfig missing-tsconfig.json (File not found: missing-tsconfig.json); pass the project's tsconfig with --project",
          at: { file: 'missing-tsconfig.json', line: 1, column: 1 },
        },
      ],
    });
  });

  it('FW0001: a source folder without TypeScript files', () => {
    const options = scratchOptions('empty');
    writeFileSync(join(options.src, 'notes.md'), '# not TypeScript\n');
    expect(createAnalyzer(options).analyze().diagnostics).toEqual([
      {
        code: 'FW0001',
        message:
          'no TypeScript sources (.ts, .mts, .cts, .tsx) under empty; point --src at the folder that holds the controllers',
        at: { file: 'empty', line: 1, column: 1 },
      },
    ]);
  });

  it("FW0002: a source folder from which 'fw' does not resolve", () => {
    const options = scratchOptions('no-fw');
    writeFileSync(join(options.src, 'app.ts'), 'export const x = 1;\n');
    expect(createAnalyzer(options).analyze().diagnostics).toEqual([
      {
        code: 'FW0002',
        message:
          "cannot resolve the package 'fw' from no-fw (missing: 'fw/query', 'fw/core', 'fw/context', 'fw'); install fw in the project (`npm install fw`) and use a tsconfig with \"moduleResolution\": \"nodenext\" or \"bundler\"",
        at: { file: 'no-fw', line: 1, column: 1 },
      },
    ]);
  });
});
