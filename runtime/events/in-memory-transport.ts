/**
 * The default transport: events published in the process reach its consumers on a later turn of
 * the event loop, each message once. A failed delivery is logged (or given to `onError`), not
 * retried. `close()` waits for the deliveries in flight, and the events they publish meanwhile
 * are still delivered (a broker transport takes them until it has drained, too): only then is it
 * closed.
 */
import { performance } from 'node:perf_hooks';
import { requestIdFor } from '../core/context/request-id.js';
import { FallbackLogger } from '../core/log/fallback-logger.js';
import type { Logger } from '../core/log/logger.js';
import { logDeliveryFailure } from './delivery-log.js';
import type {
  Delivery,
  DeliveryHandler,
  EventMetadata,
  Transport,
  TransportStartOptions,
} from './transport.js';

/** Options of {@link inMemoryTransport}. */
export interface InMemoryTransportOptions {
  /** Called when a delivery fails, instead of logging it. */
  readonly onError?: (err: unknown, delivery: Delivery) => void;
  /** Where a failed delivery is logged. @default the app's logger */
  readonly logger?: Logger;
}

/** The in-process {@link Transport}. */
export class InMemoryTransport implements Transport {
  readonly #onError: ((err: unknown, delivery: Delivery) => void) | undefined;
  readonly #logger: FallbackLogger;
  #names: ReadonlySet<string> = new Set();
  #handle: DeliveryHandler | undefined;
  /** Set once close() has drained every delivery: publish then rejects. */
  #closed = false;
  /** Published, waiting for the next turn of the event loop. */
  #queue: Delivery[] = [];
  #scheduled = false;
  /** Queued or running deliveries. */
  #pending = 0;
  #idle: (() => void) | undefined;
  #drained: Promise<void> | undefined;

  constructor(options: InMemoryTransportOptions = {}) {
    this.#onError = options.onError;
    this.#logger = new FallbackLogger(options.logger);
  }

  async start(
    eventNames: readonly string[],
    handle: DeliveryHandler,
    options: TransportStartOptions = {},
  ): Promise<void> {
    this.#names = new Set(eventNames);
    this.#handle = handle;
    this.#logger.adopt(options.logger);
  }

  /** Queues one message; its `requestId` is kept when it is a short token, or made anew. */
  async publish(eventName: string, payload: Uint8Array, metadata?: EventMetadata): Promise<void> {
    if (this.#closed) throw new Error(`in-memory transport is closed; event ${eventName} not sent`);
    if (this.#handle === undefined || !this.#names.has(eventName)) return;
    const requestId = requestIdFor(metadata?.requestId);
    this.#queue.push({ eventName, payload, metadata: { requestId } });
    this.#pending++;
    if (!this.#scheduled) {
      this.#scheduled = true;
      setImmediate(this.#flush);
    }
  }

  /** True until closed: nothing here can lose a connection. */
  connected(): boolean {
    return !this.#closed;
  }

  async close(): Promise<void> {
    if (this.#pending === 0) {
      this.#closed = true;
      return;
    }
    this.#drained ??= new Promise<void>((resolve) => {
      this.#idle = () => {
        this.#closed = true;
        resolve();
      };
    });
    await this.#drained;
  }

  /** Starts every delivery published since the last turn: one timer for all of them. */
  readonly #flush = (): void => {
    this.#scheduled = false;
    const batch = this.#queue;
    this.#queue = [];
    for (const delivery of batch) void this.#deliver(delivery);
  };

  async #deliver(delivery: Delivery): Promise<void> {
    const startedAt = performance.now();
    try {
      await (this.#handle as DeliveryHandler)(delivery);
    } catch (err) {
      if (this.#onError === undefined) {
        const failure = { attempt: 1, maxAttempts: 1, disposition: 'dropped', startedAt } as const;
        logDeliveryFailure(this.#logger, delivery, err, failure);
      } else {
        try {
          this.#onError(err, delivery);
        } catch {
          // A reporter that throws must not take the process down.
        }
      }
    } finally {
      if (--this.#pending === 0) this.#idle?.();
    }
  }
}

/** The default transport of an app. */
export function inMemoryTransport(options?: InMemoryTransportOptions): Transport {
  return new InMemoryTransport(options);
}
