/**
 * The NATS JetStream {@link Transport}: events are published to `${subjectPrefix}.${eventName}`
 * in a stream and resolve once the stream acknowledged them; an app pulls from its group's durable
 * consumer, acknowledging a message when the handler resolved, asking for redelivery when it
 * rejected, and dead-lettering it after `maxDeliver` deliveries. The client reconnects by itself
 * and the pulls resume.
 */
import { randomUUID } from 'node:crypto';
import type { ConsumerInfo, JetStreamClient, JetStreamManager } from '@nats-io/jetstream';
import type { MsgHdrs, NatsConnection } from '@nats-io/transport-node';
import { isRequestId, REQUEST_ID_HEADER } from '../../core/context/request-id.js';
import { InFlight } from '../../core/in-flight.js';
import { log } from '../../core/log/logger.js';
import {
  PublishOutcomeUnknownError,
  type PublishSettlement,
} from '../../core/pipeline/publish-outcome.js';
import { type BrokerSubscription, brokerSubscriptions } from '../../events/subscriptions.js';
import { traceFieldsOf } from '../../events/trace-fields.js';
import {
  type DeliveryHandler,
  type EventMetadata,
  messageIdFor,
  type Transport,
  type TransportStartOptions,
} from '../../events/transport.js';
import { within } from '../shared/promises.js';
import { type Connection, openConnection } from './connection.js';
import { natsLibrary } from './library.js';
import {
  broadcastOptions,
  eventSubject,
  groupOptions,
  type NatsTransportOptions,
  type ResolvedOptions,
  resolveOptions,
} from './options.js';
import { type Outgoing, publishAcked } from './publish-acked.js';
import { Puller } from './puller.js';
import { ensureBroadcastConsumer, ensureConsumer, ensureStream } from './topology.js';

const DRAIN_TIMEOUT_MS = 5000;
/**
 * How long a message not acknowledged in time is sent again to learn its outcome: well inside the
 * stream's duplicate window (2 minutes by default), so that the stream still drops a second copy.
 */
const SETTLE_MS = 60_000;

interface Link {
  readonly connection: Connection;
  readonly nc: NatsConnection;
  readonly jsm: JetStreamManager;
  readonly js: JetStreamClient;
}

/** See the file comment; create it with `natsTransport(options)`. */
export class NatsTransport implements Transport {
  readonly system = 'nats';
  readonly #options: ResolvedOptions;
  readonly #publishing = new InFlight();
  #link: Promise<Link> | undefined;
  /** The link once open. */
  #linked: Link | undefined;
  #pullers: Puller[] = [];
  /** The broadcast consumer's name, once created: deleted on close. */
  #broadcast: string | undefined;
  #started = false;
  #closing = false;
  #closed = false;
  #shutdown: Promise<void> | undefined;

  constructor(options: NatsTransportOptions) {
    this.#options = resolveOptions(options);
  }

  /** The app's consumer group: its durable consumer's name. */
  get group(): string {
    return this.#options.group;
  }

