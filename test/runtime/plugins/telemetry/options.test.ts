// `createApp({ telemetry })` checks its option at once, naming the member at fault, and says
// which package to install when `@opentelemetry/api` is missing.
import { createRequire } from 'node:module';
import { createApp, FwError } from 'fw';
import { describe, expect, it } from 'vitest';
import { loadOtelApi, type OtelApi } from '../../../../runtime/plugins/telemetry/otel.js';
import { bindingsOf } from '../../../http/support.js';

const bindings = bindingsOf([{ method: 'GET', path: '/', handle: () => 'ok' }]);

function refusal(telemetry: unknown): string {
  try {
    createApp({ bindings, telemetry: telemetry as never });
  } catch (err) {
    expect(err).toBeInstanceOf(FwError);
    expect((err as FwError).code).toBe('FW_ERR_INVALID_OPTION');
    return (err as Error).message;
  }
  throw new Error('createApp accepted it');
}

describe('the telemetry option', () => {
  it.each<[string, unknown, string]>([
    ['not an object', true, "option 'telemetry' must be an object such as {}; got true"],
    [
      'a member it does not know',
      { tracer: {} },
      "option 'telemetry.tracer' must be one of tracerProvider, meterProvider, propagator; got 'tracer'",
    ],
    [
      'a tracer provider without getTracer',
      { tracerProvider: {} },
      "option 'telemetry.tracerProvider' must be an object with getTracer",
    ],
    [
      'a propagator without extract',
      { propagator: { inject() {} } },
      "option 'telemetry.propagator' must be an object with inject and extract",
    ],
  ])('refuses %s', (_, telemetry, message) => {
    expect(refusal(telemetry)).toContain(message);
  });

  it('takes an empty object: the global providers', () => {
    expect(() => createApp({ bindings, telemetry: {} })).not.toThrow();
  });

  it('names the package to install when @opentelemetry/api cannot be found', () => {
    const absent = () =>
      createRequire(import.meta.url)('@opentelemetry/api-absent-for-this-test') as OtelApi;
    let thrown: unknown;
    try {
      loadOtelApi(absent);
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toBeInstanceOf(FwError);
    expect((thrown as FwError).code).toBe('FW_ERR_PACKAGE_MISSING');
    expect((thrown as Error).message).toContain(
      'telemetry needs the optional package @opentelemetry/api, which is not installed',
    );
  });
});
