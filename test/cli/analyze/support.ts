/**
 * Shared by the analyzer's tests: the repository root, the options for a case under `cases/`, and
 * one cached analysis per case (creating a ts-morph project costs about a second).
 */
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { onTestFinished } from 'vitest';
import { createAnalyzer } from '../../../cli/analyze/index.js';
import type { Analysis, AnalyzerOptions } from '../../../cli/analyzer.js';
import type { Diagnostic } from '../../../cli/ir.js';
import { removeDir, tempDir, writeFiles } from '../support/temp.js';

/** The repository root: type ids and locations are relative to it. */
export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

/** The folder holding the input projects. */
export const CASES = join(ROOT, 'test/cli/analyze/cases');

/** The analyzer options for `cases/<name>`. */
export function caseOptions(name: string): AnalyzerOptions {
  const src = join(CASES, name);
  return { root: ROOT, tsconfig: join(ROOT, 'tsconfig.json'), src, out: join(src, 'bindings.ts') };
}

/** A case file's root-relative path, as the model names it. */
export function caseFile(name: string, file: string): string {
  return `test/cli/analyze/cases/${name}/${file}`;
}

/** A case module's id prefix for type ids: `test/cli/analyze/cases/<name>/<module>`. */
export function caseModule(name: string, module: string): string {
  return `test/cli/analyze/cases/${name}/${module}`;
}

const cache = new Map<string, Analysis>();

/** The analysis of `cases/<name>`, computed once per test file. */
export function analyzeCase(name: string): Analysis {
  let analysis = cache.get(name);
  if (analysis === undefined) {
    analysis = createAnalyzer(caseOptions(name)).analyze();
    cache.set(name, analysis);
  }
  return analysis;
}

/** Diagnostics as fwgen prints them, one string each, with the file relative to the case. */
export function printed(diagnostics: readonly Diagnostic[], name: string): string[] {
  const prefix = `test/cli/analyze/cases/${name}/`;
  return diagnostics.map(
    (d) => `${d.at.file.replace(prefix, '')}:${d.at.line}:${d.at.column} ${d.code} ${d.message}`,
  );
}

/** The handler of a controller in an analysis, by names; throws when missing. */
export function handlerOf(analysis: Analysis, controller: string, handler: string) {
  const c = analysis.model.controllers.find((x) => x.name === controller);
  const h = c?.handlers.find((x) => x.name === handler);
  if (h === undefined) throw new Error(`no handler ${controller}.${handler}`);
  return h;
}

/**
 * The analysis of `files` (path under `app/` → source) in a project of their own inside the
 * repository (so `fw` resolves), compiled with or without `experimentalDecorators`; removed when
 * the test finishes. Diagnostics name files from that project's root (`app/orders.ts`).
 */
export function analyzeApp(
  files: Record<string, string>,
  experimentalDecorators: boolean,
): Analysis {
  const dir = tempDir(true);
  onTestFinished(() => removeDir(dir));
  const tsconfig = {
    extends: '../../../tsconfig.json',
    compilerOptions: { experimentalDecorators },
    include: ['.'],
  };
  const sources = Object.fromEntries(Object.entries(files).map(([f, t]) => [`app/${f}`, t]));
  writeFiles(dir, { 'tsconfig.json': JSON.stringify(tsconfig), ...sources });
  return createAnalyzer({
    root: dir,
    tsconfig: join(dir, 'tsconfig.json'),
    src: join(dir, 'app'),
    out: join(dir, 'app/bindings.ts'),
  }).analyze();
}
