/**
 * `fwgen --check`: what differs between the bindings on disk and the ones fwgen would write, per
 * handler (`Class.method`), per controller and per validator, and how that is printed. When the
 * file on disk cannot be split into sections, or its differences are elsewhere (imports, header),
 * the report falls back to the first differing lines as a unified-diff hunk header.
 */
import { type ControllerSection, type HandlerSection, parseSections } from './sections.js';

/** A handler that is new, gone or different; `was` is its old route when that changed. */
export interface HandlerChange {
  readonly key: string;
  readonly route: string;
  readonly was?: string;
}

/** What differs; every list in the generated order (removed ones in the old file's order). */
export interface StaleReport {
  readonly changed: readonly HandlerChange[];
  readonly added: readonly HandlerChange[];
  readonly removed: readonly HandlerChange[];
  readonly controllers: {
    readonly added: string[];
    readonly removed: string[];
    readonly changed: string[];
  };
  readonly validators: {
    readonly added: string[];
    readonly removed: string[];
    readonly changed: string[];
  };
  /** Set when no section differs (or the file is not parseable) but the text does: `@@ -12,3 +12,4 @@`. */
  readonly lines?: string;
}

const route = (h: HandlerSection): string => `${h.method} ${h.path}`.trim();

/** Compares the file on disk (`current`) with what fwgen generates now. */
export function compareBindings(current: string, generated: string): StaleReport {
  const before = parseSections(current);
  const after = parseSections(generated);
  const report: StaleReport = {
    changed: [],
    added: [],
    removed: [],
    controllers: { added: [], removed: [], changed: [] },
    validators: { added: [], removed: [], changed: [] },
  };
  if (before !== undefined && after !== undefined) {
    compareControllers(before.controllers, after.controllers, report);
    compareMaps(before.validators, after.validators, report.validators);
  }
  const found =
    report.changed.length + report.added.length + report.removed.length > 0 ||
    Object.values(report.controllers).some((l) => l.length > 0) ||
    Object.values(report.validators).some((l) => l.length > 0);
  return found || current === generated ? report : { ...report, lines: hunk(current, generated) };
}

function compareControllers(
  before: ReadonlyMap<string, ControllerSection>,
  after: ReadonlyMap<string, ControllerSection>,
  report: StaleReport,
): void {
  const empty: ReadonlyMap<string, HandlerSection> = new Map();
  const changed = report.changed as HandlerChange[];
  const added = report.added as HandlerChange[];
  const removed = report.removed as HandlerChange[];
  for (const [name, c] of after) {
    const old = before.get(name);
    if (old === undefined && c.handlers.size === 0) report.controllers.added.push(name);
    if (old !== undefined && old.text !== c.text) report.controllers.changed.push(name);
    for (const [key, h] of c.handlers) {
      const o = (old?.handlers ?? empty).get(key);
      if (o === undefined) added.push({ key, route: route(h) });
      else if (o.text !== h.text) {
        changed.push(
          route(o) === route(h)
            ? { key, route: route(h) }
            : { key, route: route(h), was: route(o) },
        );
      }
    }
  }
  for (const [name, c] of before) {
    const now = after.get(name);
    if (now === undefined && c.handlers.size === 0) report.controllers.removed.push(name);
    for (const [key, h] of c.handlers) {
      if (!(now?.handlers ?? empty).has(key)) removed.push({ key, route: route(h) });
    }
  }
}

function compareMaps(
  before: ReadonlyMap<string, string>,
  after: ReadonlyMap<string, string>,
  out: { added: string[]; removed: string[]; changed: string[] },
): void {
  for (const [id, text] of after) {
    const old = before.get(id);
    if (old === undefined) out.added.push(id);
    else if (old !== text) out.changed.push(id);
  }
  for (const id of before.keys()) if (!after.has(id)) out.removed.push(id);
}

/** The unified-diff hunk header of the one region between the common first and last lines. */
export function hunk(current: string, generated: string): string {
  const a = current.split('\n');
  const b = generated.split('\n');
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (
    tail < a.length - head &&
    tail < b.length - head &&
    a[a.length - 1 - tail] === b[b.length - 1 - tail]
  ) {
    tail++;
  }
  const range = (lines: string[]): string => {
    const count = lines.length - head - tail;
    return `${count === 0 ? head : head + 1},${count}`;
  };
  return `@@ -${range(a)} +${range(b)} @@`;
}

/** The lines printed for a stale file, starting with `fwgen: <out> is stale:`. */
export function formatStale(out: string, report: StaleReport): string {
  const lines = [`fwgen: ${out} is stale:`];
  const handler = (label: string, h: HandlerChange): string =>
    `  ${label}: ${h.key} (${h.route}${h.was === undefined ? '' : `, was ${h.was}`})`;
  lines.push(...report.changed.map((h) => handler('changed', h)));
  lines.push(...report.added.map((h) => handler('added', h)));
  lines.push(...report.removed.map((h) => handler('removed', h)));
  for (const [what, lists] of [
    ['controllers', report.controllers],
    ['validators', report.validators],
  ] as const) {
    for (const kind of ['changed', 'added', 'removed'] as const) {
      if (lists[kind].length > 0) lines.push(`  ${what} ${kind}: ${lists[kind].join(', ')}`);
    }
  }
  if (report.lines !== undefined) lines.push(`  lines differ: ${report.lines}`);
  lines.push('Run fwgen without --check to update it.');
  return `${lines.join('\n')}\n`;
}

/** The lines printed when the out file does not exist. */
export function formatMissing(out: string): string {
  return `fwgen: ${out} is missing.\nRun fwgen without --check to write it.\n`;
}

/** The lines printed for an API document that differs from what fwgen generates. */
export function formatStaleDocument(path: string, lines: string): string {
  return `fwgen: ${path} is stale:\n  lines differ: ${lines}\nRun fwgen without --check to update it.\n`;
}
