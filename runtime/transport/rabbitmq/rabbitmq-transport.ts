/**
 * The RabbitMQ {@link Transport}: events are published, persistent and confirmed, to a durable
 * topic exchange under their name; an app consumes from its group's quorum queue, acknowledging a
 * message when the handler resolved and returning it to the queue when it rejected, until the
 * broker dead-letters it after `maxDeliveries`; with `retry`, a failed message waits in a delay
 * queue between deliveries (retry.ts). A lost connection is reopened with backoff.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { Channel, ConsumeMessage } from 'amqplib';
import { isRequestId, requestIdFor } from '../../core/context/request-id.js';
import { InFlight } from '../../core/in-flight.js';
import { FallbackLogger } from '../../core/log/fallback-logger.js';
import { log } from '../../core/log/logger.js';
import {
  PublishOutcomeUnknownError,
  type PublishSettlement,
} from '../../core/pipeline/publish-outcome.js';
import { dispositionOf, logDeliveryFailure } from '../../events/delivery-log.js';
import { type BrokerSubscription, brokerSubscriptions } from '../../events/subscriptions.js';
import { traceFieldsOf, traceOfHeaders } from '../../events/trace-fields.js';
import {
  type Delivery,
  type DeliveryAttempt,
  type DeliveryHandler,
  type EventMetadata,
  isUnprocessable,
  messageIdFor,
  type Transport,
  type TransportStartOptions,
} from '../../events/transport.js';
import { settle, within } from '../shared/promises.js';
import { reconnectDelay } from '../shared/reconnect.js';
import {
  type AmqpOutgoing,
  confirmPublish,
  REQUEST_ID_AMQP_HEADER,
  RefusedError,
} from './confirm-publish.js';
import { type RabbitMqTransportOptions, type ResolvedOptions, resolveOptions } from './options.js';
import { attemptOf, eventNameOf, scheduleRetry } from './retry.js';
import { Session } from './session.js';

interface Waiter {
  resolve(session: Session): void;
  reject(err: Error): void;
}

/** See the file comment; create it with `rabbitmqTransport(options)`. */
export class RabbitMqTransport implements Transport {
  readonly system = 'rabbitmq';
  readonly #options: ResolvedOptions;
  readonly #inFlight = new InFlight();
  readonly #publishing = new InFlight();
  #subscriptions: readonly BrokerSubscription[] | undefined;
  #session: Session | undefined;
  #opening: Promise<Session> | undefined;
  #waiters: Waiter[] = [];
  #timer: ReturnType<typeof setTimeout> | undefined;
  #attempt = 0;
  #connectedOnce = false;
  #failure: Error | undefined;
  #closing = false;
  #closed = false;
  #shutdown: Promise<void> | undefined;
  /** The `logger` option, else the app's, else fw's JSON lines. */
  readonly #log: FallbackLogger;

  constructor(options: RabbitMqTransportOptions) {
    this.#options = resolveOptions(options);
    this.#log = new FallbackLogger(this.#options.logger);
  }

  /** The app's consumer group: its queue's name. */
  get group(): string {
    return this.#options.group;
  }

