/**
 * `Set-Cookie` (RFC 6265 section 4.1): the header text of a cookie and its attributes, checked at
 * the call so that a bad cookie fails where it is written (`FW_ERR_BAD_COOKIE`), and `setCookie` /
 * `clearCookie`, which add it to the staged response: a cookie a handler set is dropped with the
 * rest of its response when the handler then fails.
 * @see https://www.rfc-editor.org/rfc/rfc6265#section-4.1
 * @see https://datatracker.ietf.org/doc/draft-cutler-httpbis-partitioned-cookies/ (`Partitioned`)
 */

import { FwError } from '../core/errors.js';
import type { ExecutionContext } from '../core/pipeline/execution-context.js';
import { RESPONSE_WRITER_KEY } from '../core/pipeline/keys.js';
import type { HttpRequestContext } from './http-context.js';
import type { ResponseWriter } from './staged-response.js';
import { StagedResponse } from './staged-response.js';

/** The attributes of a cookie; see {@link setCookie}. */
export interface CookieOptions {
  /** The paths the cookie is sent to. @default '/' */
  readonly path?: string;
  /** The host and its subdomains the cookie is sent to; only the host that set it when absent. */
  readonly domain?: string;
  /** Seconds until the cookie expires; 0 expires it now. A session cookie when neither this nor `expires` is given. */
  readonly maxAge?: number;
  /** When the cookie expires; `maxAge` wins in browsers that read both. */
  readonly expires?: Date;
  /** Hidden from the page's scripts (`document.cookie`). @default true */
  readonly httpOnly?: boolean;
  /** Sent over HTTPS only. Required by `sameSite: 'None'`, `partitioned` and the `__Secure-`/`__Host-` prefixes. */
  readonly secure?: boolean;
  /** Whether requests started by other sites carry the cookie. @default 'Lax' */
  readonly sameSite?: 'Strict' | 'Lax' | 'None';
  /** Kept apart per top-level site (CHIPS); requires `secure`. */
  readonly partitioned?: boolean;
}

/** A cookie for `reply(body, { cookies: [...] })`: its name, value and attributes. */
export interface Cookie extends CookieOptions {
  readonly name: string;
  readonly value: string;
}

const OPTION_KEYS: ReadonlySet<string> = new Set([
  'path',
  'domain',
  'maxAge',
  'expires',
  'httpOnly',
  'secure',
  'sameSite',
  'partitioned',
]);
const SAME_SITE: ReadonlySet<unknown> = new Set(['Strict', 'Lax', 'None']);

/**
 * The `Set-Cookie` value for `name=value` with `options`. Throws `FW_ERR_BAD_COOKIE` for a name that
 * is not an RFC 9110 token, a value or attribute with a control character, `;`, `,` or a character
 * outside ASCII (encode it first, e.g. with `encodeURIComponent`), an unknown option,
 * `sameSite: 'None'` or `partitioned` without `secure`, and a prefixed name whose rules are broken.
 * @example serializeCookie('sid', 'abc') // 'sid=abc; Path=/; HttpOnly; SameSite=Lax'
 */
export function serializeCookie(name: string, value: string, options: CookieOptions = {}): string {
  const bad = (reason: string) => badCookie(name, reason);
  if (typeof name !== 'string' || !isToken(name)) {
    throw bad("the name must be a non-empty token (letters, digits and !#$%&'*+-.^_`|~)");
  }
  checkText(name, 'value', value);
  if (typeof options !== 'object' || options === null) throw bad('the options must be an object');
  for (const key of Object.keys(options)) {
    if (!OPTION_KEYS.has(key)) {
      throw bad(`unknown option '${key}'; use ${[...OPTION_KEYS].join(', ')}`);
    }
  }
  const { path = '/', domain, maxAge, expires, httpOnly = true, secure = false } = options;
  const { sameSite = 'Lax', partitioned = false } = options;
  checkText(name, 'path', path);
  let text = `${name}=${value}; Path=${path}`;
  if (domain !== undefined) {
    checkText(name, 'domain', domain);
    if (domain === '') throw bad("the domain must not be empty; leave it out for the host's own");
    text += `; Domain=${domain}`;
  }
  if (maxAge !== undefined) {
    if (!Number.isSafeInteger(maxAge) || maxAge < 0) {
      throw bad(`maxAge must be a whole number of seconds, 0 or more; got ${String(maxAge)}`);
    }
    text += `; Max-Age=${maxAge}`;
  }
  if (expires !== undefined) {
    if (!(expires instanceof Date) || Number.isNaN(expires.getTime())) {
      throw bad(`expires must be a valid Date; got ${String(expires)}`);
    }
    text += `; Expires=${expires.toUTCString()}`;
  }
  for (const [key, flag] of [
    ['httpOnly', httpOnly],
    ['secure', secure],
    ['partitioned', partitioned],
  ] as const) {
    if (typeof flag !== 'boolean') throw bad(`${key} must be true or false; got ${String(flag)}`);
  }
  if (!SAME_SITE.has(sameSite)) {
    throw bad(`sameSite must be 'Strict', 'Lax' or 'None'; got ${String(sameSite)}`);
  }
  if (sameSite === 'None' && !secure) {
    throw bad("sameSite: 'None' needs secure: true; browsers drop such a cookie otherwise");
  }
  if (partitioned && !secure) {
    throw bad('partitioned needs secure: true; browsers drop such a cookie otherwise');
  }
  checkPrefix(name, path, domain, secure);
  if (httpOnly) text += '; HttpOnly';
  if (secure) text += '; Secure';
  text += `; SameSite=${sameSite}`;
  if (partitioned) text += '; Partitioned';
  return text;
}

