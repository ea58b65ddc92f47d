/** What the soak server counts for the runner: events published and consumed, and their delay. */
import { Histogram } from '../histogram.js';

/** Shared by the POST handler and the consumer; read over IPC by `server.ts`. */
export class SoakCounters {
  published = 0;
  consumed = 0;
  /** From publish to consumer, since the last sample. */
  readonly eventWindow = new Histogram();
  /** From publish to consumer, since start. */
  readonly eventTotal = new Histogram();

  /** Counts one consumed event published at `publishedAt` (`performance.now()`). */
  consume(publishedAt: number): void {
    this.consumed++;
    const ms = performance.now() - publishedAt;
    this.eventWindow.record(ms);
    this.eventTotal.record(ms);
  }
}
