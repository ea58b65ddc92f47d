/** The benchmark's Markdown report: the environment, then one row per measurement. */
import { execFileSync } from 'node:child_process';
import { cpus, loadavg, platform, release, totalmem } from 'node:os';
import { median } from './measure.js';

/** One measured thing, over several repetitions. */
export interface Row {
  readonly name: string;
  readonly ms: readonly number[];
  /** Peak RSS of each repetition in KiB; empty when not measured. */
  readonly rssKiB: readonly number[];
  /** CPU time (user + system) of each repetition in ms; empty or absent when not measured. */
  readonly cpuMs?: readonly number[];
  readonly note?: string;
}

/** `a / b` of two rows' medians, printed in bold under the rows. */
export interface Ratio {
  readonly name: string;
  /** Wall time, as `ratioOf` gives it. */
  readonly wall: string;
  /** CPU time, as `ratioOf` gives it, or `–`. */
  readonly cpu: string;
  readonly note?: string;
}

/** Everything the report prints besides the rows. */
export interface ReportInfo {
  readonly controllers: number;
  readonly handlers: number;
  readonly reps: number;
  readonly edits: number;
  readonly tsoa: string;
  readonly lines: readonly string[];
}

/** Milliseconds as `123 ms` or `1.23 s`. */
export const fmtMs = (ms: number) =>
  ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(0)} ms`;
/** KiB as `123 MiB`. */
export const fmtMiB = (kib: number) => `${(kib / 1024).toFixed(0)} MiB`;

function cell(values: readonly number[], fmt: (n: number) => string): string {
  return values.length === 0 ? '–' : fmt(median(values));
}

/** `min – max` of some times, or nothing for fewer than two. */
export function range(values: readonly number[]): string {
  if (values.length < 2) return '';
  return `${fmtMs(Math.min(...values))} – ${fmtMs(Math.max(...values))}`;
}

/** The machine the figures come from. */
export function environment(): string[] {
  const cpu = cpus();
  return [
    `- date: ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    `- node ${process.version}, ${platform()} ${release()}`,
    `- CPU: ${cpu[0]?.model.trim() ?? 'unknown'} × ${cpu.length}, RAM ${(totalmem() / 2 ** 30).toFixed(1)} GiB, load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} (1, 5, 15 min) when the report was written`,
  ];
}

/** The whole report as Markdown. */
export function renderReport(
  info: ReportInfo,
  rows: readonly Row[],
  ratios: readonly Ratio[],
): string {
  const head = [
    `## fwgen generation benchmark: ${info.controllers} controllers × ${info.handlers} handlers`,
    '',
    ...environment(),
    `- tsoa: ${info.tsoa}`,
    `- repetitions: ${info.reps} (interleaved), watch edits: ${info.edits}`,
    ...info.lines.map((l) => `- ${l}`),
    '',
    '| measurement | median | min – max | CPU (median) | peak RSS (median) | notes |',
    '|---|---:|---|---:|---:|---|',
  ];
  const body = rows.map(
    (r) =>
      `| ${r.name} | ${cell(r.ms, fmtMs)} | ${range(r.ms)} | ${cell(r.cpuMs ?? [], fmtMs)} | ${cell(r.rssKiB, fmtMiB)} | ${r.note ?? ''} |`,
  );
  const foot = ratios.map(
    (q) => `| **${q.name}** | **${q.wall}** | | **${q.cpu}** | | ${q.note ?? ''} |`,
  );
  return [...head, ...body, ...foot, ''].join('\n');
}

/** `a / b` of the medians, as `1.23×`. */
export function ratioOf(a: readonly number[], b: readonly number[]): string {
  const r = median(a) / median(b);
  return Number.isFinite(r) ? `${r.toFixed(2)}×` : '–';
}

/**
 * The commit checked out in `dir` (`abc1234 subject`), marked when any of `paths` (the sources
 * the measured code is built from) differ from it.
 */
export function describeCommit(dir: string, paths: readonly string[]): string {
  const git = (...args: string[]) =>
    execFileSync('git', ['-C', dir, ...args], { encoding: 'utf8' });
  const dirty = git('status', '--porcelain', '--', ...paths).trim() !== '';
  const head = git('log', '-1', '--format=%h %s').trim();
  return dirty ? `${head} (+ uncommitted changes in ${paths.join(', ')})` : head;
}
