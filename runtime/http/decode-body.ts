/**
 * Decodes a request body by its `Content-Type`: JSON (`application/json`, `application/*+json`) or
 * `application/x-www-form-urlencoded`, UTF-8 only.
 * @see https://www.rfc-editor.org/rfc/rfc8259 (JSON) and https://url.spec.whatwg.org/#urlencoded-parsing
 * JSON is decoded by `core/json.ts`, which drops the keys that could pollute a prototype; a form's
 * `__proto__` key is dropped here.
 */
import { FwError } from '../core/errors.js';
import { parseJsonOr } from '../core/json.js';
import { parseQuery } from '../core/query/parse.js';

/** @internal A parsed `Content-Type`: essence `type/subtype` and charset, both lower case. */
export interface MediaType {
  readonly essence: string;
  readonly charset: string | undefined;
}

const TOKEN = "[!#$%&'*+.^_`|~0-9a-z-]+";
const ESSENCE = new RegExp(`^${TOKEN}/${TOKEN}$`);
const PARAM = /;\s*([^=;\s]+)\s*=\s*("(?:[^"\\]|\\.)*"|[^;]*)/g;
const FORM = 'application/x-www-form-urlencoded';
const SUPPORTED = `application/json or ${FORM}`;
const UTF8_LABELS = new Set(['utf-8', 'utf8', 'unicode-1-1-utf-8']);

/**
 * @internal Parses a `Content-Type` value case-insensitively; undefined when it is absent or not
 * `type/subtype`. Parameters other than `charset` are ignored.
 */
export function parseMediaType(header: string | undefined): MediaType | undefined {
  if (header === undefined) return undefined;
  const semi = header.indexOf(';');
  const essence = (semi === -1 ? header : header.slice(0, semi)).trim().toLowerCase();
  if (!ESSENCE.test(essence)) return undefined;
  let charset: string | undefined;
  for (const [, name, raw] of header.slice(semi === -1 ? header.length : semi).matchAll(PARAM)) {
    if (name?.toLowerCase() !== 'charset' || raw === undefined) continue;
    const value = raw.trim();
    charset = (value.startsWith('"') ? value.slice(1, -1).replace(/\\(.)/g, '$1') : value)
      .trim()
      .toLowerCase();
    break;
  }
  return { essence, charset };
}

/**
 * Decodes `bytes` by `contentType`: JSON gives any JSON value, a urlencoded form a plain object of
 * strings in which the first value of a repeated key wins.
 * Throws `FW_ERR_BODY_REQUIRED` (400) for an empty JSON body or an empty body without a type,
 * `FW_ERR_BODY_MALFORMED` (400) for invalid UTF-8 or JSON, and `FW_ERR_UNSUPPORTED_MEDIA_TYPE`
 * (415) for any other type, a missing one, or a charset other than UTF-8.
 * @example decodeBody(bytes, 'application/json; charset=utf-8')
 */
export function decodeBody(bytes: Uint8Array, contentType: string | undefined): unknown {
  const media = mediaTypeOf(contentType);
  if (media === undefined) {
    const given = contentType?.trim() ?? '';
    if (given === '' && bytes.byteLength === 0) throw new FwError('FW_ERR_BODY_REQUIRED');
    throw unsupported(given === '' ? '(none)' : given, SUPPORTED);
  }
  const { essence, charset } = media;
  const json = essence === 'application/json' || /^application\/[^/]+\+json$/.test(essence);
  if (!json && essence !== FORM) throw unsupported(essence, SUPPORTED);
  if (charset !== undefined && !UTF8_LABELS.has(charset)) {
    throw unsupported(`${essence}; charset=${charset}`, `${essence} in UTF-8 (charset=utf-8)`);
  }
  const kind = json ? 'JSON' : 'form';
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    throw new FwError('FW_ERR_BODY_MALFORMED', { type: kind, reason: 'not valid UTF-8' });
  }
  return json ? parseJson(text) : parseForm(text);
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

// Clients send the same Content-Type again and again: the last one parsed is kept.
let lastHeader: string | undefined;
let lastMedia: MediaType | undefined;

function mediaTypeOf(header: string | undefined): MediaType | undefined {
  if (header !== lastHeader || header === undefined) {
    const media = parseMediaType(header);
    lastMedia = media === undefined ? undefined : Object.freeze(media);
    lastHeader = header;
  }
  return lastMedia;
}

function parseJson(text: string): unknown {
  if (/^[ \t\r\n]*$/.test(text)) throw new FwError('FW_ERR_BODY_REQUIRED');
  return parseJsonOr(text, malformedBody);
}

function malformedBody(reason: string): never {
  throw new FwError('FW_ERR_BODY_MALFORMED', { type: 'JSON', reason });
}

/** A form as an object of strings: the first value of each key, decoded as queries are. */
function parseForm(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  // A leading '&' keeps parseQuery from dropping a leading '?' that belongs to the first key.
  const pairs = parseQuery(`&${text}`);
  for (const key in pairs) {
    if (key === '__proto__') continue;
    Object.defineProperty(out, key, {
      value: (pairs[key] as string[])[0],
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
}

function unsupported(type: string, supported: string): FwError {
  const shown = type.length > 100 ? `${type.slice(0, 100)}…` : type;
  return new FwError('FW_ERR_UNSUPPORTED_MEDIA_TYPE', { type: shown, supported });
}
