/**
 * What `app.idle()` waits for: the deliveries this app has started (from its transport and from
 * `app.emit`) and the events it has published (a request's, a message's or a consumer's), until
 * none is left, including those they start meanwhile.
 */

/** The promises of the app's work in flight, and a count of all it has started. */
export class InFlight {
  readonly #running = new Set<Promise<unknown>>();
  #started = 0;
  readonly #settled: (() => Promise<void>) | undefined;

  /** `settled`: resolves once the transport holds nothing it has taken and not yet delivered. */
  constructor(settled?: () => Promise<void>) {
    this.#settled = settled;
  }

  /** Counts `work` in flight until it settles; gives it back as it is. */
  track<T>(work: Promise<T>): Promise<T> {
    this.#started++;
    this.#running.add(work);
    const done = () => this.#running.delete(work);
    work.then(done, done);
    return work;
  }

  /** `run`, with each call counted in flight until it settles. */
  wrap<A extends unknown[], T>(run: (...args: A) => Promise<T>): (...args: A) => Promise<T> {
    return (...args) => this.track(run(...args));
  }

  /**
   * Resolves once nothing is in flight and the transport has settled, with nothing started
   * meanwhile; a failure in flight counts as done.
   */
  async idle(): Promise<void> {
    for (;;) {
      const started = this.#started;
      await Promise.allSettled([...this.#running]);
      await this.#settled?.();
      if (this.#started === started && this.#running.size === 0) return;
    }
  }
}

/** The `idle()` of a transport that has one (the in-memory transport's), bound to it. */
export function transportIdle(transport: object): (() => Promise<void>) | undefined {
  const idle = (transport as { idle?: unknown }).idle;
  return typeof idle === 'function' ? () => Promise.resolve(idle.call(transport)) : undefined;
}
