/**
 * The real OpenTelemetry SDK for tests, as an app sets it up: a tracer provider exporting to an
 * `InMemorySpanExporter` through a `SimpleSpanProcessor`, a meter provider with a reader the test
 * collects from, and the async-hooks context manager (what NodeSDK registers).
 */
import { context, type SpanContext } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import {
  type DataPoint,
  type Histogram,
  MeterProvider,
  MetricReader,
} from '@opentelemetry/sdk-metrics';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  type ReadableSpan,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { afterAll, beforeAll } from 'vitest';

/** A reader the test asks for what has been recorded so far. */
class CollectingReader extends MetricReader {
  protected override async onForceFlush(): Promise<void> {}
  protected override async onShutdown(): Promise<void> {}
}

/** One histogram point as a test reads it. */
export interface Recorded {
  readonly attributes: Record<string, unknown>;
  readonly count: number;
}

/** The SDK of one test file; `telemetry` is what `createApp` takes. */
export interface TestSdk {
  readonly telemetry: {
    tracerProvider: BasicTracerProvider;
    meterProvider: MeterProvider;
    propagator: W3CTraceContextPropagator;
  };
  /** The spans ended so far, in the order they ended. */
  spans(): ReadableSpan[];
  /** The ended span named `name`; fails when there is not exactly one. */
  span(name: string): ReadableSpan;
  /** Forgets the spans ended so far. */
  reset(): void;
  /** The points of histogram `name` (or sum of an up-down counter), as recorded so far. */
  points(name: string): Promise<Recorded[]>;
}

/** Sets the SDK up for the test file: the context manager is global while the file runs. */
export function testSdk(): TestSdk {
  const exporter = new InMemorySpanExporter();
  const reader = new CollectingReader();
  const tracerProvider = new BasicTracerProvider({
    spanProcessors: [new SimpleSpanProcessor(exporter)],
  });
  const meterProvider = new MeterProvider({ readers: [reader] });
  const manager = new AsyncLocalStorageContextManager();
  beforeAll(() => {
    context.setGlobalContextManager(manager.enable());
  });
  afterAll(async () => {
    context.disable();
    await tracerProvider.shutdown();
    await meterProvider.shutdown();
  });
  const spans = () => exporter.getFinishedSpans();
  return {
    telemetry: { tracerProvider, meterProvider, propagator: new W3CTraceContextPropagator() },
    spans,
    span(name) {
      const named = spans().filter((s) => s.name === name);
      if (named.length !== 1) {
        const all = spans().map((s) => s.name);
        throw new Error(`${named.length} spans named ${name}; ended: ${all.join(', ')}`);
      }
      return named[0] as ReadableSpan;
    },
    reset: () => exporter.reset(),
    async points(name) {
      const { resourceMetrics } = await reader.collect();
      const metric = resourceMetrics.scopeMetrics
        .flatMap((s) => s.metrics)
        .find((m) => m.descriptor.name === name);
      if (metric === undefined) return [];
      return (metric.dataPoints as DataPoint<Histogram | number>[]).map((p) => ({
        attributes: { ...p.attributes },
        count: typeof p.value === 'number' ? p.value : p.value.count,
      }));
    },
  };
}

/** The span's parent span id, whichever SDK version names it. */
export function parentOf(span: ReadableSpan): string | undefined {
  const s = span as ReadableSpan & { parentSpanId?: string };
  return s.parentSpanContext?.spanId ?? s.parentSpanId;
}

/** A `traceparent` header of a sampled remote parent. */
export function traceparent(parent: Pick<SpanContext, 'traceId' | 'spanId'>): string {
  return `00-${parent.traceId}-${parent.spanId}-01`;
}
