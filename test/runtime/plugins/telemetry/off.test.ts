// Without `telemetry`, an app never loads @opentelemetry/api: this file imports nothing of it, so
// the module cache shows what fw itself loaded.
import { createRequire } from 'node:module';
import { createApp } from 'fw';
import { describe, expect, it, onTestFinished } from 'vitest';
import { bindingsOf } from '../../../http/support.js';

const bindings = bindingsOf([{ method: 'GET', path: '/', handle: () => 'ok' }]);
const loaded = () =>
  Object.keys(createRequire(import.meta.url).cache).filter((f) => f.includes('@opentelemetry'));

describe('telemetry off', () => {
  it('loads nothing of OpenTelemetry; turned on, it loads the API', async () => {
    const off = createApp({ bindings });
    onTestFinished(() => off.close());
    expect((await off.inject({ method: 'GET', url: '/' })).status).toBe(200);
    expect(loaded()).toEqual([]);

    const on = createApp({ bindings, telemetry: {} });
    onTestFinished(() => on.close());
    expect((await on.inject({ method: 'GET', url: '/' })).status).toBe(200);
    expect(loaded()).toEqual(
      expect.arrayContaining([expect.stringContaining('@opentelemetry/api')]),
    );
  });
});
