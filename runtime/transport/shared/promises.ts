/** Promise helpers of the broker transports: deadlines, work in flight, answers that may fail. */

/** Settles like `promise`, or rejects with `timedOut()` after `ms` ms (now if ≤ 0). @internal */
export function within<T>(promise: Promise<T>, ms: number, timedOut: () => Error): Promise<T> {
  if (ms <= 0) {
    promise.catch(() => {});
    return Promise.reject(timedOut());
  }
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(timedOut()), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (err: unknown) => {
        clearTimeout(timer);
        reject(err);
      },
    );
  });
}

/** Work in flight (handlers, publishes) that `close()` waits for. @internal */
export class InFlight {
  readonly #running = new Set<Promise<unknown>>();

  /** How many are running. */
  get size(): number {
    return this.#running.size;
  }

  /** Keeps `work` until it settles, and returns it. */
  track<T>(work: Promise<T>): Promise<T> {
    const tracked: Promise<unknown> = work
      .catch(() => {})
      .finally(() => this.#running.delete(tracked));
    this.#running.add(tracked);
    return work;
  }

  /** Resolves once nothing is running, including work tracked while waiting. */
  async drain(): Promise<void> {
    while (this.#running.size > 0) await Promise.allSettled([...this.#running]);
  }
}

/**
 * Acknowledges or rejects a message; on a connection or channel that is already gone the broker
 * redelivers the message anyway, so the failure is dropped. @internal
 */
export function settle(answer: () => void): void {
  try {
    answer();
  } catch {
    // Closed channel or connection.
  }
}
