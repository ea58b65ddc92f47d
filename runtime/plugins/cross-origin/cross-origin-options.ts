/**
 * The options of `crossOriginProtection()`, their defaults and their checks: every mistake fails
 * `crossOriginProtection()` itself with `FW_ERR_INVALID_OPTION` naming
 * `crossOriginProtection.<option>`.
 */
import { appChecks, shown } from '../../core/options.js';
import { normalizeOrigin } from '../../core/request/origin.js';
import { serializeCookie } from '../../http/set-cookie.js';

/** The double-submit token: a cookie the page reads and sends back in a header. */
export interface CsrfTokenOptions {
  /** The cookie that carries the token; not HttpOnly, so the page's script can read it. @default 'fw-csrf' */
  readonly cookie?: string;
  /** The request header the page sends the token in. @default 'X-CSRF-Token' */
  readonly header?: string;
  /** Whether the cookie is sent over HTTPS only (required by a `__Host-` name). @default false */
  readonly secure?: boolean;
}

/** What `crossOriginProtection()` takes. */
export interface CrossOriginOptions {
  /**
   * Origins (`'https://admin.example.com'`) whose pages may send non-safe requests besides the
   * app's own; the origins a global `cors()` allows by list or function are trusted as well.
   * @default []
   */
  readonly trustedOrigins?: readonly string[];
  /**
   * For clients that send neither `Sec-Fetch-Site` nor `Origin` (browsers before 2020): a non-safe
   * request that carries cookies must send the token cookie's value in the token header. `true`
   * for the defaults. @default false
   */
  readonly token?: boolean | CsrfTokenOptions;
}

/** The options checked, with their defaults. */
export interface CrossOriginConfig {
  /** The trusted origins, normalized (lower case, no default port). */
  readonly trusted: ReadonlySet<string>;
  readonly token: CsrfTokenConfig | undefined;
}

/** The double-submit token's names and its cookie's attributes. */
export interface CsrfTokenConfig {
  readonly cookie: string;
  /** The header, as configured, for messages. */
  readonly header: string;
  /** The header in lower case, to read it. */
  readonly headerKey: string;
  readonly secure: boolean;
}

const KEYS = ['trustedOrigins', 'token'];
const TOKEN_KEYS = ['cookie', 'header', 'secure'];
/** An RFC 9110 token: a header name. */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
/** A configured origin: `scheme://host[:port]`, nothing after it. */
const ORIGIN_FORM = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^\s/\\?#@%]+$/;

/** Checks `options`, throwing `FW_ERR_INVALID_OPTION` for the first thing wrong. */
export function crossOriginConfig(options: CrossOriginOptions = {}): CrossOriginConfig {
  appChecks.record('crossOriginProtection', options, 'an object of options', KEYS);
  const origins: unknown = options.trustedOrigins ?? [];
  if (!Array.isArray(origins)) invalid('trustedOrigins', 'a list of origins', origins);
  const trusted = new Set<string>();
  for (const entry of origins as unknown[]) {
    const normal = typeof entry === 'string' ? normalizeOrigin(entry) : undefined;
    if (typeof entry !== 'string' || normal === undefined || !ORIGIN_FORM.test(entry)) {
      invalid('trustedOrigins', "origins such as 'https://app.example.com' (no path)", entry);
    }
    trusted.add(normal as string);
  }
  return { trusted, token: tokenConfig(options.token) };
}

function tokenConfig(option: unknown): CsrfTokenConfig | undefined {
  if (option === undefined || option === false) return undefined;
  const o =
    option === true
      ? {}
      : appChecks.record(
          'crossOriginProtection.token',
          option,
          "true, false or an object such as { cookie: 'fw-csrf' }",
          TOKEN_KEYS,
        );
  const secure = o['secure'] ?? false;
  if (typeof secure !== 'boolean') invalid('token.secure', 'true or false', secure);
  const cookie = o['cookie'] ?? 'fw-csrf';
  try {
    serializeCookie(cookie as string, 'x', { httpOnly: false, secure: secure as boolean });
  } catch {
    invalid('token.cookie', 'a cookie name (an HTTP token; __Host- needs secure: true)', cookie);
  }
  const header = o['header'] ?? 'X-CSRF-Token';
  if (typeof header !== 'string' || !TOKEN.test(header)) {
    invalid('token.header', 'a header name', header);
  }
  return {
    cookie: cookie as string,
    header,
    headerKey: header.toLowerCase(),
    secure: secure as boolean,
  };
}

function invalid(option: string, expected: string, got: unknown): never {
  return appChecks.invalid(`crossOriginProtection.${option}`, expected, shown(got));
}
