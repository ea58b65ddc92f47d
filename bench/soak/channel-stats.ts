/** The load process's count of one channel: sent, answered, failed and why, and latencies. */
import { Histogram } from './histogram.js';
import type { ChannelCounts, ChannelTotals } from './protocol.js';

/** Counts for one channel over the run and over the current window. */
export class ChannelStats {
  #sent = 0;
  #ok = 0;
  #errors = 0;
  #windowSent = 0;
  #windowOk = 0;
  #windowErrors = 0;
  readonly #window = new Histogram();
  readonly #total = new Histogram();
  readonly #reasons = new Map<string, number>();

  /** Sent and not yet answered or failed. */
  get pending(): number {
    return this.#sent - this.#ok - this.#errors;
  }

  sent(): void {
    this.#sent++;
    this.#windowSent++;
  }

  /** One answer as expected, `ms` after it was sent. */
  ok(ms: number): void {
    this.#ok++;
    this.#windowOk++;
    this.#window.record(ms);
    this.#total.record(ms);
  }

  /** One failure, by kind (`status 500`, `ECONNRESET`, …). */
  error(reason: string): void {
    this.#errors++;
    this.#windowErrors++;
    this.#reasons.set(reason, (this.#reasons.get(reason) ?? 0) + 1);
  }

  /** The counts since the last call, then a new window. */
  takeWindow(): ChannelCounts {
    const counts = {
      sent: this.#windowSent,
      ok: this.#windowOk,
      errors: this.#windowErrors,
      latency: this.#window.summary(),
    };
    this.#windowSent = 0;
    this.#windowOk = 0;
    this.#windowErrors = 0;
    this.#window.reset();
    return counts;
  }

  /** The whole run; what is still pending counts as lost. */
  totals(): ChannelTotals {
    return {
      sent: this.#sent,
      ok: this.#ok,
      errors: this.#errors,
      lost: this.pending,
      latency: this.#total.summary(),
      reasons: Object.fromEntries(this.#reasons),
    };
  }
}
