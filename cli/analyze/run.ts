/**
 * One analysis of a loaded project: find the controllers, check their routes, read their
 * parameters and body types, and assemble the sorted {@link AppModel} with every problem found.
 */
import { resolve } from 'node:path';
import { ts } from 'ts-morph';
import type { Analysis, AnalyzerOptions } from '../analyzer.js';
import type { NamedType, PublishedEvent } from '../ir.js';
import { compareText } from '../ir.js';
import { findDuplicates } from './duplicates.js';
import { type Framework, resolveFramework } from './framework.js';
import { buildGraph } from './graph.js';
import type { AnalysisCache, FileResults, ProgramFiles, Reusable } from './incremental.js';
import { relativeTo, startOf } from './location.js';
import { Problems } from './problems.js';
import { isSourcePath } from './project-files.js';
import { findProviders } from './providers.js';
import { createScope } from './scope.js';
import { type FileScan, modelFile, scanFile } from './units.js';

/** Analyses the program's sources under src; `probe` is the path of the probe module. */
export function analyzeProgram(
  program: ts.Program,
  probe: string,
  options: AnalyzerOptions,
  cache?: AnalysisCache,
): Analysis {
  const problems = new Problems();
  const src = relativeTo(options.root, resolve(options.src));
  const failed = (): Analysis => ({
    model: { src, controllers: [], types: [] },
    diagnostics: problems.sorted(),
  });
  const files = program
    .getSourceFiles()
    .filter((f) => isSourcePath(resolve(f.fileName), options))
    .sort((a, b) => (a.fileName < b.fileName ? -1 : 1));
  if (files.length === 0) {
    const message = `no TypeScript sources (.ts, .mts, .cts, .tsx) under ${src}; point --src at the folder that holds the controllers`;
    problems.report('FW0001', startOf(options.root, options.src), message);
    return failed();
  }
  if (reportSyntaxErrors(program, files, options.root, problems)) return failed();
  const checker = program.getTypeChecker();
  const probeFile = program.getSourceFile(probe);
  const fw = probeFile === undefined ? { missing: ["'fw'"] } : resolveFramework(checker, probeFile);
  if ('missing' in fw) {
    const message = `cannot resolve the package 'fw' from ${src} (missing: ${fw.missing.join(', ')}); install fw in the project (\`npm install fw\`) and use a tsconfig with "moduleResolution": "nodenext" or "bundler"`;
    problems.report('FW0002', startOf(options.root, options.src), message);
    return failed();
  }
  const tracked = program.getSourceFiles().filter((f) => isTracked(program, fw, f));
  const seen: ProgramFiles = { program, checker, fw, tracked };
  const full: Reusable = { results: new Map() };
  const reused = cache?.reusable(seen) ?? full;
  let analysis = analyzeFiles(program, fw, files, reused, options, problems);
  if (reused.results.size > 0 && analysis.diagnostics.length > 0) {
    // Problems are reported as a cold run reports them: from a full analysis.
    analysis = analyzeFiles(program, fw, files, full, options, new Problems());
  }
  if (analysis.diagnostics.length > 0) cache?.clear();
  else cache?.store(seen, analysis.results, analysis.model.instances ?? []);
  return { model: analysis.model, diagnostics: analysis.diagnostics };
}

/** One analysis of the sources, reusing the results of the files in `reused`. */
function analyzeFiles(
  program: ts.Program,
  fw: Framework,
  files: readonly ts.SourceFile[],
  reused: Reusable,
  options: AnalyzerOptions,
  problems: Problems,
): Analysis & { readonly results: ReadonlyMap<string, FileResults> } {
  const src = relativeTo(options.root, resolve(options.src));
  const scope = createScope(options.root, program, fw, problems);
  const scans = files.map(
    (file) => reused.results.get(resolve(file.fileName))?.scan ?? scanFile(scope, file),
  );
  for (const scan of scans) {
    for (const [cls, ref] of scan.interceptors) {
      if (!scope.interceptors.has(cls)) scope.interceptors.set(cls, ref);
    }
  }
  const found = scans.flatMap((scan) => scan.found);
  const losers = findDuplicates(
    scope,
    found.filter((c) => c.exported),
  );
  const results = new Map<string, FileResults>();
  files.forEach((file, i) => {
    const name = resolve(file.fileName);
    const scan = scans[i] as FileScan;
    const model = reused.results.get(name)?.model ?? modelFile(scope, file, scan.found, losers);
    results.set(name, { scan, model });
  });
  const models = [...results.values()].map((r) => r.model);
  const controllers = models
    .flatMap((m) => m.controllers)
    .sort((a, b) => compareText(a.at.file, b.at.file) || compareText(a.name, b.name));
  const responses = mergeTypes(models.map((m) => m.responses));
  const roots = found.filter((c) => c.exported && !losers.has(c));
  const instances =
    reused.instances ?? buildGraph(scope, files, roots, findProviders(scope, files));
  const published = mergePublished(models.map((m) => m.published));
  const docTypes = mergeTypes(models.map((m) => m.documented));
  return {
    model: {
      src,
      controllers,
      types: mergeTypes(models.map((m) => m.types)),
      ...(responses.length === 0 ? {} : { responses }),
      ...(instances.length === 0 ? {} : { instances }),
      ...(published.length === 0 ? {} : { published }),
      ...(docTypes.length === 0 ? {} : { documented: docTypes }),
    },
    diagnostics: problems.sorted(),
    results,
  };
}

/** Whether a file of the program can change while watching: not a library's or fw's own. */
function isTracked(program: ts.Program, fw: Framework, file: ts.SourceFile): boolean {
  return (
    !program.isSourceFileDefaultLibrary(file) &&
    !program.isSourceFileFromExternalLibrary(file) &&
    !file.fileName.split('/').includes('node_modules') &&
    !fw.owns(file.fileName)
  );
}

/** The files' named types, each once (the first file's), sorted by id. */
function mergeTypes(lists: readonly (readonly NamedType[])[]): NamedType[] {
  const byId = new Map<string, NamedType>();
  for (const list of lists) for (const t of list) if (!byId.has(t.id)) byId.set(t.id, t);
  return [...byId.values()].sort((a, b) => compareText(a.id, b.id));
}

/** The files' published events, each once (its first place in file order), by name then type. */
function mergePublished(lists: readonly (readonly PublishedEvent[])[]): PublishedEvent[] {
  const byKey = new Map<string, PublishedEvent>();
  for (const list of lists) {
    for (const e of list)
      if (!byKey.has(`${e.name}\n${e.type}`)) byKey.set(`${e.name}\n${e.type}`, e);
  }
  return [...byKey.values()].sort(
    (a, b) => compareText(a.name, b.name) || compareText(a.type, b.type),
  );
}

/**
 * Reports every syntax error in the sources; true when there was one. A file that does not parse
 * has a repaired tree, and reading controllers from it could bind the wrong thing silently.
 */
function reportSyntaxErrors(
  program: ts.Program,
  files: readonly ts.SourceFile[],
  root: string,
  problems: Problems,
): boolean {
  const before = problems.count;
  for (const file of files) {
    for (const d of program.getSyntacticDiagnostics(file)) {
      const { line, character } = file.getLineAndCharacterOfPosition(d.start ?? 0);
      const at = { file: relativeTo(root, file.fileName), line: line + 1, column: character + 1 };
      const text = ts.flattenDiagnosticMessageText(d.messageText, ' ').replace(/\.$/, '');
      problems.report('FW0003', at, `syntax error: ${text} (TS${d.code}); fix the source first`);
    }
  }
  return problems.count > before;
}
