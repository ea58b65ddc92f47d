/**
 * The JetStream side of the transport, declared idempotently so that any number of instances may
 * start at once: a stream holding `${subjectPrefix}.>` (and the dead-letter subject unless another
 * stream holds it), one durable pull consumer per group, filtered to the consumed events, and
 * one ephemeral consumer per instance for its broadcast consumers.
 */
import type { ConsumerConfig, ConsumerInfo, JetStreamManager } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { natsLibrary } from './library.js';
import { eventSubject, type ResolvedOptions } from './options.js';

/** The JetStream library's values: its enums and error class. */
const js = () => natsLibrary().jetstream;

/** Creates the stream, or adds the subjects it lacks; never removes or changes anything else. @internal */
export async function ensureStream(jsm: JetStreamManager, options: ResolvedOptions): Promise<void> {
  const { stream, subjectPrefix, deadLetterSubject } = options;
  const wanted = [`${subjectPrefix}.>`];
  if (deadLetterSubject !== false && !(await isStored(jsm, stream, deadLetterSubject))) {
    wanted.push(deadLetterSubject);
  }
  // Two instances adding different dead-letter subjects at once: the last update wins, so look
  // again until every subject is there.
  for (let attempt = 1; ; attempt++) {
    const subjects = await streamSubjects(jsm, stream);
    if (subjects === undefined) {
      await jsm.streams
        .add({
          name: stream,
          subjects: wanted,
          retention: js().RetentionPolicy.Limits,
          storage: js().StorageType.File,
        })
        .catch((err: unknown) => {
          if (!String((err as Error).message).includes('already in use')) throw err;
        });
      continue;
    }
    const missing = wanted.filter((s) => !subjects.some((held) => covers(held, s)));
    if (missing.length === 0) return;
    if (attempt > 5) {
      throw new Error(`nats: could not add ${missing.join(', ')} to stream '${stream}'`);
    }
    await jsm.streams.update(stream, { subjects: [...subjects, ...missing] });
  }
}

/**
 * Creates the group's durable consumer, or brings an existing one to this configuration. Servers
 * before 2.10 have one filter subject: several events are then pulled as `${subjectPrefix}.>`
 * and those the app does not consume are acknowledged unhandled. @internal
 */
export async function ensureConsumer(
  nc: NatsConnection,
  jsm: JetStreamManager,
  options: ResolvedOptions,
  eventNames: readonly string[],
): Promise<ConsumerInfo> {
  const { stream, group } = options;
  const filter = filterOf(nc, options, eventNames);
  const settings: Partial<ConsumerConfig> = {
    ack_wait: natsLibrary().nats.nanos(options.ackWait),
    max_ack_pending: options.maxAckPending,
    // Unbounded on the server: the transport dead-letters after maxDeliver itself, so a message
    // whose last delivery was never answered (a crash, ackWait passed) comes back to be
    // dead-lettered instead of being dropped.
    max_deliver: -1,
    ...filter,
  };
  let current: ConsumerInfo;
  try {
    current = await jsm.consumers.info(stream, group);
  } catch (err) {
    if (
      !(
        err instanceof js().JetStreamApiError &&
        err.code === js().JetStreamApiCodes.ConsumerNotFound
      )
    ) {
      throw err;
    }
    const deliver =
      options.deliverPolicy === 'all' ? js().DeliverPolicy.All : js().DeliverPolicy.New;
    return jsm.consumers.add(stream, {
      durable_name: group,
      ack_policy: js().AckPolicy.Explicit,
      deliver_policy: deliver,
      ...settings,
    });
  }
  if (sameSettings(current.config, settings)) return current; // an update disturbs the pullers
  // The filter may move between subject and subjects: clear the other one.
  const clear =
    'filter_subjects' in filter ? { filter_subject: '' } : { filter_subjects: undefined };
  return jsm.consumers.update(stream, group, { ...clear, ...settings });
}

/**
 * Creates an instance's broadcast consumer (`options.group` is its name), or finds it again after
 * a failed pull: an ephemeral pull consumer of new messages, which the server deletes once nobody
 * has pulled from it for `inactive_threshold`, and the transport deletes on close. Every instance
 * has its own, so each receives every message. @internal
 */
