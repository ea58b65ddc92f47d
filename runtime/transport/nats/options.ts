/** The options of `natsTransport`, their defaults, and their checks. */
import { FallbackLogger } from '../../core/log/fallback-logger.js';
import type { Logger } from '../../core/log/logger.js';
import { type OptionChecks, optionChecks, shown } from '../../core/options.js';
import { type RetryOptions, type RetryPolicy, resolveRetry } from '../../events/retry-policy.js';
import { type ReconnectOptions, resolveReconnect } from '../shared/reconnect.js';

/** What `natsTransport` takes. Only `url` and `group` are required. */
export interface NatsTransportOptions {
  /** The server, e.g. `nats://127.0.0.1:4222`; several, comma-separated, for a cluster. */
  readonly url: string;
  /**
   * The consumer group: the name of the durable JetStream consumer this app pulls from. Instances
   * with the same group share its messages; each group gets every message.
   */
  readonly group: string;
  /** The JetStream stream that holds the events; created if missing. @default 'FW_EVENTS' */
  readonly stream?: string;
  /** Events travel on `${subjectPrefix}.${eventName}`. @default 'fw.events' */
  readonly subjectPrefix?: string;
  /** Deliveries of one message before it is dead-lettered. @default 5 */
  readonly maxDeliver?: number;
  /**
   * Waits between the deliveries of a failed message (`nak(delay)`: JetStream holds the message
   * for the group meanwhile); `retry.attempts` then counts the deliveries, so `maxDeliver` may
   * not be given too. @default none: redelivered at once, up to `maxDeliver`
   * @see docs/transport-nats.md
   */
  readonly retry?: RetryOptions;
  /**
   * Where a message goes after `maxDeliver` failed deliveries (added to the stream unless a stream
   * already holds it); `false` drops it. @default `${subjectPrefix}-dead.${group}`
   */
  readonly deadLetterSubject?: string | false;
  /** How long a delivery may stay unacknowledged before JetStream redelivers it. @default 30000 */
  readonly ackWait?: number;
  /** Most unacknowledged messages of the group, over all its instances. @default 1000 */
  readonly maxAckPending?: number;
  /** Most handlers one instance runs at once. @default 16 */
  readonly concurrency?: number;
  /** Where a group created now starts: new messages only, or the whole stream. @default 'new' */
  readonly deliverPolicy?: 'new' | 'all';
  /** Backoff between reconnection attempts; `false` never reconnects. */
  readonly reconnect?: Partial<ReconnectOptions> | false;
  /** How long `publish` tries (resending the same message id) before it rejects. @default 10000 */
  readonly publishTimeoutMs?: number;
  /**
   * Where failed messages, dead letters and connection changes are reported.
   * @default the app's logger (fw's JSON lines on stdout outside an app)
   */
  readonly logger?: Logger;
}

/** The options with defaults applied. @internal */
export interface ResolvedOptions {
  readonly url: string;
  readonly group: string;
  readonly stream: string;
  readonly subjectPrefix: string;
  readonly maxDeliver: number;
  /** The waits between deliveries; `maxDeliver` is its `attempts`. */
  readonly retry: RetryPolicy | undefined;
  readonly deadLetterSubject: string | false;
  readonly ackWait: number;
  readonly maxAckPending: number;
  readonly concurrency: number;
  readonly deliverPolicy: 'new' | 'all';
  readonly reconnect: ReconnectOptions;
  readonly publishTimeoutMs: number;
  /** The `logger` option, else the app's once started, else fw's JSON lines. */
  readonly logger: FallbackLogger;
}

const check: OptionChecks = optionChecks('natsTransport');
const { integer, text } = check;
const invalid: OptionChecks['invalid'] = check.invalid;

// JetStream names (streams, consumers) may not hold these (ADR-6).
const BAD_NAME = /[\s.*>/\\]/;
// A subject is dot-separated non-empty tokens without whitespace; `*` and `>` are wildcards.
const SUBJECT = /^[^\s.*>]+(\.[^\s.*>]+)*$/;

