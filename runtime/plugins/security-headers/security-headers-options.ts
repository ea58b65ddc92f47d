/**
 * The `securityHeaders` option of `createApp`: helmet's well-known response headers, each with a
 * default that suits an API and the pages it serves, each changed or turned off (`false`) by its
 * key. A wrong value fails `createApp` with `FW_ERR_INVALID_OPTION` naming
 * `securityHeaders.<key>`.
 * @see https://helmetjs.github.io/ (the set and its defaults)
 */
import { appChecks as check, shown } from '../../core/options.js';
import type { AddedHeaders } from '../../http/added-headers.js';

/** `Strict-Transport-Security` (RFC 6797), sent only by an app served over HTTPS. */
export interface StrictTransportSecurity {
  /** How long, in seconds, the browser keeps to HTTPS. @default 31536000 (a year) */
  readonly maxAge?: number;
  /** Whether the subdomains are held to HTTPS too. @default true */
  readonly includeSubDomains?: boolean;
  /** Whether to ask for the browsers' preload list (hstspreload.org). @default false */
  readonly preload?: boolean;
}

/** What `createApp({ securityHeaders })` takes besides `true`. */
export interface SecurityHeadersOptions {
  /**
   * Whether browsers reach the app over HTTPS (directly or through a proxy that ends TLS): turns
   * on `Strict-Transport-Security` and the policy's `upgrade-insecure-requests`. @default false
   */
  readonly https?: boolean;
  /**
   * `Content-Security-Policy` of HTML answers (static files; the docs page keeps its own).
   * @default "default-src 'self'; base-uri 'self'; font-src 'self' https: data:; form-action 'self'; frame-ancestors 'self'; img-src 'self' data:; object-src 'none'; script-src 'self'; script-src-attr 'none'; style-src 'self' https: 'unsafe-inline'" (and `upgrade-insecure-requests` with `https`)
   */
  readonly contentSecurityPolicy?: string | false;
  /** `X-Frame-Options`. @default 'SAMEORIGIN' */
  readonly frameOptions?: 'SAMEORIGIN' | 'DENY' | false;
  /** `Referrer-Policy`. @default 'no-referrer' */
  readonly referrerPolicy?: ReferrerPolicy | false;
  /** `Cross-Origin-Opener-Policy`. @default 'same-origin' */
  readonly crossOriginOpenerPolicy?:
    | 'same-origin'
    | 'same-origin-allow-popups'
    | 'unsafe-none'
    | false;
  /** `Cross-Origin-Resource-Policy`. @default 'same-origin' */
  readonly crossOriginResourcePolicy?: 'same-origin' | 'same-site' | 'cross-origin' | false;
  /** `X-Content-Type-Options: nosniff`. @default true */
  readonly contentTypeOptions?: boolean;
  /** `Strict-Transport-Security` when `https` is true. @default { maxAge: 31536000, includeSubDomains: true } */
  readonly strictTransportSecurity?: StrictTransportSecurity | false;
}

/** The values of `Referrer-Policy` (W3C Referrer Policy). */
export type ReferrerPolicy =
  | 'no-referrer'
  | 'no-referrer-when-downgrade'
  | 'origin'
  | 'origin-when-cross-origin'
  | 'same-origin'
  | 'strict-origin'
  | 'strict-origin-when-cross-origin'
  | 'unsafe-url';

const REFERRER: readonly string[] = [
  'no-referrer',
  'no-referrer-when-downgrade',
  'origin',
  'origin-when-cross-origin',
  'same-origin',
  'strict-origin',
  'strict-origin-when-cross-origin',
  'unsafe-url',
];
const FRAME = ['SAMEORIGIN', 'DENY'];
const OPENER = ['same-origin', 'same-origin-allow-popups', 'unsafe-none'];
const RESOURCE = ['same-origin', 'same-site', 'cross-origin'];
const KEYS = [
  'https',
  'contentSecurityPolicy',
  'frameOptions',
  'referrerPolicy',
  'crossOriginOpenerPolicy',
  'crossOriginResourcePolicy',
  'contentTypeOptions',
  'strictTransportSecurity',
];
const HSTS_KEYS = ['maxAge', 'includeSubDomains', 'preload'];

/** helmet's policy for HTML, `upgrade-insecure-requests` left to `https`. */
export const DEFAULT_CSP =
  "default-src 'self'; base-uri 'self'; font-src 'self' https: data:; form-action 'self'; " +
  "frame-ancestors 'self'; img-src 'self' data:; object-src 'none'; script-src 'self'; " +
  "script-src-attr 'none'; style-src 'self' https: 'unsafe-inline'";
