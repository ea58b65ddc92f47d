/**
 * What `app.idle()` waits for: the deliveries this app has started (from its transport and from
 * `app.emit`) and the events it has published (a request's, a message's or a consumer's), until
 * none is left, including those they start meanwhile.
 */
import type { InFlight } from '../core/in-flight.js';

/**
 * Resolves once `work` has nothing in flight and the transport has settled (`settled`), with
 * nothing started meanwhile: a delivery that ends may have queued another. A failure counts as done.
 */
export async function whenIdle(work: InFlight, settled?: () => Promise<void>): Promise<void> {
  for (;;) {
    const started = work.started;
    await work.drain();
    await settled?.();
    if (work.started === started && work.size === 0) return;
  }
}

/** The `idle()` of a transport that has one (the in-memory transport's), bound to it. */
export function transportIdle(transport: object): (() => Promise<void>) | undefined {
  const idle = (transport as { idle?: unknown }).idle;
  return typeof idle === 'function' ? () => Promise.resolve(idle.call(transport)) : undefined;
}
