/**
 * @internal Header maps built from the flat `[name, value, …]` list a request arrives with, the
 * split of a request target into its path and query string, and its frozen queries.
 */
import { parseQuery } from '../query/parse.js';

/** Every header by lower-case name, each with every value in order; frozen throughout. */
export function headerMap(
  rawHeaders: readonly string[],
): Readonly<Record<string, readonly string[]>> {
  const map: Record<string, string[]> = Object.create(null);
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
    const name = (rawHeaders[i] as string).toLowerCase();
    const values = map[name];
    if (values === undefined) map[name] = [rawHeaders[i + 1] as string];
    else values.push(rawHeaders[i + 1] as string);
  }
  for (const name in map) Object.freeze(map[name]);
  return Object.freeze(map);
}

/** Turns `{ name: value | values }` into the flat list, as Node's `rawHeaders`. */
export function flattenHeaders(
  headers: Readonly<Record<string, string | readonly string[] | undefined>> | undefined,
): string[] {
  const raw: string[] = [];
  if (headers === undefined) return raw;
  for (const name of Object.keys(headers)) {
    const value = headers[name];
    if (value === undefined) continue;
    if (typeof value === 'string') raw.push(name, value);
    else for (const v of value) raw.push(name, v);
  }
  return raw;
}

/** A query string parsed and frozen in place (the parse is fresh, so nothing needs copying). */
export function frozenQueries(query: string): Readonly<Record<string, readonly string[]>> {
  return freezeQueries(parseQuery(query));
}

/** Freezes a fresh parse in place, list by list. */
export function freezeQueries(
  queries: Record<string, string[]>,
): Readonly<Record<string, readonly string[]>> {
  for (const key in queries) Object.freeze(queries[key]);
  return Object.freeze(queries);
}

const ABSOLUTE_FORM = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/?#]*/;

/**
 * The path and the query string (without `?`) of a request target (RFC 9112 section 3.2): the
 * origin form `/p?q` as it is; the absolute form `http://host/p?q`, which a client talking to a
 * proxy sends, without its scheme and authority, the path `/` when it has none.
 */
export function splitTarget(target: string): { readonly path: string; readonly query: string } {
  const { path, source, at } = targetParts(target);
  return { path, query: source.slice(at) };
}

/** A request target's path, and where its query string is: `source` from index `at` on. */
export interface TargetParts {
  readonly path: string;
  /** The target in origin form; the query string is its end, from `at` (its length without one). */
  readonly source: string;
  readonly at: number;
}

/**
 * {@link splitTarget}, with the query string left where it stands: a slice of a string is a string
 * of its own kind in V8, and a loop of `charCodeAt` over one costs several times what it costs
 * over the string it was cut from.
 */
export function targetParts(target: string): TargetParts {
  let rest = target;
  if (target.charCodeAt(0) !== 47 /* / */) {
    const authority = ABSOLUTE_FORM.exec(target);
    if (authority !== null) {
      rest = target.slice(authority[0].length);
      if (rest.charCodeAt(0) !== 47) rest = `/${rest}`;
    }
  }
  const q = rest.indexOf('?');
  return q === -1
    ? { path: rest, source: rest, at: rest.length }
    : { path: rest.slice(0, q), source: rest, at: q + 1 };
}
