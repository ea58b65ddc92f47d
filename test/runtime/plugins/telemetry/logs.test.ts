// With `telemetry`, fw's log records about a request carry `trace_id`, `span_id` and
// `trace_flags` of its span, with fw's default JSON logger and with pino; records written outside
// any span (the app listening) carry none.
import { Writable } from 'node:stream';
import { createApp, jsonLogger, type Logger } from 'fw';
import type { Interceptor } from 'fw/core';
import { pino } from 'pino';
import { describe, expect, it, onTestFinished } from 'vitest';
import { bindingsOf } from '../../../http/support.js';
import { testSdk } from './support.js';

const sdk = testSdk();

/** Fails after the answer has gone out: fw logs it while the request's span is active. */
const failingAfter: Interceptor = {
  afterCompletion() {
    throw new Error('audit log unavailable');
  },
};

const bindings = bindingsOf([
  { method: 'GET', path: '/ok', handle: () => 'ok' },
  {
    method: 'GET',
    path: '/broken',
    handle: () => {
      throw new Error('broken');
    },
  },
]);

/** A JSON-lines sink: what a logger wrote, parsed. */
function lines(): { write: (line: string) => void; records: () => Record<string, unknown>[] } {
  const text: string[] = [];
  return {
    write: (line) => void text.push(line),
    records: () =>
      text
        .join('')
        .split('\n')
        .filter((l) => l !== '')
        .map((l) => JSON.parse(l) as Record<string, unknown>),
  };
}

const loggers: [string, (write: (line: string) => void) => Logger][] = [
  ['the default JSON logger', (write) => jsonLogger({ write })],
  [
    'pino',
    (write) =>
      pino(
        new Writable({
          write(chunk: Buffer, _encoding, done) {
            write(chunk.toString('utf8'));
            done();
          },
        }),
      ),
  ],
];

describe('log records under a span', () => {
  it.each(loggers)('%s: records about a request carry its trace', async (_, make) => {
    const sink = lines();
    const app = createApp({
      bindings,
      logger: make(sink.write),
      interceptors: [failingAfter],
      telemetry: sdk.telemetry,
    });
    onTestFinished(async () => {
      await app.close();
      sdk.reset();
    });
    await app.listen();
    await app.inject({ method: 'GET', url: '/ok' });
    await app.inject({ method: 'GET', url: '/broken' });
    await expect.poll(() => sink.records().length).toBeGreaterThanOrEqual(4);

    const ok = sdk.span('GET /ok').spanContext();
    const broken = sdk.span('GET /broken').spanContext();
    const records = sink.records();
    const trace = (r: Record<string, unknown>) => [r['trace_id'], r['span_id'], r['trace_flags']];
    const listening = records.find((r) => r['msg'] === 'listening');
    expect(listening?.['trace_id']).toBeUndefined();
    const after = records.filter((r) => r['msg'] === 'afterCompletion failed');
    expect(after.map(trace)).toEqual([
      [ok.traceId, ok.spanId, '01'],
      [broken.traceId, broken.spanId, '01'],
    ]);
    const failed = records.find((r) => r['msg'] === 'request failed');
    expect(failed && trace(failed)).toEqual([broken.traceId, broken.spanId, '01']);
  });
});
