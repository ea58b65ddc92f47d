/**
 * `fw/validate`: the leaf checks and plumbing that fwgen's generated validators call. Objects,
 * unions, literals and tuples are written out in the generated module; only what every type
 * shares lives here.
 *
 * A checker is `(v, issues, key)`: `v` is the value found at `key` (a property name, record key or
 * array index; `''` for the root). It returns the checked value and pushes an issue for each
 * failure, its path relative to the container checking it (`qty`, `[2]`). A container prefixes
 * the issues its children added with its own key, so a path is only built when a check fails:
 * `items[2].sku`. `undefined` means absent (JSON has none): every checker reports it `is required`.
 *
 * @example
 * function checkPoint(v: unknown, issues: Issues, key: Key): unknown {
 *   if (!isObject(v)) return fail(v, issues, key, 'expected an object');
 *   const n = issues.length;
 *   const out: Record<string, unknown> = {};
 *   out['x'] = number(v['x'], issues, 'x');
 *   return prefix(issues, n, key, out);
 * }
 * const validatePoint = validator(checkPoint);
 * @see docs/API.md section 5: a body or payload of an application type is checked by such a
 * validator.
 */

import { ownOnly } from './own-only.js';
import type { ValidationIssue, Validator } from './validator.js';

/** The issues found so far, each path relative to the container being checked. */
export type Issues = ValidationIssue[];

/** A property name, record key or array index. */
export type Key = string | number;

/** Checks the value at `key`; see the module comment. */
export type Checker = (v: unknown, issues: Issues, key: Key) => unknown;

/**
 * Runs a root checker with a fresh issues list: the checked value, or every issue found. A
 * checker reads `v['name']`, which also finds what `Object.prototype` holds; so when something in
 * the process has polluted it (an enumerable property, as every prototype-pollution bug makes),
 * the input is checked as a copy whose objects have no prototype, and an inherited value can
 * never stand in for a missing property. A clean prototype costs one empty `for…in`.
 */
export function validator<T = unknown>(check: Checker): Validator<T> {
  return (input) => {
    const issues: Issues = [];
    const value = check(isPolluted() ? ownOnly(input) : input, issues, '');
    return issues.length === 0 ? { ok: true, value: value as T } : { ok: false, issues };
  };
}

/** Whether `Object.prototype` has an enumerable property: none of its own is. */
function isPolluted(): boolean {
  for (const _ in Object.prototype) return true;
  return false;
}

/**
 * Takes the issues recorded since the `n`th off `issues`, and returns the shorter list of them and
 * `best` (`best` when as long): how a union of objects keeps the closest member's issues.
 */
export function fewest(issues: Issues, n: number, best: Issues | undefined): Issues {
  const mine = issues.splice(n);
  return best === undefined || mine.length < best.length ? mine : best;
}

/** Records that `v` is not what was expected (`is required` when absent); returns `undefined`. */
export function fail(v: unknown, issues: Issues, key: Key, want: string): undefined {
  const path = typeof key === 'number' ? `[${key}]` : key;
  issues.push({ path, message: v === undefined ? 'is required' : want });
  return undefined;
}

/**
 * Puts `key` in front of the paths of the issues found since the `n`th (`sku` under `2` becomes
 * `[2].sku`, that under `items` `items[2].sku`); returns `value`. Does nothing on success.
 */
export function prefix<T>(issues: Issues, n: number, key: Key, value: T): T {
  if (issues.length === n || key === '') return value;
  const at = typeof key === 'number' ? `[${key}]` : key;
  for (let i = n; i < issues.length; i++) {
    const { path, message } = issues[i] as ValidationIssue;
    const joined = path === '' ? at : path.startsWith('[') ? at + path : `${at}.${path}`;
    issues[i] = { path: joined, message };
  }
  return value;
}

/** A JSON object: not `null`, not an array. */
export function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** An own property only, for names `Object.prototype` also has (`constructor`, `toString`, …). */
export function own(o: Record<string, unknown>, name: string): unknown {
  return Object.hasOwn(o, name) ? o[name] : undefined;
}

const DATA = { enumerable: true, writable: true, configurable: true } as const;

/** Sets an own data property, even `__proto__`, without touching the object's prototype. */
export function put(o: Record<string, unknown>, name: string, value: unknown): void {
  if (name !== '__proto__') o[name] = value;
  else Object.defineProperty(o, name, { ...DATA, value });
}

/** A string. */
export function string(v: unknown, issues: Issues, key: Key): string | undefined {
  return typeof v === 'string' ? v : fail(v, issues, key, 'expected a string');
}

