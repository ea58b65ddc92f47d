/** @internal `Cookie` header parsing for HTTP requests and the WebSocket upgrade snapshot (RFC 6265 section 5.4). */

/**
 * Parses `Cookie` header values into name → value: the first occurrence of a name wins, one pair of
 * surrounding double quotes is removed, nothing is percent-decoded, and pairs without `=` or with an
 * empty name are skipped. Only spaces and tabs around a name or value are trimmed (RFC 6265 `OWS`):
 * a cookie named `\u00a0sid` stays apart from `sid`. The result has a null prototype, so
 * `__proto__` is just a name.
 */
export function parseCookies(headerValues: readonly string[]): Record<string, string> {
  const cookies: Record<string, string> = Object.create(null);
  for (const header of headerValues) {
    for (const pair of header.split(';')) {
      const eq = pair.indexOf('=');
      if (eq === -1) continue;
      const name = trimOws(pair.slice(0, eq));
      if (name === '' || name in cookies) continue;
      let value = trimOws(pair.slice(eq + 1));
      if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) {
        value = value.slice(1, -1);
      }
      cookies[name] = value;
    }
  }
  return cookies;
}

/**
 * `text` without the spaces and tabs around it. Not `String.prototype.trim`, which also strips
 * U+00A0 (what a raw 0xA0 byte of a Latin-1 header decodes to) and other Unicode spaces, so a
 * cookie a sibling domain named `\u00a0__Host-sid` would pass for `__Host-sid`.
 */
function trimOws(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && isOws(text.charCodeAt(start))) start++;
  while (end > start && isOws(text.charCodeAt(end - 1))) end--;
  return start === 0 && end === text.length ? text : text.slice(start, end);
}

function isOws(c: number): boolean {
  return c === 32 || c === 9;
}
