// The OpenTelemetry SDK of the servers measured with telemetry on ('fw (telemetry)' and
// 'Fastify (@fastify/otel)' in bench/http/jobs.ts), preloaded by both with `node --import`, as an
// app loads its otel.ts before the app. Registered globally as NodeSDK registers it: a tracer
// provider sampling every span into a BatchSpanProcessor, a meter provider with a reader, the
// async-hooks context manager and W3C trace context and baggage. Nothing leaves the process: the
// exporter drops each batch and nobody collects the reader, so a count is what instrumenting a
// request costs the server, and no exporter's serialising or network.
import { context, metrics, propagation, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import {
  CompositePropagator,
  W3CBaggagePropagator,
  W3CTraceContextPropagator,
} from '@opentelemetry/core';
import { MeterProvider, MetricReader } from '@opentelemetry/sdk-metrics';
import { BasicTracerProvider, BatchSpanProcessor } from '@opentelemetry/sdk-trace-base';

/** A span exporter that drops what it is given. */
const discarding = {
  export: (_spans, done) => done({ code: 0 }),
  shutdown: async () => {},
  forceFlush: async () => {},
};

/** A metric reader nobody collects: the instruments aggregate, nothing is exported. */
class Uncollected extends MetricReader {
  async onForceFlush() {}
  async onShutdown() {}
}

context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
propagation.setGlobalPropagator(
  new CompositePropagator({
    propagators: [new W3CTraceContextPropagator(), new W3CBaggagePropagator()],
  }),
);
trace.setGlobalTracerProvider(
  new BasicTracerProvider({ spanProcessors: [new BatchSpanProcessor(discarding)] }),
);
metrics.setGlobalMeterProvider(new MeterProvider({ readers: [new Uncollected()] }));
