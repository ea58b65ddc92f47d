/**
 * The part of `@opentelemetry/api` fw uses, as fw's own structural types, and its loading. The
 * package is an optional peer dependency: it is loaded only when an app turns telemetry on, and
 * fw's published declarations never name it, so an app without it still compiles.
 */
// Renamed: an app bundled by esbuild often declares its own `createRequire` in a banner.
import { createRequire as requireFrom } from 'node:module';
import { FwError } from '../../core/errors.js';

/** The package the telemetry plug-in is written against: the API only, never an SDK. */
export const OTEL_API_PACKAGE = '@opentelemetry/api';

/** An OpenTelemetry `Context`: opaque to fw, which only passes it on. */
export type OtelContext = object;

/** A value of a span or metric attribute. */
export type AttributeValue = string | number | boolean;

/** Attributes as OpenTelemetry takes them. */
export type Attributes = Record<string, AttributeValue | undefined>;

/** What identifies a span across processes. */
export interface SpanContext {
  readonly traceId: string;
  readonly spanId: string;
  readonly traceFlags: number;
}

/** A link from one span to another's context (a consumer's to its producer's). */
export interface Link {
  readonly context: SpanContext;
}

/** An OpenTelemetry span, as fw drives it. */
export interface Span {
  spanContext(): SpanContext;
  setAttribute(key: string, value: AttributeValue): unknown;
  setStatus(status: { code: number; message?: string }): unknown;
  recordException(exception: Error): void;
  updateName(name: string): unknown;
  end(): void;
}

/** What a span starts with. */
export interface SpanOptions {
  kind?: number;
  attributes?: Attributes;
  links?: Link[];
}

export interface Tracer {
  startSpan(name: string, options?: SpanOptions, context?: OtelContext): Span;
}

export interface Histogram {
  record(value: number, attributes?: Attributes): void;
}

export interface UpDownCounter {
  add(value: number, attributes?: Attributes): void;
}

export interface Meter {
  createHistogram(
    name: string,
    options?: {
      description?: string;
      unit?: string;
      advice?: { explicitBucketBoundaries?: number[] };
    },
  ): Histogram;
  createUpDownCounter(
    name: string,
    options?: { description?: string; unit?: string },
  ): UpDownCounter;
}

/** Reads a carrier's fields: an HTTP request's headers, a message's trace fields. */
export interface Getter<C> {
  keys(carrier: C): string[];
  get(carrier: C, key: string): string | string[] | undefined;
}

/** Writes a carrier's fields. */
export interface Setter<C> {
  set(carrier: C, key: string, value: string): void;
}

/** A `TextMapPropagator`, or the API's `propagation` (which uses the global one). */
export interface Propagator {
  inject<C>(context: OtelContext, carrier: C, setter: Setter<C>): void;
  extract<C>(context: OtelContext, carrier: C, getter: Getter<C>): OtelContext;
}

/** The `@opentelemetry/api` module, the members fw uses. */
export interface OtelApi {
  readonly trace: {
    getTracerProvider(): { getTracer(name: string, version?: string): Tracer };
    setSpan(context: OtelContext, span: Span): OtelContext;
    getSpan(context: OtelContext): Span | undefined;
  };
  readonly context: {
    active(): OtelContext;
    with<R>(context: OtelContext, fn: () => R): R;
  };
  readonly metrics: {
    getMeterProvider(): { getMeter(name: string, version?: string): Meter };
  };
  readonly propagation: Propagator;
  readonly ROOT_CONTEXT: OtelContext;
}

/** `SpanKind` of the API, by name. */
export const SpanKind = { INTERNAL: 0, SERVER: 1, PRODUCER: 3, CONSUMER: 4 } as const;

/** `SpanStatusCode.ERROR` of the API. */
export const STATUS_ERROR = 2;

/** Resolves from fw itself: where npm, pnpm and yarn put fw's peer dependencies. */
const load = (): OtelApi => requireFrom(import.meta.url)(OTEL_API_PACKAGE) as OtelApi;

/**
 * The `@opentelemetry/api` module; `FW_ERR_PACKAGE_MISSING` when it is not installed. Loaded
 * through `require`, so that `createApp` can fail at once: the package ships CommonJS, and its
 * global providers are the same whichever way an app loads it.
 */
export function loadOtelApi(from: () => OtelApi = load): OtelApi {
  try {
    return from();
  } catch (err) {
    const { code } = (err ?? {}) as { code?: unknown };
    if (code !== 'MODULE_NOT_FOUND' && code !== 'ERR_MODULE_NOT_FOUND') throw err;
    const params = { feature: 'telemetry', package: OTEL_API_PACKAGE, reason: 'is not installed' };
    throw new FwError('FW_ERR_PACKAGE_MISSING', params, { cause: err });
  }
}
