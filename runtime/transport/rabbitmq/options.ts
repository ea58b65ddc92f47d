/** The options of `rabbitmqTransport`, their defaults, and their checks. */
import type { ChannelModel } from 'amqplib';
import type { Logger } from '../../core/log/logger.js';
import { type OptionChecks, optionChecks, shown } from '../../core/options.js';
import { type RetryOptions, type RetryPolicy, resolveRetry } from '../../events/retry-policy.js';
import { importOptional } from '../shared/optional-package.js';
import { type ReconnectOptions, resolveReconnect } from '../shared/reconnect.js';

/** Where dead letters go: a direct exchange and a queue bound to it by the group's name. */
export interface DeadLetterOptions {
  /** @default `${exchange}.dead` */
  readonly exchange?: string;
  /** @default `${group}.dead` */
  readonly queue?: string;
}

/** What `rabbitmqTransport` takes. Only `url` and `group` are required. */
export interface RabbitMqTransportOptions {
  /** The broker, e.g. `amqp://guest:guest@127.0.0.1:5672` (`amqps://` for TLS). */
  readonly url: string;
  /**
   * The consumer group: the name of the durable queue this app consumes from. Instances with the
   * same group share its messages; each group gets every message.
   */
  readonly group: string;
  /** The durable topic exchange events go to, routed by event name. @default 'fw.events' */
  readonly exchange?: string;
  /** Most messages one instance handles at once (unacknowledged). @default 16 */
  readonly prefetch?: number;
  /**
   * Deliveries of one message before it is dead-lettered (the quorum queue's `x-delivery-limit`
   * is one less: the count of failed deliveries it tolerates). @default 5
   */
  readonly maxDeliveries?: number;
  /** Where a message goes after `maxDeliveries` failures; `false` drops it. */
  readonly deadLetter?: DeadLetterOptions | false;
  /**
   * Waits between the deliveries of a failed message, held on the broker in delay queues
   * (`${group}.retry.${ms}`); `retry.attempts` then counts the deliveries in place of
   * `maxDeliveries`, which stays the queue's limit on deliveries that end with no answer (an
   * instance that died mid-handler). @default none: redelivered at once, up to `maxDeliveries`
   * @see docs/transport-rabbitmq.md
   */
  readonly retry?: RetryOptions;
  /** Backoff between reconnection attempts after a lost connection; `false` never reconnects. */
  readonly reconnect?: Partial<ReconnectOptions> | false;
  /** How long `publish` waits for a connection and the broker's confirmation. @default 10000 */
  readonly publishTimeoutMs?: number;
  /**
   * Where failed messages and lost connections are reported.
   * @default the app's logger (fw's JSON lines on stdout outside an app)
   */
  readonly logger?: Logger;
  /**
   * Opens a connection; replace it to pass socket or TLS options.
   * @default amqplib's `connect`, giving up on a connection not open within 10 s
   */
  readonly connect?: (url: string) => Promise<AmqpConnection>;
}

/**
 * A connection as `connect` answers it: amqplib's `ChannelModel`, in fw's own words, so that fw's
 * declarations name nothing of amqplib and an app compiles before it is installed.
 */
export interface AmqpConnection {
  createChannel(): Promise<unknown>;
  createConfirmChannel(): Promise<unknown>;
  close(): Promise<void>;
  on(event: string, listener: (...args: never[]) => void): unknown;
}

/** The options with defaults applied. @internal */
export interface ResolvedOptions {
  readonly url: string;
  readonly group: string;
  readonly exchange: string;
  readonly prefetch: number;
  readonly maxDeliveries: number;
  readonly deadLetter: Required<DeadLetterOptions> | false;
  readonly retry: RetryPolicy | undefined;
  readonly reconnect: ReconnectOptions;
  readonly publishTimeoutMs: number;
  /** The option as given: undefined for the app's. */
  readonly logger: Logger | undefined;
  readonly connect: (url: string) => Promise<AmqpConnection>;
}

const CONNECT_TIMEOUT_MS = 10_000;
const check: OptionChecks = optionChecks('rabbitmqTransport');

/** Applies defaults and rejects values that make no sense, naming the option. @internal */
export function resolveOptions(options: RabbitMqTransportOptions): ResolvedOptions {
  const exchange = name('exchange', options.exchange ?? 'fw.events');
  const group = name('group', options.group);
  const dead = options.deadLetter ?? {};
  return {
    url: name('url', options.url, false),
    group,
    exchange,
    prefetch: check.integer('prefetch', options.prefetch ?? 16, 1, 65535),
    maxDeliveries: check.integer('maxDeliveries', options.maxDeliveries ?? 5, 1, 1_000_000),
    deadLetter:
      dead === false
        ? false
        : {
            exchange: name('deadLetter.exchange', dead.exchange ?? `${exchange}.dead`),
            queue: name('deadLetter.queue', dead.queue ?? `${group}.dead`),
          },
    retry: resolveRetry(options.retry, check),
    reconnect: resolveReconnect(options.reconnect, check),
    publishTimeoutMs: check.integer(
      'publishTimeoutMs',
      options.publishTimeoutMs ?? 10_000,
      1,
      2 ** 31,
    ),
    logger: options.logger,
    connect: options.connect ?? connectWithAmqplib,
  };
}

/**
 * The options of a consumer's own `group` (`@EventConsumer({ group })`): its queue is the group's
 * name, its dead letters go to `${group}.dead` (`deadLetter.queue` names the app group's only).
 * @internal
 */
export function groupOptions(options: ResolvedOptions, group: string): ResolvedOptions {
  if (group === options.group) return options;
  const dead = options.deadLetter;
  return {
    ...options,
    group: name('@EventConsumer group', group),
    deadLetter: dead === false ? false : { ...dead, queue: `${group}.dead` },
  };
}

function name(option: string, value: unknown, isBrokerName = true): string {
  const s = check.text(option, value);
  // RabbitMQ reserves the amq. prefix (and '' is the default exchange, which routes by queue name, not by event).
  if (isBrokerName && s.startsWith('amq.')) {
    check.invalid(option, "a name not starting with 'amq.' (reserved by RabbitMQ)", shown(s));
  }
  return s;
}

/**
 * amqplib's `connect`, giving up after {@link CONNECT_TIMEOUT_MS}; amqplib, an optional peer
 * dependency, is imported at the first connection: missing, it fails with `FW_ERR_PACKAGE_MISSING`.
 */
async function connectWithAmqplib(url: string): Promise<ChannelModel> {
  const amqplib = await importOptional('rabbitmqTransport()', 'amqplib', () => import('amqplib'));
  return amqplib.connect(url, { timeout: CONNECT_TIMEOUT_MS });
}
