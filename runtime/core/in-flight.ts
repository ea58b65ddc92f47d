/**
 * Work in flight, for whoever must wait for it: a transport's `close()` waits for its handlers and
 * publishes, and `app.idle()` for the deliveries and publishes the app has started.
 */

/** The promises of work still running, and a count of all ever started. @internal */
export class InFlight {
  readonly #running = new Set<Promise<unknown>>();
  #started = 0;

  /** How many are running. */
  get size(): number {
    return this.#running.size;
  }

  /** How many were ever tracked: a waiter tells by it whether anything started while it waited. */
  get started(): number {
    return this.#started;
  }

  /** Keeps `work` until it settles, and returns it as it is. */
  track<T>(work: Promise<T>): Promise<T> {
    this.#started++;
    const tracked: Promise<unknown> = work
      .catch(() => {})
      .finally(() => this.#running.delete(tracked));
    this.#running.add(tracked);
    return work;
  }

  /** Resolves once nothing is running, including work tracked while waiting; failures count as done. */
  async drain(): Promise<void> {
    while (this.#running.size > 0) await Promise.allSettled([...this.#running]);
  }
}