/**
 * Adds a `Set-Cookie` to the response of `ctx`: the handler's `HttpRequestContext` parameter, or
 * the `ExecutionContext` of an interceptor. Options default to `Path=/`, `HttpOnly` and
 * `SameSite=Lax`. Set by a handler that then fails, or after the handler started, it is dropped
 * with the rest of the response; set in `preHandle`, it is sent with the error response too.
 * Throws `FW_ERR_BAD_COOKIE` for a bad cookie (see {@link serializeCookie}), on a context with
 * no HTTP response (a WebSocket message, an event), and once the response was sent
 * (`afterCompletion`).
 * @example setCookie(ctx, 'sid', session.id, { secure: true, maxAge: 3600 });
 * @see docs/API.md, "Cookies"
 */
export function setCookie(
  ctx: HttpRequestContext | ExecutionContext,
  name: string,
  value: string,
  options?: CookieOptions,
): void {
  const text = serializeCookie(name, value, options);
  writerOf(ctx, name).addHeader('Set-Cookie', text);
}

/** The Unix epoch, as `Expires` of a cookie cleared: a date long past. */
const EPOCH = new Date(0);

/**
 * Tells the browser to drop the cookie `name`: an empty value with `Max-Age=0` and an `Expires` in
 * the past. Give the `path` and `domain` it was set with; the other options are checked as
 * {@link setCookie} checks them.
 * @example clearCookie(ctx, 'sid');
 */
export function clearCookie(
  ctx: HttpRequestContext | ExecutionContext,
  name: string,
  options: Omit<CookieOptions, 'maxAge' | 'expires'> = {},
): void {
  setCookie(ctx, name, '', { ...options, maxAge: 0, expires: EPOCH });
}

/** The response writer of an HTTP context; throws `FW_ERR_BAD_COOKIE` for any other context. */
function writerOf(ctx: HttpRequestContext | ExecutionContext, name: string): ResponseWriter {
  const get = (ctx as Partial<ExecutionContext> | null)?.get;
  const writer =
    typeof get === 'function'
      ? (ctx as ExecutionContext).get<ResponseWriter>(RESPONSE_WRITER_KEY)
      : undefined;
  if (writer === undefined) {
    throw badCookie(
      name,
      'this context has no HTTP response (a WebSocket message or an event); set cookies from an ' +
        "HTTP handler's HttpRequestContext or an interceptor's ExecutionContext",
    );
  }
  if (writer instanceof StagedResponse && writer.isSent()) {
    throw badCookie(
      name,
      'the response was already sent (afterCompletion runs after it); set cookies in the handler, ' +
        'preHandle, postHandle or beforeResponse',
    );
  }
  return writer;
}

/** `__Secure-` needs `Secure`; `__Host-` also `Path=/` and no `Domain` (RFC 6265bis section 4.1.3). */
function checkPrefix(name: string, path: string, domain: string | undefined, secure: boolean) {
  const lower = name.toLowerCase();
  if (lower.startsWith('__secure-') && !secure) {
    throw badCookie(name, 'a __Secure- cookie needs secure: true');
  }
  if (lower.startsWith('__host-') && (!secure || path !== '/' || domain !== undefined)) {
    throw badCookie(name, "a __Host- cookie needs secure: true, path '/' and no domain");
  }
}

/** Throws unless `text` is a string of visible ASCII and spaces, without `;` or `,`. */
function checkText(name: string, what: string, text: unknown): void {
  if (typeof text !== 'string') throw badCookie(name, `the ${what} must be a string`);
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x20 || c > 0x7e || c === 0x3b || c === 0x2c) {
      throw badCookie(
        name,
        `the ${what} has ${describe(c)} at ${i}; it may hold visible ASCII but ';' and ',' ` +
          '(encode it first, e.g. with encodeURIComponent)',
      );
    }
  }
}

function describe(c: number): string {
  if (c === 0x3b) return "';'";
  if (c === 0x2c) return "','";
  return `U+${c.toString(16).toUpperCase().padStart(4, '0')}`;
}

/** The error for the cookie `name`, shown quoted and cut short: it may be anything. */
function badCookie(name: unknown, reason: string): FwError<'FW_ERR_BAD_COOKIE'> {
  const shown = typeof name === 'string' ? name : String(name);
  const cookie = JSON.stringify(shown.length > 64 ? `${shown.slice(0, 64)}…` : shown);
  return new FwError('FW_ERR_BAD_COOKIE', { cookie, reason });
}

/** The `tchar`s of RFC 9110 section 5.6.2. */
const TCHAR = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

function isToken(s: string): boolean {
  return TCHAR.test(s);
}
