/** What the soak prints while it runs, and the Markdown report of a whole run. */
import { cpus } from 'node:os';
import { format, table } from '../lib/stats.js';
import type { LatencySummary } from './histogram.js';
import {
  CHANNELS,
  type Channel,
  type ChannelTotals,
  type LoadDone,
  type LoadWindow,
  type ServerSample,
} from './protocol.js';

/** One sampling window: the load process's counts and the server's sample at its end. */
export interface Window {
  /** Seconds since the load started, at the end of the window. */
  readonly at: number;
  readonly seconds: number;
  readonly warmup: boolean;
  readonly load: LoadWindow;
  readonly server: ServerSample;
  /** Events consumed in the window. */
  readonly consumed: number;
  /** Server CPU over the window, % of one core. */
  readonly serverCpu: number;
  /** CPU of every other process on the host (neither the server nor the load), % of one core. */
  readonly otherCpu: number;
}

/** A whole run, as the report shows it. */
export interface SoakRun {
  /** The fw commit measured. */
  readonly revision: string;
  readonly command: string;
  readonly machine: string;
  readonly settings: string;
  readonly windows: readonly Window[];
  /** Server samples: before any load, after the warm-up, at the last window, after the drain. */
  readonly idle: ServerSample;
  readonly start: ServerSample;
  readonly end: ServerSample;
  readonly drained: ServerSample;
  readonly totals: LoadDone;
}

const LABELS: Record<Channel, string> = { get: 'GET', post: 'POST', ws: 'WebSocket' };
const MIB = 1024 * 1024;

const ms = (v: number) => format(v, v < 10 ? 2 : 1);
const mib = (bytes: number) => format(bytes / MIB, 1);

