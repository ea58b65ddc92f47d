/**
 * The checks of every option fw takes: `createApp`'s (its plug-ins' and `cors()`'s among them) and
 * the broker transports'. A wrong value fails where it is given, before anything starts, with one
 * error, `FW_ERR_INVALID_OPTION`, which names the function, the option, what the option must be
 * and what it got, shown briefly: never the whole of a value, which may hold a secret.
 */
import { FwError } from './errors.js';

/** The longest string a message quotes; a longer one is cut, with `…`. */
const MAX_SHOWN = 80;

/**
 * A short account of a value for a message: a string in single quotes (cut past 80 characters,
 * escaped as JSON escapes it), an object by its first keys, an array or a function by what it
 * is, anything else as `String` gives.
 * @example shown('/docs/') // "'/docs/'"
 */
export function shown(value: unknown): string {
  if (typeof value === 'string') {
    const cut = value.length > MAX_SHOWN ? `${value.slice(0, MAX_SHOWN)}…` : value;
    // JSON's escapes, so a control character cannot break the line it is logged on.
    const escaped = JSON.stringify(cut).slice(1, -1).replaceAll('\\"', '"').replaceAll("'", "\\'");
    return `'${escaped}'`;
  }
  if (typeof value === 'function') return 'a function';
  if (Array.isArray(value)) return value.length === 0 ? 'an empty array' : 'an array';
  if (isRecord(value)) {
    const keys = Object.keys(value);
    if (keys.length === 0) return 'an empty object';
    return `an object with keys ${keys.slice(0, 5).join(', ')}${keys.length > 5 ? ', …' : ''}`;
  }
  return String(value);
}

/** Whether `value` is a plain object: not null, not an array. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The checks of one function's options; each failure names that function. */
export interface OptionChecks {
  /** Throws `FW_ERR_INVALID_OPTION`: `<owner> option '<option>' must be <expected>; got <got>`. */
  invalid(option: string, expected: string, got: string): never;
  /** `value` when it is a finite number above 0. */
  positive(option: string, value: unknown): number;
  /** `value` when it is a safe integer above 0; `fallback` when it is undefined. */
  count(option: string, value: unknown, fallback: number): number;
  /** `value` when it is an integer from `min` to `max`. */
  integer(option: string, value: unknown, min: number, max: number): number;
  /** `value` when it is a non-empty string. */
  text(option: string, value: unknown): string;
  /** `value` when it is a plain object, its keys among `known` (`option.key` names a stray one). */
  record(
    option: string,
    value: unknown,
    expected: string,
    known: readonly string[],
  ): Record<string, unknown>;
}

/**
 * The checks of `owner`'s options (`createApp`, `natsTransport`, `rabbitmqTransport`); `createApp`'s
 * are {@link appChecks}.
 * @example
 * const check = optionChecks('natsTransport');
 * const ackWait = check.integer('ackWait', options.ackWait ?? 30_000, 1000, 3_600_000);
 */
export function optionChecks(owner: string): OptionChecks {
  const checks: OptionChecks = {
    invalid(option, expected, got) {
      throw new FwError('FW_ERR_INVALID_OPTION', { owner, option, expected, got });
    },
    positive(option, value) {
      if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
        checks.invalid(option, 'a positive number', shown(value));
      }
      return value;
    },
    count(option, value, fallback) {
      if (value === undefined) return fallback;
      if (typeof value !== 'number' || !Number.isSafeInteger(value) || value <= 0) {
        checks.invalid(option, 'a positive integer', shown(value));
      }
      return value;
    },
    integer(option, value, min, max) {
      if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
        checks.invalid(option, `an integer from ${min} to ${max}`, shown(value));
      }
      return value;
    },
    text(option, value) {
      if (typeof value !== 'string' || value === '') {
        checks.invalid(option, 'a non-empty string', shown(value));
      }
      return value;
    },
    record(option, value, expected, known) {
      if (!isRecord(value)) checks.invalid(option, expected, shown(value));
      for (const key of Object.keys(value)) {
        if (!known.includes(key))
          checks.invalid(`${option}.${key}`, `one of ${known.join(', ')}`, shown(key));
      }
      return value;
    },
  };
  return checks;
}

/** The checks of `createApp`'s options: its own, its plug-ins' and `cors()`'s. */
export const appChecks: OptionChecks = optionChecks('createApp');
