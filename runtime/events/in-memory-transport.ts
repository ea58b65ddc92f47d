/**
 * The default transport: events published in the process reach its consumers on a later turn of
 * the event loop, each message once. As a broker gives each group its own queue, each subscription
 * (the app's group, every other group, the broadcast consumers) has its own bounded queue and runs
 * at most `concurrency` deliveries at once, so a consumer that hangs holds up its own subscription
 * only. A publish that would overfill a queue is refused (`FW_ERR_EVENT_QUEUE_FULL`) and delivered
 * to no subscription, so that a retry does not duplicate it; the first refusal of an episode is
 * logged. A failed delivery is logged (or given to `onError`) and, without `retry`, dropped; with
 * `retry` it is delivered again to its subscription after the policy's wait (a timer), and dropped
 * after the last attempt. `close()` waits for the deliveries queued and in flight, and the events
 * they publish meanwhile are still delivered (a broker transport takes them until it has drained,
 * too): only then is it closed. Retries still waiting for their delay are cancelled at once, their
 * messages dropped (logged once, with their number): nothing outlives the process here anyway.
 * `idle()` waits for the deliveries queued and in flight and the retries waiting, and leaves the
 * transport open.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { requestIdFor } from '../core/context/request-id.js';
import { FwError } from '../core/errors.js';
import { FallbackLogger } from '../core/log/fallback-logger.js';
import { type Logger, log } from '../core/log/logger.js';
import { type OptionChecks, optionChecks } from '../core/options.js';
import { dispositionOf, logDeliveryFailure } from './delivery-log.js';
import { type RetryOptions, type RetryPolicy, resolveRetry, retryDelay } from './retry-policy.js';
import { traceFieldsOf } from './trace-fields.js';
import {
  type Delivery,
  type DeliveryAttempt,
  type DeliveryHandler,
  type EventDelivery,
  type EventMetadata,
  messageIdFor,
  type Transport,
  type TransportStartOptions,
} from './transport.js';

/** Options of {@link inMemoryTransport}. */
export interface InMemoryTransportOptions {
  /** Called when a delivery fails, instead of logging it. */
  readonly onError?: (err: unknown, delivery: Delivery) => void;
  /** Where failed deliveries and refused publishes are logged. @default the app's logger */
  readonly logger?: Logger;
  /**
   * Most messages each subscription holds waiting to start (those running not counted); a
   * publish beyond it rejects with `FW_ERR_EVENT_QUEUE_FULL`. @default 10000
   */
  readonly maxQueued?: number;
  /** Most deliveries each subscription runs at once, as a broker's prefetch. @default 16 */
  readonly concurrency?: number;
  /**
   * Delivers a failed message again after a wait, up to `attempts` deliveries, then drops it.
   * `close()` cancels the retries still waiting. @default none: a failed message is dropped
   */
  readonly retry?: RetryOptions;
}

/** Without `retry`, every delivery is the first and last of its message: a failure drops it. */
const ONLY_ATTEMPT: DeliveryAttempt = Object.freeze({ number: 1, max: 1, deadLetter: false });

/** How long a client refused for a full queue is told to wait, in seconds. */
const RETRY_AFTER_S = '1';
const check: OptionChecks = optionChecks('inMemoryTransport');

/** One subscription's messages: those waiting, those running, and whether it is refusing. */
class Lane {
  readonly names: ReadonlySet<string>;
  readonly handle: DeliveryHandler;
  /** How logs and errors name it: `app`, `group billing` or `broadcast`. */
  readonly label: string;
  readonly waiting: Delivery[] = [];
  running = 0;
  /** Publishes refused since the queue filled; undefined while it has not filled. */
  refused: number | undefined;

  constructor(names: readonly string[], handle: DeliveryHandler, delivery?: EventDelivery) {
    this.names = new Set(names);
    this.handle = handle;
    this.label =
      delivery === undefined
        ? 'app'
        : 'broadcast' in delivery
          ? 'broadcast'
          : `group ${delivery.group}`;
  }
}

