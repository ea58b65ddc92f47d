/** What every step of one analysis shares: the checker of this run, fw's symbols, the problems. */
import { ts } from 'ts-morph';
import type { DiagnosticCode, ImportRef, SourceLocation } from '../ir.js';
import type { Framework } from './framework.js';
import { locate, relativeTo } from './location.js';
import type { Problems } from './problems.js';

/** One analysis run's shared state; a new one per run, since each run may have a new checker. */
export interface Scope {
  readonly root: string;
  readonly checker: ts.TypeChecker;
  readonly fw: Framework;
  readonly problems: Problems;
  /**
   * The interceptor classes named in `@UseInterceptors`, with where the generated module imports
   * each from: roots of the object graph, and the only package classes it may create.
   */
  readonly interceptors: Map<ts.ClassDeclaration, ImportRef>;
  /** Where a node starts, root-relative. */
  locate(node: ts.Node): SourceLocation;
  /** A file's root-relative path, with its extension. */
  fileOf(file: ts.SourceFile): string;
  /** Whether a file is the application's: not a declaration file, a package or fw itself. */
  isProjectFile(file: ts.SourceFile): boolean;
  /** Whether a file is one of TypeScript's own `lib.*.d.ts`. */
  isDefaultLibrary(file: ts.SourceFile): boolean;
  /** Records a problem at a node or a location. */
  report(code: DiagnosticCode, at: ts.Node | SourceLocation, message: string): void;
}

/** Creates the scope of one run. */
export function createScope(
  root: string,
  program: ts.Program,
  fw: Framework,
  problems: Problems,
): Scope {
  const locateNode = (node: ts.Node) => locate(root, node);
  return {
    root,
    checker: program.getTypeChecker(),
    fw,
    problems,
    interceptors: new Map(),
    locate: locateNode,
    fileOf: (file) => relativeTo(root, file.fileName),
    isProjectFile: (file) =>
      !file.isDeclarationFile &&
      !file.fileName.split('/').includes('node_modules') &&
      !program.isSourceFileFromExternalLibrary(file) &&
      !fw.owns(file.fileName),
    isDefaultLibrary: (file) => program.isSourceFileDefaultLibrary(file),
    report: (code, at, message) =>
      problems.report(code, 'kind' in at ? locateNode(at) : at, message),
  };
}

/** The decorators on a node, in source order. */
export function decoratorsOf(node: ts.Node): readonly ts.Decorator[] {
  return ts.canHaveDecorators(node) ? (ts.getDecorators(node) ?? []) : [];
}
