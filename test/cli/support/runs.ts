/** Records watch runs so a test can await the n-th one. */
import type { WatchRun } from '../../../cli/watch.js';

/** The runs so far, `onRun` to pass to `watch`, and `run(n)` resolving with the n-th (from 0). */
export function recordRuns() {
  const runs: WatchRun[] = [];
  const waiting = new Map<number, (run: WatchRun) => void>();
  return {
    runs,
    onRun(run: WatchRun): void {
      runs.push(run);
      waiting.get(runs.length - 1)?.(run);
    },
    run(n: number): Promise<WatchRun> {
      const done = runs[n];
      if (done !== undefined) return Promise.resolve(done);
      return new Promise((resolve) => waiting.set(n, resolve));
    },
  };
}
