/** The IPC messages between the soak runner, its load process and its server. */
import type { LatencySummary } from './histogram.js';

/** The channels the load process drives. */
export const CHANNELS = ['get', 'post', 'ws'] as const;
/** One of {@link CHANNELS}. */
export type Channel = (typeof CHANNELS)[number];

/** Runner → load process: where to send and how fast (per second, per channel). */
export interface StartLoad {
  readonly type: 'start';
  readonly port: number;
  readonly rates: Readonly<Record<Channel, number>>;
  readonly wsClients: number;
}

/** Counts of one channel: over a window, or over the whole run with `lost`. */
export interface ChannelCounts {
  readonly sent: number;
  readonly ok: number;
  readonly errors: number;
  readonly latency: LatencySummary;
}

/** Load process → runner: what happened since the last window. */
export interface LoadWindow {
  readonly type: 'window';
  readonly channels: Readonly<Record<Channel, ChannelCounts>>;
  /** The load process's own CPU since the last window, in ms: whether it kept up. */
  readonly cpuMs: number;
}

/** One channel over the whole run. */
export interface ChannelTotals extends ChannelCounts {
  /** Sent and never answered, after the drain. */
  readonly lost: number;
  /** How many errors of each kind (`status 500`, `ECONNRESET`, `body mismatch`, …). */
  readonly reasons: Readonly<Record<string, number>>;
}

/** Load process → runner, once stopped and drained. */
export interface LoadDone {
  readonly type: 'done';
  readonly channels: Readonly<Record<Channel, ChannelTotals>>;
}

/** Runner → server: collect garbage, then report memory and the event counts. */
export interface SampleRequest {
  readonly type: 'sample';
  /** Run `global.gc()` first (the server runs with `--expose-gc`). */
  readonly gc: boolean;
}

/** Server → runner. */
export interface ServerSample {
  readonly type: 'sample';
  readonly rss: number;
  readonly heapUsed: number;
  readonly heapTotal: number;
  readonly external: number;
  readonly arrayBuffers: number;
  /** Events the POST handler published, and the consumer handled, since start. */
  readonly published: number;
  readonly consumed: number;
  /** Events whose consumer failed (fw logs `fw: event <name> failed`). */
  readonly eventErrors: number;
  /** Errors fw reported to the app's logger since start, and the first few of them. */
  readonly loggedErrors: number;
  readonly firstErrors: readonly string[];
  /** From publish to the consumer, since the last sample and since start. */
  readonly eventWindow: LatencySummary;
  readonly eventTotal: LatencySummary;
  /** How long the `gc()` took, ms. */
  readonly gcMs: number;
}

/** Runner → server: write a heap snapshot to `path`. */
export interface SnapshotRequest {
  readonly type: 'snapshot';
  readonly path: string;
}
