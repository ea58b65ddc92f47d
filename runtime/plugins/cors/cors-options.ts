/**
 * The options of `cors()`, their defaults, and their checks: every mistake fails `cors()` itself
 * with `FW_ERR_INVALID_OPTION` naming `cors.<option>`, before the app starts.
 */
import { appChecks, shown } from '../../core/options.js';
import { normalizeOrigin } from '../../core/request/origin.js';

/** Which origins may read responses: exact origins, any (`'*'`), or a predicate. */
export type CorsOrigins = readonly string[] | '*' | ((origin: string) => boolean);

/** What `cors()` takes. */
export interface CorsOptions {
  /**
   * The origins allowed: a list of exact origins (`'https://app.example.com'`, compared with the
   * request's `Origin` as browsers send it: lower case, no default port, no path), `'*'` for any,
   * or a function given the request's `Origin` that answers `true` to allow it.
   */
  readonly origins: CorsOrigins;
  /** The methods a preflight allows. @default ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] */
  readonly methods?: readonly string[];
  /** The request headers a preflight allows, matched case-insensitively. @default ['Content-Type', 'Authorization'] */
  readonly allowHeaders?: readonly string[];
  /** The response headers the page may read besides the safelisted ones. @default [] */
  readonly exposeHeaders?: readonly string[];
  /** Whether the page may send cookies and read the answer (`Access-Control-Allow-Credentials`). @default false */
  readonly credentials?: boolean;
  /** How long, in seconds, a browser may cache a preflight's answer. @default 600 */
  readonly maxAge?: number;
}

/** The options checked, with their defaults and the header values built once. */
export interface CorsConfig {
  /** Whether `origin` (already known to have the form of an origin) is allowed. */
  readonly allows: (origin: string) => boolean;
  readonly credentials: boolean;
  /** `Access-Control-Allow-Methods`. */
  readonly methods: string;
  /** Each allowed request header by its lower-case name, as configured. */
  readonly allowHeaders: ReadonlyMap<string, string>;
  /** `Access-Control-Expose-Headers`; `''` for none. */
  readonly exposeHeaders: string;
  /** `Access-Control-Max-Age`. */
  readonly maxAge: string;
}

const DEFAULT_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'];
const DEFAULT_ALLOW_HEADERS = ['Content-Type', 'Authorization'];
const KEYS = ['origins', 'methods', 'allowHeaders', 'exposeHeaders', 'credentials', 'maxAge'];
/** An RFC 9110 token: a method or a header name. */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
/** A configured origin: `scheme://host[:port]`, nothing after it. */
const ORIGIN_FORM = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^\s/\\?#@%]+$/;

/** Checks `options`, throwing `FW_ERR_INVALID_OPTION` for the first thing wrong. */
export function corsConfig(options: CorsOptions): CorsConfig {
  appChecks.record('cors', options, 'an object with origins', KEYS);
  const credentials = options.credentials ?? false;
  if (typeof credentials !== 'boolean') invalid('credentials', 'true or false', shown(credentials));
  const maxAge = options.maxAge ?? 600;
  if (!Number.isSafeInteger(maxAge) || maxAge < 0) {
    invalid('maxAge', 'a whole number of seconds, 0 or more', shown(maxAge));
  }
  const methods = tokens('methods', options.methods ?? DEFAULT_METHODS);
  const allowed = tokens('allowHeaders', options.allowHeaders ?? DEFAULT_ALLOW_HEADERS);
  const allowHeaders = new Map(allowed.map((h) => [h.toLowerCase(), h]));
  const exposeHeaders = tokens('exposeHeaders', options.exposeHeaders ?? []).join(', ');
  return {
    allows: originsCheck(options.origins, credentials),
    credentials,
    methods: methods.join(', '),
    allowHeaders,
    exposeHeaders,
    maxAge: String(maxAge),
  };
}

function originsCheck(origins: CorsOrigins, credentials: boolean): (origin: string) => boolean {
  if (origins === '*') {
    if (credentials) {
      invalid(
        'origins',
        "a list of origins or a function when credentials is true (browsers refuse '*' with " +
          'credentials, and answering every origin would let any site act as the user)',
        "'*'",
      );
    }
    return () => true;
  }
  if (typeof origins === 'function') return (origin) => origins(origin) === true;
  if (!Array.isArray(origins) || origins.length === 0) {
    invalid('origins', "a non-empty list of origins, '*' or a function", shown(origins));
  }
  const list = new Set<string>();
  for (const entry of origins as readonly unknown[]) {
    if (entry === '*') invalid('origins', "a list without '*' (use origins: '*')", "'*'");
    const normal = typeof entry === 'string' ? normalizeOrigin(entry) : undefined;
    if (typeof entry !== 'string' || normal === undefined || !ORIGIN_FORM.test(entry)) {
      invalid('origins', "origins such as 'https://app.example.com' (no path)", shown(entry));
    }
    list.add(normal as string);
  }
  return (origin) => list.has(origin);
}

/** `values` checked as a list of tokens (no `*`). */
function tokens(option: string, values: unknown): string[] {
  if (!Array.isArray(values)) invalid(option, 'a list of names', shown(values));
  for (const v of values as unknown[]) {
    if (typeof v !== 'string' || !TOKEN.test(v) || v === '*') {
      invalid(option, "a list of names (HTTP tokens, not '*')", shown(v));
    }
  }
  return [...new Set(values as string[])];
}

/** Fails `cors()`, naming `cors` or `cors.<option>` (`option` empty for the whole options). */
function invalid(option: string, expected: string, got: string): never {
  return appChecks.invalid(option === '' ? 'cors' : `cors.${option}`, expected, got);
}
