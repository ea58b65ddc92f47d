/**
 * The trace context fields a transport carries with a message (W3C Trace Context `traceparent`
 * and `tracestate`, W3C Baggage `baggage`): which of `metadata.trace` it sends, and which of a
 * message's headers it gives back. One rule for both ends and every transport, so that what a
 * consumer reads is what a producer of fw could have sent.
 * @see https://www.w3.org/TR/trace-context/#trace-context-http-headers-format
 */
import { MAX_TRACE_FIELD, TRACE_FIELDS } from './transport.js';

// A line break would end a NATS header line (the client refuses it) and has no place in any of
// the three fields.
const LINE_BREAK = /[\r\n]/;

/**
 * Whether `value` is a trace field value a transport carries: a string of 1 to
 * {@link MAX_TRACE_FIELD} characters without CR or LF. @internal
 */
export function isTraceField(value: unknown): value is string {
  return (
    typeof value === 'string' &&
    value.length > 0 &&
    value.length <= MAX_TRACE_FIELD &&
    !LINE_BREAK.test(value)
  );
}

/**
 * The fields of `trace` a transport sends, each as a header of its name: those named in
 * {@link TRACE_FIELDS} whose value {@link isTraceField}; the rest is not sent. @internal
 */
export function traceFieldsOf(
  trace: Readonly<Record<string, string>> | undefined,
): [name: string, value: string][] {
  const fields: [string, string][] = [];
  if (trace === undefined) return fields;
  for (const name of TRACE_FIELDS) {
    const value: unknown = Object.hasOwn(trace, name) ? trace[name] : undefined;
    if (isTraceField(value)) fields.push([name, value]);
  }
  return fields;
}

/**
 * The trace context of a message whose header `name` is `header(name)`: the fields named in
 * {@link TRACE_FIELDS} whose value {@link isTraceField}, anything else ignored; undefined when
 * none is. @internal
 */
export function traceOfHeaders(
  header: (name: string) => unknown,
): Readonly<Record<string, string>> | undefined {
  let trace: Record<string, string> | undefined;
  for (const name of TRACE_FIELDS) {
    const value = header(name);
    if (isTraceField(value)) (trace ??= {})[name] = value;
  }
  return trace;
}