  /**
   * Connects, declares the group's queue bound to `eventNames` (and a queue for each other group
   * and the instance's broadcast queue, for `options.subscriptions`) and starts consuming.
   * Rejects if the first connection or the declarations fail (a wrong URL, password or queue
   * should not be retried in silence); it may then be called again.
   */
  async start(
    eventNames: readonly string[],
    handle: DeliveryHandler,
    options: TransportStartOptions = {},
  ): Promise<void> {
    if (this.#closing) throw new Error('rabbitmq transport is closed; create a new one');
    this.#log.adopt(options.logger);
    if (this.#subscriptions !== undefined) {
      throw new Error('rabbitmq transport is already started; call start() once');
    }
    this.#subscriptions = brokerSubscriptions(this.#options.group, eventNames, handle, options);
    try {
      await this.#subscribe(await this.#ready());
    } catch (err) {
      this.#subscriptions = undefined; // start() may be called again
      throw err;
    }
  }

  /**
   * Publishes one message, its `requestId` (when a token) in header `x-request-id` and each of its
   * `trace` fields in a header of that name; resolves once the broker confirmed it (resent, with
   * the same message id, after a reconnection).
   */
  publish(eventName: string, payload: Uint8Array, metadata?: EventMetadata): Promise<void> {
    if (this.#closed) {
      return Promise.reject(new Error(`rabbitmq transport is closed; event ${eventName} not sent`));
    }
    const messageId = messageIdFor(metadata, randomUUID);
    const message = { eventName, payload, messageId, headers: headersOf(metadata) };
    return this.#publishing.track(this.#publish(message));
  }

  /** Whether a connection is open now, its consumer subscribed. */
  connected(): boolean {
    return this.#session !== undefined && !this.#closing;
  }

  /** Stops consuming, lets the handlers in flight finish, acknowledges them, disconnects. */
  close(): Promise<void> {
    this.#shutdown ??= this.#close();
    return this.#shutdown;
  }

  async #close(): Promise<void> {
    this.#closing = true;
    clearTimeout(this.#timer);
    this.#timer = undefined;
    const closed = new Error('rabbitmq transport is closed');
    for (const waiter of this.#waiters.splice(0)) waiter.reject(closed);
    await this.#opening?.catch(() => {});
    const session = this.#session;
    await session?.stopConsuming();
    await this.#inFlight.drain();
    await this.#publishing.drain();
    this.#closed = true;
    this.#session = undefined;
    await session?.close();
  }

  /** The live session; opens the first one, or waits for a reconnection. */
  #ready(): Promise<Session> {
    if (this.#session !== undefined) return Promise.resolve(this.#session);
    if (this.#closing) return Promise.reject(new Error('rabbitmq transport is closed'));
    if (this.#failure !== undefined) return Promise.reject(this.#failure);
    if (!this.#connectedOnce && this.#timer === undefined) {
      this.#opening ??= this.#open();
      return this.#opening;
    }
    return new Promise((resolve, reject) => this.#waiters.push({ resolve, reject }));
  }

  async #open(): Promise<Session> {
    try {
      const session = await Session.open(this.#options, (s, reason) => this.#onLost(s, reason));
      try {
        await this.#subscribe(session);
        // Lost while subscribing: `onLost` ignored it, as it was not the live session yet.
        if (session.ended) throw new Error('rabbitmq: connection lost while subscribing');
      } catch (err) {
        await session.close();
        throw err;
      }
      this.#session = session;
      if (this.#connectedOnce) {
        log(this.#log, 'info', { group: this.#options.group }, 'rabbitmq connection restored');
      }
      this.#attempt = 0;
      this.#connectedOnce = true;
      for (const waiter of this.#waiters.splice(0)) waiter.resolve(session);
      return session;
    } finally {
      this.#opening = undefined;
    }
  }

  #subscribe(session: Session): Promise<void> {
    const subscriptions = this.#subscriptions;
    if (subscriptions === undefined || subscriptions.length === 0) return Promise.resolve();
    return session.subscribe(
      this.#options,
      subscriptions,
      (subscription, queue, channel, message) =>
        this.#onMessage(session, subscription, queue, channel, message),
      (queue) => {
        const fields = { group: this.#options.group, queue };
        log(this.#log, 'info', fields, 'rabbitmq broadcast queue declared');
      },
    );
  }

  #onLost(session: Session, reason: Error): void {
    if (session !== this.#session) return;
    this.#session = undefined;
    if (this.#closing) return;
    const fields = { group: this.#options.group, err: reason };
    log(this.#log, 'warn', fields, 'rabbitmq connection lost; reconnecting');
    this.#reconnect(reason);
  }

  #reconnect(reason: Error): void {
    if (this.#closing || this.#timer !== undefined) return;
    const attempt = ++this.#attempt;
    const { reconnect, group } = this.#options;
    if (attempt > reconnect.maxAttempts) {
      this.#failure = new Error(
        `rabbitmq: gave up reconnecting after ${reconnect.maxAttempts} attempts: ${reason.message}`,
        { cause: reason },
      );
      log(this.#log, 'error', { group, err: this.#failure }, 'rabbitmq transport stopped');
      for (const waiter of this.#waiters.splice(0)) waiter.reject(this.#failure);
      return;
    }
    this.#timer = setTimeout(
      () => {
        this.#timer = undefined;
        this.#opening = this.#open();
        this.#opening.catch((err: Error) => {
          if (this.#closing) return;
          log(this.#log, 'warn', { group, attempt, err }, 'rabbitmq reconnection attempt failed');
          this.#reconnect(err);
        });
      },
      reconnectDelay(reconnect, attempt),
    );
  }

  async #publish(message: AmqpOutgoing): Promise<void> {
    const { eventName } = message;
    const timeoutMs = this.#options.publishTimeoutMs;
    const deadline = Date.now() + timeoutMs;
    // The latest copy handed to a channel: past the deadline, its confirm (or the end of its
    // channel) is the outcome still to come. The broker may confirm it once a frozen link thaws.
    let latest: Promise<void> | undefined;
    const timedOut = () =>
      new PublishOutcomeUnknownError(
        eventName,
        timeoutMs,
        outcomeOf(latest),
        new Error(`rabbitmq: event ${eventName} was not confirmed within ${timeoutMs} ms`),
      );
    for (;;) {
      const session = await within(this.#ready(), deadline - Date.now(), timedOut);
      try {
        const { publisher } = session;
        const { exchange } = this.#options;
        const sent = confirmPublish(publisher, exchange, message);
        latest = sent;
        return await within(sent, deadline - Date.now(), timedOut);
      } catch (err) {
        // The channel ended before the broker answered: send again on the next connection
        // (at least once; the broker may have the first copy too).
        if (err instanceof RefusedError || this.#closed || Date.now() >= deadline) throw err;
        await within(session.closed, deadline - Date.now(), timedOut);
      }
    }
  }

  #onMessage(
    session: Session,
    subscription: BrokerSubscription,
    queue: string,
    channel: Channel,
    message: ConsumeMessage | null,
  ): void {
    if (message === null) {
      session.lose(new Error(`rabbitmq: the broker cancelled the consumer of '${queue}'`));
      return;
    }
    void this.#inFlight.track(this.#deliver(session, subscription, queue, channel, message));
  }

  async #deliver(
    session: Session,
    subscription: BrokerSubscription,
    queue: string,
    channel: Channel,
    message: ConsumeMessage,
  ): Promise<void> {
    const eventName = eventNameOf(message);
    const headers = message.properties.headers;
    // A message published without an id (by another client) falls back to its message id, so
    // that each of its deliveries logs the same id.
    const sent: unknown = headers?.[REQUEST_ID_AMQP_HEADER];
    const { messageId } = message.properties as { messageId?: unknown };
    const requestId = requestIdFor(isRequestId(sent) ? sent : messageId);
    const trace = traceOfHeaders((name) => headers?.[name]);
    // A broadcast queue has no delivery limit or dead letters: its failures are dropped.
    const { broadcast } = subscription;
    const { deadLetter, maxDeliveries } = this.#options;
    const retry = broadcast ? undefined : this.#options.retry;
    const attempt: DeliveryAttempt = {
      // The quorum queue counts the earlier failed deliveries (none on a broadcast queue), after
      // those a retried copy counted.
      number: attemptOf(message),
      max: broadcast ? 1 : (retry?.attempts ?? maxDeliveries),
      deadLetter: !broadcast && deadLetter !== false,
    };
    const delivery: Delivery = {
      eventName,
      payload: message.content,
      metadata: trace === undefined ? { requestId } : { requestId, trace },
      messageId: typeof messageId === 'string' ? messageId : undefined,
      attempt,
    };
    const startedAt = performance.now();
    try {
      await subscription.handle(delivery);
    } catch (err) {
      const disposition = dispositionOf(err, attempt);
      logDeliveryFailure(this.#log, delivery, err, {
        attempt: attempt.number,
        maxAttempts: attempt.max,
        disposition,
        startedAt,
        group: broadcast ? queue : subscription.group,
        ...(disposition === 'dead-lettered' && deadLetter
          ? { deadLetterTo: deadLetter.exchange }
          : {}),
      });
      if (retry !== undefined && disposition === 'redelivered') {
        await this.#retryLater(session, subscription.group, channel, message, attempt.number);
        return;
      }
      // Requeued, the quorum queue counts the failure and dead-letters past its delivery limit;
      // rejected without requeue, it is dead-lettered (or dropped) now (with `retry`, the last).
      const requeue = !broadcast && !isUnprocessable(err) && retry === undefined;
      settle(() => channel.nack(message, false, requeue));
      return;
    }
    settle(() => channel.ack(message));
  }

  /**
   * Moves `message` to its group's delay queue, then acknowledges it; if the copy cannot be sent,
   * returns the message to the group's queue, which redelivers it at once (at least once).
   */
  async #retryLater(
    session: Session,
    group: string,
    channel: Channel,
    message: ConsumeMessage,
    failed: number,
  ): Promise<void> {
    const policy = this.#options.retry;
    if (policy === undefined) return;
    try {
      const sent = scheduleRetry(session.publisher, group, policy, message, failed);
      const timeoutMs = this.#options.publishTimeoutMs;
      await within(sent, timeoutMs, () => new Error(`not confirmed within ${timeoutMs} ms`));
    } catch (err) {
      const fields = { group, err };
      log(this.#log, 'warn', fields, 'rabbitmq retry not scheduled; redelivering now');
      settle(() => channel.nack(message, false, true));
      return;
    }
    settle(() => channel.ack(message));
  }
}

/** The headers of a message published with `metadata`: none when it carries nothing to send. */
function headersOf(metadata: EventMetadata | undefined): Record<string, string> | undefined {
  const id = metadata?.requestId;
  const fields = traceFieldsOf(metadata?.trace);
  if (!isRequestId(id) && fields.length === 0) return undefined;
  const headers: Record<string, string> = Object.fromEntries(fields);
  if (isRequestId(id)) headers[REQUEST_ID_AMQP_HEADER] = id;
  return headers;
}

/**
 * What a copy still waiting for its confirm comes to: `confirmed` on `basic.ack`, `failed` on
 * `basic.nack` or when no copy was ever sent, `unknown` when its channel ended first.
 */
function outcomeOf(latest: Promise<void> | undefined): Promise<PublishSettlement> {
  if (latest === undefined) return Promise.resolve('failed');
  return latest.then(
    () => 'confirmed',
    (err: unknown) => (err instanceof RefusedError ? 'failed' : 'unknown'),
  );
}

/**
 * A {@link Transport} over RabbitMQ for `createApp({ transport })`.
 * @example
 * const transport = rabbitmqTransport({ url: 'amqp://127.0.0.1:5672', group: 'billing' });
 * const app = createApp({ bindings, transport });
 * @see docs/transport-rabbitmq.md
 */
export function rabbitmqTransport(options: RabbitMqTransportOptions): Transport {
  return new RabbitMqTransport(options);
}
