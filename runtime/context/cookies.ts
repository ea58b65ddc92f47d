/** @internal Cookie header parsing for the WebSocket upgrade snapshot (RFC 6265 section 5.4). */

/**
 * Parses `Cookie` header values into name → value: the first occurrence of a name wins, one pair of
 * surrounding double quotes is removed, nothing is percent-decoded, and pairs without `=` or with an
 * empty name are skipped. The result has a null prototype, so `__proto__` is just a name.
 */
export function parseCookies(headerValues: readonly string[]): Record<string, string> {
  const cookies: Record<string, string> = Object.create(null);
  for (const header of headerValues) {
    for (const pair of header.split(';')) {
      const eq = pair.indexOf('=');
      if (eq === -1) continue;
      const name = pair.slice(0, eq).trim();
      if (name === '' || name in cookies) continue;
      let value = pair.slice(eq + 1).trim();
      if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) {
        value = value.slice(1, -1);
      }
      cookies[name] = value;
    }
  }
  return cookies;
}
