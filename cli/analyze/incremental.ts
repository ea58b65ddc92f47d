/**
 * What watch mode keeps between analyses: each source file's scan and model from the last run that
 * found no problem, and what every project file imports. A new analysis reuses a file's results
 * when neither the file nor anything it imports (directly or not) changed; a file changed when the
 * program holds another `SourceFile` for it than the last run did. Anything else falls back to a
 * full analysis: the first run, a file added or removed anywhere in the program (module resolution
 * may change), a changed file that declares globals, or a run that found a problem.
 */
import { resolve } from 'node:path';
import type { ts } from 'ts-morph';
import type { InstanceModel } from '../ir.js';
import { declaresGlobals, fileDeps } from './file-deps.js';
import type { Framework } from './framework.js';
import { graphPrint, hasDerivedType, passesTypeArguments } from './graph-print.js';
import type { FileModel, FileScan } from './units.js';

/** A source file's results, as one analysis left them. */
export interface FileResults {
  readonly scan: FileScan;
  readonly model: FileModel;
}

/** A project file as the last clean run saw it. */
interface Tracked {
  readonly file: ts.SourceFile;
  readonly deps: readonly string[];
  readonly globals: boolean;
  /** What the object graph can read of it (see `graph-print.ts`). */
  readonly print: string;
  /** Whether it writes a type computed from another's members (see `graph-print.ts`). */
  readonly derived: boolean;
}

/** What a new analysis can take from the last one. */
export interface Reusable {
  /** Each source file's results that still hold, by absolute name. */
  readonly results: ReadonlyMap<string, FileResults>;
  /** The object graph, when no change can alter it. */
  readonly instances?: readonly InstanceModel[];
}

/** The project's files, as one analysis sees them. */
export interface ProgramFiles {
  readonly program: ts.Program;
  readonly checker: ts.TypeChecker;
  readonly fw: Framework;
  /** The files that can change (the project's, not packages, libraries or fw). */
  readonly tracked: readonly ts.SourceFile[];
}

/** The results kept from one clean analysis to the next; see the module comment. */
export class AnalysisCache {
  /** Every file of the last clean run's program, by absolute name; undefined: none yet. */
  #files: ReadonlySet<string> | undefined;
  #tracked = new Map<string, Tracked>();
  #results = new Map<string, FileResults>();
  #instances: readonly InstanceModel[] = [];

  /** What still holds for the program; no results when the analysis must be full. */
  reusable({ program, checker, fw, tracked }: ProgramFiles): Reusable {
    const none = { results: new Map<string, FileResults>() };
    if (this.#files === undefined || !sameFiles(this.#files, program)) return none;
    const changed = new Set<string>();
    const deps = new Map<string, readonly string[]>();
    for (const file of tracked) {
      const name = resolve(file.fileName);
      const before = this.#tracked.get(name);
      if (before?.file === file) {
        deps.set(name, before.deps);
        continue;
      }
      if (before === undefined || before.globals || declaresGlobals(file)) return none;
      changed.add(name);
      deps.set(name, fileDeps(checker, file));
    }
    const dirty = importersOf(changed, deps);
    const results = new Map<string, FileResults>();
    for (const [name, kept] of this.#results) if (!dirty.has(name)) results.set(name, kept);
    // The graph holds when no file derives types, no changed file changed what the graph reads
    // of it, and no file that sees a change passes type arguments where the graph reads types.
    const graphHolds =
      [...this.#tracked.values()].every((t) => !t.derived) &&
      tracked.every((f) => !dirty.has(resolve(f.fileName)) || !passesTypeArguments(f)) &&
      tracked.every((file) => {
        const name = resolve(file.fileName);
        if (!changed.has(name)) return true;
        return !hasDerivedType(file) && this.#tracked.get(name)?.print === graphPrint(fw, file);
      });
    return graphHolds ? { results, instances: this.#instances } : { results };
  }

  /** Keeps the results of a run that found no problem. */
  store(
    { program, checker, fw, tracked }: ProgramFiles,
    results: ReadonlyMap<string, FileResults>,
    instances: readonly InstanceModel[],
  ): void {
    const next = new Map<string, Tracked>();
    for (const file of tracked) {
      const name = resolve(file.fileName);
      const before = this.#tracked.get(name);
      next.set(
        name,
        before?.file === file
          ? before
          : {
              file,
              deps: fileDeps(checker, file),
              globals: declaresGlobals(file),
              print: graphPrint(fw, file),
              derived: hasDerivedType(file),
            },
      );
    }
    this.#files = new Set(program.getSourceFiles().map((f) => resolve(f.fileName)));
    this.#tracked = next;
    this.#results = new Map(results);
    this.#instances = instances;
  }

  /** Forgets everything: the next analysis is full. */
  clear(): void {
    this.#files = undefined;
    this.#tracked = new Map();
    this.#results = new Map();
    this.#instances = [];
  }
}

function sameFiles(before: ReadonlySet<string>, program: ts.Program): boolean {
  const now = program.getSourceFiles();
  return now.length === before.size && now.every((f) => before.has(resolve(f.fileName)));
}

/** `changed` and every file that imports one of them, directly or through others. */
function importersOf(
  changed: ReadonlySet<string>,
  deps: ReadonlyMap<string, readonly string[]>,
): Set<string> {
  const importers = new Map<string, string[]>();
  for (const [name, list] of deps) {
    for (const dep of list) {
      const known = importers.get(dep);
      if (known === undefined) importers.set(dep, [name]);
      else known.push(name);
    }
  }
  const dirty = new Set(changed);
  const queue = [...changed];
  for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
    for (const importer of importers.get(next) ?? []) {
      if (!dirty.has(importer)) {
        dirty.add(importer);
        queue.push(importer);
      }
    }
  }
  return dirty;
}
