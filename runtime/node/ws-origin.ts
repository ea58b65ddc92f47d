/**
 * The origin policy of WebSocket upgrades (as gorilla/websocket's `checkSameOrigin` decides it): a
 * request without `Origin` is not from a browser and passes; a browser's `Origin` must name the host
 * the request was sent to, be listed in `allowedOrigins`, or be allowed by an origin policy among the
 * global interceptors (`cors()`, its list or function). Only the host and port are compared, not
 * the scheme, so a server behind a proxy that ends TLS still recognises its own pages.
 * @see https://www.rfc-editor.org/rfc/rfc6454#section-7 (the `Origin` header)
 */
import type { IncomingMessage } from 'node:http';
import { normalizeOrigin, type OriginPolicy } from '../core/request/origin.js';

/**
 * A serialized origin as browsers send it (RFC 6454 section 6.2): `scheme://host[:port]` and nothing
 * else. The URL parser would read `https://evil@app.example.com`, `https://app.example.com/x`,
 * `https://app%2eexample.com` or `https://app.example.com\@evil` as `https://app.example.com`;
 * no browser sends such a value, so it is refused rather than read.
 */
const SERIALIZED = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^\s/\\?#@%]+$/;

/** Whether the upgrade request `req` may proceed under the origin policy. */
export function originAllowed(
  req: IncomingMessage,
  allowed: ReadonlySet<string>,
  policies: readonly OriginPolicy[] = [],
): boolean {
  const origin = req.headers.origin;
  if (origin === undefined) return true;
  if (origin !== 'null' && !SERIALIZED.test(origin)) return false;
  const normalized = normalizeOrigin(origin);
  if (normalized === undefined) return false;
  if (allowed.has(normalized)) return true;
  if (policies.some((p) => p.allowsWebSocketOrigin(origin))) return true;
  if (normalized === 'null') return false;
  const host = req.headers.host;
  if (host === undefined) return false;
  const own = new URL(normalized);
  try {
    // The Host header read with the origin's scheme, so a default port compares equal.
    return new URL(`${own.protocol}//${host}`).host === own.host;
  } catch {
    return false;
  }
}
