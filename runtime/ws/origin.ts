/**
 * The origin policy of WebSocket upgrades (gorilla/websocket `checkSameOrigin`, as Spine uses it): a
 * request without `Origin` is not from a browser and passes; a browser's `Origin` must name the host
 * the request was sent to, or be listed in `allowedOrigins`. Only the host and port are compared, not
 * the scheme, so a server behind a proxy that ends TLS still recognises its own pages.
 */
import type { IncomingMessage } from 'node:http';
import { normalizeOrigin } from './limits.js';

/** Whether the upgrade request `req` may proceed under the origin policy. */
export function originAllowed(req: IncomingMessage, allowed: ReadonlySet<string>): boolean {
  const origin = req.headers.origin;
  if (origin === undefined) return true;
  const normalized = normalizeOrigin(origin);
  if (normalized === undefined) return false;
  if (allowed.has(normalized)) return true;
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
