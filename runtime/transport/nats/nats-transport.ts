/**
 * The NATS JetStream {@link Transport}: events are published to `${subjectPrefix}.${eventName}`
 * in a stream and resolve once the stream acknowledged them; an app pulls from its group's durable
 * consumer, acknowledging a message when the handler resolved, asking for redelivery when it
 * rejected, and dead-lettering it after `maxDeliver` deliveries. The client reconnects by itself
 * and the pulls resume.
 */
import type { Consumer, JetStreamClient, JetStreamManager } from '@nats-io/jetstream';
import type { MsgHdrs, NatsConnection } from '@nats-io/transport-node';
import { isRequestId, REQUEST_ID_HEADER } from '../../context/request-id.js';
import type {
  DeliveryHandler,
  EventMetadata,
  Transport,
  TransportStartOptions,
} from '../../events/transport.js';
import { InFlight, within } from '../shared/promises.js';
import { type Connection, openConnection } from './connection.js';
import { natsLibrary } from './library.js';
import {
  eventSubject,
  type NatsTransportOptions,
  type ResolvedOptions,
  resolveOptions,
} from './options.js';
import { type Outgoing, publishAcked } from './publish-acked.js';
import { Puller } from './puller.js';
import { ensureConsumer, ensureStream } from './topology.js';

const DRAIN_TIMEOUT_MS = 5000;

interface Link {
  readonly connection: Connection;
  readonly nc: NatsConnection;
  readonly jsm: JetStreamManager;
  readonly js: JetStreamClient;
}

/** See the file comment; create it with `natsTransport(options)`. */
export class NatsTransport implements Transport {
  readonly #options: ResolvedOptions;
  readonly #publishing = new InFlight();
  #link: Promise<Link> | undefined;
  /** The link once open. */
  #linked: Link | undefined;
  #puller: Puller | undefined;
  #started = false;
  #closing = false;
  #closed = false;
  #shutdown: Promise<void> | undefined;

  constructor(options: NatsTransportOptions) {
    this.#options = resolveOptions(options);
  }

  /**
   * Connects, declares the stream and the group's consumer for `eventNames`, and starts pulling.
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
      const { nc, jsm, js } = await this.#connect();
      if (eventNames.length === 0) return;
      // Built from the info ensureConsumer already has: before 2.9.15 the server recomputed a
      // filtered consumer's pending count on every info request (nats-server#3877), which slowed
      // delivery to the whole group for a while.
      const first = js.consumers.getConsumerFromInfo(
        await ensureConsumer(nc, jsm, options, eventNames),
      );
      this.#puller = new Puller({
        options,
        js,
        eventNames,
        handle,
        consumer: async (recovering) => {
          if (!recovering) return first;
          return this.#recover(nc, jsm, js, eventNames);
        },
        closed: () => nc.isClosed(),
      });
      this.#puller.start();
    } catch (err) {
      this.#started = false;
      throw err;
    }
  }

  /**
   * Publishes one message, its `requestId` (when a token) in header `X-Request-Id`; resolves once
   * the stream acknowledged it (resent until then).
   */
  publish(eventName: string, payload: Uint8Array, metadata?: EventMetadata): Promise<void> {
    if (this.#closed) {
      return Promise.reject(new Error(`nats transport is closed; event ${eventName} not sent`));
    }
    const id = metadata?.requestId;
    return this.#publishing.track(
      this.#publish(eventName, payload, isRequestId(id) ? id : undefined),
    );
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
    await this.#puller?.stop();
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
    requestId: string | undefined,
  ): Promise<void> {
    const subject = eventSubject(this.#options.subjectPrefix, eventName);
    const { nc, js } = await this.#connect();
    const gaveUp = () => this.#closed || nc.isClosed();
    const message: Outgoing =
      requestId === undefined
        ? { subject, payload }
        : { subject, payload, headers: requestHeaders(requestId) };
    await publishAcked(js, message, this.#options.publishTimeoutMs, gaveUp);
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

  /** After a failed pull: the stream or the consumer may have been deleted, declare them again. */
  async #recover(
    nc: NatsConnection,
    jsm: JetStreamManager,
    js: JetStreamClient,
    eventNames: readonly string[],
  ): Promise<Consumer> {
    await ensureStream(jsm, this.#options);
    return js.consumers.getConsumerFromInfo(
      await ensureConsumer(nc, jsm, this.#options, eventNames),
    );
  }
}

/** The headers of a message published by request `requestId`. */
function requestHeaders(requestId: string): MsgHdrs {
  const h = natsLibrary().nats.headers();
  h.set(REQUEST_ID_HEADER, requestId);
  return h;
}
