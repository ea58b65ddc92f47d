/**
 * The import graph of a source tree, read with TypeScript's own pre-processor: every static
 * `import` and `export … from`, `import type` included, and every `import()` with a literal
 * specifier. Relative specifiers are resolved to the file they name (`./x.js` is `./x.ts`).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import ts from 'typescript';

/** One import of one file. */
export interface Import {
  /** The importing file, relative to the root. */
  readonly from: string;
  /** The imported file relative to the root, for a relative specifier; the specifier otherwise. */
  readonly to: string;
  /** Whether the specifier is a package (`ws`, `node:http`) rather than a file of the tree. */
  readonly external: boolean;
  readonly line: number;
}

/** Every `.ts` file under `dirs` (relative to `root`), `dist` and `node_modules` left out. */
export function sourceFiles(root: string, dirs: readonly string[]): string[] {
  const files: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'dist' && entry.name !== 'node_modules') walk(path);
      } else if (entry.name.endsWith('.ts')) files.push(path);
    }
  };
  for (const dir of dirs) walk(dir);
  return files.sort();
}

/** The imports of `files`, each file read from `root`. */
export function importsOf(root: string, files: readonly string[]): Import[] {
  return files.flatMap((from) => {
    const text = readFileSync(join(root, from), 'utf8');
    const info = ts.preProcessFile(text, true, true);
    return info.importedFiles.map(({ fileName, pos }) => {
      const line = text.slice(0, pos).split('\n').length;
      if (!fileName.startsWith('.')) return { from, to: fileName, external: true, line };
      const to = relative(root, join(root, dirname(from), fileName)).replace(/\.js$/, '.ts');
      return { from, to, external: false, line };
    });
  });
}

/** The import cycles among `imports`: each a list of files that reach one another. */
export function cycles(imports: readonly Import[]): string[][] {
  const edges = new Map<string, string[]>();
  for (const i of imports) {
    if (i.external) continue;
    edges.set(i.from, [...(edges.get(i.from) ?? []), i.to]);
  }
  // Tarjan's strongly connected components; a component of two or more files is a cycle.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, index.size);
    low.set(v, index.get(v) as number);
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) as number, low.get(w) as number));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v) as number, index.get(w) as number));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    for (let w = stack.pop(); w !== undefined; w = stack.pop()) {
      onStack.delete(w);
      component.push(w);
      if (w === v) break;
    }
    if (component.length > 1) found.push(component.sort());
  };
  for (const v of edges.keys()) if (!index.has(v)) visit(v);
  return found;
}
