/**
 * Which files are the application's sources, and keeping the program in step with the disk. The
 * program host lives as long as the analyzer, so after a change only the changed files are parsed
 * again (watch mode).
 */
import { type Dirent, existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import type { AnalyzerOptions } from '../analyzer.js';

/** The in-memory file that imports fw's symbols so they can be resolved; never saved or analysed. */
export const PROBE_NAME = '__fwgen_probe__.ts';

const SOURCE = /\.(?:ts|mts|cts|tsx)$/;
const DECLARATION = /\.d\.(?:ts|mts|cts)$|\.d\.[^/]*\.ts$/;

/** Whether `dir` is `file` or one of its ancestors. */
export function isWithin(file: string, dir: string): boolean {
  return file === dir || file.startsWith(dir.endsWith(sep) ? dir : dir + sep);
}

/** Whether `file` (absolute) is a source the analyzer reads: under src, TypeScript, not the output. */
export function isSourcePath(file: string, options: AnalyzerOptions): boolean {
  const src = resolve(options.src);
  if (!isWithin(file, src) || file === resolve(options.out)) return false;
  if (!SOURCE.test(file) || DECLARATION.test(file)) return false;
  const inside = file.slice(src.length).split(sep);
  return !inside.includes('node_modules') && inside.at(-1) !== PROBE_NAME;
}

/** Every source file under `dir`, sorted; skips `node_modules` and dot-folders. */
export function listSources(dir: string, options: AnalyzerOptions): string[] {
  const found: string[] = [];
  const walk = (folder: string): void => {
    let entries: Dirent[];
    try {
      entries = readdirSync(folder, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules' && !entry.name.startsWith('.')) walk(path);
      } else if (isFile(path) && isSourcePath(path, options)) {
        found.push(path);
      }
    }
  };
  walk(resolve(dir));
  return found.sort();
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** What keeping the program in step needs of it (`ProgramHost`). */
export interface SourceRoots {
  addRoot(file: string): void;
  has(file: string): boolean;
  refresh(file: string): void;
  remove(path: string): void;
}

/** Adds every source under src to the program's roots. */
export function addSources(project: SourceRoots, options: AnalyzerOptions): void {
  for (const file of listSources(options.src, options)) project.addRoot(file);
}

/**
 * Re-reads changed paths: a loaded file is refreshed (or removed when deleted), a new source under
 * src is added, a new folder is searched, and a deleted folder takes its files with it.
 */
export function applyChanges(
  project: SourceRoots,
  options: AnalyzerOptions,
  changed: readonly string[],
): void {
  const out = resolve(options.out);
  for (const raw of changed) {
    const path = resolve(raw);
    if (path === out) continue;
    if (!existsSync(path)) {
      project.remove(path);
    } else if (statSync(path).isDirectory()) {
      for (const file of listSources(path, options)) project.addRoot(file);
    } else if (project.has(path)) {
      project.refresh(path);
    } else if (isSourcePath(path, options)) {
      project.addRoot(path);
    }
  }
}
