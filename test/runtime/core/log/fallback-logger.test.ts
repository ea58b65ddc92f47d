// The one rule every transport logs by: its own logger, else the app's, else fw's JSON lines.
import type { LogFields, Logger } from 'fw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FallbackLogger } from '../../../../runtime/core/log/fallback-logger.js';

/** A logger that keeps `[level, fields, message]` of each call. */
function keeping(): Logger & { calls: unknown[][] } {
  const calls: unknown[][] = [];
  const at = (level: string) => (fields: LogFields, message: string) =>
    void calls.push([level, fields, message]);
  return { calls, error: at('error'), warn: at('warn'), info: at('info'), debug: at('debug') };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('FallbackLogger', () => {
  it("writes to the transport's own logger, whatever the app's is", () => {
    const own = keeping();
    const app = keeping();
    const logger = new FallbackLogger(own);
    logger.adopt(app);
    logger.error({ group: 'g' }, 'lost');
    logger.warn({}, 'w');
    logger.info({}, 'i');
    logger.debug({}, 'd');
    expect(own.calls).toEqual([
      ['error', { group: 'g' }, 'lost'],
      ['warn', {}, 'w'],
      ['info', {}, 'i'],
      ['debug', {}, 'd'],
    ]);
    expect(app.calls).toEqual([]);
  });

  it("writes fw's JSON lines to stdout until the app's logger is adopted, then to that", () => {
    const lines: string[] = [];
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
      lines.push(String(chunk));
      return true;
    });
    const app = keeping();
    const logger = new FallbackLogger(undefined);
    logger.warn({ group: 'g' }, 'before start');
    logger.adopt(app);
    logger.warn({ group: 'g' }, 'after start');
    vi.restoreAllMocks();
    expect(lines.map((l) => JSON.parse(l))).toEqual([
      { level: 40, time: expect.any(Number), group: 'g', msg: 'before start' },
    ]);
    expect(app.calls).toEqual([['warn', { group: 'g' }, 'after start']]);
  });

  it('skips debug on a logger without it', () => {
    const { debug: _none, ...withoutDebug } = keeping();
    const logger = new FallbackLogger(withoutDebug as Logger);
    expect(() => logger.debug({}, 'd')).not.toThrow();
  });
});
