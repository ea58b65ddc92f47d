/**
 * Latencies in logarithmic buckets 2 % wide, from 1 µs to about 7 minutes: constant memory however
 * long the soak runs, percentiles within 1 %, and windows that merge into totals by adding counts.
 */

const GROWTH = 1.02;
const LOG_GROWTH = Math.log(GROWTH);
const BUCKETS = 1000;

/** What a window or a whole run reports for one channel, in ms. */
export interface LatencySummary {
  readonly count: number;
  readonly p50: number;
  readonly p99: number;
  readonly max: number;
}

/** A latency histogram. */
export class Histogram {
  readonly #counts = new Uint32Array(BUCKETS);
  #count = 0;
  #max = 0;

  /** Records one latency of `ms` milliseconds. */
  record(ms: number): void {
    const us = ms * 1000;
    const i = us <= 1 ? 0 : Math.min(BUCKETS - 1, Math.floor(Math.log(us) / LOG_GROWTH));
    this.#counts[i] = (this.#counts[i] ?? 0) + 1;
    this.#count++;
    if (ms > this.#max) this.#max = ms;
  }

  /** Adds the counts of `other`. */
  add(other: Histogram): void {
    for (let i = 0; i < BUCKETS; i++) {
      this.#counts[i] = (this.#counts[i] ?? 0) + (other.#counts[i] ?? 0);
    }
    this.#count += other.#count;
    if (other.#max > this.#max) this.#max = other.#max;
  }

  /** The latency below which `q` (0–1) of the recordings fall, in ms: the bucket's geometric middle. */
  quantile(q: number): number {
    if (this.#count === 0) return Number.NaN;
    const rank = Math.ceil(q * this.#count);
    let seen = 0;
    for (let i = 0; i < BUCKETS; i++) {
      seen += this.#counts[i] ?? 0;
      if (seen >= rank) return Math.min(this.#max, GROWTH ** (i + 0.5) / 1000);
    }
    return this.#max;
  }

  summary(): LatencySummary {
    return {
      count: this.#count,
      p50: this.quantile(0.5),
      p99: this.quantile(0.99),
      max: this.#max,
    };
  }

  reset(): void {
    this.#counts.fill(0);
    this.#count = 0;
    this.#max = 0;
  }
}
