// Trace context over a real NATS JetStream: the W3C fields of `metadata.trace` travel as message
// headers of their names into the consumer's `delivery.metadata.trace`, and onto the dead letter;
// nothing else is sent or given back. Every delivery names the message (`messageId`: its
// `Nats-Msg-Id`, else its place in the stream) and which delivery it is (`attempt`).
import { jetstream } from '@nats-io/jetstream';
import { headers as natsHeaders } from '@nats-io/transport-node';
import { afterEach, describe, expect, it } from 'vitest';
import {
  type Carried,
  carriedBy,
  MAX_FIELD,
  MIXED_TRACE,
  MIXED_TRACE_KEPT,
  TRACE,
} from '../trace-support.js';
import {
  admin,
  type Names,
  payload,
  Resources,
  storedOn,
  testTransport,
  uniqueNames,
  waitFor,
} from './support.js';

const EVENT = 'order.placed';
const HEADERS = ['X-Request-Id', 'traceparent', 'tracestate', 'baggage', 'x-tenant'];

const res = new Resources();
afterEach(() => res.release());

/** A started transport whose handler records each delivery, then runs `then`. */
async function started(
  names: Names,
  seen: Carried[],
  options: Parameters<typeof testTransport>[1] = {},
  then?: (carried: Carried) => void,
) {
  const transport = res.track(testTransport(names, options));
  await transport.start([EVENT], carriedBy(seen, then));
  return transport;
}

/** The headers of the one message stored on `subject` among `HEADERS`, those it has. */
async function storedHeaders(names: Names, subject: string): Promise<Record<string, string>> {
  const stored = await storedOn(names, subject);
  expect(stored).toHaveLength(1);
  const found: Record<string, string> = {};
  for (const name of HEADERS) {
    const value = stored[0]?.header.get(name);
    if (value !== undefined && value !== '') found[name] = value;
  }
  return found;
}

/** Publishes `data` to the stream as another service would, with `headers`. */
async function publishRaw(subject: string, data: Uint8Array, headers: Record<string, string>) {
  const { nc } = await admin();
  try {
    const h = natsHeaders();
    for (const [name, value] of Object.entries(headers)) h.set(name, value);
    await jetstream(nc).publish(subject, data, { headers: h });
  } finally {
    await nc.close();
  }
}

describe('trace context over nats', () => {
  it("is the 'nats' system", () => {
    expect(testTransport(uniqueNames()).system).toBe('nats');
  });

  it('carries traceparent, tracestate and baggage as message headers to the consumer', async () => {
    const names = res.names();
    const seen: Carried[] = [];
    const transport = await started(names, seen);

    await transport.publish(EVENT, payload(1), { requestId: 'req-1', trace: TRACE });
    await waitFor('the consumer', () => seen.length === 1);

    expect(seen[0]?.metadata).toEqual({ requestId: 'req-1', trace: TRACE });
    expect(await storedHeaders(names, `${names.subjectPrefix}.${EVENT}`)).toEqual({
      'X-Request-Id': 'req-1',
      ...TRACE,
    });
  });

  it('sends only the trace fields, each a string of at most 8192 characters', async () => {
    const names = res.names();
    const seen: Carried[] = [];
    const transport = await started(names, seen);

    await transport.publish(EVENT, payload(2), { requestId: 'req-2', trace: MIXED_TRACE });
    await waitFor('the consumer', () => seen.length === 1);

    expect(seen[0]?.metadata).toEqual({ requestId: 'req-2', trace: MIXED_TRACE_KEPT });
    expect(await storedHeaders(names, `${names.subjectPrefix}.${EVENT}`)).toEqual({
      'X-Request-Id': 'req-2',
      ...MIXED_TRACE_KEPT,
    });
  });

  it('gives back no foreign or over-long header of another publisher', async () => {
    const names = res.names();
    const seen: Carried[] = [];
    await started(names, seen);
    const subject = `${names.subjectPrefix}.${EVENT}`;

    await publishRaw(subject, payload(3), {
      traceparent: TRACE.traceparent,
      tracestate: 't'.repeat(MAX_FIELD + 1),
      'x-tenant': 'acme',
    });
    await publishRaw(subject, payload(4), { baggage: 'b'.repeat(MAX_FIELD + 1) });
    await waitFor('the consumer', () => seen.length === 2);

    const byId = new Map(seen.map((c) => [c.id, c]));
    expect(byId.get(3)?.metadata?.trace).toEqual({ traceparent: TRACE.traceparent });
    expect(byId.get(4)?.metadata).not.toHaveProperty('trace');
    // Published without a Nats-Msg-Id, a message is named by its place in the stream.
    expect([byId.get(3)?.messageId, byId.get(4)?.messageId]).toEqual([
      `${names.stream}:1`,
      `${names.stream}:2`,
    ]);
  });

  it('names the message the same on every delivery and counts the attempts', async () => {
    const names = res.names();
    const seen: Carried[] = [];
    const transport = await started(names, seen, { maxDeliver: 3 }, () => {
      throw new Error('out of stock');
    });

    await transport.publish(EVENT, payload(5), { requestId: 'req-5', trace: TRACE });
    await waitFor('the dead letter', async () => {
      return (await storedOn(names, names.deadLetterSubject)).length === 1;
    });

    const [first] = seen;
    expect(first?.messageId).toEqual(expect.any(String));
    expect(seen.map((c) => [c.messageId, c.attempt])).toEqual(
      [1, 2, 3].map((number) => [first?.messageId, { number, max: 3, deadLetter: true }]),
    );
    expect(seen.map((c) => c.metadata?.trace)).toEqual([TRACE, TRACE, TRACE]);
    // The dead letter keeps the trace context, as it keeps the request id.
    expect(await storedHeaders(names, names.deadLetterSubject)).toEqual({
      'X-Request-Id': 'req-5',
      ...TRACE,
    });
  });

  it('gives a transport without dead letters attempts that end in a drop', async () => {
    const names = res.names();
    const seen: Carried[] = [];
    const transport = await started(
      names,
      seen,
      { maxDeliver: 2, deadLetterSubject: false },
      () => {
        throw new Error('out of stock');
      },
    );

    await transport.publish(EVENT, payload(6));
    await waitFor('the failure records', () => transport.logger.records.length === 2);

    expect(seen.map((c) => c.attempt)).toEqual([
      { number: 1, max: 2, deadLetter: false },
      { number: 2, max: 2, deadLetter: false },
    ]);
    expect(transport.logger.records.map((r) => r.fields['disposition'])).toEqual([
      'redelivered',
      'dropped',
    ]);
  });

  it('gives a broadcast delivery its only attempt, which drops the message', async () => {
    const names = res.names();
    const seen: Carried[] = [];
    const transport = res.track(testTransport(names));
    const handle = carriedBy(seen, () => {
      throw new Error('feed down');
    });
    const subscriptions = [{ delivery: { broadcast: true } as const, eventNames: [EVENT], handle }];
    await transport.start([EVENT], async () => {}, { subscriptions });

    await transport.publish(EVENT, payload(7), { trace: TRACE });
    await waitFor('the failure record', () =>
      transport.logger.records.some((r) => r.msg === 'event failed'),
    );

    expect(seen.map((c) => [c.attempt, c.metadata?.trace])).toEqual([
      [{ number: 1, max: 1, deadLetter: false }, TRACE],
    ]);
    const failed = transport.logger.records.filter((r) => r.msg === 'event failed');
    expect(failed.map((r) => r.fields['disposition'])).toEqual(['dropped']);
  });
});
