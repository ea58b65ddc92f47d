/**
 * The seam between fwgen and the engine that reads TypeScript. Today the engine is ts-morph
 * (`cli/analyze/`); TypeScript 7 has no compiler API, so nothing outside `cli/analyze/` may import
 * ts-morph or typescript: the rest of fwgen reads only the {@link AppModel}.
 */
import type { AppModel, Diagnostic } from './ir.js';

/** Where the project is. Every path is absolute. */
export interface AnalyzerOptions {
  /** The project root: type ids and `source` locations are relative to it. */
  readonly root: string;
  /** The tsconfig the project compiles with; its compiler options (paths, conditions) are used. */
  readonly tsconfig: string;
  /** The folder whose `.ts` files (not `.d.ts`) are searched for controllers. */
  readonly src: string;
  /** The generated module; never read as a controller source. */
  readonly out: string;
}

/** The model, or what is wrong with the application (every problem, in file order). */
export interface Analysis {
  readonly model: AppModel;
  readonly diagnostics: readonly Diagnostic[];
}

/** A loaded project that can be analysed again after files change (watch mode). */
export interface Analyzer {
  analyze(): Analysis;
  /** Re-reads these files (absolute paths) from disk: changed, added or deleted. */
  update(changed: readonly string[]): void;
}
