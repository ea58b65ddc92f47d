/**
 * What every kind of span of the telemetry plug-in shares: the tracer, meter and propagator in
 * use, the carriers' getters and setters, and how an error and a span's ids are written down.
 */
import { errorCode } from '../../core/error-chain.js';
import type { LogFields } from '../../core/log/logger.js';
import type {
  Attributes,
  Getter,
  Histogram,
  OtelApi,
  OtelContext,
  Propagator,
  Setter,
  Span,
  Tracer,
  UpDownCounter,
} from './otel.js';
import { STATUS_ERROR } from './otel.js';

/** The telemetry of one app. */
export interface Telemetry {
  readonly api: OtelApi;
  readonly tracer: Tracer;
  readonly propagator: Propagator;
  /** `http.server.request.duration`, in seconds. */
  readonly requestDuration: Histogram;
  /** `messaging.process.duration`, in seconds. */
  readonly processDuration: Histogram;
  /** `fw.websocket.connections`. */
  readonly connections: UpDownCounter;
}

/** The bounds of the duration histograms, in seconds: those the conventions advise. */
export const DURATION_BUCKETS = [
  0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 7.5, 10,
];

/** A carrier of plain string fields: the trace context that travels with an event. */
export type FieldCarrier = Record<string, string>;

export const FIELD_GETTER: Getter<Readonly<FieldCarrier>> = {
  keys: (carrier) => Object.keys(carrier),
  get: (carrier, key) => carrier[key],
};

export const FIELD_SETTER: Setter<FieldCarrier> = {
  set: (carrier, key, value) => {
    carrier[key] = value;
  },
};

/** What a failure is named by in `error.type`: fw's code, else the error's class. */
export function errorType(err: Error): string {
  return errorCode(err) ?? (err.name || 'Error');
}

/** What was thrown, as an `Error`. */
export function asError(thrown: unknown): Error {
  return thrown instanceof Error ? thrown : new Error(String(thrown));
}

/**
 * Marks `span` failed: `error.type` (`type`, else `err`'s), status ERROR with the error's message,
 * and the `exception` event; a 5xx answered without an error gives its status as `type` alone.
 */
export function markFailed(span: Span, err: Error | undefined, type?: string): void {
  span.setAttribute('error.type', type ?? (err === undefined ? 'Error' : errorType(err)));
  span.setStatus({ code: STATUS_ERROR, ...(err === undefined ? {} : { message: err.message }) });
  if (err !== undefined) span.recordException(err);
}

/** A span whose ids are all zeros was not sampled into being: it has nothing to point to. */
const INVALID_TRACE = '00000000000000000000000000000000';

/** The fields a log record carries while `span` is active: pino's and OpenTelemetry's names. */
export function traceFields(span: Span | undefined): LogFields | undefined {
  if (span === undefined) return undefined;
  const { traceId, spanId, traceFlags } = span.spanContext();
  if (traceId === INVALID_TRACE) return undefined;
  return {
    trace_id: traceId,
    span_id: spanId,
    trace_flags: `0${traceFlags.toString(16)}`.slice(-2),
  };
}

/** Runs `fn` with `span` as the active span, under `parent`. */
export function within<R>(t: Telemetry, parent: OtelContext, span: Span, fn: () => R): R {
  return t.api.context.with(t.api.trace.setSpan(parent, span), fn);
}

/** `attributes` without the undefined ones: a metric's series are told apart by what is there. */
export function defined(attributes: Attributes): Attributes {
  const out: Attributes = {};
  for (const key in attributes) if (attributes[key] !== undefined) out[key] = attributes[key];
  return out;
}
