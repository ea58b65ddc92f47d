// Shared by the trace context tests of every transport: the W3C Trace Context and Baggage fields a
// producer sends, what a transport must not send or give back, and a handler that records what
// each delivery carried.
import type { Delivery, EventMetadata } from 'fw';

/** The trace context of a sampled span, as a W3C propagator writes it. */
export const TRACE = Object.freeze({
  traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01',
  tracestate: 'congo=t61rcWkgMzE,rojo=00f067aa0ba902b7',
  baggage: 'userId=alice,serverNode=DF%2028',
});

/** The longest field value a transport carries (`MAX_TRACE_FIELD`). */
export const MAX_FIELD = 8192;

/**
 * A `trace` of fields a transport does not send: another name, an over-long value, a line break,
 * an empty and a non-string value; the one valid field (a `traceparent` of exactly the longest
 * length) still goes.
 */
export const MIXED_TRACE = {
  traceparent: 'p'.repeat(MAX_FIELD),
  tracestate: 's'.repeat(MAX_FIELD + 1),
  baggage: 'a=1\r\nx-injected: yes',
  'x-tenant': 'acme',
  uber_trace_id: '1:2:0:1',
} as Record<string, string>;

/** What a consumer got of {@link MIXED_TRACE}. */
export const MIXED_TRACE_KEPT = { traceparent: 'p'.repeat(MAX_FIELD) };

/** What one delivery carried besides its payload. */
export interface Carried {
  readonly id: number;
  readonly metadata: EventMetadata | undefined;
  readonly messageId: string | undefined;
  readonly attempt: Delivery['attempt'];
}

/** A handler that records what each delivery carried, then runs `then` (which may throw). */
export function carriedBy(
  seen: Carried[],
  then: (carried: Carried) => void = () => {},
): (delivery: Delivery) => Promise<void> {
  return async (delivery) => {
    const { id } = JSON.parse(Buffer.from(delivery.payload).toString('utf8')) as { id: number };
    const { metadata, messageId, attempt } = delivery;
    const carried = { id, metadata, messageId, attempt };
    seen.push(carried);
    then(carried);
  };
}
