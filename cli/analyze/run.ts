/**
 * One analysis of a loaded project: find the controllers, check their routes, read their
 * parameters and body types, and assemble the sorted {@link AppModel} with every problem found.
 */
import { resolve } from 'node:path';
import { ts } from 'ts-morph';
import type { Analysis, AnalyzerOptions } from '../analyzer.js';
import type { ControllerModel, HandlerModel } from '../ir.js';
import { compareText } from '../ir.js';
import { type FoundController, scanClass } from './class-scan.js';
import { findDuplicates } from './duplicates.js';
import { resolveFramework } from './framework.js';
import { buildGraph } from './graph.js';
import { docOf } from './jsdoc.js';
import { relativeTo, startOf } from './location.js';
import { analyzeParams } from './params.js';
import { Problems } from './problems.js';
import { isSourcePath } from './project-files.js';
import { findProviders } from './providers.js';
import { publishedEvents } from './published.js';
import { answersOf, responseShape, responseShapes } from './response.js';
import { createScope, type Scope } from './scope.js';
import { Shapes } from './shapes.js';

/** Analyses the program's sources under src; `probe` is the path of the probe module. */
export function analyzeProgram(
  program: ts.Program,
  probe: string,
  options: AnalyzerOptions,
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
  const scope = createScope(options.root, program, fw, problems);
  const found = files.flatMap((file) => classesOf(file).flatMap((c) => scanClass(scope, c) ?? []));
  const losers = findDuplicates(
    scope,
    found.filter((c) => c.exported),
  );
  const shapes = new Shapes(scope);
  const answers = responseShapes(scope);
  const documented = responseShapes(scope);
  const controllers = found
    .flatMap((c) => {
      const model = controllerModel(scope, { shapes, answers, documented }, c, losers);
      return model === undefined || losers.has(c) || !c.exported ? [] : [model];
    })
    .sort((a, b) => compareText(a.at.file, b.at.file) || compareText(a.name, b.name));
  const responses = answers.types();
  const providers = findProviders(scope, files);
  const roots = found.filter((c) => c.exported && !losers.has(c));
  const instances = buildGraph(scope, files, roots, providers);
  const published = publishedEvents(scope, documented, files);
  const docTypes = documented.types();
  return {
    model: {
      src,
      controllers,
      types: shapes.types(),
      ...(responses.length === 0 ? {} : { responses }),
      ...(instances.length === 0 ? {} : { instances }),
      ...(published.length === 0 ? {} : { published }),
      ...(docTypes.length === 0 ? {} : { documented: docTypes }),
    },
    diagnostics: problems.sorted(),
  };
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

/** The controller's model with its valid handlers; its handlers' parameters are read either way. */
function controllerModel(
  scope: Scope,
  {
    shapes,
    answers,
    documented,
  }: { readonly shapes: Shapes; readonly answers: Shapes; readonly documented: Shapes },
  c: FoundController,
  losers: ReadonlySet<unknown>,
): ControllerModel | undefined {
  const handlers: HandlerModel[] = [];
  for (const h of c.handlers) {
    const params = analyzeParams(scope, shapes, h);
    if (params === undefined || h.path === undefined || h.interceptors === undefined) continue;
    if (losers.has(h)) continue;
    const { name, method, path, at, interceptors } = h;
    const response = responseShape(scope, answers, h);
    const doc = docOf(h.node);
    const said = answersOf(scope, documented, h);
    handlers.push({
      name,
      method,
      path,
      at,
      interceptors,
      params,
      ...(response === undefined ? {} : { response }),
      ...(doc === undefined ? {} : { doc }),
      ...(said === undefined ? {} : { answers: said }),
    });
  }
  if (c.interceptors === undefined) return undefined;
  const { kind, name, ref, at, interceptors, delivery } = c;
  return { kind, name, ref, at, interceptors, handlers, ...(delivery ? { delivery } : {}) };
}

function classesOf(file: ts.SourceFile): ts.ClassLikeDeclaration[] {
  const found: ts.ClassLikeDeclaration[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isClassDeclaration(node) || ts.isClassExpression(node)) found.push(node);
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}
