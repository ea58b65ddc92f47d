/**
 * One project's generation over one {@link Analyzer}: analyse, render the bindings and the API
 * documents asked for, then write each file (only when its content differs) or compare it. No
 * printing here; see `format.ts` and `check.ts`.
 */
import type { Analyzer } from './analyzer.js';
import { compareBindings, hunk, type StaleReport } from './check.js';
import { clientDiagnostics } from './client/render.js';
import { type RenderedDocument, renderDocuments } from './documents.js';
import type { Engine } from './engine.js';
import type { AppModel, Diagnostic } from './ir.js';
import { outFromRoot, type Project } from './project.js';
import { warningsOf } from './warnings.js';
import { readIfExists, writeIfChanged } from './write.js';

/**
 * The generated text and documents (only when there are no diagnostics), the model and the
 * diagnostics.
 */
export interface Generated {
  readonly content?: string;
  readonly documents?: readonly RenderedDocument[];
  /** What fwgen warns about (FW05xx): printed, never failing the run. */
  readonly warnings?: readonly Diagnostic[];
  readonly model: AppModel;
  readonly diagnostics: readonly Diagnostic[];
}

/** An API document's file after a write: whether its content changed. */
export interface DocumentWrite {
  readonly path: string;
  readonly written: boolean;
}

/** An API document's file against what fwgen generates; `lines` is the hunk header when stale. */
export interface DocumentCheck {
  readonly path: string;
  readonly status: 'current' | 'missing' | 'stale';
  readonly lines?: string;
}

/**
 * A write or a check of an application fwgen could read: `status` is the bindings' file's,
 * `documents` each API document's file's (a {@link DocumentWrite} or a {@link DocumentCheck}).
 */
interface Outcome<Status extends string, Document> {
  readonly status: Status;
  readonly model: AppModel;
  readonly documents: readonly Document[];
  readonly warnings: readonly Diagnostic[];
}

/** A write or a check the application's problems stopped: nothing was written or compared. */
interface Failed {
  readonly status: 'failed';
  readonly diagnostics: readonly Diagnostic[];
}

/** What {@link Generator.write} did. */
export type WriteResult = Outcome<'written' | 'unchanged', DocumentWrite> | Failed;

/** What {@link Generator.check} found; a stale bindings file comes with where it differs. */
export type CheckResult =
  | Outcome<'current' | 'missing', DocumentCheck>
  | (Outcome<'stale', DocumentCheck> & { readonly report: StaleReport })
  | Failed;

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

  /** Analyses the project and renders the module and the documents when nothing is wrong. */
  generate(): Generated {
    const analyzed = this.#analyzer.analyze();
    const { model } = analyzed;
    const client = this.#project.documents?.some((d) => d.kind === 'client') === true;
    const diagnostics = client
      ? [...analyzed.diagnostics, ...clientDiagnostics(model)]
      : analyzed.diagnostics;
    if (diagnostics.length > 0) return { model, diagnostics };
    return {
      model,
      diagnostics,
      content: this.#render(model, outFromRoot(this.#project)),
      documents: renderDocuments(this.#project, model),
      warnings: warningsOf(model),
    };
  }

  /** Generates and writes the out file and each document whose content differs. */
  async write(): Promise<WriteResult> {
    const { content, documents = [], warnings = [], model, diagnostics } = this.generate();
    if (content === undefined) return { status: 'failed', diagnostics };
    const wrote = await writeIfChanged(this.#project.out, content);
    const written: DocumentWrite[] = [];
    for (const d of documents) {
      written.push({ path: d.path, written: await writeIfChanged(d.path, d.content) });
    }
    return { status: wrote ? 'written' : 'unchanged', model, documents: written, warnings };
  }

  /** Generates and compares with the out file and the documents, writing nothing. */
  async check(): Promise<CheckResult> {
    const {
      content,
      documents: rendered = [],
      warnings = [],
      model,
      diagnostics,
    } = this.generate();
    if (content === undefined) return { status: 'failed', diagnostics };
    const documents: DocumentCheck[] = [];
    for (const d of rendered) documents.push(await checkDocument(d));
    const current = await readIfExists(this.#project.out);
    if (current === undefined) return { status: 'missing', model, documents, warnings };
    if (current === content) return { status: 'current', model, documents, warnings };
    const report = compareBindings(current, content);
    return { status: 'stale', model, report, documents, warnings };
  }
}

async function checkDocument({ path, content }: RenderedDocument): Promise<DocumentCheck> {
  const current = await readIfExists(path);
  if (current === undefined) return { path, status: 'missing' };
  if (current === content) return { path, status: 'current' };
  return { path, status: 'stale', lines: hunk(current, content) };
}
