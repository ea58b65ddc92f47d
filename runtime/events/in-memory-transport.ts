/**
 * The default transport: events published in the process reach its consumers on a later turn of
 * the event loop, each message once. A failed delivery is reported to `onError`, not retried.
 */
import type { Delivery, DeliveryHandler, Transport } from './transport.js';

/** Options of {@link inMemoryTransport}. */
export interface InMemoryTransportOptions {
  /** Called when a delivery fails. @default console.error */
  readonly onError?: (err: unknown, delivery: Delivery) => void;
}

/** The in-process {@link Transport}. */
export class InMemoryTransport implements Transport {
  readonly #inFlight = new Set<Promise<void>>();
  readonly #onError: (err: unknown, delivery: Delivery) => void;
  #names: ReadonlySet<string> = new Set();
  #handle: DeliveryHandler | undefined;
  #closed = false;

  constructor(options: InMemoryTransportOptions = {}) {
    this.#onError =
      options.onError ?? ((err, d) => console.error(`fw: event ${d.eventName} failed`, err));
  }

  async start(eventNames: readonly string[], handle: DeliveryHandler): Promise<void> {
    this.#names = new Set(eventNames);
    this.#handle = handle;
  }

  async publish(eventName: string, payload: Uint8Array): Promise<void> {
    if (this.#closed) throw new Error(`in-memory transport is closed; event ${eventName} not sent`);
    const handle = this.#handle;
    if (handle === undefined || !this.#names.has(eventName)) return;
    const delivery: Delivery = { eventName, payload };
    const done: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => handle(delivery))
      .catch((err: unknown) => this.#onError(err, delivery))
      .finally(() => this.#inFlight.delete(done));
    this.#inFlight.add(done);
  }

  async close(): Promise<void> {
    this.#closed = true;
    while (this.#inFlight.size > 0) await Promise.all(this.#inFlight);
  }
}

/** The default transport of an app. */
export function inMemoryTransport(options?: InMemoryTransportOptions): Transport {
  return new InMemoryTransport(options);
}
