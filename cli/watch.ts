/**
 * `fwgen --watch`: generates once, then watches `--src` (recursively) and the tsconfig. Events are
 * debounced and coalesced; each run updates the analyzer with the changed files (or reloads the
 * project when the tsconfig or a folder changed), regenerates, writes only when the content
 * changed, and prints one line with the time it took. Errors are printed and watching goes on.
 */
import { type FSWatcher, watch as fsWatch, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { checkDocumentPaths } from './documents.js';
import { type Engine, loadEngine } from './engine.js';
import {
  diagnosticBlocks,
  errorLine,
  formatWarnings,
  type ReadSource,
  readSourceFromDisk,
  summary,
} from './format.js';
import { Generator } from './generate.js';
import { type Output, silent } from './io.js';
import type { Diagnostic } from './ir.js';
import { display, type PathFlags, type Project, resolveProject } from './project.js';
import { type PathEffect, WatchedTree } from './watch-paths.js';

/** Where and how to watch. */
export interface WatchOptions extends PathFlags {
  /** Relative flags resolve against it. @default process.cwd() */
  readonly cwd?: string;
  /** @default the real analyzer and emitter */
  readonly engine?: Engine;
  /** The per-run lines. @default nothing is printed */
  readonly stdout?: Output;
  /** Diagnostics and errors. @default nothing is printed */
  readonly stderr?: Output;
  /** How long to wait for more events before a run. @default 50 */
  readonly debounceMs?: number;
  /** The clock runs are timed with, in milliseconds. @default performance.now */
  readonly now?: () => number;
  /** Reads sources for code frames. @default the file system */
  readonly readSource?: ReadSource;
}

/** One run: its outcome, how long it took and the files whose changes started it. */
export interface WatchRun {
  /**
   * `updated`: the out file or an API document was rewritten; `failed`: diagnostics; `error`: an
   * exception.
   */
  readonly status: 'updated' | 'unchanged' | 'failed' | 'error';
  /** When `updated`: the files rewritten (absolute), the out file first. */
  readonly written?: readonly string[];
  /** What fwgen warns about (printed after the run's line); absent when there is none. */
  readonly warnings?: readonly Diagnostic[];
  readonly ms: number;
  /** Absolute paths; empty for the first run and for a reload. */
  readonly changed: readonly string[];
  readonly reload: boolean;
  readonly diagnostics: readonly Diagnostic[];
  readonly error?: unknown;
}

/** Callbacks for a benchmark or a test. */
export interface WatchHooks {
  /** Called after every run, the first one included. */
  onRun?(run: WatchRun): void;
}

/** A running watch. */
export interface Watcher {
  /** Resolves once the first run is done and the watchers are installed. */
  readonly ready: Promise<void>;
  /** Resolves when the watch is closed. */
  readonly closed: Promise<void>;
  /** Stops watching, after the run in progress. */
  close(): Promise<void>;
}

/** Starts watching; see {@link Watcher}. */
export function watch(options: WatchOptions, hooks: WatchHooks = {}): Watcher {
  return new WatchSession(options, hooks);
}

class WatchSession implements Watcher {
  readonly ready: Promise<void>;
  readonly closed: Promise<void>;
  readonly #options: WatchOptions;
  readonly #hooks: WatchHooks;
  readonly #project: Project;
  readonly #now: () => number;
  readonly #watchers: FSWatcher[] = [];
  readonly #pending = new Set<string>();
  #reload = false;
  #engine: Engine | undefined;
  #generator: Generator | undefined;
  #tree: WatchedTree | undefined;
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<void> | undefined;
  #isClosed = false;
  #resolveClosed!: () => void;

  constructor(options: WatchOptions, hooks: WatchHooks) {
    this.#options = options;
    this.#hooks = hooks;
    this.#project = resolveProject(options, options.cwd ?? process.cwd());
    this.#now = options.now ?? (() => performance.now());
    this.closed = new Promise((resolve) => {
      this.#resolveClosed = resolve;
    });
    this.ready = this.#start();
    this.ready.catch(() => this.close());
  }

  async #start(): Promise<void> {
    this.#engine = this.#options.engine ?? (await loadEngine());
    if (this.#isClosed) return;
    checkDocumentPaths(this.#project);
    const { src, out, tsconfig } = this.#project;
    if (!statSync(src, { throwIfNoEntry: false })?.isDirectory()) {
      throw new Error(`cannot watch ${display(this.#project, src)}: no such folder`);
    }
    this.#tree = new WatchedTree(src, out);
    this.#listen(src, true, (name) => this.#onSrcEvent(join(src, name)));
    this.#listen(dirname(tsconfig), false, (name) => {
      if (name === basename(tsconfig)) this.#requestReload();
    });
    this.#running = this.#run([], true);
    await this.#running;
    this.#running = undefined;
    if (this.#isClosed) return;
    this.#options.stdout?.write(`fwgen: watching ${display(this.#project, src)} for changes\n`);
    if (this.#pending.size > 0 || this.#reload) this.#schedule();
  }

  #listen(dir: string, recursive: boolean, onName: (name: string) => void): void {
    const watcher = fsWatch(dir, { recursive }, (_event, name) => {
      if (!this.#isClosed && name !== null) onName(name);
    });
    watcher.on('error', (err) =>
      this.#options.stderr?.write(
        `fwgen: cannot watch ${display(this.#project, dir)}: ${err.message}\n`,
      ),
    );
    this.#watchers.push(watcher);
  }

  #onSrcEvent(path: string): void {
    let effect: PathEffect;
    try {
      effect = (this.#tree as WatchedTree).classify(path);
    } catch {
      effect = 'reload';
    }
    if (effect === 'ignore') return;
    if (effect === 'reload') this.#requestReload();
    else {
      for (const file of effect.update) this.#pending.add(file);
      if (effect.update.length > 0) this.#schedule();
    }
  }

  #requestReload(): void {
    this.#reload = true;
    this.#schedule();
  }

  #schedule(): void {
    if (this.#isClosed) return;
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => this.#flush(), this.#options.debounceMs ?? 50);
  }

  #flush(): void {
    this.#timer = undefined;
    if (this.#running !== undefined || this.#isClosed) return;
    const changed = [...this.#pending].sort();
    const reload = this.#reload;
    this.#pending.clear();
    this.#reload = false;
    this.#running = this.#run(changed, reload).finally(() => {
      this.#running = undefined;
      if (this.#pending.size > 0 || this.#reload) this.#schedule();
    });
  }

  async #run(changed: string[], reload: boolean): Promise<void> {
    const engine = this.#engine as Engine;
    const start = this.#now();
    let run: Omit<WatchRun, 'ms'>;
    try {
      if (reload || this.#generator === undefined) {
        this.#generator = undefined;
        const analyzer = engine.createAnalyzer(this.#project);
        this.#generator = new Generator(analyzer, engine.render, this.#project);
        reload = true;
      } else this.#generator.analyzer.update(changed);
      const result = await this.#generator.write();
      if (result.status === 'failed') {
        run = { status: 'failed', changed, reload, diagnostics: result.diagnostics };
      } else {
        const written = [
          ...(result.status === 'written' ? [this.#project.out] : []),
          ...result.documents.filter((d) => d.written).map((d) => d.path),
        ];
        const warned = result.warnings.length > 0 ? { warnings: result.warnings } : {};
        run =
          written.length > 0
            ? { status: 'updated', written, changed, reload, diagnostics: [], ...warned }
            : { status: 'unchanged', changed, reload, diagnostics: [], ...warned };
      }
    } catch (error) {
      this.#generator = undefined;
      run = { status: 'error', changed, reload, diagnostics: [], error };
    }
    this.#report({ ...run, changed: run.reload ? [] : changed, ms: this.#now() - start });
  }

  #report(run: WatchRun): void {
    const { stdout = silent, stderr = silent, readSource = readSourceFromDisk } = this.#options;
    const out = display(this.#project, this.#project.out);
    const ms = `${Math.round(run.ms)} ms`;
    if (run.status === 'updated') {
      const files = (run.written ?? []).map((path) => display(this.#project, path)).join(', ');
      stdout.write(`fwgen: updated ${files} in ${ms}\n`);
    } else if (run.status === 'unchanged') {
      stdout.write(`fwgen: unchanged ${out} in ${ms}\n`);
    } else if (run.status === 'failed') {
      const blocks = diagnosticBlocks(run.diagnostics, this.#project, readSource);
      stderr.write(`${blocks}${summary(run.diagnostics)} (${ms})\n`);
    } else {
      stderr.write(`${errorLine(run.error)} (${ms})\n`);
    }
    stderr.write(formatWarnings(run.warnings ?? [], this.#project, readSource));
    this.#hooks.onRun?.(run);
  }

  async close(): Promise<void> {
    if (!this.#isClosed) {
      this.#isClosed = true;
      clearTimeout(this.#timer);
      for (const w of this.#watchers) w.close();
      await this.#running?.catch(() => {});
      this.#resolveClosed();
    }
    return this.closed;
  }
}
