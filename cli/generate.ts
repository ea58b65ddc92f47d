/**
 * One project's generation over one {@link Analyzer}: analyse, render, then write the out file
 * (only when its content differs) or compare it. No printing here; see `format.ts` and `check.ts`.
 */
import type { Analyzer } from './analyzer.js';
import { compareBindings, type StaleReport } from './check.js';
import type { Engine } from './engine.js';
import type { AppModel, Diagnostic } from './ir.js';
import { outFromRoot, type Project } from './project.js';
import { readIfExists, writeIfChanged } from './write.js';

/** The generated text (only when there are no diagnostics), the model and the diagnostics. */
export interface Generated {
  readonly content?: string;
  readonly model: AppModel;
  readonly diagnostics: readonly Diagnostic[];
}

/** What {@link Generator.write} did. */
export type WriteResult =
  | { readonly status: 'written' | 'unchanged'; readonly model: AppModel }
  | { readonly status: 'failed'; readonly diagnostics: readonly Diagnostic[] };

/** What {@link Generator.check} found. */
export type CheckResult =
  | { readonly status: 'current' | 'missing'; readonly model: AppModel }
  | { readonly status: 'stale'; readonly model: AppModel; readonly report: StaleReport }
  | { readonly status: 'failed'; readonly diagnostics: readonly Diagnostic[] };

/** Generates, writes and checks one project's bindings. */
export class Generator {
  readonly #analyzer: Analyzer;
  readonly #render: Engine['render'];
  readonly #project: Project;

  constructor(analyzer: Analyzer, render: Engine['render'], project: Project) {
    this.#analyzer = analyzer;
    this.#render = render;
    this.#project = project;
  }

  /** The analyzer this generator reads (watch mode updates it). */
  get analyzer(): Analyzer {
    return this.#analyzer;
  }

  /** Analyses the project and renders the module when nothing is wrong. */
  generate(): Generated {
    const { model, diagnostics } = this.#analyzer.analyze();
    if (diagnostics.length > 0) return { model, diagnostics };
    return { model, diagnostics, content: this.#render(model, outFromRoot(this.#project)) };
  }

  /** Generates and writes the out file if its content differs. */
  async write(): Promise<WriteResult> {
    const { content, model, diagnostics } = this.generate();
    if (content === undefined) return { status: 'failed', diagnostics };
    const wrote = await writeIfChanged(this.#project.out, content);
    return { status: wrote ? 'written' : 'unchanged', model };
  }

  /** Generates and compares with the out file, writing nothing. */
  async check(): Promise<CheckResult> {
    const { content, model, diagnostics } = this.generate();
    if (content === undefined) return { status: 'failed', diagnostics };
    const current = await readIfExists(this.#project.out);
    if (current === undefined) return { status: 'missing', model };
    if (current === content) return { status: 'current', model };
    return { status: 'stale', model, report: compareBindings(current, content) };
  }
}
