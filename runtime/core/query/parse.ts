/**
 * Query-string decoding by the `application/x-www-form-urlencoded` parser of the WHATWG URL
 * Standard, the one behind `URLSearchParams`: one leading `?` is dropped, pairs split on `&` (empty
 * ones skipped) and then on the first `=`, `+` is a space, a bad `%` escape stays as it is, and the
 * bytes decode as UTF-8 with U+FFFD for invalid sequences (a BOM is kept).
 * A pair with no `%` or `+` is taken as it is, which is most of them. The tests compare the result
 * with `new URL(…).searchParams`. `new URLSearchParams(qs)` is not used: Node 20's JavaScript decoder
 * garbles a value that mixes raw non-ASCII with an escaped byte that is not UTF-8 (`a=%A9😀`).
 * @see https://url.spec.whatwg.org/#urlencoded-parsing
 */

import { FwError } from '../errors.js';

const AMP = 38;
const EQ = 61;
const QUESTION = 63;
const PERCENT = 37;
const PLUS = 43;

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { ignoreBOM: true });

/** ES2024 methods that Node >= 20 has and the ES2023 lib does not declare. */
interface WellFormed {
  isWellFormed(): boolean;
  toWellFormed(): string;
}

/** The value of an ASCII hex digit, or -1. */
function hexValue(c: number): number {
  if (c >= 48 && c <= 57) return c - 48;
  const lower = c | 0x20;
  return lower >= 97 && lower <= 102 ? lower - 87 : -1;
}

/** Percent-decodes bytes leniently: a `%` not followed by two hex digits is kept as it is. */
function percentDecodeBytes(s: string): string {
  const bytes = encoder.encode(s);
  const out = new Uint8Array(bytes.length);
  let j = 0;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]!;
    if (b === PERCENT && i + 2 < bytes.length) {
      const hi = hexValue(bytes[i + 1]!);
      const lo = hexValue(bytes[i + 2]!);
      if (hi !== -1 && lo !== -1) {
        out[j++] = (hi << 4) | lo;
        i += 2;
        continue;
      }
    }
    out[j++] = b;
  }
  return decoder.decode(out.subarray(0, j));
}

/** Decodes one name or value; `s` is already well-formed UTF-16. */
function decodeComponent(s: string): string {
  const spaced = s.includes('+') ? s.replaceAll('+', ' ') : s;
  if (!spaced.includes('%')) return spaced;
  try {
    // Succeeds exactly when every escape is valid and the escaped bytes are valid UTF-8.
    return decodeURIComponent(spaced);
  } catch {
    return percentDecodeBytes(spaced);
  }
}

/**
 * Decodes a query string (with or without its leading `?`) into a null-prototype record of every
 * value per key, in order, as `URLSearchParams` would. At most `maxParams` pairs are read; the
 * rest of the string is ignored, which bounds the work an oversized query can cause.
 * @param maxParams the most pairs to read; empty pairs (`a&&b`) do not count.
 * @example parseQuery('?tag=a&tag=b+c&x') // { tag: ['a', 'b c'], x: [''] }
 */
export function parseQuery(qs: string, maxParams = 1000): Record<string, string[]> {
  return recordOf(decodePairs(qs, maxParams, false));
}

/**
 * @internal Decodes a request's query as {@link parseQuery} does, into the flat list
 * `[name, value, name, value, …]`, and answers 400 instead of ignoring the pairs past `maxParams`
 * (the app's `maxQueryParams`): a handler never sees a query that was silently cut short. A list,
 * not a record: a handler reads a few keys, and a record costs a dictionary store per pair.
 * `from` is where the query starts in `qs`: the request's target is read where it stands.
 */
export function parseRequestPairs(qs: string, maxParams: number, from = 0): string[] {
  return decodePairs(qs, maxParams, true, from);
}

/** @internal The pairs `[name, value, …]` as a null-prototype record of every value per name. */
export function recordOf(pairs: readonly string[]): Record<string, string[]> {
  const out: Record<string, string[]> = Object.create(null);
  for (let i = 0; i < pairs.length; i += 2) {
    const name = pairs[i] as string;
    const list = out[name];
    if (list === undefined) out[name] = [pairs[i + 1] as string];
    else list.push(pairs[i + 1] as string);
  }
  return out;
}

/**
 * The pairs of `qs` from index `from` on, at most `maxParams`; past them it stops, or throws when
 * `strict`.
 */
function decodePairs(qs: string, maxParams: number, strict: boolean, from = 0): string[] {
  const out: string[] = [];
  // Lone surrogates become U+FFFD first, as the USVString conversion of URLSearchParams does.
  const s = (qs as unknown as WellFormed).isWellFormed()
    ? qs
    : (qs as unknown as WellFormed).toWellFormed();
  const n = s.length;
  let count = 0;
  let start = s.charCodeAt(from) === QUESTION ? from + 1 : from;
  while (start < n) {
    let eq = -1;
    let plain = true;
    let end = start;
    for (; end < n; end++) {
      const c = s.charCodeAt(end);
      if (c === AMP) break;
      if (c === EQ && eq === -1) eq = end;
      else if (c === PERCENT || c === PLUS) plain = false;
    }
    if (end > start) {
      if (count === maxParams) {
        if (strict) throw new FwError('FW_ERR_TOO_MANY_QUERY_PARAMS', { limit: maxParams });
        return out;
      }
      let name = eq === -1 ? s.slice(start, end) : s.slice(start, eq);
      let value = eq === -1 ? '' : s.slice(eq + 1, end);
      if (!plain) {
        name = decodeComponent(name);
        value = decodeComponent(value);
      }
      out.push(name, value);
      count++;
    }
    start = end + 1;
  }
  return out;
}
