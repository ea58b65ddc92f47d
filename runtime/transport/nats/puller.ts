/**
 * One instance's share of a group: it pulls from the durable consumer only as many messages as it
 * has free handler slots, acknowledges each once its handler resolved, negatively acknowledges
 * it when the handler rejected (with `retry`, asking for the policy's wait before the next
 * delivery), and dead-letters it at `maxDeliver`.
 *
 * Pull requests expire after a second; `stop()` lets the one outstanding expire rather than
 * cancelling it, and still handles what it brings (at most the free slots it asked for), so no
 * message is left in transit to an inbox nobody reads, which JetStream would only redeliver after
 * `ackWait`.
 */
import { performance } from 'node:perf_hooks';
import type { Consumer, ConsumerMessages, JetStreamClient, JsMsg } from '@nats-io/jetstream';
import { isRequestId, REQUEST_ID_HEADER, requestIdFor } from '../../core/context/request-id.js';
import { log } from '../../core/log/logger.js';
import { dispositionOf, logDeliveryFailure } from '../../events/delivery-log.js';
import { retryDelay } from '../../events/retry-policy.js';
import { traceOfHeaders } from '../../events/trace-fields.js';
import type { Delivery, DeliveryAttempt, DeliveryHandler } from '../../events/transport.js';
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

/** The header JetStream deduplicates by; fw's publisher sets it on every message. */
const MSG_ID_HEADER = 'Nats-Msg-Id';
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
        const fields = { group: options.group, err };
        if (this.#init.closed()) {
          log(options.logger, 'error', fields, 'nats consumer stopped: connection closed');
          break;
        }
        failures++;
        current = undefined;
        log(options.logger, 'warn', fields, 'nats consumer failed to pull; retrying');
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
    const { options, handle } = this.#init;
    const eventName = eventNameOf(options.subjectPrefix, message.subject);
    if (!this.#names.has(eventName)) {
      // A server before 2.10 filters several events as the whole prefix: not this app's event.
      settle(() => message.ack());
      return;
    }
    // A message published without an id (by another client) gets one from its place in the
    // stream, so that each of its deliveries logs the same id; so does its message id.
    const { headers } = message;
    const place = `${message.info.stream}:${message.seq}`;
    const sent = headers?.get(REQUEST_ID_HEADER);
    const requestId = requestIdFor(isRequestId(sent) ? sent : place);
    const trace = headers === undefined ? undefined : traceOfHeaders((name) => headers.get(name));
    const attempt: DeliveryAttempt = {
      number: message.info.deliveryCount,
      max: options.maxDeliver,
      deadLetter: options.deadLetterSubject !== false,
    };
    const delivery: Delivery = {
      eventName,
      payload: message.data,
      metadata: trace === undefined ? { requestId } : { requestId, trace },
      messageId: headers?.get(MSG_ID_HEADER) || place,
      attempt,
    };
    const startedAt = performance.now();
    if (attempt.number > attempt.max) {
      // The last delivery was never answered (the instance stopped, or ackWait passed).
      const why = new Error(`not acknowledged after ${attempt.number - 1} deliveries`);
      await this.#deadLetter(message, delivery, why, startedAt);
      return;
    }
    // A handler that takes long keeps its message: JetStream would redeliver it after ackWait.
    const progress = setInterval(() => settle(() => message.working()), options.ackWait / 2);
    try {
      await handle(delivery);
    } catch (err) {
      clearInterval(progress);
      if (dispositionOf(err, attempt) !== 'redelivered') {
        await this.#deadLetter(message, delivery, err, startedAt);
        return;
      }
      // With `retry`, JetStream holds the message for the group until the wait is over.
      const { retry } = options;
      settle(() => message.nak(retry && retryDelay(retry, attempt.number)));
      logDeliveryFailure(options.logger, delivery, err, {
        attempt: attempt.number,
        maxAttempts: attempt.max,
        disposition: 'redelivered',
        startedAt,
        group: options.group,
      });
      return;
    }
    clearInterval(progress);
    settle(() => message.ack());
  }

  /** Dead-letters (or drops) the message, then logs its failure once, saying which. */
  async #deadLetter(
    message: JsMsg,
    delivery: Delivery,
    err: unknown,
    startedAt: number,
  ): Promise<void> {
    const { options, js } = this.#init;
    const outcome = await deadLetter(js, options, message, delivery, err);
    logDeliveryFailure(options.logger, delivery, err, {
      attempt: message.info.deliveryCount,
      maxAttempts: options.maxDeliver,
      startedAt,
      group: options.group,
      ...outcome,
    });
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
