/**
 * How generated code writes values down: string and other literals, and property access. The
 * templates give the file its shape; nothing here measures lines.
 */

const ESCAPES: Readonly<Record<string, string>> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** Whether a single-quoted literal holds `text` as is: no quote, backslash or control character. */
function isPlain(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x20 || c === 0x22 || c === 0x27 || c === 0x5c || c === 0x2028 || c === 0x2029) {
      return false;
    }
  }
  return true;
}

/** A string literal, single-quoted unless double quotes need fewer escapes. */
export function quote(text: string): string {
  if (isPlain(text)) return `'${text}'`;
  const q = text.split("'").length > text.split('"').length ? '"' : "'";
  let body = '';
  for (const c of text) {
    const code = c.charCodeAt(0);
    if (c === q || c === '\\') body += `\\${c}`;
    else if (ESCAPES[c] !== undefined) body += ESCAPES[c];
    else if (code < 0x20 || code === 0x2028 || code === 0x2029) {
      body += `\\u${code.toString(16).padStart(4, '0')}`;
    } else body += c;
  }
  return `${q}${body}${q}`;
}

/** A string, number or boolean as a literal: `'red'`, `3`, `false`. */
export function literal(value: string | number | boolean): string {
  return typeof value === 'string' ? quote(value) : String(value);
}

const IDENTIFIER = /^[\p{ID_Start}$_][\p{ID_Continue}$\u200c\u200d]*$/u;

/** Whether `name` can follow a dot (`c.place`); reserved words can. */
export function isIdentifierName(name: string): boolean {
  return IDENTIFIER.test(name);
}

/** `object.name`, or `object['name']` when `name` is not an identifier. */
export function member(object: string, name: string): string {
  return isIdentifierName(name) ? `${object}.${name}` : `${object}[${quote(name)}]`;
}
