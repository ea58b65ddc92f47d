/** The `telemetry` option of `createApp`, and its check. */
import { appChecks as check, shown } from '../../core/options.js';

/**
 * Turns OpenTelemetry on (`@opentelemetry/api` must be installed): spans for every HTTP request,
 * event sent and handled, WebSocket upgrade and message, the metrics of docs/operations.md, and
 * the trace on log records. Each member left out is the API's global one, so a NodeSDK started
 * before `createApp` is picked up with `telemetry: {}`. The types are the OpenTelemetry API's own,
 * as far as fw calls them, so that fw's declarations do not need the package.
 * @example createApp({ bindings, telemetry: {} })
 * @see docs/operations.md
 */
export interface TelemetryOptions {
  /** A `TracerProvider`. @default the global one */
  readonly tracerProvider?: { getTracer(name: string, version?: string): unknown };
  /** A `MeterProvider`. @default the global one */
  readonly meterProvider?: { getMeter(name: string, version?: string): unknown };
  /** A `TextMapPropagator`. @default the global one (W3C Trace Context and baggage with NodeSDK) */
  readonly propagator?: {
    inject(context: unknown, carrier: unknown, setter: unknown): void;
    extract(context: unknown, carrier: unknown, getter: unknown): unknown;
  };
}

const KEYS: readonly string[] = ['tracerProvider', 'meterProvider', 'propagator'];

/** The members each option must have, as methods. */
const METHODS: Readonly<Record<string, readonly string[]>> = {
  tracerProvider: ['getTracer'],
  meterProvider: ['getMeter'],
  propagator: ['inject', 'extract'],
};

/** `telemetry` as given, once checked; throws `FW_ERR_INVALID_OPTION` naming the member at fault. */
export function checkTelemetry(value: unknown): TelemetryOptions {
  const options = check.record('telemetry', value, 'an object such as {}', KEYS);
  for (const key of KEYS) {
    const member = options[key];
    if (member === undefined) continue;
    const methods = METHODS[key] ?? [];
    const has = (m: string) => typeof (member as Record<string, unknown>)[m] === 'function';
    if (typeof member !== 'object' || member === null || !methods.every(has)) {
      check.invalid(`telemetry.${key}`, `an object with ${methods.join(' and ')}`, shown(member));
    }
  }
  return options as TelemetryOptions;
}
