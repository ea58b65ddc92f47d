/**
 * Origins as browsers send them (RFC 6454), for the CORS check, the WebSocket origin policy and
 * cross-origin request protection.
 */

/**
 * An interceptor that decides which browser origins may call the app (`cors()`), read by the
 * WebSocket origin policy and by cross-origin request protection too, so that one list of origins
 * serves fetch, WebSocket and cookie-authenticated writes alike.
 */
export interface OriginPolicy {
  /**
   * Whether a page of `origin` (the `Origin` header as the browser sent it) may act with the
   * user's cookies: open a WebSocket, send a non-safe request.
   */
  allowsWebSocketOrigin(origin: string): boolean;
}

/**
 * An interceptor that trusts the origins the app's origin policies allow (cross-origin request
 * protection): the app gives it its global origin policies once they are made.
 */
export interface OriginTrusting {
  trustOriginPolicies(policies: readonly OriginPolicy[]): void;
}

/** Gives each {@link OriginTrusting} among `interceptors` the {@link OriginPolicy}s among them. */
export function shareOriginPolicies(interceptors: readonly unknown[]): void {
  const policies = interceptors.filter(isOriginPolicy);
  for (const i of interceptors) {
    const candidate = i as Partial<OriginTrusting> | null | undefined;
    if (typeof candidate?.trustOriginPolicies === 'function')
      candidate.trustOriginPolicies(policies);
  }
}

/** Whether `value` (a global interceptor) is an {@link OriginPolicy}. */
export function isOriginPolicy<T>(value: T): value is T & OriginPolicy {
  const candidate = value as Partial<OriginPolicy> | null | undefined;
  return typeof candidate?.allowsWebSocketOrigin === 'function';
}

/**
 * The origin of `value` as browsers send it (`scheme://host[:port]`, lower case, without a default
 * port), `'null'` for the opaque origin, or undefined when `value` is no origin.
 * @example normalizeOrigin('HTTPS://App.Example.com:443') // 'https://app.example.com'
 */
export function normalizeOrigin(value: string): string | undefined {
  if (value === 'null') return value;
  try {
    const url = new URL(value);
    return url.origin === 'null' ? undefined : url.origin;
  } catch {
    return undefined;
  }
}
