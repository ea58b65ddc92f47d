/** Origins as browsers send them (RFC 6454), for the CORS check and the WebSocket origin policy. */

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
