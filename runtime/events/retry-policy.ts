/**
 * The `retry` option of every transport: how many deliveries a message gets, and how long it
 * waits after each failed one before the next. Without it a broker transport redelivers at once
 * (and the in-memory transport not at all); with it a dependency that is down for a while gets
 * that while to come back before the message is dead-lettered.
 */
import { type OptionChecks, shown } from '../core/options.js';

/**
 * The delays between the deliveries of a failed message.
 * @example
 * // 4 deliveries: the first, then after 1 s, 5 s and 30 s; dead-lettered if the 4th fails too.
 * inMemoryTransport({ retry: { attempts: 4, backoff: [1000, 5000, 30_000] } })
 * @example
 * // 6 deliveries, 200 ms, 400 ms, 800 ms, 1.6 s, 3.2 s apart.
 * natsTransport({ url, group, retry: { attempts: 6, backoff: (failed) => 100 * 2 ** failed } })
 * @see docs/API.md (transport options)
 */
export interface RetryOptions {
  /** Deliveries of one message in all, the first among them (1: none is retried). */
  readonly attempts: number;
  /**
   * The wait in ms after each failed delivery: `backoff[0]` after the first, `backoff[1]` after
   * the second, the last one repeated when there are fewer than `attempts - 1`; or a function of
   * the failed delivery's number (1 for the first), called once per number when the transport is
   * created. Each wait is an integer from 0 to {@link MAX_RETRY_DELAY_MS}.
   */
  readonly backoff: readonly number[] | ((failed: number) => number);
}

/** A {@link RetryOptions} checked: the wait after each failed delivery but the last. @internal */
export interface RetryPolicy {
  readonly attempts: number;
  /** `delays[n - 1]` ms between delivery `n` and delivery `n + 1`; `attempts - 1` of them. */
  readonly delays: readonly number[];
}

/** The longest wait between two deliveries: a day (also under setTimeout's 2^31 - 1 ms). */
export const MAX_RETRY_DELAY_MS = 86_400_000;
/** The most deliveries a policy may ask for (each distinct wait may be a queue on the broker). */
export const MAX_RETRY_ATTEMPTS = 1000;

/**
 * The `retry` option checked, or undefined when it is not given; throws `FW_ERR_INVALID_OPTION`
 * naming `retry.attempts`, `retry.backoff` or `retry.backoff[i]`. @internal
 */
export function resolveRetry(given: unknown, check: OptionChecks): RetryPolicy | undefined {
  if (given === undefined) return undefined;
  const known = ['attempts', 'backoff'];
  const expected = 'an object { attempts, backoff }';
  const retry = check.record('retry', given, expected, known);
  const attempts = check.integer('retry.attempts', retry['attempts'], 1, MAX_RETRY_ATTEMPTS);
  const backoff = retry['backoff'];
  const delays: number[] = [];
  if (typeof backoff === 'function') {
    for (let failed = 1; failed < attempts; failed++) {
      delays.push(delay(check, `retry.backoff(${failed})`, backoff(failed)));
    }
    return { attempts, delays };
  }
  if (!Array.isArray(backoff) || backoff.length === 0) {
    check.invalid('retry.backoff', 'a non-empty array of ms or a function', shown(backoff));
  }
  if (backoff.length > Math.max(1, attempts - 1)) {
    const most = `at most ${Math.max(1, attempts - 1)} waits (attempts - 1)`;
    check.invalid('retry.backoff', `${most} for retry.attempts ${attempts}`, shown(backoff));
  }
  const waits = backoff.map((ms: unknown, i) => delay(check, `retry.backoff[${i}]`, ms));
  for (let failed = 1; failed < attempts; failed++) {
    delays.push(waits[Math.min(failed, waits.length) - 1] as number);
  }
  return { attempts, delays };
}

/** The wait in ms after failed delivery `failed` (1 for the first) of `policy`. @internal */
export function retryDelay(policy: RetryPolicy, failed: number): number {
  const { delays } = policy;
  return delays[Math.min(failed, delays.length) - 1] ?? 0;
}

function delay(check: OptionChecks, option: string, value: unknown): number {
  return check.integer(option, value, 0, MAX_RETRY_DELAY_MS);
}
