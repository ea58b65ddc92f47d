import { performance } from 'node:perf_hooks';
import { type Delivery, FwError, InMemoryTransport, type Logger } from 'fw';
import { describe, expect, it } from 'vitest';

const bytes = (text: string) => new TextEncoder().encode(text);
// Timers may fire a little early by the clock; the slack above is generous (a loaded CI host).
const EARLY_MS = 5;
const SLACK_MS = 2000;

/** A logger that keeps each record's fields and message. */
function recorder() {
  const records: { level: string; fields: Record<string, unknown>; msg: string }[] = [];
  const at =
    (level: string) =>
    (fields: Record<string, unknown>, msg = '') =>
      void records.push({ level, fields, msg });
  const logger: Logger = {
    debug: at('debug'),
    info: at('info'),
    warn: at('warn'),
    error: at('error'),
  };
  return { logger, records };
}

/** A transport whose handler always fails, recording when each delivery came and its attempt. */
async function failing(options: ConstructorParameters<typeof InMemoryTransport>[0]) {
  const seen: { at: number; attempt: Delivery['attempt'] }[] = [];
  const transport = new InMemoryTransport(options);
  await transport.start(['a'], async (d) => {
    seen.push({ at: performance.now(), attempt: d.attempt });
    throw new Error('dependency down');
  });
  return { transport, seen };
}

async function until(done: () => boolean, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!done()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('InMemoryTransport retry', () => {
  it('delivers a failed message again after each wait, then drops it after the last', async () => {
    const { logger, records } = recorder();
    const retry = { attempts: 3, backoff: [200, 400] };
    const { transport, seen } = await failing({ logger, retry });
    await transport.publish('a', bytes('{}'));
    await until(() => records.filter((r) => r.msg === 'event failed').length === 3);
    // Nothing after the last attempt.
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(seen.map((s) => s.attempt)).toEqual([
      { number: 1, max: 3, deadLetter: false },
      { number: 2, max: 3, deadLetter: false },
      { number: 3, max: 3, deadLetter: false },
    ]);
    const gaps = seen.slice(1).map((s, i) => s.at - (seen[i]?.at ?? 0));
    expect(gaps[0]).toBeGreaterThanOrEqual(200 - EARLY_MS);
    expect(gaps[0]).toBeLessThan(200 + SLACK_MS);
    expect(gaps[1]).toBeGreaterThanOrEqual(400 - EARLY_MS);
    expect(gaps[1]).toBeLessThan(400 + SLACK_MS);
    const outcomes = records.filter((r) => r.msg === 'event failed').map((r) => r.fields);
    expect(outcomes.map((f) => [f['attempt'], f['maxAttempts'], f['disposition']])).toEqual([
      [1, 3, 'redelivered'],
      [2, 3, 'redelivered'],
      [3, 3, 'dropped'],
    ]);
    await transport.close();
  });

  it('takes the waits from a function of the failed delivery', async () => {
    const retry = { attempts: 3, backoff: (failed: number) => 100 * failed };
    const { transport, seen } = await failing({ onError: () => {}, retry });
    await transport.publish('a', bytes('{}'));
    await until(() => seen.length === 3);
    const gaps = seen.slice(1).map((s, i) => s.at - (seen[i]?.at ?? 0));
    expect(gaps[0]).toBeGreaterThanOrEqual(100 - EARLY_MS);
    expect(gaps[1]).toBeGreaterThanOrEqual(200 - EARLY_MS);
    await transport.close();
  });

  it('delivers once a retry succeeds', async () => {
    let calls = 0;
    const transport = new InMemoryTransport({
      onError: () => {},
      retry: { attempts: 5, backoff: [50] },
    });
    const done: number[] = [];
    await transport.start(['a'], async (d) => {
      if (++calls < 3) throw new Error('dependency down');
      done.push(d.attempt?.number ?? 0);
    });
    await transport.publish('a', bytes('{}'));
    await until(() => done.length === 1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(done).toEqual([3]);
    expect(calls).toBe(3);
    await transport.close();
  });

  it('is idle only once the retries waiting have run', async () => {
    const { transport, seen } = await failing({
      onError: () => {},
      retry: { attempts: 3, backoff: [100] },
    });
    await transport.publish('a', bytes('{}'));
    await transport.idle();
    expect(seen.map((s) => s.attempt?.number)).toEqual([1, 2, 3]);
    await transport.close();
  });

  it('never retries a broadcast consumer', async () => {
    const seen: Delivery['attempt'][] = [];
    const transport = new InMemoryTransport({
      onError: () => {},
      retry: { attempts: 3, backoff: [10] },
    });
    const handle = async (d: Delivery) => {
      seen.push(d.attempt);
      throw new Error('dependency down');
    };
    const subscriptions = [{ delivery: { broadcast: true as const }, eventNames: ['a'], handle }];
    await transport.start(['a'], handle, { subscriptions });
    await transport.publish('a', bytes('{}'));
    await transport.close();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(seen).toEqual([{ number: 1, max: 1, deadLetter: false }]);
  });

  // close() does not wait for a retry due in a minute: it cancels it and says how many it dropped.
  it('cancels the retries waiting when it closes', async () => {
    const { logger, records } = recorder();
    const { transport, seen } = await failing({
      logger,
      retry: { attempts: 2, backoff: [60_000] },
    });
    await transport.publish('a', bytes('{}'));
    await until(() => seen.length === 1);
    const started = performance.now();
    await transport.close();
    expect(performance.now() - started).toBeLessThan(SLACK_MS);
    const dropped = records.find((r) => r.msg.includes('scheduled retries dropped'));
    expect(dropped?.fields).toEqual({ dropped: 1 });
    expect(seen).toHaveLength(1);
  });

  it.each([
    [{ attempts: 0, backoff: [1] }, 'retry.attempts', 'an integer from 1 to 1000', '0'],
    [
      { attempts: 3, backoff: [] },
      'retry.backoff',
      'a non-empty array of ms or a function',
      'an empty array',
    ],
    [
      { attempts: 2, backoff: [1, 2] },
      'retry.backoff',
      'at most 1 waits (attempts - 1) for retry.attempts 2',
      'an array',
    ],
    [{ attempts: 3, backoff: [1, -1] }, 'retry.backoff[1]', 'an integer from 0 to 86400000', '-1'],
    [
      { attempts: 3, backoff: () => 1.5 },
      'retry.backoff(1)',
      'an integer from 0 to 86400000',
      '1.5',
    ],
    [{ attempts: 3, backoff: [1], delay: 2 }, 'retry.delay', 'one of attempts, backoff', "'delay'"],
    [[1000], 'retry', 'an object { attempts, backoff }', 'an array'],
  ])('rejects retry %j naming %s', (retry, option, expected, got) => {
    const make = () => new InMemoryTransport({ retry: retry as never });
    expect(make).toThrow(FwError);
    expect(make).toThrow(`inMemoryTransport option '${option}' must be ${expected}; got ${got}`);
  });
});
