/**
 * One instance's share of a group: it pulls from the durable consumer only as many messages as it
 * has free handler slots, acknowledges each once its handler resolved, negatively acknowledges
 * it when the handler rejected, and dead-letters it at `maxDeliver`.
 *
 * Pull requests expire after a second; `stop()` lets the one outstanding expire rather than
 * cancelling it, and still handles what it brings (at most the free slots it asked for), so no
 * message is left in transit to an inbox nobody reads, which JetStream would only redeliver after
 * `ackWait`.
 */
import type { Consumer, ConsumerMessages, JetStreamClient, JsMsg } from '@nats-io/jetstream';
import { type DeliveryHandler, isUnprocessable } from '../../events/transport.js';
import { settle } from '../shared/promises.js';
import { deadLetter } from './dead-letter.js';
import { eventNameOf, type ResolvedOptions } from './options.js';

/** What a {@link Puller} works with. @internal */
export interface PullerInit {
  readonly options: ResolvedOptions;
  readonly js: JetStreamClient;
  readonly eventNames: readonly string[];
  readonly handle: DeliveryHandler;
  /** The group's consumer; called again (to re-declare it) after a failed pull. */
  readonly consumer: (recovering: boolean) => Promise<Consumer>;
  /** Whether the connection is closed for good. */
  readonly closed: () => boolean;
}

const EXPIRES_MS = 1000;
// A pull that has not ended this long after stop() (the connection is down) is abandoned.
const ABANDON_MS = 3 * EXPIRES_MS;
const RETRY_MIN_MS = 100;
const RETRY_MAX_MS = 5000;

/** Pulls and handles the group's messages until stopped. @internal */
export class Puller {
  readonly #init: PullerInit;
  readonly #names: ReadonlySet<string>;
  readonly #running = new Set<Promise<void>>();
  #stopping = false;
  #wake: (() => void) | undefined;
  #loop: Promise<void> = Promise.resolve();
  #batch: ConsumerMessages | undefined;

  constructor(init: PullerInit) {
    this.#init = init;
    this.#names = new Set(init.eventNames);
  }

  /** Starts pulling. */
  start(): void {
    this.#loop = this.#run();
  }

  /** Stops pulling, and waits for the running handlers and those of the last pull. */
  async stop(): Promise<void> {
    this.#stopping = true;
    this.#wake?.();
    const abandon = setTimeout(() => void this.#batch?.close(), ABANDON_MS);
    await this.#loop;
    clearTimeout(abandon);
    while (this.#running.size > 0) await Promise.allSettled([...this.#running]);
  }

  async #run(): Promise<void> {
    const { options, consumer } = this.#init;
    let failures = 0;
    let current: Consumer | undefined;
    while (!this.#stopping) {
      await this.#freeSlots();
      if (this.#stopping) break;
      try {
        current ??= await consumer(failures > 0);
        this.#batch = await current.fetch({
          max_messages: options.concurrency - this.#running.size,
          expires: EXPIRES_MS,
        });
        for await (const message of this.#batch) this.#take(message);
        this.#batch = undefined;
        failures = 0;
      } catch (err) {
        this.#batch = undefined;
        if (this.#stopping) break;
        if (this.#init.closed()) {
          options.logger.error(
            `fw: nats consumer '${options.group}' stopped: connection closed`,
            err,
          );
          break;
        }
        failures++;
        current = undefined;
        options.logger.error(`fw: nats consumer '${options.group}' failed to pull; retrying`, err);
        await this.#sleep(Math.min(RETRY_MAX_MS, RETRY_MIN_MS * 2 ** (failures - 1)));
      }
    }
  }

  #take(message: JsMsg): void {
    const run: Promise<void> = this.#deliver(message).finally(() => {
      this.#running.delete(run);
      this.#wake?.();
    });
    this.#running.add(run);
  }

  async #deliver(message: JsMsg): Promise<void> {
    const { options, js, handle } = this.#init;
    const eventName = eventNameOf(options.subjectPrefix, message.subject);
    if (!this.#names.has(eventName)) {
      // A server before 2.10 filters several events as the whole prefix: not this app's event.
      settle(() => message.ack());
      return;
    }
    const deliveries = message.info.deliveryCount;
    if (deliveries > options.maxDeliver) {
      // The last delivery was never answered (the instance stopped, or ackWait passed).
      const why = new Error(`not acknowledged after ${deliveries - 1} deliveries`);
      await deadLetter(js, options, message, eventName, why);
      return;
    }
    // A handler that takes long keeps its message: JetStream would redeliver it after ackWait.
    const progress = setInterval(() => settle(() => message.working()), options.ackWait / 2);
    try {
      await handle({ eventName, payload: message.data });
    } catch (err) {
      clearInterval(progress);
      if (deliveries >= options.maxDeliver || isUnprocessable(err)) {
        await deadLetter(js, options, message, eventName, err);
        return;
      }
      options.logger.error(
        `fw: event ${eventName} failed (delivery ${deliveries} of ${options.maxDeliver}); redelivering it`,
        err,
      );
      settle(() => message.nak());
      return;
    }
    clearInterval(progress);
    settle(() => message.ack());
  }

  /** Waits until half the slots are free, so that each pull asks for a batch, not one message. */
  async #freeSlots(): Promise<void> {
    const { concurrency } = this.#init.options;
    const busy = concurrency - Math.max(1, Math.floor(concurrency / 2));
    while (!this.#stopping && this.#running.size > busy) {
      await new Promise<void>((resolve) => {
        this.#wake = resolve;
      });
    }
  }

  #sleep(ms: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.#wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }
}