/** A header value fw can send: visible ASCII and spaces, no control character. */
const FIELD_VALUE = /^[\x20-\x7e]+$/;

/**
 * The headers `option` asks for, or undefined when it is absent or `false`; throws
 * `FW_ERR_INVALID_OPTION` naming the key at fault.
 */
export function securityHeadersOf(option: unknown): AddedHeaders | undefined {
  if (option === undefined || option === false) return undefined;
  const o: Record<string, unknown> =
    option === true
      ? {}
      : check.record('securityHeaders', option, 'true, false or an object of headers', KEYS);
  const https = flag('https', o['https'], false);
  const all: string[] = [];
  if (flag('contentTypeOptions', o['contentTypeOptions'], true)) {
    all.push('X-Content-Type-Options', 'nosniff');
  }
  const frame = oneOf('frameOptions', o['frameOptions'], FRAME, 'SAMEORIGIN');
  if (frame !== undefined) all.push('X-Frame-Options', frame);
  const referrer = oneOf('referrerPolicy', o['referrerPolicy'], REFERRER, 'no-referrer');
  if (referrer !== undefined) all.push('Referrer-Policy', referrer);
  const opener = oneOf('crossOriginOpenerPolicy', o['crossOriginOpenerPolicy'], OPENER, OPENER[0]);
  if (opener !== undefined) all.push('Cross-Origin-Opener-Policy', opener);
  const resource = oneOf(
    'crossOriginResourcePolicy',
    o['crossOriginResourcePolicy'],
    RESOURCE,
    'same-origin',
  );
  if (resource !== undefined) all.push('Cross-Origin-Resource-Policy', resource);
  const hsts = strictTransportSecurity(o['strictTransportSecurity'], https);
  if (hsts !== undefined) all.push('Strict-Transport-Security', hsts);
  const html: string[] = [];
  const csp = contentSecurityPolicy(o['contentSecurityPolicy'], https);
  if (csp !== undefined) html.push('Content-Security-Policy', csp);
  const names = new Set(
    [...all, ...html].filter((_, i) => i % 2 === 0).map((n) => n.toLowerCase()),
  );
  return Object.freeze({ all: Object.freeze(all), html: Object.freeze(html), names });
}

function flag(key: string, value: unknown, fallback: boolean): boolean {
  if (value === undefined) return fallback;
  if (typeof value !== 'boolean') invalid(key, 'true or false', value);
  return value;
}

/** `value` when it is one of `allowed`, `fallback` when undefined, undefined when `false`. */
function oneOf(
  key: string,
  value: unknown,
  allowed: readonly string[],
  fallback: string | undefined,
): string | undefined {
  if (value === undefined) return fallback;
  if (value === false) return undefined;
  if (typeof value !== 'string' || !allowed.includes(value)) {
    invalid(key, `false or one of ${allowed.map((a) => `'${a}'`).join(', ')}`, value);
  }
  return value;
}

function strictTransportSecurity(value: unknown, https: boolean): string | undefined {
  if (value === false) return undefined;
  if (value !== undefined && !https) {
    invalid(
      'strictTransportSecurity',
      'left out unless https is true (it is sent over HTTPS only)',
      value,
    );
  }
  if (!https) return undefined;
  const o =
    value === undefined
      ? {}
      : check.record(
          'securityHeaders.strictTransportSecurity',
          value,
          'false or an object such as { maxAge: 31536000 }',
          HSTS_KEYS,
        );
  const maxAge = o['maxAge'] ?? 31_536_000;
  if (typeof maxAge !== 'number' || !Number.isSafeInteger(maxAge) || maxAge < 0) {
    invalid('strictTransportSecurity.maxAge', 'a whole number of seconds, 0 or more', maxAge);
  }
  const sub = flag('strictTransportSecurity.includeSubDomains', o['includeSubDomains'], true);
  const preload = flag('strictTransportSecurity.preload', o['preload'], false);
  return `max-age=${maxAge}${sub ? '; includeSubDomains' : ''}${preload ? '; preload' : ''}`;
}

function contentSecurityPolicy(value: unknown, https: boolean): string | undefined {
  if (value === false) return undefined;
  if (value === undefined) return https ? `${DEFAULT_CSP}; upgrade-insecure-requests` : DEFAULT_CSP;
  if (typeof value !== 'string' || !FIELD_VALUE.test(value) || value.trim() === '') {
    invalid('contentSecurityPolicy', 'false or a policy such as "default-src \'self\'"', value);
  }
  return value.trim();
}

function invalid(key: string, expected: string, got: unknown): never {
  return check.invalid(`securityHeaders.${key}`, expected, shown(got));
}
