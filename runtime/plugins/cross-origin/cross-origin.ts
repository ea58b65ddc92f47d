/**
 * Cross-origin request protection for apps whose writes are authenticated by cookies (the approach
 * of Go 1.25's `net/http.CrossOriginProtection`, no token needed): a non-safe request (any method
 * but GET, HEAD and OPTIONS) that a browser sent from a page of another origin is refused with 403
 * `FW_ERR_CROSS_ORIGIN_REQUEST`. The browser says where the request comes from: `Sec-Fetch-Site`
 * (every browser since 2023) must be `same-origin` or `none` (the user's own navigation); without
 * it, `Origin` must name the host the request was sent to. A request with neither header is not
 * from a modern browser's page and passes, unless the double-submit token is on and it carries
 * cookies: then its token header must equal its token cookie. Trusted origins pass, and so do the
 * origins a global `cors()` allows by list or function, as for WebSocket upgrades.
 * @see https://developer.mozilla.org/en-US/docs/Web/HTTP/Reference/Headers/Sec-Fetch-Site
 * @see https://words.filippo.io/csrf/
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { FwError } from '../../core/errors.js';
import type { ExecutionContext } from '../../core/pipeline/execution-context.js';
import type { Interceptor } from '../../core/pipeline/interceptor.js';
import { RESPONSE_WRITER_KEY } from '../../core/pipeline/keys.js';
import { parseCookies } from '../../core/request/cookies.js';
import type { OriginPolicy, OriginTrusting } from '../../core/request/origin.js';
import { serializeCookie } from '../../http/set-cookie.js';
import type { ResponseWriter } from '../../http/staged-response.js';
import {
  type CrossOriginConfig,
  type CrossOriginOptions,
  type CsrfTokenConfig,
  crossOriginConfig,
} from './cross-origin-options.js';

/** An origin as a browser sends it: lower-case scheme and host, an optional port. */
const BROWSER_ORIGIN = /^[a-z][a-z0-9+.-]*:\/\/(?:[a-z0-9._~-]+|\[[0-9a-f:.]+\])(?::[0-9]{1,5})?$/;

/** The interceptor {@link crossOriginProtection} returns. */
class CrossOriginInterceptor implements Interceptor, OriginTrusting {
  readonly #config: CrossOriginConfig;
  #policies: readonly OriginPolicy[] = [];

  constructor(config: CrossOriginConfig) {
    this.#config = config;
  }

  /** The app's global origin policies (`cors()`): the origins they allow are trusted too. */
  trustOriginPolicies(policies: readonly OriginPolicy[]): void {
    this.#policies = policies;
  }

  preHandle(ctx: ExecutionContext): Error | undefined {
    const writer = ctx.get<ResponseWriter>(RESPONSE_WRITER_KEY);
    // An event or a WebSocket message: no browser page sent it this way.
    if (writer === undefined) return undefined;
    const method = ctx.method();
    const token = this.#config.token;
    if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') {
      if (token !== undefined) giveToken(ctx, writer, token);
      return undefined;
    }
    const site = ctx.header('sec-fetch-site');
    const origin = ctx.header('origin');
    if (site !== '') {
      if (site === 'same-origin' || site === 'none' || this.#trusts(origin)) return undefined;
      return new FwError('FW_ERR_CROSS_ORIGIN_REQUEST', { method });
    }
    if (origin !== '') {
      if (sameHost(origin, ctx.header('host')) || this.#trusts(origin)) return undefined;
      return new FwError('FW_ERR_CROSS_ORIGIN_REQUEST', { method });
    }
    if (token === undefined || ctx.header('cookie') === '') return undefined;
    return tokenMatches(ctx, token)
      ? undefined
      : new FwError('FW_ERR_CSRF_TOKEN', { method, header: token.header, cookie: token.cookie });
  }

  #trusts(origin: string): boolean {
    if (origin === '' || !BROWSER_ORIGIN.test(origin)) return false;
    return (
      this.#config.trusted.has(origin) ||
      this.#policies.some((p) => p.allowsWebSocketOrigin(origin))
    );
  }
}

/**
 * Whether `origin` names the host the request was sent to. The scheme is not compared (the Host
 * header has none): a proxy that ends TLS keeps its pages' origin, and HSTS keeps pages on HTTPS.
 */
function sameHost(origin: string, host: string): boolean {
  if (host === '' || !BROWSER_ORIGIN.test(origin)) return false;
  try {
    const own = new URL(origin);
    // The Host header read with the origin's scheme, so a default port compares equal.
    return new URL(`${own.protocol}//${host}`).host === own.host;
  } catch {
    return false;
  }
}

/** The token cookie of the request, or '' without one. */
function tokenCookie(ctx: ExecutionContext, token: CsrfTokenConfig): string {
  const header = ctx.header('cookie');
  return header === '' ? '' : (parseCookies([header])[token.cookie] ?? '');
}

/** Sets a new token cookie on a response to a client that has none. */
function giveToken(ctx: ExecutionContext, writer: ResponseWriter, token: CsrfTokenConfig): void {
  if (tokenCookie(ctx, token) !== '') return;
  const value = randomBytes(32).toString('base64url');
  const attributes = { httpOnly: false, sameSite: 'Strict', secure: token.secure } as const;
  writer.addHeader('Set-Cookie', serializeCookie(token.cookie, value, attributes));
}

/** Whether the token header equals the token cookie, compared in constant time. */
function tokenMatches(ctx: ExecutionContext, token: CsrfTokenConfig): boolean {
  const cookie = Buffer.from(tokenCookie(ctx, token));
  const sent = Buffer.from(ctx.header(token.headerKey));
  return cookie.length > 0 && cookie.length === sent.length && timingSafeEqual(cookie, sent);
}

/**
 * Cross-origin request protection for `createApp({ interceptors: [cors(…), crossOriginProtection()] })`:
 * refuses, with 403, a POST, PUT, PATCH or DELETE that a browser sent from another origin's page.
 * Throws `FW_ERR_INVALID_OPTION` for options it cannot use.
 * @example createApp({ bindings, interceptors: [cors({ origins, credentials: true }), crossOriginProtection()] });
 * @see docs/API.md, "Cross-origin request protection"
 */
export function crossOriginProtection(options?: CrossOriginOptions): Interceptor {
  return new CrossOriginInterceptor(crossOriginConfig(options));
}
