/**
 * The delay before each reconnection attempt of a broker transport: exponential with jitter,
 * capped: by default 100 ms at first, doubled each time up to 5 s, with 20 % jitter, and
 * no limit on attempts.
 */
import { type OptionChecks, shown } from '../../core/options.js';

/** How a lost connection is retried. */
export interface ReconnectOptions {
  /** Delay before the first attempt. @default 100 */
  readonly initialDelayMs: number;
  /** Longest delay between attempts. @default 5000 */
  readonly maxDelayMs: number;
  /** Growth of the delay per attempt. @default 2 */
  readonly factor: number;
  /** Random spread of each delay, as a fraction of it (0–1). @default 0.2 */
  readonly jitter: number;
  /** Attempts after a loss before giving up for good. @default Infinity */
  readonly maxAttempts: number;
}

/** The defaults of {@link ReconnectOptions}. @internal */
export const DEFAULT_RECONNECT: ReconnectOptions = Object.freeze({
  initialDelayMs: 100,
  maxDelayMs: 5000,
  factor: 2,
  jitter: 0.2,
  maxAttempts: Number.POSITIVE_INFINITY,
});

/**
 * The `reconnect` option with defaults applied; `false` is no attempt at all. Throws naming the
 * field that makes no sense. @internal
 */
export function resolveReconnect(
  given: Partial<ReconnectOptions> | false | undefined,
  check: OptionChecks,
): ReconnectOptions {
  if (given === false) return { ...DEFAULT_RECONNECT, maxAttempts: 0 };
  const r = { ...DEFAULT_RECONNECT, ...given };
  for (const key of ['initialDelayMs', 'maxDelayMs', 'factor'] as const) {
    const min = key === 'factor' ? 1 : 0;
    if (!(typeof r[key] === 'number' && Number.isFinite(r[key]) && r[key] >= min)) {
      check.invalid(`reconnect.${key}`, `a finite number ≥ ${min}`, shown(r[key]));
    }
  }
  if (!(r.jitter >= 0 && r.jitter <= 1)) {
    check.invalid('reconnect.jitter', 'a number from 0 to 1', shown(r.jitter));
  }
  const attempts = r.maxAttempts;
  if (!(attempts === Number.POSITIVE_INFINITY || (Number.isInteger(attempts) && attempts >= 0))) {
    check.invalid('reconnect.maxAttempts', 'an integer ≥ 0 or Infinity', shown(attempts));
  }
  return r;
}

/** The delay in ms before attempt `attempt` (1 for the first), at most `maxDelayMs`. @internal */
export function reconnectDelay(options: ReconnectOptions, attempt: number): number {
  const base = Math.min(
    options.maxDelayMs,
    options.initialDelayMs * options.factor ** (attempt - 1),
  );
  const spread = base * options.jitter * (Math.random() * 2 - 1);
  return Math.round(Math.min(options.maxDelayMs, Math.max(0, base + spread)));
}
