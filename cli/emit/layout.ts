/**
 * How generated code writes values down: string and other literals, and property access. The
 * templates give the file its shape; nothing here measures lines, except `fits` and `list`, which
 * only the object graph's view still uses.
 */

const ESCAPES: Readonly<Record<string, string>> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** A string literal, single-quoted unless double quotes need fewer escapes. */
export function quote(text: string): string {
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

/** The line width the object graph's view breaks its lines at. */
export const WIDTH = 100;

/** Whether `text` fits on one line that starts at column `indent`. */
export function fits(indent: number, text: string): boolean {
  return !text.includes('\n') && indent + text.length <= WIDTH;
}

/**
 * `head open items close tail` on one line when it fits at `indent`, else one item per line with
 * trailing commas. `{` gets spaces inside (`{ a, b }`), `(` and `[` do not. `tail` is measured, not
 * returned. An empty list is always `open close`. For the object graph's view only.
 */
export function list(
  indent: number,
  head: string,
  open: '(' | '[' | '{',
  items: readonly string[],
  tail = '',
  forceBreak = false,
): string {
  const close = { '(': ')', '[': ']', '{': '}' }[open];
  if (items.length === 0) return `${head}${open}${close}`;
  const space = open === '{' ? ' ' : '';
  const flat = `${head}${open}${space}${items.join(', ')}${space}${close}`;
  if (!forceBreak && fits(indent, flat + tail)) return flat;
  const pad = ' '.repeat(indent);
  const lines = items.map((item) => `${pad}  ${item},\n`).join('');
  return `${head}${open}\n${lines}${pad}${close}`;
}
