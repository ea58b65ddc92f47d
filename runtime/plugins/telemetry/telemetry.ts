/**
 * OpenTelemetry for an app (`createApp({ telemetry })`): the {@link Instrumentation} that gives
 * every HTTP request, event and WebSocket message its span, records the metrics, and puts the
 * trace on log records. It calls the OpenTelemetry API only: the SDK, its exporters and its
 * context manager are the app's (a NodeSDK started before `createApp`). Without a context
 * manager, a span whose parent travels with what it handles (a request's `traceparent`, a
 * message's trace fields, a WebSocket message's upgrade) still has it, but nothing is active in a
 * handler: the events it sends and a user's own spans start traces of their own.
 */
import type { LogFields, Logger } from '../../core/log/logger.js';
import type { Instrumentation } from '../instrumentation.js';
import { tracedHttp } from './http-spans.js';
import { tracedDeliveries, tracedSend } from './messaging-spans.js';
import type { TelemetryOptions } from './options.js';
import { loadOtelApi, type Meter, type OtelApi, type Propagator, type Tracer } from './otel.js';
import { DURATION_BUCKETS, type Telemetry, traceFields } from './shared.js';
import { tracedMessages, upgradeObserver } from './websocket-spans.js';

/** The name fw's tracer and meter go by. */
export const INSTRUMENTATION_NAME = 'fw';

/** The instrumentation `createApp` applies for `telemetry`; loads `@opentelemetry/api`. */
export function openTelemetry(
  options: TelemetryOptions,
  api: OtelApi = loadOtelApi(),
): Instrumentation {
  const tracer = (options.tracerProvider ?? api.trace.getTracerProvider()).getTracer(
    INSTRUMENTATION_NAME,
  ) as Tracer;
  const meter = (options.meterProvider ?? api.metrics.getMeterProvider()).getMeter(
    INSTRUMENTATION_NAME,
  ) as Meter;
  const advice = { explicitBucketBoundaries: DURATION_BUCKETS };
  const t: Telemetry = {
    api,
    tracer,
    propagator: (options.propagator as Propagator | undefined) ?? api.propagation,
    requestDuration: meter.createHistogram('http.server.request.duration', {
      description: 'Duration of HTTP server requests.',
      unit: 's',
      advice,
    }),
    processDuration: meter.createHistogram('messaging.process.duration', {
      description: 'Duration of processing operation.',
      unit: 's',
      advice,
    }),
    connections: meter.createUpDownCounter('fw.websocket.connections', {
      description: 'WebSocket connections open.',
      unit: '{connection}',
    }),
  };
  return {
    logger: (logger) => tracedLogger(api, logger),
    http: (execute) => tracedHttp(t, execute),
    messages: (execute) => tracedMessages(t, execute),
    send: (send, system) => tracedSend(t, send, system),
    deliveries: (handle, consumer) => tracedDeliveries(t, handle, consumer),
    upgrades: upgradeObserver(t),
  };
}

/**
 * `logger`, each record with `trace_id`, `span_id` and `trace_flags` of the span active as it is
 * written (fields the record has already win).
 */
function tracedLogger(api: OtelApi, logger: Logger): Logger {
  const traced = (fields: LogFields): LogFields => {
    const active = traceFields(api.trace.getSpan(api.context.active()));
    return active === undefined ? fields : { ...active, ...fields };
  };
  const debug = logger.debug;
  return {
    error: (fields, message) => logger.error(traced(fields), message),
    warn: (fields, message) => logger.warn(traced(fields), message),
    info: (fields, message) => logger.info(traced(fields), message),
    ...(debug === undefined
      ? {}
      : { debug: (f: LogFields, m: string) => debug.call(logger, traced(f), m) }),
  };
}
