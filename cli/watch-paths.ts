/**
 * Which files a watch event means for the analyzer: a TypeScript file is re-read; a new folder
 * brings its TypeScript files; a folder that disappeared means the project is loaded again.
 * Events for the out file and fwgen's own temporary files are ignored, so writing never loops.
 */
import { readdirSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { isTempFileOf } from './write.js';

const TS = /\.[cm]?tsx?$/;
const IGNORED_SEGMENT = /(^|[\\/])(node_modules|\.git)([\\/]|$)/;

/** What to do about one changed path. */
export type PathEffect = { readonly update: readonly string[] } | 'reload' | 'ignore';

/** Tracks the folders under `src` to tell a removed folder from a removed file. */
export class WatchedTree {
  readonly #dirs = new Set<string>();
  readonly #src: string;
  readonly #out: string;

  constructor(src: string, out: string) {
    this.#src = src;
    this.#out = out;
    this.#dirs.add(src);
    for (const dir of subfolders(src)) this.#dirs.add(dir);
  }

  /** The effect of an event on `path` (absolute), reading the file system as it is now. */
  classify(path: string): PathEffect {
    if (path === this.#out || isTempFileOf(this.#out, path) || ignored(this.#src, path)) {
      return 'ignore';
    }
    if (TS.test(path)) return { update: [path] };
    const stat = statSync(path, { throwIfNoEntry: false });
    if (stat?.isDirectory()) {
      if (this.#dirs.has(path)) return 'ignore';
      this.#dirs.add(path);
      for (const dir of subfolders(path)) this.#dirs.add(dir);
      return { update: tsFiles(path).filter((f) => f !== this.#out) };
    }
    if (stat === undefined && this.#dirs.has(path)) {
      for (const dir of this.#dirs)
        if (dir === path || dir.startsWith(path + sep)) this.#dirs.delete(dir);
      return 'reload';
    }
    return 'ignore';
  }
}

const ignored = (root: string, path: string): boolean => IGNORED_SEGMENT.test(relative(root, path));

function entries(dir: string): { path: string; isDir: boolean }[] {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .map((e) => ({ path: join(e.parentPath, e.name), isDir: e.isDirectory() }))
      .filter((e) => !ignored(dir, e.path));
  } catch {
    return [];
  }
}

function subfolders(dir: string): string[] {
  return entries(dir)
    .filter((e) => e.isDir)
    .map((e) => e.path);
}

function tsFiles(dir: string): string[] {
  return entries(dir)
    .filter((e) => !e.isDir && TS.test(e.path))
    .map((e) => e.path)
    .sort();
}
