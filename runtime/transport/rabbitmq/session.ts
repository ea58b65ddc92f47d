/**
 * One connection to the broker with its channels: a confirm channel for publishing and, once the
 * app consumes, a channel per subscription's consumer. Losing any of them loses the session: the
 * transport then opens a new one, and the broker redelivers what was not acknowledged.
 */
import { randomUUID } from 'node:crypto';
import type { Channel, ChannelModel, ConfirmChannel, ConsumeMessage } from 'amqplib';
import type { BrokerSubscription } from '../../events/subscriptions.js';
import { within } from '../shared/promises.js';
import { groupOptions, type ResolvedOptions } from './options.js';
import { declareBroadcast, declareExchange, declareGroup } from './topology.js';

// A socket that died without a word answers nothing until the heartbeat notices: bound the waits
// of a deliberate shutdown instead.
const RPC_TIMEOUT_MS = 5000;
const timedOut = () => new Error('rabbitmq: no answer from the broker');

/**
 * Gets each message a subscription's consumer receives from `queue`; `null` if the broker
 * cancelled it. @internal
 */
export type OnMessage = (
  subscription: BrokerSubscription,
  queue: string,
  channel: Channel,
  message: ConsumeMessage | null,
) => void;

/** A live connection: see the file comment. @internal */
export class Session {
  /** The connection. */
  readonly model: ChannelModel;
  /** The channel `publish` uses; the broker confirms each message on it. */
  readonly publisher: ConfirmChannel;
  /** Settles when the connection is gone, for whatever reason. */
  readonly closed: Promise<void>;
  #consumers: { channel: Channel; tag: string }[] = [];
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
    // What connect gave is amqplib's ChannelModel, whatever the option's type says of it.
    const model = (await options.connect(options.url)) as ChannelModel;
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

  /**
   * Declares each subscription's queue and starts its consumer on a channel of its own (once per
   * session): the group's shared queue, or for a broadcast one a queue of this connection alone,
   * named `${group}.broadcast.${uuid}` anew on each connection (the broker may not have deleted
   * the last one's yet), which `onBroadcast` is told.
   */
  subscribe(
    options: ResolvedOptions,
    subscriptions: readonly BrokerSubscription[],
    onMessage: OnMessage,
    onBroadcast: (queue: string) => void,
  ) {
    this.#subscribing ??= (async () => {
      const broadcastQueue = `${options.group}.broadcast.${randomUUID()}`;
      for (const subscription of subscriptions) {
        const channel = await this.model.createChannel();
        this.#watch(channel);
        await channel.prefetch(options.prefetch);
        const { eventNames } = subscription;
        let queue = broadcastQueue;
        if (subscription.broadcast) await declareBroadcast(channel, options, queue, eventNames);
        else {
          queue = subscription.group;
          await declareGroup(channel, groupOptions(options, queue), eventNames);
        }
        const { consumerTag } = await channel.consume(
          queue,
          (message) => onMessage(subscription, queue, channel, message),
          { noAck: false },
        );
        this.#consumers.push({ channel, tag: consumerTag });
        if (subscription.broadcast) onBroadcast(queue);
      }
    })();
    return this.#subscribing;
  }

  /** Stops the consumers: the broker sends nothing more; messages received stay in flight. */
  async stopConsuming(): Promise<void> {
    await Promise.all(
      this.#consumers.map((c) =>
        within(c.channel.cancel(c.tag), RPC_TIMEOUT_MS, timedOut).catch(() => {}),
      ),
    );
  }

  /**
   * Ends the session on purpose: unacknowledged messages go back to the queue, and the broker
   * deletes the broadcast queue, which was this connection's alone.
   */
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