/** `m:ss`. */
function clock(seconds: number): string {
  const s = Math.round(seconds);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** The line printed at the end of each window. */
export function windowLine(w: Window): string {
  const ch = (c: Channel) => {
    const x = w.load.channels[c];
    return `${c} ${format(x.ok / w.seconds)}/s p50 ${ms(x.latency.p50)} p99 ${ms(x.latency.p99)}`;
  };
  const errors = CHANNELS.reduce((n, c) => n + w.load.channels[c].errors, 0);
  const loadCpu = (w.load.cpuMs / (w.seconds * 1000)) * 100;
  return (
    `${clock(w.at).padStart(5)}${w.warmup ? ' (warm-up)' : ''} | ${CHANNELS.map(ch).join(' | ')} | ` +
    `events ${format(w.consumed / w.seconds)}/s p99 ${ms(w.server.eventWindow.p99)} | ` +
    `errors ${errors} | CPU server ${format(w.serverCpu)}% load ${format(loadCpu)}% ` +
    `others ${format(w.otherCpu)}% | ` +
    `RSS ${mib(w.server.rss)} MiB heap ${mib(w.server.heapUsed)} MiB (gc ${ms(w.server.gcMs)} ms)`
  );
}

/** The events as a channel: published by the POST handler, consumed, failed in the consumer. */
export function eventTotals(drained: ServerSample): ChannelTotals {
  const { published, consumed, eventErrors } = drained;
  return {
    sent: published,
    ok: consumed,
    errors: eventErrors,
    lost: published - consumed - eventErrors,
    latency: drained.eventTotal,
    reasons: {},
  };
}

function totalsTable(run: SoakRun): string {
  const row = (label: string, t: ChannelTotals, l: LatencySummary) => [
    label,
    format(t.sent),
    format(t.ok),
    format(t.errors),
    format(t.lost),
    ms(l.p50),
    ms(l.p99),
    ms(l.max),
  ];
  const events = eventTotals(run.drained);
  const rows = [
    ...CHANNELS.map((c) => row(LABELS[c], run.totals.channels[c], run.totals.channels[c].latency)),
    row('events (POST → consumer)', events, events.latency),
  ];
  return table(['channel', 'sent', 'ok', 'errors', 'lost', 'p50 ms', 'p99 ms', 'max ms'], rows);
}

function overTime(run: SoakRun): string {
  const rows = run.windows.map((w) => {
    const ok = CHANNELS.reduce((n, c) => n + w.load.channels[c].ok, 0);
    const errors = CHANNELS.reduce((n, c) => n + w.load.channels[c].errors, 0);
    return [
      `${clock(w.at)}${w.warmup ? ' (warm-up)' : ''}`,
      format(ok / w.seconds),
      ...CHANNELS.map((c) => ms(w.load.channels[c].latency.p99)),
      ms(w.server.eventWindow.p99),
      format(errors),
      `${format(w.serverCpu)} %`,
      `${format(w.otherCpu)} %`,
      mib(w.server.rss),
      mib(w.server.heapUsed),
    ];
  });
  const head = [
    'at',
    'answered/s',
    'GET p99 ms',
    'POST p99 ms',
    'WS p99 ms',
    'event p99 ms',
    'errors',
    'server CPU',
    'others CPU',
    'RSS MiB',
    'heap MiB',
  ];
  return table(head, rows);
}

/** Least-squares slope of heapUsed over the measured windows, MiB per minute. */
export function heapSlope(windows: readonly Window[]): number {
  const points = windows.filter((w) => !w.warmup).map((w) => [w.at / 60, w.server.heapUsed / MIB]);
  if (points.length < 2) return Number.NaN;
  const n = points.length;
  const mx = points.reduce((s, [x]) => s + (x as number), 0) / n;
  const my = points.reduce((s, [, y]) => s + (y as number), 0) / n;
  let num = 0;
  let den = 0;
  for (const [x, y] of points) {
    num += ((x as number) - mx) * ((y as number) - my);
    den += ((x as number) - mx) ** 2;
  }
  return num / den;
}

/** `+1.2 MiB (+3.4 %)`. */
export function growth(from: number, to: number): string {
  const d = to - from;
  const sign = d >= 0 ? '+' : '−';
  return `${sign}${mib(Math.abs(d))} MiB (${sign}${format((Math.abs(d) / from) * 100, 1)} %)`;
}

function memory(run: SoakRun): string {
  const row = (label: string, s: ServerSample) => [
    label,
    mib(s.rss),
    mib(s.heapUsed),
    mib(s.heapTotal),
    mib(s.external),
    mib(s.arrayBuffers),
  ];
  const rows = [
    row('idle, before any load', run.idle),
    row('start (after the warm-up)', run.start),
    row('end (last window under load)', run.end),
    row('after the drain, idle', run.drained),
  ];
  const head = [
    'server, after gc()',
    'RSS MiB',
    'heapUsed MiB',
    'heapTotal MiB',
    'external MiB',
    'arrayBuffers MiB',
  ];
  return (
    `${table(head, rows)}\n\n` +
    `Start → end: RSS ${growth(run.start.rss, run.end.rss)}, heapUsed ` +
    `${growth(run.start.heapUsed, run.end.heapUsed)}; heapUsed trend over the measured windows ` +
    `(least squares): ${format(heapSlope(run.windows) * 1024, 1)} KiB/min.`
  );
}

function reasons(run: SoakRun): string {
  const lines = CHANNELS.flatMap((c) =>
    Object.entries(run.totals.channels[c].reasons).map(
      ([why, n]) => `- ${LABELS[c]}: ${why} × ${format(n)}`,
    ),
  );
  const logged = run.drained.firstErrors.map((e) => `- server log: ${e}`);
  const all = [...lines, ...logged];
  return all.length === 0 ? 'None.' : all.join('\n');
}

/** The Markdown of `bench/soak-results.md`. */
export function markdown(run: SoakRun): string {
  return `# fw soak test results

${run.machine}.

fw ${run.revision}. Command: \`${run.command}\` (${run.settings}).

## Totals

Every request and message the load process sent, over the whole run (warm-up included); lost:
sent and never answered, after the drain. Events: published by the POST handler, handled by
the consumer; their latency runs from publish to consumer, inside the server.

${totalsTable(run)}

Errors by kind:

${reasons(run)}

The server's logger reported ${format(run.drained.loggedErrors)} errors.

## Over time

Each window's own figures: answered requests and messages per second (all three channels), the
p99 of each channel in that window, errors, the server's CPU and that of every other process on
the host but the load generator (% of one core; the host has ${cpus().length}), and the server's
memory after \`gc()\`.

${overTime(run)}

## Memory

${memory(run)}
`;
}
