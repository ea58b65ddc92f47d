/**
 * What the generated validators call for JSDoc constraints (docs/fwgen.md "Constraints"): the
 * `@format` patterns, a length in code points, JSON equality for `@uniqueItems` and the
 * `@multipleOf` test. A validator only calls these where a type declares a constraint.
 *
 * Each format is one regular expression with the `u` flag, the same text fwgen writes into the
 * API documents as the schema's `pattern`, so a JSON Schema validator agrees with fw on it:
 * - `email`: the WHATWG HTML "valid e-mail address" (local part of printable ASCII, dot-separated
 *   host labels of at most 63 characters);
 * - `uri`: a scheme (RFC 3986 3.1), a colon, then no whitespace;
 * - `uuid`: the RFC 9562 8-4-4-4-12 hex digits, either case;
 * - `date`: an RFC 3339 `full-date` that is a real day; `date-time`: an RFC 3339 `date-time`
 *   (seconds required, `60` allowed, `T`/`Z` in either case);
 * - `ipv4`: dotted decimal without leading zeros; `ipv6`: RFC 4291 2.2 text forms.
 *
 * @see https://html.spec.whatwg.org/multipage/input.html#valid-e-mail-address
 * @see https://www.rfc-editor.org/rfc/rfc3339 (5.6)
 * @see https://www.rfc-editor.org/rfc/rfc4291 (2.2)
 */
/** A `@format` name. */
export type StringFormat = 'email' | 'uri' | 'uuid' | 'date' | 'date-time' | 'ipv4' | 'ipv6';

/** A real day of the Gregorian calendar (proleptic, 0000 leap): `YYYY-MM-DD`. */
const DAY =
  '(?:\\d{4}-(?:(?:0[1-9]|1[0-2])-(?:0[1-9]|1\\d|2[0-8])|(?:0[13-9]|1[0-2])-(?:29|30)|(?:0[13578]|1[02])-31)' +
  '|(?:\\d{2}(?:0[48]|[2468][048]|[13579][26])|(?:[02468][048]|[13579][26])00)-02-29)';
const LABEL = '[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?';
const HEX = '[0-9a-fA-F]';
const IPV6 =
  '(((H{1,4}:){7}(H{1,4}|:))|((H{1,4}:){6}(:H{1,4}|((25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)(\\.(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)){3})|:))|((H{1,4}:){5}(((:H{1,4}){1,2})|:((25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)(\\.(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)){3})|:))|((H{1,4}:){4}(((:H{1,4}){1,3})|((:H{1,4})?:((25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)(\\.(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)){3}))|:))|((H{1,4}:){3}(((:H{1,4}){1,4})|((:H{1,4}){0,2}:((25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)(\\.(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)){3}))|:))|((H{1,4}:){2}(((:H{1,4}){1,5})|((:H{1,4}){0,3}:((25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)(\\.(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)){3}))|:))|((H{1,4}:){1}(((:H{1,4}){1,6})|((:H{1,4}){0,4}:((25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)(\\.(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)){3}))|:))|(:(((:H{1,4}){1,7})|((:H{1,4}){0,5}:((25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)(\\.(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)){3}))|:)))'.replaceAll(
    'H',
    HEX,
  );

/** The pattern of each `@format`, as JSON Schema `pattern` text. */
export const FORMAT_PATTERNS: Readonly<Record<StringFormat, string>> = {
  email: `^[a-zA-Z0-9.!#$%&'*+/=?^_\`{|}~-]+@${LABEL}(?:\\.${LABEL})*$`,
  uri: '^[a-zA-Z][a-zA-Z0-9+.-]*:[^\\s]*$',
  uuid: '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$',
  date: `^${DAY}$`,
  'date-time': `^${DAY}[Tt](?:[01]\\d|2[0-3]):[0-5]\\d:(?:[0-5]\\d|60)(?:\\.\\d+)?(?:[Zz]|[+-](?:[01]\\d|2[0-3]):[0-5]\\d)$`,
  ipv4: '^(?:(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)\\.){3}(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)$',
  ipv6: `^${IPV6}$`,
};

/**
 * Each `@format`'s test, compiled once.
 *
 * @example
 * if (!formats.email.test(v)) return fail(v, issues, key, 'expected an email address');
 */
export const formats: Readonly<Record<StringFormat, RegExp>> = {
  email: new RegExp(FORMAT_PATTERNS.email, 'u'),
  uri: new RegExp(FORMAT_PATTERNS.uri, 'u'),
  uuid: new RegExp(FORMAT_PATTERNS.uuid, 'u'),
  date: new RegExp(FORMAT_PATTERNS.date, 'u'),
  'date-time': new RegExp(FORMAT_PATTERNS['date-time'], 'u'),
  ipv4: new RegExp(FORMAT_PATTERNS.ipv4, 'u'),
  ipv6: new RegExp(FORMAT_PATTERNS.ipv6, 'u'),
};

/** The length of `s` in Unicode code points (a surrogate pair counts once), as JSON Schema counts. */
export function chars(s: string): number {
  let n = s.length;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        n--;
        i++;
      }
    }
  }
  return n;
}

/**
 * Whether `v / m` is a whole number, within 1e-9 (so `0.3` is a multiple of `0.1`); a quotient
 * too large to have a fraction is whole.
 */
export function multipleOf(v: number, m: number): boolean {
  const q = v / m;
  return !(Math.abs(Math.round(q) - q) > 1e-9);
}

/** Whether no two items are equal as JSON values (objects by their keys, in any order). */
export function unique(items: readonly unknown[]): boolean {
  const scalars = new Set<unknown>();
  const others: unknown[] = [];
  for (const item of items) {
    if (typeof item !== 'object' || item === null) {
      if (scalars.has(item)) return false;
      scalars.add(item);
    } else {
      for (const other of others) if (equal(other, item)) return false;
      others.push(item);
    }
  }
  return true;
}

function equal(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    return a.every((x, i) => equal(x, b[i]));
  }
  if (Array.isArray(b)) return false;
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  return ka.every((k) => Object.hasOwn(rb, k) && equal(ra[k], rb[k]));
}
