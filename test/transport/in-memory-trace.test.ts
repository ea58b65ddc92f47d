// Trace context on the in-memory transport: the consumer gets the W3C fields of `metadata.trace`
// a broker transport would have carried, and nothing else; every delivery names its message and
// is its first and last attempt (a failure drops it).
import { type Delivery, inMemoryTransport, type Transport } from 'fw';
import { afterEach, describe, expect, it } from 'vitest';
import { recordingLogger } from '../http/support.js';
import { payload, waitFor } from './support.js';
import { type Carried, carriedBy, MIXED_TRACE, MIXED_TRACE_KEPT, TRACE } from './trace-support.js';

const EVENT = 'order.placed';

const open: Transport[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((t) => t.close()));
});

/** A started in-memory transport whose handler records each delivery, then runs `then`. */
async function started(
  seen: Carried[],
  then?: (carried: Carried) => void,
  logger = recordingLogger(),
): Promise<Transport> {
  const transport = inMemoryTransport({ logger });
  open.push(transport);
  await transport.start([EVENT], carriedBy(seen, then));
  return transport;
}

describe('trace context on the in-memory transport', () => {
  it("is the 'fw_memory' system", () => {
    expect(inMemoryTransport().system).toBe('fw_memory');
  });

  it('gives the consumer the trace context it was published with', async () => {
    const seen: Carried[] = [];
    const transport = await started(seen);

    await transport.publish(EVENT, payload(1), { requestId: 'req-1', trace: TRACE });
    await waitFor('the consumer', () => seen.length === 1);

    expect(seen[0]?.metadata).toEqual({ requestId: 'req-1', trace: TRACE });
  });

  it.each<[string, Record<string, string> | undefined, Record<string, string> | undefined]>([
    ['foreign, over-long and multi-line fields', MIXED_TRACE, MIXED_TRACE_KEPT],
    ['non-string and empty fields', { traceparent: 42, tracestate: '' } as never, undefined],
    ['an empty trace', {}, undefined],
    ['no trace', undefined, undefined],
  ])('keeps only what a broker would carry of %s', async (_name, trace, kept) => {
    const seen: Carried[] = [];
    const transport = await started(seen);

    await transport.publish(EVENT, payload(2), { requestId: 'req-2', trace });
    await waitFor('the consumer', () => seen.length === 1);

    // Strictly: a consumer given no trace finds no `trace` field at all.
    expect(seen[0]?.metadata).toStrictEqual(
      kept === undefined ? { requestId: 'req-2' } : { requestId: 'req-2', trace: kept },
    );
  });

  it('names each message, and drops a failed one at its only attempt', async () => {
    const seen: Carried[] = [];
    const logger = recordingLogger();
    const transport = await started(
      seen,
      () => {
        throw new Error('out of stock');
      },
      logger,
    );

    await transport.publish(EVENT, payload(3));
    await transport.publish(EVENT, payload(4));
    await waitFor('both failure records', () => logger.records.length === 2);

    const [first, second] = seen;
    expect(first?.messageId).toEqual(expect.any(String));
    expect(second?.messageId).toEqual(expect.any(String));
    expect(first?.messageId).not.toBe(second?.messageId);
    expect(seen.map((c) => c.attempt)).toEqual([
      { number: 1, max: 1, deadLetter: false },
      { number: 1, max: 1, deadLetter: false },
    ]);
    expect(logger.records.map((r) => r.fields['disposition'])).toEqual(['dropped', 'dropped']);
  });

  it('gives every subscription of a message the same message id', async () => {
    const ids: (string | undefined)[] = [];
    const record = async (d: Delivery) => {
      ids.push(d.messageId);
    };
    const transport = inMemoryTransport();
    open.push(transport);
    await transport.start([EVENT], record, {
      subscriptions: [
        { eventNames: [EVENT], handle: record },
        { delivery: { group: 'billing' }, eventNames: [EVENT], handle: record },
      ],
    });

    await transport.publish(EVENT, payload(5));
    await waitFor('both subscriptions', () => ids.length === 2);

    expect(ids[0]).toEqual(expect.any(String));
    expect(ids[1]).toBe(ids[0]);
  });
});
