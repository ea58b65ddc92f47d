/**
 * A small tokenizer for generated TypeScript, enough to find its bracket structure: comments,
 * string and template literals (kept whole), words and single-character punctuation. It does not
 * know regular expression literals, which generated bindings do not contain.
 */

/** One token; `start`/`end` are offsets into the text. */
export interface Token {
  readonly kind: 'comment' | 'string' | 'template' | 'word' | 'punct';
  readonly start: number;
  readonly end: number;
  /** A string's value (common escapes decoded), a word, a punctuation character, a comment's text. */
  readonly value: string;
}

const WORD = /[\p{ID_Continue}$\u200c\u200d]+/uy;
const SIMPLE_ESCAPES: Readonly<Record<string, string>> = { n: '\n', r: '\r', t: '\t', '0': '\0' };

/** The tokens of `text`, or `undefined` when a comment or literal is not terminated. */
export function tokenize(text: string): Token[] | undefined {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i] as string;
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    const start = i;
    if (c === '/' && text[i + 1] === '/') {
      const nl = text.indexOf('\n', i);
      i = nl === -1 ? text.length : nl;
      tokens.push({ kind: 'comment', start, end: i, value: text.slice(start + 2, i) });
    } else if (c === '/' && text[i + 1] === '*') {
      const close = text.indexOf('*/', i + 2);
      if (close === -1) return undefined;
      i = close + 2;
      tokens.push({ kind: 'comment', start, end: i, value: text.slice(start + 2, close) });
    } else if (c === "'" || c === '"') {
      const end = skipString(text, i);
      if (end === undefined) return undefined;
      i = end;
      tokens.push({ kind: 'string', start, end, value: decode(text.slice(start + 1, end - 1)) });
    } else if (c === '`') {
      const end = skipTemplate(text, i);
      if (end === undefined) return undefined;
      i = end;
      tokens.push({ kind: 'template', start, end, value: text.slice(start, end) });
    } else {
      WORD.lastIndex = i;
      const word = WORD.exec(text);
      i = word === null ? i + 1 : WORD.lastIndex;
      tokens.push({
        kind: word === null ? 'punct' : 'word',
        start,
        end: i,
        value: text.slice(start, i),
      });
    }
  }
  return tokens;
}

/** The offset after the quoted string that starts at `i`. */
function skipString(text: string, i: number): number | undefined {
  const quote = text[i];
  for (let j = i + 1; j < text.length; j++) {
    const c = text[j];
    if (c === '\\') j++;
    else if (c === quote) return j + 1;
    else if (c === '\n') return undefined;
  }
  return undefined;
}

/** The offset after the template literal that starts at `i`, `${…}` parts included. */
function skipTemplate(text: string, i: number): number | undefined {
  for (let j = i + 1; j < text.length; j++) {
    const c = text[j];
    if (c === '\\') j++;
    else if (c === '`') return j + 1;
    else if (c === '$' && text[j + 1] === '{') {
      const end = skipExpression(text, j + 2);
      if (end === undefined) return undefined;
      j = end - 1;
    }
  }
  return undefined;
}

/** The offset after the `}` that closes an expression starting at `i`. */
function skipExpression(text: string, i: number): number | undefined {
  let depth = 0;
  for (let j = i; j < text.length; j++) {
    const c = text[j];
    const skip =
      c === "'" || c === '"' ? skipString(text, j) : c === '`' ? skipTemplate(text, j) : j + 1;
    if (skip === undefined) return undefined;
    if (c === '{') depth++;
    else if (c === '}' && depth-- === 0) return j + 1;
    j = skip - 1;
  }
  return undefined;
}

function decode(body: string): string {
  return body.replace(/\\(.)/gs, (_, c: string) => SIMPLE_ESCAPES[c] ?? c);
}
