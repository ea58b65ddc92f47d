/**
 * The two halves of fwgen that read and write TypeScript, as the CLI sees them. The CLI loads the
 * real ones lazily (so `--help` never loads ts-morph) and tests pass fakes.
 */
import type { Analyzer, AnalyzerOptions } from './analyzer.js';
import type { AppModel } from './ir.js';

/** What the CLI drives: an analyzer factory and the emitter. */
export interface Engine {
  /** Loads the project (see `cli/analyze/index.ts`). */
  createAnalyzer(options: AnalyzerOptions): Analyzer;
  /** The generated module's text for `model`; `out` is relative to the project root. */
  render(model: AppModel, out: string): string;
}

/** Imports the real analyzer and emitter. */
export async function loadEngine(): Promise<Engine> {
  const [analyze, emit] = await Promise.all([
    import('./analyze/index.js'),
    import('./emit/render.js'),
  ]);
  return { createAnalyzer: analyze.createAnalyzer, render: emit.render };
}