  /**
   * Connects, declares the stream and the group's consumer for `eventNames` (and one for each
   * other group and the instance's broadcast consumer, for `options.subscriptions`), and starts
   * pulling.
   * Rejects if the first connection or a declaration fails (a wrong URL or a stream whose subjects
   * another stream holds should not be retried in silence); it may then be called again.
   */
  async start(
    eventNames: readonly string[],
    handle: DeliveryHandler,
    startOptions: TransportStartOptions = {},
  ): Promise<void> {
    if (this.#closing) throw new Error('nats transport is closed; create a new one');
    if (this.#started) throw new Error('nats transport is already started; call start() once');
    const options = this.#options;
    options.logger.adopt(startOptions.logger);
    for (const name of eventNames) eventSubject(options.subjectPrefix, name);
    this.#started = true;
    try {
      const link = await this.#connect();
      const subscriptions = brokerSubscriptions(options.group, eventNames, handle, startOptions);
      const pullers: Puller[] = [];
      for (const subscription of subscriptions) {
        pullers.push(await this.#puller(link, subscription));
      }
      this.#pullers = pullers;
      for (const puller of pullers) puller.start();
    } catch (err) {
      this.#started = false;
      await this.#deleteBroadcast();
      throw err;
    }
  }

  /** Declares the subscription's consumer and a puller for it (not started). */
  async #puller(link: Link, subscription: BrokerSubscription): Promise<Puller> {
    const { nc, jsm, js } = link;
    const { eventNames, handle } = subscription;
    let options: ResolvedOptions;
    let ensure: () => Promise<ConsumerInfo>;
    if (subscription.broadcast) {
      options = broadcastOptions(this.#options, randomUUID());
      ensure = () => ensureBroadcastConsumer(nc, jsm, options, eventNames);
    } else {
      options = groupOptions(this.#options, subscription.group);
      ensure = () => ensureConsumer(nc, jsm, options, eventNames);
      if (options !== this.#options) await ensureStream(jsm, options); // its dead-letter subject
    }
    // Built from the info the declaration already has: before 2.9.15 the server recomputed a
    // filtered consumer's pending count on every info request (nats-server#3877), which slowed
    // delivery to the whole group for a while.
    const first = js.consumers.getConsumerFromInfo(await ensure());
    if (subscription.broadcast) {
      this.#broadcast = options.group;
      const fields = { group: this.#options.group, consumer: options.group };
      log(options.logger, 'info', fields, 'nats broadcast consumer created');
    }
    return new Puller({
      options,
      js,
      eventNames,
      handle,
      consumer: async (recovering) => {
        if (!recovering) return first;
        // After a failed pull: the stream or the consumer may be gone, declare them again.
        await ensureStream(jsm, options);
        return js.consumers.getConsumerFromInfo(await ensure());
      },
      closed: () => nc.isClosed(),
    });
  }

  /** Deletes the broadcast consumer, if any; the server would, after a while, anyway. */
  async #deleteBroadcast(): Promise<void> {
    const name = this.#broadcast;
    const link = this.#linked;
    if (name === undefined || link === undefined || link.nc.isClosed()) return;
    this.#broadcast = undefined;
    const deleted = link.jsm.consumers.delete(this.#options.stream, name);
    await within(deleted, DRAIN_TIMEOUT_MS, () => new Error('delete timed out')).catch(() => {});
  }

  /**
   * Publishes one message, its `requestId` (when a token) in header `X-Request-Id` and each of its
   * `trace` fields in a header of that name; resolves once the stream acknowledged it (resent,
   * with the same `Nats-Msg-Id`, until then).
   */
  publish(eventName: string, payload: Uint8Array, metadata?: EventMetadata): Promise<void> {
    if (this.#closed) {
      return Promise.reject(new Error(`nats transport is closed; event ${eventName} not sent`));
    }
    return this.#publishing.track(this.#publish(eventName, payload, metadata));
  }

  /** Whether the connection is open and reaches the server now. */
  connected(): boolean {
    return !this.#closing && this.#linked?.connection.connected() === true;
  }

  /** Stops pulling, lets the handlers in flight finish and acknowledges them, then drains. */
  close(): Promise<void> {
    this.#shutdown ??= this.#close();
    return this.#shutdown;
  }

  async #close(): Promise<void> {
    this.#closing = true;
    await Promise.all(this.#pullers.map((p) => p.stop()));
    await this.#deleteBroadcast();
    await this.#publishing.drain();
    this.#closed = true;
    const link = await this.#link?.catch(() => undefined);
    if (link === undefined || link.nc.isClosed()) return;
    // Drain flushes the acknowledgements written above before the connection closes; while the
    // server is unreachable it would wait for it forever.
    const { nc } = link;
    await within(nc.drain(), DRAIN_TIMEOUT_MS, () => new Error('drain timed out')).catch(() => {});
    if (!nc.isClosed()) await nc.close();
  }

  async #publish(
    eventName: string,
    payload: Uint8Array,
    metadata: EventMetadata | undefined,
  ): Promise<void> {
    const subject = eventSubject(this.#options.subjectPrefix, eventName);
    const { nc, js } = await this.#connect();
    const gaveUp = () => this.#closed || nc.isClosed();
    // One id for every copy, those sent after the deadline included: the stream keeps one.
    const msgID = messageIdFor(metadata, () => natsLibrary().nats.nuid.next());
    const headers = headersOf(metadata);
    const message: Outgoing =
      headers === undefined ? { subject, payload, msgID } : { subject, payload, msgID, headers };
    const timeoutMs = this.#options.publishTimeoutMs;
    try {
      await publishAcked(js, message, timeoutMs, gaveUp);
    } catch (err) {
      if (refused(err) || gaveUp()) throw err;
      // No answer in time: the message may be in the stream already. Sending the same id again
      // until the stream answers tells which: an acknowledgement (a duplicate or not) means the
      // stream holds exactly one copy.
      const stopped = () => this.#closing || nc.isClosed();
      const settled = publishAcked(js, message, SETTLE_MS, stopped).then(
        (): PublishSettlement => 'confirmed',
        (late: unknown): PublishSettlement => (refused(late) ? 'failed' : 'unknown'),
      );
      throw new PublishOutcomeUnknownError(eventName, timeoutMs, settled, err as Error);
    }
  }

  /** The connection, opened and the stream declared on first use. */
  #connect(): Promise<Link> {
    this.#link ??= this.#open().then(
      (link) => (this.#linked = link),
      (err: unknown) => {
        this.#link = undefined; // a later call tries again
        throw err;
      },
    );
    return this.#link;
  }

  async #open(): Promise<Link> {
    const connection = await openConnection(this.#options);
    const nc = connection.nc;
    try {
      const jsm = await natsLibrary().jetstream.jetstreamManager(nc);
      await ensureStream(jsm, this.#options);
      return { connection, nc, jsm, js: jsm.jetstream() };
    } catch (err) {
      await nc.close();
      throw err;
    }
  }
}

/** Whether JetStream itself refused the message (too big, a limit): sending it again will not help. */
function refused(err: unknown): boolean {
  return err instanceof Error && err.cause instanceof natsLibrary().jetstream.JetStreamApiError;
}

/** The headers of a message published with `metadata`: none when it carries nothing to send. */
function headersOf(metadata: EventMetadata | undefined): MsgHdrs | undefined {
  const id = metadata?.requestId;
  const fields = traceFieldsOf(metadata?.trace);
  if (!isRequestId(id) && fields.length === 0) return undefined;
  const h = natsLibrary().nats.headers();
  if (isRequestId(id)) h.set(REQUEST_ID_HEADER, id);
  for (const [name, value] of fields) h.set(name, value);
  return h;
}

/**
 * A {@link Transport} over NATS JetStream for `createApp({ transport })`.
 * @example
 * const transport = natsTransport({ url: 'nats://127.0.0.1:4222', group: 'billing' });
 * const app = createApp({ bindings, transport });
 * @see docs/transport-nats.md
 */
export function natsTransport(options: NatsTransportOptions): Transport {
  return new NatsTransport(options);
}
