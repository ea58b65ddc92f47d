/**
 * One connection to the broker with its channels: a confirm channel for publishing and, once the
 * app consumes, a channel with the group's consumer. Losing any of them loses the session: the
 * transport then opens a new one, and the broker redelivers what was not acknowledged.
 */
import type { Channel, ChannelModel, ConfirmChannel, ConsumeMessage } from 'amqplib';
import { within } from '../shared/promises.js';
import type { ResolvedOptions } from './options.js';
import { declareExchange, declareGroup } from './topology.js';

// A socket that died without a word answers nothing until the heartbeat notices: bound the waits
// of a deliberate shutdown instead.
const RPC_TIMEOUT_MS = 5000;
const timedOut = () => new Error('rabbitmq: no answer from the broker');

/** Gets each message the group's consumer receives; `null` if the broker cancelled it. @internal */
export type OnMessage = (channel: Channel, message: ConsumeMessage | null) => void;

/** A live connection: see the file comment. @internal */
export class Session {
  /** The connection. */
  readonly model: ChannelModel;
  /** The channel `publish` uses; the broker confirms each message on it. */
  readonly publisher: ConfirmChannel;
  /** Settles when the connection is gone, for whatever reason. */
  readonly closed: Promise<void>;
  #consumer: { channel: Channel; tag: string } | undefined;
  #subscribing: Promise<void> | undefined;
  #closing = false;
  #ended = false;
  #lost: Error | undefined;

  private constructor(model: ChannelModel, publisher: ConfirmChannel, closed: Promise<void>) {
    this.model = model;
    this.publisher = publisher;
    this.closed = closed;
  }

  /**
   * Connects and declares the exchange. `onLost` is called once if the connection ends other than
   * by {@link Session.close}, with the reason.
   */
  static async open(
    options: ResolvedOptions,
    onLost: (session: Session, reason: Error) => void,
  ): Promise<Session> {
    const model = await options.connect(options.url);
    let session: Session | undefined;
    let lostBeforeOpen: Error | undefined;
    const closed = new Promise<void>((resolve) => {
      model.on('error', (err: Error) => {
        if (session !== undefined) session.#lost ??= err;
        else lostBeforeOpen ??= err;
      });
      model.on('close', (err?: Error) => {
        resolve();
        if (session === undefined) return;
        session.#ended = true;
        if (session.#closing) return;
        onLost(session, session.#lost ?? err ?? new Error('connection closed by the broker'));
      });
    });
    try {
      const publisher = await model.createConfirmChannel();
      session = new Session(model, publisher, closed);
      session.#watch(publisher); // before any operation: an unheard channel error would throw
      if (lostBeforeOpen !== undefined) throw lostBeforeOpen;
      await declareExchange(publisher, options);
      return session;
    } catch (err) {
      if (session !== undefined) session.#closing = true;
      await within(model.close(), RPC_TIMEOUT_MS, timedOut).catch(() => {});
      throw err;
    }
  }

  /** Whether the connection has ended. */
  get ended(): boolean {
    return this.#ended;
  }

  /** Declares the group's queue for `eventNames` and starts its consumer (once per session). */
  subscribe(options: ResolvedOptions, eventNames: readonly string[], onMessage: OnMessage) {
    this.#subscribing ??= (async () => {
      const channel = await this.model.createChannel();
      this.#watch(channel);
      await channel.prefetch(options.prefetch);
      await declareGroup(channel, options, eventNames);
      const { consumerTag } = await channel.consume(
        options.group,
        (message) => onMessage(channel, message),
        { noAck: false },
      );
      this.#consumer = { channel, tag: consumerTag };
    })();
    return this.#subscribing;
  }

  /** Stops the consumer: the broker sends nothing more; messages received stay in flight. */
  async stopConsuming(): Promise<void> {
    const consumer = this.#consumer;
    if (consumer === undefined) return;
    await within(consumer.channel.cancel(consumer.tag), RPC_TIMEOUT_MS, timedOut).catch(() => {});
  }

  /** Ends the session on purpose: unacknowledged messages go back to the queue. */
  async close(): Promise<void> {
    this.#closing = true;
    await within(this.model.close(), RPC_TIMEOUT_MS, timedOut).catch(() => {});
  }

  /** Ends the connection because it cannot be used any more, reporting `reason` as the loss. */
  lose(reason: Error): void {
    this.#lost ??= reason;
    this.model.close().catch(() => {});
  }

  // A channel the broker closed (a channel error) takes the session with it, so that recovery is
  // always the same path: a new connection with all its channels.
  #watch(channel: Channel): void {
    let error: Error | undefined;
    channel.on('error', (err: Error) => (error ??= err));
    channel.on('close', () => {
      if (!this.#closing) this.lose(error ?? new Error('channel closed'));
    });
  }
}