/** The in-process {@link Transport}. */
export class InMemoryTransport implements Transport {
  readonly system = 'fw_memory';
  readonly #onError: ((err: unknown, delivery: Delivery) => void) | undefined;
  readonly #logger: FallbackLogger;
  readonly #maxQueued: number;
  readonly #concurrency: number;
  readonly #retry: RetryPolicy | undefined;
  #lanes: readonly Lane[] = [];
  /** The timers of failed messages waiting for their next delivery. */
  readonly #retries = new Set<ReturnType<typeof setTimeout>>();
  /** Retries dropped because close() began before they were due. */
  #retriesDropped = 0;
  #closing = false;
  /** Set once close() has drained every delivery: publish then rejects. */
  #closed = false;
  #scheduled = false;
  /** Queued or running deliveries, over every lane. */
  #pending = 0;
  /** Called, then forgotten, when no delivery is queued, running or waiting for a retry. */
  #whenIdle: (() => void)[] = [];
  #drained: Promise<void> | undefined;

  constructor(options: InMemoryTransportOptions = {}) {
    this.#onError = options.onError;
    this.#logger = new FallbackLogger(options.logger);
    this.#maxQueued = check.integer('maxQueued', options.maxQueued ?? 10_000, 1, 10_000_000);
    this.#concurrency = check.integer('concurrency', options.concurrency ?? 16, 1, 65_535);
    this.#retry = resolveRetry(options.retry, check);
  }

  /**
   * Opens a queue per subscription of `options.subscriptions`; without them, one for
   * `eventNames` that `handle` takes.
   */
  async start(
    eventNames: readonly string[],
    handle: DeliveryHandler,
    options: TransportStartOptions = {},
  ): Promise<void> {
    const given = options.subscriptions ?? [{ eventNames, handle }];
    this.#lanes = given
      .filter((s) => s.eventNames.length > 0)
      .map((s) => new Lane(s.eventNames, s.handle, s.delivery));
    this.#logger.adopt(options.logger);
  }

