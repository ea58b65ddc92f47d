/**
 * @internal `s` in lower case: `s` itself when it has no upper-case ASCII letter and nothing past ASCII,
 * which is most header names code writes (`x-user`) and most query words. A loop over a short
 * string costs a few dozen instructions; `toLowerCase()` a call into V8's Intl builtin, about 200
 * even when nothing changes.
 */
export function lowerAscii(s: string): string {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if ((c >= 0x41 && c <= 0x5a) || c > 0x7f) return s.toLowerCase();
  }
  return s;
}