/** A finite number. */
export function number(v: unknown, issues: Issues, key: Key): number | undefined {
  return Number.isFinite(v) ? (v as number) : fail(v, issues, key, 'expected a number');
}

/** `true` or `false`. */
export function boolean(v: unknown, issues: Issues, key: Key): boolean | undefined {
  return typeof v === 'boolean' ? v : fail(v, issues, key, 'expected a boolean');
}

/** Anything present, unchanged. */
export function unknown(v: unknown, issues: Issues, key: Key): unknown {
  return v === undefined ? fail(v, issues, key, 'is required') : v;
}

// YYYY-MM-DD[Thh:mm[:ss[.fraction]](Z|±hh:mm)]: a time always carries its zone; a date alone is UTC midnight.
const ISO_DATE =
  /^(\d{4})-(\d{2})-(\d{2})(?:T(?:[01]\d|2[0-3]):[0-5]\d(?::[0-5]\d(?:\.\d{1,9})?)?(?:Z|[+-](?:[01]\d|2[0-3]):[0-5]\d))?$/;
const DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** An ISO 8601 date (`2024-05-31`) or date-time with a zone (`2024-05-31T12:00:00Z`), as a `Date`. */
export function date(v: unknown, issues: Issues, key: Key): Date | undefined {
  const m = typeof v === 'string' ? ISO_DATE.exec(v) : null;
  if (m !== null) {
    const year = Number(m[1]);
    const month = Number(m[2]);
    const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
    const days = month === 2 && leap ? 29 : DAYS[month - 1];
    const day = Number(m[3]);
    if (days !== undefined && day >= 1 && day <= days) return new Date(v as string);
  }
  return fail(v, issues, key, 'expected an ISO 8601 date string');
}

/**
 * The longest integer text {@link bigint} reads: 80 characters hold any 256-bit integer (78 digits)
 * with its sign. Every input has a limit because `BigInt(text)`, writing the value back and the
 * handler's arithmetic all take time that grows faster than the digits: a million-digit string
 * (a 1 MB body) costs some 0.2 s to parse and 0.7 s to write on Node 20, all of it blocking.
 */
const MAX_INTEGER_TEXT = 80;
const INTEGER_TEXT = /^-?(?:0|[1-9]\d*)$/;

/**
 * An integer as a `bigint`: JSON has no bigint, so it comes as a string of decimal digits
 * (`"9007199254740993"`, an optional `-`, no leading zeros, at most 80 characters), as int64 does
 * in protobuf's JSON mapping, or as a number that is a safe integer (`42`), which JSON carries
 * without loss. A larger number has already lost digits in `JSON.parse`, and is refused.
 */
export function bigint(v: unknown, issues: Issues, key: Key): bigint | undefined {
  if (typeof v === 'string' && v.length <= MAX_INTEGER_TEXT && INTEGER_TEXT.test(v)) {
    return BigInt(v);
  }
  if (Number.isSafeInteger(v)) return BigInt(v as number);
  return fail(v, issues, key, 'expected an integer string');
}

/** An array whose every item passes `element`; the input itself when no item changed. */
export function array(v: unknown, issues: Issues, key: Key, element: Checker): unknown {
  if (!Array.isArray(v)) return fail(v, issues, key, 'expected an array');
  const n = issues.length;
  let out: unknown[] | undefined;
  for (let i = 0; i < v.length; i++) {
    const item: unknown = v[i];
    const checked = element(item, issues, i);
    if (out !== undefined) out.push(checked);
    else if (checked !== item) (out = v.slice(0, i)).push(checked);
  }
  return prefix(issues, n, key, out ?? v);
}

/** An object whose every own property passes `value`, copied (`__proto__` too) into a fresh one. */
export function record(v: unknown, issues: Issues, key: Key, value: Checker): unknown {
  if (!isObject(v)) return fail(v, issues, key, 'expected an object');
  const n = issues.length;
  const out: Record<string, unknown> = {};
  for (const name of Object.keys(v)) put(out, name, value(v[name], issues, name));
  return prefix(issues, n, key, out);
}

/**
 * A whole number, for body and payload types: fwgen checks a property of type `Int` as
 * `@integer` does (`qty: expected an integer`) and documents it as JSON Schema `integer`. To
 * TypeScript it is `number`.
 *
 * @example
 * import type { Int } from 'fw/validate';
 * export interface AddItem { sku: string; qty: Int }
 * @see docs/fwgen.md "Constraints"
 */
export type Int = number;
