/** Origins as browsers send them (RFC 6454), for the CORS check and the WebSocket origin policy. */

/**
 * An interceptor that decides which browser origins may call the app (`cors()`), read by the
 * WebSocket origin policy too, so that one list of origins serves fetch and WebSocket alike.
 */
export interface OriginPolicy {
  /** Whether a page of `origin` (the `Origin` header as the browser sent it) may open a WebSocket. */
  allowsWebSocketOrigin(origin: string): boolean;
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
