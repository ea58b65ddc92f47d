/** The diagnostics of one run: collected as found, reported once each, sorted by place. */
import type { Diagnostic, DiagnosticCode, SourceLocation } from '../ir.js';

/** Codes reported once per place, whatever path led there (a shared type's bad property). */
const ONCE_PER_PLACE: ReadonlySet<DiagnosticCode> = new Set(['FW0301', 'FW0302']);

/** Orders diagnostics by file, line, column, code, then message (code-point order, not locale). */
export function compareDiagnostics(a: Diagnostic, b: Diagnostic): number {
  const keys: [string | number, string | number][] = [
    [a.at.file, b.at.file],
    [a.at.line, b.at.line],
    [a.at.column, b.at.column],
    [a.code, b.code],
    [a.message, b.message],
  ];
  for (const [x, y] of keys) if (x !== y) return x < y ? -1 : 1;
  return 0;
}

/** Collects the problems found in one analysis. */
export class Problems {
  readonly #found = new Map<string, Diagnostic>();

  /** Records a problem; a repeat of one already recorded is dropped. */
  report(code: DiagnosticCode, at: SourceLocation, message: string): void {
    const place = `${code} ${at.file}:${at.line}:${at.column}`;
    const key = ONCE_PER_PLACE.has(code) ? place : `${place} ${message}`;
    if (!this.#found.has(key)) this.#found.set(key, { code, message, at });
  }

  /** How many problems were recorded so far: lets a step tell whether it added any. */
  get count(): number {
    return this.#found.size;
  }

  /** Every problem, sorted. */
  sorted(): Diagnostic[] {
    return [...this.#found.values()].sort(compareDiagnostics);
  }
}
