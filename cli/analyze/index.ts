/**
 * fwgen's analyzer engine on TypeScript's compiler API (as bundled by ts-morph): loads the
 * application's sources under `--src` with the project's tsconfig, keeps them loaded between runs
 * (watch mode re-parses only changed files), and turns them into fw's {@link AppModel}. Nothing
 * outside this folder imports ts-morph or TypeScript.
 */
import { join, resolve } from 'node:path';
import type { Analysis, Analyzer, AnalyzerOptions } from '../analyzer.js';
import { PROBE_TEXT } from './framework.js';
import { AnalysisCache } from './incremental.js';
import { relativeTo, startOf } from './location.js';
import { ProgramHost } from './program.js';
import { addSources, applyChanges, PROBE_NAME } from './project-files.js';
import { analyzeProgram } from './run.js';

/**
 * Loads the project once; `analyze()` after `update()` sees the changed files, and analyses again
 * only the files a change can reach (see `incremental.ts`). A project that cannot be loaded
 * (FW0001) is tried again at the next `analyze()`.
 */
export function createAnalyzer(options: AnalyzerOptions): Analyzer {
  const probe = join(resolve(options.src), PROBE_NAME);
  let project: ProgramHost | undefined;
  let loadError = '';
  const cache = new AnalysisCache();
  const load = (): void => {
    try {
      const opened = new ProgramHost(resolve(options.tsconfig));
      addSources(opened, options);
      opened.addMemoryRoot(probe, PROBE_TEXT);
      project = opened;
      cache.clear();
    } catch (err) {
      loadError = err instanceof Error ? (err.message.split('\n')[0] ?? '') : String(err);
    }
  };
  load();
  return {
    analyze(): Analysis {
      if (project === undefined) load();
      if (project === undefined) return cannotLoad(options, loadError);
      return analyzeProgram(project.program(), probe, options, cache);
    },
    update(changed: readonly string[]): void {
      if (project !== undefined) applyChanges(project, options, changed);
    },
  };
}

function cannotLoad(options: AnalyzerOptions, reason: string): Analysis {
  const tsconfig = relativeTo(options.root, resolve(options.tsconfig));
  const detail = reason
    .replaceAll(resolve(options.tsconfig), tsconfig)
    .replaceAll(resolve(options.root), '.');
  const message = `cannot load the project with the tsconfig ${tsconfig} (${detail}); pass the project's tsconfig with --project`;
  return {
    model: { src: relativeTo(options.root, resolve(options.src)), controllers: [], types: [] },
    diagnostics: [{ code: 'FW0001', message, at: startOf(options.root, options.tsconfig) }],
  };
}
