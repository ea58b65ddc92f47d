/**
 * Root-relative names for files, modules and places: the model holds no absolute path, and every
 * `file` uses `/` separators whatever the platform.
 */
import { relative, sep } from 'node:path';
import type { ts } from 'ts-morph';
import type { SourceLocation } from '../ir.js';

const TS_EXTENSION = /\.(?:ts|mts|cts|tsx)$/;

/** `file` relative to `root`, with `/` separators; `.` for the root itself. */
export function relativeTo(root: string, file: string): string {
  const rel = relative(root, file).split(sep).join('/');
  return rel === '' ? '.' : rel;
}

/** A module's id for type ids: its root-relative path without the extension (`examples/app/users`). */
export function moduleId(root: string, file: string): string {
  return relativeTo(root, file).replace(TS_EXTENSION, '');
}

/** The first line and column of a file or folder, for problems that have no node. */
export function startOf(root: string, file: string): SourceLocation {
  return { file: relativeTo(root, file), line: 1, column: 1 };
}

/** Where `node` starts (decorators included, comments not), 1-based. Never a synthesized node. */
export function locate(root: string, node: ts.Node): SourceLocation {
  const sf = node.getSourceFile();
  const { line, character } = sf.getLineAndCharacterOfPosition(node.getStart(sf));
  return { file: relativeTo(root, sf.fileName), line: line + 1, column: character + 1 };
}

/** `file:line` as handlers are named in messages. */
export function formatAt(at: SourceLocation): string {
  return `${at.file}:${at.line}`;
}