  /**
   * Queues one message, with an id of its own, for every subscription that takes its event; its
   * `requestId` is kept when it is a short token, or made anew, and its `trace` fields are kept as
   * a broker transport sends them. Rejects with `FW_ERR_EVENT_QUEUE_FULL`, queuing it for
   * none, when one of them already holds `maxQueued` waiting.
   */
  async publish(eventName: string, payload: Uint8Array, metadata?: EventMetadata): Promise<void> {
    if (this.#closed) throw new Error(`in-memory transport is closed; event ${eventName} not sent`);
    const lanes = this.#lanes.filter((lane) => lane.names.has(eventName));
    if (lanes.length === 0) return;
    const full = lanes.find((lane) => lane.waiting.length >= this.#maxQueued);
    if (full !== undefined) throw this.#refuse(full, eventName);
    const delivery: Delivery = {
      eventName,
      payload,
      metadata: metadataOf(metadata),
      messageId: messageIdFor(metadata, randomUUID),
      attempt: this.#firstAttempt,
    };
    for (const lane of lanes) {
      // A broadcast consumer's failure concerns this instance alone: never retried, as on a broker.
      lane.waiting.push(
        lane.label === 'broadcast' ? { ...delivery, attempt: ONLY_ATTEMPT } : delivery,
      );
    }
    this.#pending += lanes.length;
    if (!this.#scheduled) {
      this.#scheduled = true;
      setImmediate(this.#flush);
    }
  }

  /** True until closed: nothing here can lose a connection. */
  connected(): boolean {
    return !this.#closed;
  }

  /**
   * Resolves once no delivery is queued or running, the deliveries of the events those publish
   * and the retries waiting for their delay included; the transport stays open. `app.idle()`
   * waits for it.
   */
  idle(): Promise<void> {
    if (this.#isIdle()) return Promise.resolve();
    return new Promise<void>((resolve) => this.#whenIdle.push(resolve));
  }

  /**
   * Waits for the deliveries queued and in flight, cancelling the retries waiting for their delay
   * (and any a delivery that fails meanwhile would schedule): those messages are dropped.
   */
  async close(): Promise<void> {
    if (!this.#closing) {
      this.#closing = true;
      for (const timer of this.#retries) clearTimeout(timer);
      this.#retriesDropped += this.#retries.size;
      this.#retries.clear();
      if (this.#isIdle()) this.#wakeIdle();
    }
    if (this.#pending > 0) {
      this.#drained ??= new Promise<void>((resolve) => {
        this.#whenIdle.push(() => {
          this.#closed = true;
          resolve();
        });
      });
      await this.#drained;
    }
    this.#closed = true;
    if (this.#retriesDropped > 0) {
      const fields = { dropped: this.#retriesDropped };
      this.#retriesDropped = 0;
      log(this.#logger, 'warn', fields, 'in-memory transport closed; scheduled retries dropped');
    }
  }

  #isIdle(): boolean {
    return this.#pending === 0 && this.#retries.size === 0;
  }

  #wakeIdle(): void {
    for (const then of this.#whenIdle.splice(0)) then();
  }

  /** The attempt of a message's first delivery. */
  get #firstAttempt(): DeliveryAttempt {
    const retry = this.#retry;
    if (retry === undefined) return ONLY_ATTEMPT;
    return { number: 1, max: retry.attempts, deadLetter: false };
  }

  /** Delivers `delivery` again to `lane` once the policy's wait after its `attempt` is over. */
  #scheduleRetry(lane: Lane, delivery: Delivery, attempt: DeliveryAttempt): void {
    const retry = this.#retry;
    if (retry === undefined) return;
    if (this.#closing) {
      this.#retriesDropped++;
      return;
    }
    const next: Delivery = { ...delivery, attempt: { ...attempt, number: attempt.number + 1 } };
    const timer = setTimeout(
      () => {
        this.#retries.delete(timer);
        lane.waiting.push(next);
        this.#pending++;
        this.#pump(lane);
      },
      retryDelay(retry, attempt.number),
    );
    this.#retries.add(timer);
  }

  /** The refusal of a publish to a full `lane`, logged at the first of its episode. */
  #refuse(lane: Lane, eventName: string): FwError {
    if (lane.refused === undefined) {
      lane.refused = 0;
      const fields = { subscription: lane.label, event: eventName, maxQueued: this.#maxQueued };
      log(this.#logger, 'warn', fields, 'event queue full; publishing refused');
    }
    lane.refused++;
    const params = { subscription: lane.label, event: eventName, limit: this.#maxQueued };
    return new FwError('FW_ERR_EVENT_QUEUE_FULL', params, {
      headers: { 'Retry-After': RETRY_AFTER_S },
    });
  }

  /** Starts what each lane may run of what was published since the last turn. */
  readonly #flush = (): void => {
    this.#scheduled = false;
    for (const lane of this.#lanes) this.#pump(lane);
  };

  #pump(lane: Lane): void {
    while (lane.running < this.#concurrency && lane.waiting.length > 0) {
      lane.running++;
      void this.#deliver(lane, lane.waiting.shift() as Delivery);
    }
    // The episode ends once the queue has drained to half: a queue hovering at its bound logs
    // once, not at every message.
    if (lane.refused !== undefined && lane.waiting.length <= this.#maxQueued / 2) {
      const fields = { subscription: lane.label, refused: lane.refused };
      log(this.#logger, 'info', fields, 'event queue accepting again');
      lane.refused = undefined;
    }
  }

  async #deliver(lane: Lane, delivery: Delivery): Promise<void> {
    const startedAt = performance.now();
    try {
      await lane.handle(delivery);
    } catch (err) {
      const attempt = delivery.attempt ?? ONLY_ATTEMPT;
      const disposition = dispositionOf(err, attempt);
      if (disposition === 'redelivered') this.#scheduleRetry(lane, delivery, attempt);
      if (this.#onError === undefined) {
        const { number, max } = attempt;
        const failure = { attempt: number, maxAttempts: max, disposition, startedAt };
        logDeliveryFailure(this.#logger, delivery, err, failure);
      } else {
        try {
          this.#onError(err, delivery);
        } catch {
          // A reporter that throws must not take the process down.
        }
      }
    } finally {
      lane.running--;
      this.#pump(lane);
      this.#pending--;
      if (this.#isIdle()) this.#wakeIdle();
    }
  }
}

/** What a consumer reads of `metadata`: the fields a broker transport would have carried. */
function metadataOf(metadata: EventMetadata | undefined): EventMetadata {
  const requestId = requestIdFor(metadata?.requestId);
  const fields = traceFieldsOf(metadata?.trace);
  return fields.length === 0 ? { requestId } : { requestId, trace: Object.fromEntries(fields) };
}

/**
 * The default transport of an app. Throws `FW_ERR_INVALID_OPTION` for a `maxQueued` or
 * `concurrency` that is not a positive integer.
 * @example createApp({ bindings, transport: inMemoryTransport({ maxQueued: 1000, concurrency: 8 }) })
 */
export function inMemoryTransport(options?: InMemoryTransportOptions): Transport {
  return new InMemoryTransport(options);
}
