/**
 * How generated code is written down: string literals, property access and line breaking, close
 * to what Biome prints at width 100. A laid-out value is a string whose first line continues the
 * line it is placed on and whose later lines carry their own indentation.
 */

/** Biome's `lineWidth` for this repository. */
export const WIDTH = 100;

const pad = (indent: number): string => ' '.repeat(indent);

const ESCAPES: Readonly<Record<string, string>> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** A string literal, single-quoted unless double quotes need fewer escapes (as Biome chooses). */
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

const IDENTIFIER = /^[\p{ID_Start}$_][\p{ID_Continue}$\u200c\u200d]*$/u;

/** Whether `name` can follow a dot (`c.place`); reserved words can. */
export function isIdentifierName(name: string): boolean {
  return IDENTIFIER.test(name);
}

/** `object.name`, or `object['name']` when `name` is not an identifier. */
export function member(object: string, name: string): string {
  return isIdentifierName(name) ? `${object}.${name}` : `${object}[${quote(name)}]`;
}

/** Whether `text` fits on one line that starts at column `indent`. */
export function fits(indent: number, text: string): boolean {
  return !text.includes('\n') && indent + text.length <= WIDTH;
}

/**
 * `head open items close tail` on one line when it fits at `indent`, else one item per line with
 * trailing commas. `{` gets spaces inside (`{ a, b }`), `(` and `[` do not. `tail` is measured, not
 * returned. An empty list is always `open close`.
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
  const lines = items.map((item) => `${pad(indent + 2)}${item},\n`).join('');
  return `${head}${open}\n${lines}${pad(indent)}${close}`;
}

/**
 * `head callee(args)` laid out as {@link list} does, for a call whose line ends with `tail`; an
 * assignment (`head` ending in `= `) whose callee does not fit is broken after the `=`.
 */
export function call(
  indent: number,
  head: string,
  callee: string,
  args: readonly string[],
  tail = '',
): string {
  if (head.endsWith('= ') && !fits(indent, `${head}${callee}(`)) {
    return `${head.trimEnd()}\n${pad(indent + 2)}${list(indent + 2, callee, '(', args, tail)}`;
  }
  return list(indent, `${head}${callee}`, '(', args, tail);
}

/**
 * An `if` that runs one statement: on one line when it fits, else braced, with a long condition
 * split at its `||` operands (`or`) one per line. `statement` lays the statement out at a column
 * and may be called twice, so it must have no side effects.
 */
export function when(
  indent: number,
  or: readonly string[],
  statement: (indent: number) => string,
): string {
  const flat = `if (${or.join(' || ')}) ${statement(indent)}`;
  if (fits(indent, flat)) return flat;
  const condition = `if (${or.join(' || ')}) {`;
  const head = fits(indent, condition)
    ? condition
    : `if (\n${or.map((c) => pad(indent + 2) + c).join(' ||\n')}\n${pad(indent)}) {`;
  return `${head}\n${pad(indent + 2)}${statement(indent + 2)}\n${pad(indent)}}`;
}
