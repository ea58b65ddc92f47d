/**
 * The OpenTelemetry SDK of `FW_EXAMPLE_OTEL=1 npm start`, which main.ts starts before it builds
 * the app; the app's `telemetry: {}` then takes the providers it registers. With
 * `OTEL_EXPORTER_OTLP_ENDPOINT` set (an OpenTelemetry Collector, Jaeger, Grafana's Alloy: e.g.
 * `http://127.0.0.1:4318`), traces and metrics go there over OTLP/HTTP (JSON), in batches;
 * without it each span is printed as it ends, by the console exporter. The exporters read the
 * other `OTEL_*` variables (headers, timeouts), and `OTEL_SERVICE_NAME` overrides the name.
 */
import { OTLPMetricExporter } from '@opentelemetry/exporter-metrics-otlp-http';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { PeriodicExportingMetricReader } from '@opentelemetry/sdk-metrics';
import { NodeSDK } from '@opentelemetry/sdk-node';
import { ConsoleSpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';

const toCollector = process.env['OTEL_EXPORTER_OTLP_ENDPOINT'] !== undefined;

/** The SDK, started: `sdk.shutdown()` exports what is still buffered. */
export const sdk = new NodeSDK(
  toCollector
    ? {
        serviceName: 'fw-example',
        traceExporter: new OTLPTraceExporter(),
        metricReaders: [new PeriodicExportingMetricReader({ exporter: new OTLPMetricExporter() })],
      }
    : {
        serviceName: 'fw-example',
        spanProcessors: [new SimpleSpanProcessor(new ConsoleSpanExporter())],
        // No metrics to the console: a histogram per minute would bury the spans.
        metricReaders: [],
      },
);
sdk.start();

/** Where the telemetry goes, for main.ts to say. */
export const destination = toCollector
  ? `OTLP/HTTP to ${process.env['OTEL_EXPORTER_OTLP_ENDPOINT']}`
  : 'spans printed here (set OTEL_EXPORTER_OTLP_ENDPOINT for a collector)';
