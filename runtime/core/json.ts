/**
 * JSON text as a value, the one way fw decodes every request body, event payload and WebSocket
 * message. Prototype pollution: a decoded object never carries an own `__proto__` key (merging one
 * with `Object.assign` or a deep merge would replace a prototype), nor a `constructor` key whose
 * value has a `prototype` key (what deep merges walk into `Object.prototype`). Both are dropped.
 * @see https://www.rfc-editor.org/rfc/rfc8259
 */

/**
 * Whether JSON text can hold a `__proto__` or `constructor` key: spelled out, or with a `\u00XX`
 * escape of an ASCII character (JSON has no other way to write one, and only a lower-case `\u`).
 * Three searches for fixed strings: the case-insensitive regular expression this replaces ran
 * about 10 instructions per byte of every body, 10,400 of job post's 154,000.
 */
function risky(text: string): boolean {
  if (text.includes('__proto__') || text.includes('constructor')) return true;
  for (let at = text.indexOf('\\u00'); at !== -1; at = text.indexOf('\\u00', at + 4)) {
    const c = text.charCodeAt(at + 4);
    if (c >= 0x30 && c <= 0x37) return true;
  }
  return false;
}

/**
 * JSON text as a value without `__proto__` keys (nor a `constructor` with a
 * `prototype`), as every body, payload and message is decoded. Text that is not JSON calls
 * `malformed` with the parser's reason, which never quotes the text back.
 */
export function parseJsonOr(text: string, malformed: (reason: string) => never): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    return malformed(jsonReason(err));
  }
  if (risky(text)) dropPollutingKeys(value);
  return value;
}

/**
 * Deletes every own `__proto__` key, and every `constructor` key whose value has a `prototype`
 * key, throughout `root`. A loop, not a `JSON.parse` reviver: V8 revives recursively, and a body
 * nested a few thousand levels deep would exhaust the stack (V8 parses it without one).
 */
function dropPollutingKeys(root: unknown): void {
  const pending: object[] = typeof root === 'object' && root !== null ? [root] : [];
  for (let node = pending.pop(); node !== undefined; node = pending.pop()) {
    const record = node as Record<string, unknown>;
    for (const key of Object.keys(record)) {
      const value = record[key];
      const nested = typeof value === 'object' && value !== null;
      if (
        key === '__proto__' ||
        (key === 'constructor' && nested && Object.hasOwn(value, 'prototype'))
      ) {
        delete record[key];
      } else if (nested) {
        pending.push(value);
      }
    }
  }
}

/** The parser's reason without the snippet of the body that V8 quotes, at most 100 characters. */
function jsonReason(err: unknown): string {
  const message = err instanceof Error ? err.message : '';
  const snippet = message.endsWith(' is not valid JSON')
    ? message.search(/(?:^|, )(?:\.\.\.)?"/)
    : -1;
  const reason = (snippet === -1 ? message : message.slice(0, snippet)).slice(0, 100);
  return reason === '' ? 'not valid JSON' : reason;
}