/** Applies defaults and rejects values that make no sense, naming the option. @internal */
export function resolveOptions(options: NatsTransportOptions): ResolvedOptions {
  const group = jsName('group', options.group);
  const subjectPrefix = subject('subjectPrefix', options.subjectPrefix ?? 'fw.events');
  const dead = options.deadLetterSubject ?? `${subjectPrefix}-dead.${group}`;
  const retry = resolveRetry(options.retry, check);
  if (retry !== undefined && options.maxDeliver !== undefined) {
    const expected = 'left out with retry (retry.attempts counts the deliveries)';
    invalid('maxDeliver', expected, shown(options.maxDeliver));
  }
  return {
    url: text('url', options.url),
    group,
    stream: jsName('stream', options.stream ?? 'FW_EVENTS'),
    subjectPrefix,
    maxDeliver: retry?.attempts ?? integer('maxDeliver', options.maxDeliver ?? 5, 1, 1_000_000),
    retry,
    deadLetterSubject: dead === false ? false : deadLetter(subjectPrefix, dead),
    ackWait: integer('ackWait', options.ackWait ?? 30_000, 1000, 2 ** 31),
    maxAckPending: integer('maxAckPending', options.maxAckPending ?? 1000, 1, 1_000_000),
    concurrency: integer('concurrency', options.concurrency ?? 16, 1, 10_000),
    deliverPolicy: oneOf('deliverPolicy', options.deliverPolicy ?? 'new', ['new', 'all']),
    reconnect: resolveReconnect(options.reconnect, check),
    publishTimeoutMs: integer('publishTimeoutMs', options.publishTimeoutMs ?? 10_000, 1, 2 ** 31),
    logger: new FallbackLogger(options.logger),
  };
}

/**
 * The options of a consumer's own `group` (`@EventConsumer({ group })`): the durable consumer of
 * that name, whose dead letters go to `${subjectPrefix}-dead.${group}` unless `deadLetterSubject`
 * names one subject for all (or is `false`). @internal
 */
export function groupOptions(options: ResolvedOptions, group: string): ResolvedOptions {
  if (group === options.group) return options;
  const { subjectPrefix, deadLetterSubject } = options;
  const defaulted = deadLetterSubject === `${subjectPrefix}-dead.${options.group}`;
  return {
    ...options,
    group: jsName('@EventConsumer group', group),
    deadLetterSubject: defaulted ? `${subjectPrefix}-dead.${group}` : deadLetterSubject,
  };
}

/**
 * The options of an instance's broadcast consumer, named `${group}-broadcast-${id}`: one delivery
 * per message and no dead letters, as a failure concerns this instance alone. @internal
 */
export function broadcastOptions(options: ResolvedOptions, id: string): ResolvedOptions {
  return {
    ...options,
    group: `${options.group}-broadcast-${id}`,
    maxDeliver: 1,
    retry: undefined,
    deadLetterSubject: false,
  };
}

/** The subject of `eventName`; throws for a name that is not a valid subject. @internal */
export function eventSubject(prefix: string, eventName: string): string {
  if (!SUBJECT.test(eventName)) {
    throw new TypeError(
      `nats transport: event name ${JSON.stringify(eventName)} is not a valid subject: use ` +
        "dot-separated tokens without whitespace, '*' or '>'",
    );
  }
  return `${prefix}.${eventName}`;
}

/** The event name of a message on `subject`. @internal */
export function eventNameOf(prefix: string, subject: string): string {
  return subject.slice(prefix.length + 1);
}

function deadLetter(prefix: string, value: unknown): string {
  const s = subject('deadLetterSubject', value);
  // On the event prefix it would be a consumable event, and could overlap the stream's subjects.
  if (s.startsWith(`${prefix}.`)) {
    invalid('deadLetterSubject', `a subject outside '${prefix}.>' (the events)`, shown(value));
  }
  return s;
}

function jsName(option: string, value: unknown): string {
  const s = text(option, value);
  if (BAD_NAME.test(s))
    invalid(option, "a name without whitespace, '.', '*', '>', '/' or '\\'", shown(s));
  return s;
}

function subject(option: string, value: unknown): string {
  const s = text(option, value);
  if (!SUBJECT.test(s) || s.startsWith('$')) {
    invalid(
      option,
      "a subject of dot-separated tokens, without wildcards or a leading '$'",
      shown(s),
    );
  }
  return s;
}

function oneOf<T extends string>(option: string, value: unknown, allowed: readonly T[]): T {
  if (!allowed.includes(value as T)) {
    invalid(option, `one of ${allowed.map((a) => `'${a}'`).join(', ')}`, shown(value));
  }
  return value as T;
}
