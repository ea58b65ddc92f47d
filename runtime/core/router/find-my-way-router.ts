/**
 * {@link Router} over find-my-way's radix tree (the router of Fastify): strict trailing slashes,
 * case-sensitive, with its own safe percent-decoding, so `find` needs no try/catch.
 *
 * `/users/me` and `/users/:id` live side by side: the static segment wins, with backtracking.
 * `allowed()` gives the methods for the `Allow` header of a 405.
 */
import FindMyWay from 'find-my-way';
import { FwError } from '../errors.js';
import type { RouteMatch, Router } from './router.js';
import { checkRoute, duplicateRoute, routeKeys } from './router.js';

/**
 * The longest parameter value, in characters after decoding. A longer one does not match: `find`
 * answers null (so a 404), as it does for any path find-my-way cannot route.
 */
export const MAX_PARAM_LENGTH = 500;

type Instance = ReturnType<typeof FindMyWay>;
type Method = Parameters<Instance['find']>[0];

interface Entry<T> {
  readonly value: T;
  readonly label: string;
  readonly path: string;
  readonly keys: readonly string[];
}

const SLASH = 47;
const NO_QUERY = Object.freeze({});
const noop = (): void => {};

/**
 * `path` with each `#` escaped. find-my-way ends a path at `#`, as if a fragment followed, but a
 * request target has no fragment (RFC 9112 section 3.2) and Node hands `#` on as it came: it is a
 * character of the path, as in Go's `ParseRequestURI` and in fw's query parsing, so
 * `/users/1#x` binds `id` to `1#x` (a 400 for a number), never to `1`.
 */
function literalHash(path: string): string {
  return path.includes('#') ? path.replaceAll('#', '%23') : path;
}

/**
 * A {@link Router} over find-my-way. Its methods are those of `node:http` (`http.METHODS`); any
 * other token, such as `WS`, is `FW_ERR_INVALID_ROUTE`.
 * @example
 * const router = new FindMyWayRouter<string>();
 * router.add('GET', '/users/:id', 'user', 'UserController.get');
 * router.find('GET', '/users/42'); // { value: 'user', params: { id: '42' } }
 * @see https://github.com/delvedor/find-my-way
 */
export class FindMyWayRouter<T> implements Router<T> {
  readonly #fmw: Instance;
  /**
   * The routes whose pattern ends in `/`, again: where a path ending in `/` is looked up when the
   * whole tree bound a key to its empty last segment (see {@link FindMyWayRouter.#lookup}).
   */
  readonly #slashed: Instance;
  readonly #methods = new Set<string>();
  /** The values of `addPrefix`: a path only they take is no route's path for `allowed()`. */
  readonly #fallbacks = new Set<T>();

  constructor() {
    const config: FindMyWay.Config<FindMyWay.HTTPVersion.V1> & {
      buildPrettyMeta(route: { store: unknown }): Record<string, unknown>;
    } = {
      ignoreTrailingSlash: false,
      ignoreDuplicateSlashes: false,
      caseSensitive: true,
      maxParamLength: MAX_PARAM_LENGTH,
      // Callers pass the path alone; this saves the `{}` find-my-way would allocate per lookup.
      querystringParser: () => NO_QUERY,
      // Missing from find-my-way's `Config` type; prettyPrint shows this instead of the store.
      buildPrettyMeta: (route) => ({ handler: (route.store as Entry<T>).label }),
    };
    this.#fmw = FindMyWay(config);
    this.#slashed = FindMyWay(config);
  }

  add(method: string, path: string, value: T, label: string): void {
    checkRoute(method, path, label);
    const entry: Entry<T> = { value, label, path, keys: Object.freeze(routeKeys(path)) };
    try {
      this.#fmw.on(method as Method, path, noop, entry);
    } catch (err) {
      // find-my-way throws "Method 'GET' already declared for route '/a/:'" for the same pattern,
      // key names aside; findRoute ignores key names too, so it finds the route already there.
      const first = this.#fmw.findRoute(method as Method, path)?.store as Entry<T> | undefined;
      if (first !== undefined) throw duplicateRoute(method, path, label, first, err);
      const reason = err instanceof Error ? err.message : String(err);
      throw new FwError(
        'FW_ERR_INVALID_ROUTE',
        { method, path, handler: label, reason },
        { cause: err },
      );
    }
    if (path.endsWith('/')) this.#slashed.on(method as Method, path, noop, entry);
    this.#methods.add(method);
  }

