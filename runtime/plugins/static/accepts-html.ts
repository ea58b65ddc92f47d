/** Whether a request takes HTML: the test for a single-page app's fallback file. */

/**
 * Whether the `Accept` header names `text/html` with a quality above 0 (RFC 9110 section 12.5.1).
 * `*` ranges do not count: `fetch()` and scripts send `*\/*` and want a 404, not the app's page.
 * @internal
 * @example acceptsHtml('text/html,application/xhtml+xml;q=0.9') // true
 */
export function acceptsHtml(accept: string): boolean {
  if (!accept.includes('text/html') && !accept.toLowerCase().includes('text/html')) return false;
  for (const range of accept.split(',')) {
    const [type, ...params] = range.split(';');
    if (type?.trim().toLowerCase() !== 'text/html') continue;
    const q = params.map((p) => p.trim().toLowerCase()).find((p) => p.startsWith('q='));
    if (q === undefined || Number(q.slice(2)) > 0) return true;
  }
  return false;
}