export async function ensureBroadcastConsumer(
  nc: NatsConnection,
  jsm: JetStreamManager,
  options: ResolvedOptions,
  eventNames: readonly string[],
): Promise<ConsumerInfo> {
  const { stream, group } = options;
  try {
    return await jsm.consumers.info(stream, group);
  } catch (err) {
    if (
      !(
        err instanceof js().JetStreamApiError &&
        err.code === js().JetStreamApiCodes.ConsumerNotFound
      )
    ) {
      throw err;
    }
  }
  return jsm.consumers.add(stream, {
    name: group,
    ack_policy: js().AckPolicy.Explicit,
    deliver_policy: js().DeliverPolicy.New,
    ack_wait: natsLibrary().nats.nanos(options.ackWait),
    max_ack_pending: options.maxAckPending,
    max_deliver: -1,
    inactive_threshold: natsLibrary().nats.nanos(BROADCAST_INACTIVE_MS),
    ...filterOf(nc, options, eventNames),
  });
}

/** How long the server keeps a broadcast consumer nobody pulls from (a crashed instance's). */
export const BROADCAST_INACTIVE_MS = 30_000;

/** The consumer's filter: its events' subjects (the whole prefix before 2.10, for several). */
function filterOf(
  nc: NatsConnection,
  options: ResolvedOptions,
  eventNames: readonly string[],
): { filter_subject: string } | { filter_subjects: string[] } {
  const subjects = eventNames.map((name) => eventSubject(options.subjectPrefix, name));
  if (subjects.length === 1) return { filter_subject: subjects[0] as string };
  return multipleFilters(nc)
    ? { filter_subjects: subjects }
    : { filter_subject: `${options.subjectPrefix}.>` };
}

function sameSettings(current: ConsumerConfig, wanted: Partial<ConsumerConfig>): boolean {
  const filters = (c: Partial<ConsumerConfig>) =>
    [...(c.filter_subjects ?? []), ...(c.filter_subject ? [c.filter_subject] : [])].sort().join();
  return (
    current.ack_wait === wanted.ack_wait &&
    current.max_ack_pending === wanted.max_ack_pending &&
    current.max_deliver === wanted.max_deliver &&
    filters(current) === filters(wanted)
  );
}

/** Whether the server takes several filter subjects on one consumer (2.10 and later). */
function multipleFilters(nc: NatsConnection): boolean {
  const [major = 0, minor = 0] = (nc.info?.version ?? '0.0').split('.').map(Number);
  return major > 2 || (major === 2 && minor >= 10);
}

async function streamSubjects(
  jsm: JetStreamManager,
  stream: string,
): Promise<string[] | undefined> {
  try {
    return (await jsm.streams.info(stream)).config.subjects ?? [];
  } catch (err) {
    if (
      err instanceof js().JetStreamApiError &&
      err.code === js().JetStreamApiCodes.StreamNotFound
    ) {
      return undefined;
    }
    throw err;
  }
}

/** Whether a stream other than `ours` holds `subject`. */
async function isStored(jsm: JetStreamManager, ours: string, subject: string): Promise<boolean> {
  try {
    return (await jsm.streams.find(subject)) !== ours;
  } catch (err) {
    if (
      err instanceof js().JetStreamApiError &&
      err.code === js().JetStreamApiCodes.StreamNotFound
    ) {
      return false;
    }
    if ((err as Error).message === 'no stream matches subject') return false;
    throw err;
  }
}

/** Whether the subject pattern `held` matches every subject `wanted` matches. @internal */
export function covers(held: string, wanted: string): boolean {
  const h = held.split('.');
  const w = wanted.split('.');
  for (let i = 0; i < h.length; i++) {
    if (h[i] === '>') return w.length > i && w[i] !== undefined;
    if (i >= w.length) return false;
    if (h[i] === '*' ? w[i] === '>' : h[i] !== w[i]) return false;
  }
  return h.length === w.length;
}
