/**
 * Headers the app adds to every response it sends (the security headers of
 * `createApp({ securityHeaders })`), built once at start-up and written by
 * {@link HttpExchange.send}: a response that set a header of the same name keeps its own value
 * (the docs page its own `Content-Security-Policy`, a route that may be framed its own
 * `X-Frame-Options`).
 */

/** The headers added to responses, as a plug-in gives them to the app. */
export interface AddedHeaders {
  /** `[name, value, name, value, …]`: added to every response. */
  readonly all: readonly string[];
  /** `[name, value, …]`: added to a response whose `Content-Type` is HTML only. */
  readonly html: readonly string[];
  /** The lower-case names of `all` and `html`, so a response's own header of one wins. */
  readonly names: ReadonlySet<string>;
}

/**
 * Writes `added` into `headers` from index `n` (the response's own headers, `[name, value, …]`,
 * come before it), leaving out a name the staged `triples` (`[key, name, value, …]`) set;
 * answers the index after the last written.
 */
export function writeAddedHeaders(
  added: AddedHeaders,
  headers: string[],
  n: number,
  triples: readonly string[] | undefined,
): number {
  let own: Set<string> | undefined;
  let html = false;
  if (triples !== undefined) {
    for (let i = 0; i < triples.length; i += 3) {
      const key = triples[i] as string;
      if (added.names.has(key)) (own ??= new Set()).add(key);
      else if (key === 'content-type') html = isHtml(triples[i + 2] as string);
    }
  }
  n = write(added.all, headers, n, own);
  return html ? write(added.html, headers, n, own) : n;
}

function write(
  list: readonly string[],
  headers: string[],
  n: number,
  own: Set<string> | undefined,
) {
  for (let i = 0; i < list.length; i += 2) {
    const name = list[i] as string;
    if (own?.has(name.toLowerCase())) continue;
    headers[n++] = name;
    headers[n++] = list[i + 1] as string;
  }
  return n;
}

/** Whether a `Content-Type` value is HTML (`text/html`, any parameters, any case). */
function isHtml(type: string): boolean {
  return /^\s*text\/html\s*(?:;|$)/i.test(type);
}
