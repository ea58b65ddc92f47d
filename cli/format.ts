/**
 * The text fwgen prints: diagnostics as `file:line:col - error FWnnnn: message` with a code frame
 * (the source line and a caret under the column), a summary, and the one-line run reports.
 * Paths are printed relative to the working directory.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { AppModel, Diagnostic } from './ir.js';
import { displayModelPath, type Project } from './project.js';

/** Reads a source file for a code frame; `undefined` when it cannot be read. */
export type ReadSource = (absolutePath: string) => string | undefined;

/** Reads from disk, `undefined` on any error. */
export const readSourceFromDisk: ReadSource = (path) => {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
};

/** `1 error`, `2 errors`. */
export function plural(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

/** `3 controllers, 6 handlers`. */
export function counts(model: AppModel): string {
  const handlers = model.controllers.reduce((n, c) => n + c.handlers.length, 0);
  return `${plural(model.controllers.length, 'controller')}, ${plural(handlers, 'handler')}`;
}

/** `fwgen: 2 errors in 1 file`. */
export function summary(diagnostics: readonly Diagnostic[]): string {
  const files = new Set(diagnostics.map((d) => d.at.file)).size;
  return `fwgen: ${plural(diagnostics.length, 'error')} in ${plural(files, 'file')}`;
}

/**
 * Every diagnostic with its code frame, each block followed by a blank line, then the
 * {@link summary}; ends with a newline.
 */
export function formatDiagnostics(
  diagnostics: readonly Diagnostic[],
  project: Project,
  readSource: ReadSource = readSourceFromDisk,
): string {
  return `${diagnosticBlocks(diagnostics, project, readSource)}${summary(diagnostics)}\n`;
}

/**
 * Each warning with its code frame (`… - warning FW0501: …`), then `fwgen: 1 warning`; empty when
 * there is none. Warnings never change the exit code.
 */
export function formatWarnings(
  warnings: readonly Diagnostic[],
  project: Project,
  readSource: ReadSource = readSourceFromDisk,
): string {
  if (warnings.length === 0) return '';
  const blocks = diagnosticBlocks(warnings, project, readSource, 'warning');
  return `${blocks}fwgen: ${plural(warnings.length, 'warning')}\n`;
}

/** Each diagnostic's first line and code frame, followed by a blank line. */
export function diagnosticBlocks(
  diagnostics: readonly Diagnostic[],
  project: Project,
  readSource: ReadSource = readSourceFromDisk,
  severity: 'error' | 'warning' = 'error',
): string {
  const sources = new Map<string, string[] | undefined>();
  const linesOf = (file: string): string[] | undefined => {
    if (!sources.has(file)) {
      sources.set(file, readSource(resolve(project.root, file))?.split(/\r?\n/));
    }
    return sources.get(file);
  };
  return diagnostics
    .map((d) => {
      const { file, line, column } = d.at;
      const head = `${displayModelPath(project, file)}:${line}:${column} - ${severity} ${d.code}: ${d.message}\n`;
      return `${head}${codeFrame(linesOf(file), line, column)}\n`;
    })
    .join('');
}

/** `  12 | source line` and `     | ^` under the 1-based column; empty when the line is unknown. */
export function codeFrame(
  lines: readonly string[] | undefined,
  line: number,
  column: number,
): string {
  const text = lines?.[line - 1];
  if (text === undefined || line < 1) return '';
  const gutter = String(line);
  const before = text.slice(0, Math.max(0, Math.min(column - 1, text.length)));
  const pad = before.replace(/[^\t]/g, ' ');
  return `  ${gutter} | ${text}\n  ${' '.repeat(gutter.length)} | ${pad}^\n`;
}

/** `fwgen: error: <message>` for an exception (a message already starting `fwgen: ` keeps one). */
export function errorLine(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  return `fwgen: error: ${message.replace(/^fwgen: /, '')}`;
}