  /**
   * Registers `value` for `method` on `prefix` followed by anything (`/assets/*`; `/*` for `/`),
   * outside the portable grammar: for static files. find-my-way tries static segments, then
   * `:name` segments, then the wildcard, backtracking, so every route `add`ed that matches a path
   * wins over this one. `prefix` is `/` or starts with `/` and does not end with it. A path that
   * only such values take (here, or added again under another pattern) gets no methods from
   * `allowed()`: another method there is a 404, not a 405.
   * @internal
   */
  addPrefix(method: string, prefix: string, value: T, label: string): void {
    const path = prefix === '/' ? '/*' : `${prefix}/*`;
    const entry: Entry<T> = { value, label, path, keys: Object.freeze([]) };
    try {
      this.#fmw.on(method as Method, path, noop, entry);
    } catch (err) {
      const first = this.#fmw.findRoute(method as Method, path)?.store as Entry<T> | undefined;
      if (first !== undefined) throw duplicateRoute(method, path, label, first, err);
      throw err;
    }
    this.#methods.add(method);
    this.#fallbacks.add(value);
  }

  find(method: string, path: string): RouteMatch<T> | null {
    // find-my-way would read a path without its leading '/' as an absolute URL or a suffix.
    if (path.charCodeAt(0) !== SLASH) return null;
    // An empty segment (`//`, or a `/` at the end) is the only place a key can be bound to ''.
    // Found by builtins: a loop of charCodeAt over the path, a slice of the URL, costs more.
    const empty = path.charCodeAt(path.length - 1) === SLASH || path.includes('//');
    const p = literalHash(path);
    return (
      this.#lookup(method, p, empty) ?? (method === 'HEAD' ? this.#lookup('GET', p, empty) : null)
    );
  }

  allowed(path: string): string[] {
    if (path.charCodeAt(0) !== SLASH) return [];
    const p = literalHash(path);
    const methods: string[] = [];
    let routed = false;
    for (const method of this.#methods) {
      const hit = this.#lookup(method, p, true);
      if (hit === null) continue;
      methods.push(method);
      routed ||= !this.#fallbacks.has(hit.value);
    }
    if (!routed) return [];
    if (methods.includes('GET') && !methods.includes('HEAD')) methods.push('HEAD');
    return methods.sort();
  }

  prettyPrint(): string {
    return this.#fmw.prettyPrint({ commonPrefix: false, includeMeta: ['handler'] });
  }

  /**
   * find-my-way's lookup: it answers null for a malformed percent-escape or an over-long value.
   * It matches `:id` against an empty segment (`/users/`), and does not backtrack from there: with
   * `/abc/:p` and `/:p/`, it binds `/abc/` to the first with `p` empty. A route key is never empty
   * here, and no pattern has an empty segment but its last, so only a path ending in `/` can still
   * match, and only a pattern ending in `/`: the slashed tree, in which no key can be empty, finds
   * the route the documented matching does.
   */
  #lookup(
    method: string,
    path: string,
    emptySegment: boolean,
    tree: Instance = this.#fmw,
  ): RouteMatch<T> | null {
    const hit = tree.find(method as Method, path);
    if (hit === null) return null;
    const entry = hit.store as Entry<T>;
    const params = hit.params as Record<string, string>;
    // A key is a whole segment: with no empty segment in the path, none is bound to ''.
    if (!emptySegment) return { value: entry.value, params };
    const keys = entry.keys;
    // An index loop: V8 does not inline the iterator of a frozen array.
    for (let i = 0; i < keys.length; i++) {
      if (params[keys[i] as string] !== '') continue;
      const slashed = tree === this.#fmw && path.endsWith('/') && !path.includes('//');
      return slashed ? this.#lookup(method, path, true, this.#slashed) : null;
    }
    return { value: entry.value, params };
  }
}
