/**
 * The scalar parsing rules shared by `Values`, the path-parameter resolvers and `Query<T>` readers
 * (docs/API.md section 2).
 * Integers follow Go's `strconv.ParseInt(s, 10, 64)`: an optional single `+` or `-`, then one or more
 * ASCII digits and nothing else (no spaces, `_`, `.`, `e`, `0x`, non-ASCII digits); leading zeros are
 * fine. A finite number (a `Query<T>` `number`) is a decimal with an optional fraction and exponent.
 * Every function is a linear scan over char codes, with no regular expression.
 * @see https://pkg.go.dev/strconv#ParseInt
 * @internal
 */
import { lowerAscii } from '../ascii.js';

const PLUS = 43;
const MINUS = 45;
const ZERO = 48;
const NINE = 57;
const DOT = 46;
const LOWER_E = 101;
const UPPER_E = 69;

const INT64_MAX = 9223372036854775807n;
const INT64_MIN_ABS = 9223372036854775808n;
/** Digits of int64 max, after leading zeros are dropped. */
const INT64_DIGITS = 19;
/** Digits of Number.MAX_SAFE_INTEGER (9007199254740991). */
const SAFE_DIGITS = 16;

/**
 * Checks the ParseInt syntax and returns the index of the first significant (non-zero) digit,
 * `s.length` when every digit is zero, or -1 when `s` is not a decimal integer.
 */
function significantStart(s: string): number {
  const n = s.length;
  let i = 0;
  const first = s.charCodeAt(0);
  if (first === PLUS || first === MINUS) i = 1;
  if (i >= n) return -1; // '' or a sign alone
  let start = -1;
  for (; i < n; i++) {
    const c = s.charCodeAt(i);
    if (c < ZERO || c > NINE) return -1;
    if (start === -1 && c !== ZERO) start = i;
  }
  return start === -1 ? n : start;
}

/**
 * Parses `s` as Go's `strconv.ParseInt(s, 10, 64)`; `undefined` on a syntax error or outside the
 * int64 range. `'-0'` gives `0n`.
 * @internal
 */
export function parseInt64(s: string): bigint | undefined {
  const start = significantStart(s);
  if (start === -1) return undefined;
  const digits = s.length - start;
  if (digits === 0) return 0n;
  if (digits > INT64_DIGITS) return undefined;
  const magnitude = BigInt(s.slice(start));
  if (s.charCodeAt(0) === MINUS) return magnitude > INT64_MIN_ABS ? undefined : -magnitude;
  return magnitude > INT64_MAX ? undefined : magnitude;
}

/**
 * Parses `s` with the syntax of {@link parseInt64}, within `±Number.MAX_SAFE_INTEGER`; `undefined`
 * otherwise. `'-0'` gives `0`, never `-0`.
 * @internal
 */
export function parseSafeInt(s: string): number | undefined {
  const start = significantStart(s);
  if (start === -1) return undefined;
  const n = s.length;
  if (n - start > SAFE_DIGITS) return undefined;
  let magnitude = 0;
  // Exact below 2^53; a value at or above 2^53 stays at or above it, so the range check holds.
  for (let i = start; i < n; i++) magnitude = magnitude * 10 + (s.charCodeAt(i) - ZERO);
  if (magnitude > Number.MAX_SAFE_INTEGER) return undefined;
  return s.charCodeAt(0) === MINUS && magnitude !== 0 ? -magnitude : magnitude;
}

/** The index after the ASCII digits of `s` from `i`. */
function digitsEnd(s: string, i: number): number {
  let j = i;
  for (; j < s.length; j++) {
    const c = s.charCodeAt(j);
    if (c < ZERO || c > NINE) break;
  }
  return j;
}

/**
 * Parses `s` as a finite decimal number: an optional `+` or `-`, digits with an optional `.` and
 * fraction (`2`, `2.5`, `2.`, `.5`, at least one digit), then an optional exponent (`e` or `E`, an
 * optional sign, one or more digits): what `Number()` reads as a decimal, without its spaces,
 * `0x`/`0o`/`0b` forms, `Infinity` and empty string. Leading zeros are fine. The value is the
 * nearest double, as `Number()` gives; `undefined` on a syntax error or when it overflows to
 * infinity (`1e400`). `'-0'` gives `0`, never `-0`.
 * @internal
 */
export function parseFiniteNumber(s: string): number | undefined {
  let i = 0;
  const first = s.charCodeAt(0);
  if (first === PLUS || first === MINUS) i = 1;
  const intEnd = digitsEnd(s, i);
  let end = intEnd;
  let digits = intEnd - i;
  if (s.charCodeAt(end) === DOT) {
    const fracEnd = digitsEnd(s, end + 1);
    digits += fracEnd - end - 1;
    end = fracEnd;
  }
  if (digits === 0) return undefined; // '', a sign alone, '.', no digits before an exponent
  const e = s.charCodeAt(end);
  if (e === LOWER_E || e === UPPER_E) {
    let j = end + 1;
    const sign = s.charCodeAt(j);
    if (sign === PLUS || sign === MINUS) j++;
    const expEnd = digitsEnd(s, j);
    if (expEnd === j) return undefined;
    end = expEnd;
  }
  if (end !== s.length) return undefined;
  const value = Number(s);
  if (!Number.isFinite(value)) return undefined;
  return value === 0 ? 0 : value;
}

/**
 * The boolean words, after lower-casing and with no trimming: `true 1 yes y on` give `true`,
 * `false 0 no n off` give `false`, anything else (`''` included) `undefined`.
 * @internal
 */
export function parseBool(s: string): boolean | undefined {
  // The longest word has 5 characters, and lower-casing never shortens a string.
  if (s.length === 0 || s.length > 5) return undefined;
  switch (lowerAscii(s)) {
    case 'true':
    case '1':
    case 'yes':
    case 'y':
    case 'on':
      return true;
    case 'false':
    case '0':
    case 'no':
    case 'n':
    case 'off':
      return false;
    default:
      return undefined;
  }
}
