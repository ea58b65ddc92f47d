/**
 * The `static` option of `createApp`: folders served as files under a path prefix. Every value is
 * checked at start-up, and a wrong one fails `createApp` with `FW_ERR_INVALID_OPTION` naming the
 * option (`static[0].root`) and the value.
 */
import { realpathSync, statSync } from 'node:fs';
import { isAbsolute, resolve, sep } from 'node:path';
import { appChecks, type OptionChecks, shown } from '../../core/options.js';

const invalid: OptionChecks['invalid'] = appChecks.invalid;

/**
 * One folder served as files at a path prefix, for GET and HEAD, through the global interceptors.
 * @example { root: './public', prefix: '/assets', maxAge: 86_400_000, immutable: true }
 * @see docs/API.md, "Static files"
 */
export interface StaticOptions {
  /** The folder served: it must exist and be a directory; relative to the working directory. */
  readonly root: string;
  /** Where it is served: `/` or `/segment/…`, with no `*`, `:`, `?`, `#`, `%` or empty segment. @default '/' */
  readonly prefix?: string;
  /** The file answered for a folder's path ending in `/`; `false` for none. @default 'index.html' */
  readonly index?: string | false;
  /** `Cache-Control: public, max-age` in milliseconds (rounded down to seconds). @default 0 */
  readonly maxAge?: number;
  /** Adds `immutable` to `Cache-Control`: give it a `maxAge` too. @default false */
  readonly immutable?: boolean;
  /**
   * A file of `root` answered for a GET or HEAD under the prefix that matches no file and
   * accepts `text/html` (a single-page app's `index.html`). @default none
   */
  readonly fallback?: string;
}

/** A checked {@link StaticOptions} entry. @internal */
export interface StaticMount {
  /** The real path of the root (symbolic links resolved), absolute. */
  readonly root: string;
  /** `/` or `/a/b`, never ending in `/` but for `/` itself. */
  readonly prefix: string;
  readonly index: string | false;
  readonly maxAge: number;
  readonly immutable: boolean;
  /** The fallback file, relative to the root, as a URL path starting with `/`. */
  readonly fallback: string | undefined;
}

const KEYS: readonly string[] = ['root', 'prefix', 'index', 'maxAge', 'immutable', 'fallback'];
/** A prefix segment: the characters a route pattern takes literally, but no dot at its start. */
const PREFIX_SEGMENT = /^[A-Za-z0-9_~!$&'()+,;=@-][A-Za-z0-9._~!$&'()+,;=@-]*$/;
/** A file name for `index` and `fallback`: no separator, not a dotfile. */
const FILE_NAME = /^[^/\\\0.][^/\\\0]*$/;

/** Checks the `static` option; `[]` when absent. @internal */
export function resolveStatic(value: unknown): readonly StaticMount[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) {
    invalid('static', 'an array of { root, prefix } entries', shown(value));
  }
  const mounts = value.map((entry: unknown, i) => resolveMount(entry, `static[${i}]`));
  const seen = new Set<string>();
  for (const [i, m] of mounts.entries()) {
    if (seen.has(m.prefix)) {
      invalid(`static[${i}].prefix`, 'a prefix no other static entry has', shown(m.prefix));
    }
    seen.add(m.prefix);
  }
  return Object.freeze(mounts);
}

function resolveMount(entry: unknown, at: string): StaticMount {
  const o = appChecks.record(
    at,
    entry,
    "an object such as { root: './public', prefix: '/' }",
    KEYS,
  );
  const root = resolveRoot(o['root'], `${at}.root`);
  const index = o['index'] ?? 'index.html';
  if (index !== false && !(typeof index === 'string' && FILE_NAME.test(index))) {
    invalid(`${at}.index`, "false or a file name such as 'index.html'", shown(index));
  }
  const maxAge = o['maxAge'] ?? 0;
  if (typeof maxAge !== 'number' || !Number.isSafeInteger(maxAge) || maxAge < 0) {
    invalid(`${at}.maxAge`, 'a whole number of milliseconds, 0 or more', shown(maxAge));
  }
  const immutable = o['immutable'] ?? false;
  if (typeof immutable !== 'boolean') invalid(`${at}.immutable`, 'a boolean', shown(immutable));
  return Object.freeze({
    root,
    prefix: resolvePrefix(o['prefix'] ?? '/', `${at}.prefix`),
    index,
    maxAge,
    immutable,
    fallback: resolveFallback(o['fallback'], root, `${at}.fallback`),
  });
}

/** The root's real path; it must exist and be a directory. */
function resolveRoot(value: unknown, option: string): string {
  if (typeof value !== 'string' || value === '') {
    invalid(option, "the path of a directory, such as './public'", shown(value));
  }
  let real: string;
  try {
    real = realpathSync(resolve(value));
  } catch {
    invalid(option, 'an existing directory', `'${value}', which does not exist`);
  }
  if (!statSync(real).isDirectory()) {
    invalid(option, 'an existing directory', `'${value}', which is not a directory`);
  }
  return real;
}

function resolvePrefix(value: unknown, option: string): string {
  const expected =
    "a path starting with '/', such as '/' or '/assets', with no '*', ':', '?', '#', '%', '..' or empty segment";
  if (typeof value !== 'string' || !value.startsWith('/')) invalid(option, expected, shown(value));
  const trimmed = value.length > 1 && value.endsWith('/') ? value.slice(0, -1) : value;
  if (trimmed === '/') return trimmed;
  for (const segment of trimmed.slice(1).split('/')) {
    if (!PREFIX_SEGMENT.test(segment)) invalid(option, expected, shown(value));
  }
  return trimmed;
}

/** The fallback as a URL path; it must name a file directly inside the root. */
function resolveFallback(value: unknown, root: string, option: string): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !FILE_NAME.test(value)) {
    invalid(option, "the name of a file of root, such as 'index.html'", shown(value));
  }
  const file = resolve(root, value);
  let real: string;
  try {
    real = realpathSync(file);
  } catch {
    invalid(option, 'a file that exists in root', `'${value}', not found in ${root}`);
  }
  if (!isInside(root, real) || !statSync(real).isFile()) {
    invalid(option, 'a file that exists in root', `'${value}', which is not a file of ${root}`);
  }
  return `/${encodeURIComponent(value)}`;
}

/** Whether the absolute `path` is `root` or under it; both real paths. @internal */
export function isInside(root: string, path: string): boolean {
  if (!isAbsolute(path)) return false;
  if (path === root) return true;
  return path.startsWith(root.endsWith(sep) ? root : root + sep);
}
