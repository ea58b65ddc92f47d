/**
 * The router contract: maps a method and a path to the value registered for them. The app uses one
 * for HTTP routes, and later for WebSocket paths and event names. Every implementation must pass
 * `test/runtime/router/conformance.ts` (hono `router.ts` with its shared `common.case.test.ts`).
 *
 * Route patterns are portable across implementations, so only this grammar is accepted:
 * `/` then segments separated by `/`; a segment is literal text or `:name`, where `name` is an
 * ASCII JavaScript identifier other than `__proto__`, once per pattern; only the last segment may
 * be empty (a trailing slash, which is significant). No wildcards, optional or regex keys, and no
 * `?`, `#` or `%` (write the decoded character: a request's path is percent-decoded before
 * matching, RFC 3986 section 2.1). Matching is case-sensitive (RFC 3986 section 6.2.2.1).
 */
import { FwError } from '../errors.js';

/** A route found for a request: the value registered for it and its path parameters. */
export interface RouteMatch<T> {
  readonly value: T;
  /**
   * The percent-decoded value of each route key, never empty. It has no prototype properties, and
   * each `find` returns a fresh object, so a caller may freeze it.
   */
  readonly params: Readonly<Record<string, string>>;
}

/**
 * Maps (method, path pattern) to a value. Static segments win over `:name` segments at the same
 * level, with backtracking: `/users/me` and `/users/:id` both match what they should.
 * @see FindMyWayRouter
 */
export interface Router<T> {
  /**
   * Registers `value` for `method` (upper case, e.g. `GET`) on the pattern `path`. `label` names the
   * handler in errors, e.g. `UserController.get`. Throws `FW_ERR_INVALID_ROUTE` for a method or
   * pattern it cannot route, and `FW_ERR_DUPLICATE_ROUTE` when an equivalent route exists.
   */
  add(method: string, path: string, value: T, label: string): void;
  /**
   * The route for a request, or null. `path` has no query string and may be percent-encoded; `#`
   * in it is an ordinary character, not the start of a fragment (a request target has none). A
   * malformed escape, a key matching an empty segment or a path not starting with `/` give null.
   * HEAD falls back to the GET route when no HEAD route matches.
   */
  find(method: string, path: string): RouteMatch<T> | null;
  /** The methods whose routes match `path`, sorted, with HEAD wherever GET is: the 405 `Allow`. */
  allowed(path: string): string[];
  /** The route tree as text, one route per line, for debugging. */
  prettyPrint(): string;
}

/**
 * The `:name` keys of a route pattern, in order; it does not validate the pattern.
 * @example routeKeys('/users/:id/posts/:postId') // ['id', 'postId']
 */
export function routeKeys(path: string): string[] {
  const keys: string[] = [];
  for (const segment of path.split('/')) {
    if (segment.startsWith(':')) keys.push(segment.slice(1));
  }
  return keys;
}

/**
 * Joins a prefix and a path with one `/` between them, a leading `/` and no trailing `/` but for
 * the root: `('/users', '/')` → `/users`, `('', '/:id')` → `/:id`, `('users', ':id')` → `/users/:id`.
 * @internal fwgen joins a controller's prefix and a handler's path with it, and `createApp` joins
 * the decorators' to compare them with the bindings.
 */
export function joinRoute(prefix: string, path: string): string {
  const head = prefix.replace(/\/+$/, '');
  const tail = path.replace(/^\/+/, '');
  const joined = (tail === '' ? head : `${head}/${tail}`).replace(/\/+$/, '');
  if (joined === '') return '/';
  return joined.startsWith('/') ? joined : `/${joined}`;
}

const METHOD = /^[A-Z0-9!#$%&'*+.^_`|~-]+$/; // an RFC 9110 token (section 9.1), upper case
const KEY = /^[A-Za-z_$][\w$]*$/;
const FORBIDDEN = /[*?#%]/;
const FORBIDDEN_REASONS: Readonly<Record<string, string>> = {
  '*': "'*' is not allowed: use a ':name' segment, not a wildcard",
  '?': "'?' is not allowed: it starts the query; keys cannot be optional",
  '#': "'#' is not allowed: it starts the fragment",
  '%': "'%' is not allowed: write the character, not a percent-escape",
};

/**
 * Why `method` and `path` are not a valid route under the grammar above, or null.
 * @internal For fwgen's analyzer, so it reports invalid patterns with the runtime's own reasons.
 */
export function routeProblem(method: string, path: string): string | null {
  if (!METHOD.test(method)) return 'the method must be an upper-case HTTP token such as GET';
  if (!path.startsWith('/')) return "the path must start with '/'";
  const segments = path.slice(1).split('/');
  const seen = new Set<string>();
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i]!;
    if (segment === '' && i < segments.length - 1) return "the path has an empty segment ('//')";
    const bad = FORBIDDEN.exec(segment);
    if (bad !== null) return FORBIDDEN_REASONS[bad[0]]!;
    if (!segment.startsWith(':')) {
      if (segment.includes(':'))
        return `':' may only start a segment ('/:name'); found '${segment}'`;
      continue;
    }
    const key = segment.slice(1);
    if (!KEY.test(key))
      return `route key '${segment}' must be an identifier (letters, digits, _, $)`;
    if (key === '__proto__') return `route key '${segment}' is reserved; rename it`;
    if (seen.has(key)) return `route key '${segment}' appears twice; give each key its own name`;
    seen.add(key);
  }
  return null;
}

/**
 * Throws `FW_ERR_INVALID_ROUTE` when `method` and `path` break the pattern grammar above.
 * @internal For {@link Router} implementations: call it first in `add`.
 */
export function checkRoute(method: string, path: string, label: string): void {
  const reason = routeProblem(method, path);
  if (reason !== null)
    throw new FwError('FW_ERR_INVALID_ROUTE', { method, path, handler: label, reason });
}

/**
 * The `FW_ERR_DUPLICATE_ROUTE` error for `path`, equivalent to the route `first` already registered.
 * @internal For {@link Router} implementations, so every one words it the same.
 */
export function duplicateRoute(
  method: string,
  path: string,
  label: string,
  first: { readonly path: string; readonly label: string },
  cause?: unknown,
): FwError<'FW_ERR_DUPLICATE_ROUTE'> {
  const shown = first.path === path ? path : `${path} (equivalent to ${first.path})`;
  const params = { method, path: shown, first: first.label, second: label };
  return new FwError('FW_ERR_DUPLICATE_ROUTE', params, cause === undefined ? {} : { cause });
}
