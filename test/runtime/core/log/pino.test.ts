// pino fits fw's Logger as it is (runtime/log/logger.ts): no adapter, its records carry fw's
// structured fields, and createApp refuses a logger that cannot take them.
import { type App, createApp, FwError, HttpError, type Logger } from 'fw';
import { pino } from 'pino';
import { describe, expect, it, onTestFinished } from 'vitest';
import { bindingsOf, type TestRoute, thrown } from '../../../http/support.js';

/** A pino logger writing to a destination the test reads back, as pino parses its own lines. */
function pinoCapture(level = 'info') {
  const lines: string[] = [];
  const logger = pino({ level }, { write: (line: string) => void lines.push(line) });
  const records = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  return { logger, records };
}

const routes: TestRoute[] = [
  {
    method: 'POST',
    path: '/orders/:id',
    params: ['id:number'],
    handle: (id: number) => {
      throw new Error(`the warehouse lost order ${id}`);
    },
  },
  {
    method: 'GET',
    path: '/orders/:id',
    params: ['id:number'],
    handle: (id: number) => {
      throw new HttpError(404, `No order ${id}`);
    },
  },
];

/** An app on 127.0.0.1 port 0 logging to `logger`, closed when the test finishes. */
async function listen(logger: Logger): Promise<{ app: App; url: (path: string) => string }> {
  const app = createApp({ bindings: bindingsOf(routes), logger });
  onTestFinished(() => app.close());
  const { port } = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, url: (path) => `http://127.0.0.1:${port}${path}` };
}

describe('createApp({ logger: pino() })', () => {
  it('writes one pino record for a request that failed over a socket', async () => {
    const { logger, records } = pinoCapture();
    const { url } = await listen(logger);

    const res = await fetch(url('/orders/7'), { method: 'POST' });
    await res.text();

    const requestId = res.headers.get('x-request-id');
    expect(res.status).toBe(500);
    const failed = records().filter((r) => r['msg'] === 'request failed');
    expect(failed).toEqual([
      {
        level: 50,
        time: expect.any(Number),
        pid: process.pid,
        hostname: expect.any(String),
        method: 'POST',
        path: '/orders/7',
        status: 500,
        requestId,
        durationMs: expect.any(Number),
        err: expect.objectContaining({
          type: 'Error',
          message: 'the warehouse lost order 7',
          stack: expect.stringContaining('the warehouse lost order 7'),
        }),
        msg: 'request failed',
      },
    ]);
    expect(requestId).toMatch(/^[A-Za-z0-9._:+/=-]{1,128}$/);
    expect(failed[0]?.['durationMs']).toBeGreaterThanOrEqual(0);
  });

  it("logs a client's error at info, with its code and detail and without the error", async () => {
    const { logger, records } = pinoCapture();
    const { url } = await listen(logger);

    const res = await fetch(url('/orders/8'), { headers: { 'X-Request-Id': 'lookup-8' } });
    await res.text();

    expect(res.status).toBe(404);
    expect(records().filter((r) => r['msg'] === 'request failed')).toEqual([
      expect.objectContaining({
        level: 30,
        method: 'GET',
        path: '/orders/8',
        status: 404,
        requestId: 'lookup-8',
        detail: 'No order 8',
      }),
    ]);
    expect(records().some((r) => 'err' in r)).toBe(false);
  });

  it('writes the same record through inject()', async () => {
    const { logger, records } = pinoCapture();
    const app = createApp({ bindings: bindingsOf(routes), logger });
    onTestFinished(() => app.close());

    const res = await app.inject({ method: 'POST', url: '/orders/9' });

    expect(records()).toEqual([
      expect.objectContaining({
        level: 50,
        method: 'POST',
        path: '/orders/9',
        status: 500,
        requestId: res.headers['x-request-id'],
        durationMs: expect.any(Number),
        err: expect.objectContaining({ message: 'the warehouse lost order 9' }),
        msg: 'request failed',
      }),
    ]);
  });

  it("logs at pino's own level: at warn, a client's error is not written, a server's is", async () => {
    const { logger, records } = pinoCapture('warn');
    const app = createApp({ bindings: bindingsOf(routes), logger });
    onTestFinished(() => app.close());

    await app.inject({ method: 'GET', url: '/orders/1' });
    await app.inject({ method: 'POST', url: '/orders/2' });

    expect(records().map((r) => [r['level'], r['path']])).toEqual([[50, '/orders/2']]);
  });

  it('keeps the bindings of a pino child logger on every record', async () => {
    const { logger, records } = pinoCapture();
    const app = createApp({
      bindings: bindingsOf(routes),
      logger: logger.child({ svc: 'orders' }),
    });
    onTestFinished(() => app.close());

    await app.inject({ method: 'POST', url: '/orders/3' });

    expect(records()).toEqual([expect.objectContaining({ svc: 'orders', path: '/orders/3' })]);
  });
});

describe('a logger createApp refuses', () => {
  const error = () => {};
  it.each<[string, unknown, string]>([
    ['without warn and info', { error }, 'warn'],
    ['without info', { error, warn: error }, 'info'],
    ['without error', { warn: error, info: error }, 'error'],
    ['whose info is not a function', { error, warn: error, info: 'stdout' }, 'info'],
    ['that is null', null, 'error'],
  ])('%s: FW_ERR_INVALID_OPTION naming the method missing', (_name, logger, missing) => {
    const err = thrown(() => createApp({ bindings: bindingsOf(routes), logger: logger as Logger }));
    expect(err).toBeInstanceOf(FwError);
    expect(err).toMatchObject({
      code: 'FW_ERR_INVALID_OPTION',
      message: expect.stringMatching(
        new RegExp(`^createApp option 'logger' must be .*; got one without ${missing}\\(\\)$`),
      ),
    });
  });

  it('takes console as it is', () => {
    expect(() => createApp({ bindings: bindingsOf(routes), logger: console })).not.toThrow();
  });
});
