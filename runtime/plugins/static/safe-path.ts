/**
 * The one gate between a request path and the file system: a request path under a static prefix
 * becomes the path of a file under the root, or nothing. Each segment is percent-decoded once, on
 * its own, so an encoded `/` or `\` can never join or split segments, and a segment that is empty,
 * starts with `.` (`.`, `..`, a dotfile), or holds `/`, `\`, NUL or another control character
 * after decoding is refused, as is a malformed escape. What passes names only descendants of the
 * root by its text; the symbolic links on the way are checked when the file is opened (`send-file.ts`).
 */

/** Whether `s` holds a control character (NUL included) or a separator of either file system. */
function hasRefused(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x20 || c === 0x7f || c === 47 || c === 92) return true;
  }
  return false;
}

/**
 * `requestPath` (as received, percent-encoded, without its query) under `prefix`, as the
 * percent-encoded path of a file under the root (`/css/site.css`; `/` or `/docs/` for a folder
 * whose index is wanted), or undefined when the path is refused or not under `prefix`.
 * @internal
 * @example filePath('/assets/css/site%20a.css', '/assets') // '/css/site%20a.css'
 * @example filePath('/assets/%2e%2e/secret', '/assets') // undefined
 */
export function filePath(requestPath: string, prefix: string): string | undefined {
  let rest: string;
  if (prefix === '/') rest = requestPath;
  else if (requestPath.startsWith(prefix) && requestPath.charCodeAt(prefix.length) === 47) {
    rest = requestPath.slice(prefix.length);
  } else return undefined;
  if (rest.charCodeAt(0) !== 47 || rest.includes('\\')) return undefined;
  const segments = rest.slice(1).split('/');
  const last = segments.length - 1;
  const safe = new Array<string>(segments.length);
  for (let i = 0; i <= last; i++) {
    const segment = segments[i] as string;
    // Only the last segment may be empty: a path ending in `/` asks for a folder's index.
    if (segment === '') {
      if (i < last) return undefined;
      safe[i] = '';
      continue;
    }
    const decoded = decodeSegment(segment);
    if (decoded === undefined || decoded.charCodeAt(0) === 46 || hasRefused(decoded)) {
      return undefined;
    }
    safe[i] = encodeURIComponent(decoded);
  }
  return `/${safe.join('/')}`;
}

/** The segment percent-decoded as UTF-8, or undefined for a malformed escape or invalid UTF-8. */
function decodeSegment(segment: string): string | undefined {
  if (!segment.includes('%')) return segment;
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}
