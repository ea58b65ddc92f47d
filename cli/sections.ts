/**
 * Splits a generated bindings module into the parts `--check` compares: each controller object
 * (an object literal with a string `name` and a `handlers` array), each of its handler objects
 * (keyed `Class.method`), and each validator section (top-level code from a comment naming a type
 * id, such as `// examples/app/users#CreateUser`, to the next one or the next `export`).
 */
import { type Token, tokenize } from './scan.js';

/** One handler object of a controller. */
export interface HandlerSection {
  /** `Class.method`. */
  readonly key: string;
  readonly method: string;
  readonly path: string;
  readonly text: string;
}

/** One controller object: its own text without its handlers, and its handlers in order. */
export interface ControllerSection {
  readonly name: string;
  readonly text: string;
  readonly handlers: ReadonlyMap<string, HandlerSection>;
}

/** The comparable parts of a bindings module. */
export interface Sections {
  readonly controllers: ReadonlyMap<string, ControllerSection>;
  /** Validator code by type id. */
  readonly validators: ReadonlyMap<string, string>;
}

interface Group {
  readonly open: number;
  close: number;
}

const PAIRS: Readonly<Record<string, string>> = { '{': '}', '[': ']', '(': ')' };
const TYPE_ID = /^[*\s]*`?([\w@./-]+#[\p{ID_Start}$_][\p{ID_Continue}$]*)`?(?:[\s:.,]|$)/u;

/** The sections of `text`, or `undefined` when its brackets or literals do not balance. */
export function parseSections(text: string): Sections | undefined {
  const tokens = tokenize(text);
  if (tokens === undefined) return undefined;
  const groups = new Map<number, Group>();
  const stack: Group[] = [];
  const topLevel: number[] = [];
  for (const [i, t] of tokens.entries()) {
    if (t.kind !== 'punct') {
      if (stack.length === 0) topLevel.push(i);
      continue;
    }
    if (PAIRS[t.value] !== undefined) {
      if (stack.length === 0) topLevel.push(i);
      const g = { open: i, close: -1 };
      groups.set(i, g);
      stack.push(g);
    } else if (t.value === '}' || t.value === ']' || t.value === ')') {
      const g = stack.pop();
      if (g === undefined || PAIRS[(tokens[g.open] as Token).value] !== t.value) return undefined;
      g.close = i;
    } else if (stack.length === 0) topLevel.push(i);
  }
  if (stack.length > 0) return undefined;
  const slice = (from: number, to: number): string =>
    text.slice((tokens[from] as Token).start, (tokens[to] as Token).end);
  const props = (g: Group): Map<string, number> => properties(tokens, groups, g);

  const controllers = new Map<string, ControllerSection>();
  for (const g of groups.values()) {
    if (tokens[g.open]?.value !== '{') continue;
    const p = props(g);
    const name = stringAt(tokens, p.get('name'));
    const list = groups.get(p.get('handlers') ?? -1);
    if (name === undefined || list === undefined || tokens[list.open]?.value !== '[') continue;
    const handlers = new Map<string, HandlerSection>();
    for (const h of children(groups, list)) {
      const hp = props(h);
      const key = `${name}.${stringAt(tokens, hp.get('name')) ?? `#${handlers.size}`}`;
      const method = stringAt(tokens, hp.get('method')) ?? '';
      const path = stringAt(tokens, hp.get('path')) ?? '';
      handlers.set(key, { key, method, path, text: slice(h.open, h.close) });
    }
    const own = `${slice(g.open, list.open)}${slice(list.close, g.close)}`;
    controllers.set(name, { name, text: own, handlers });
  }
  return { controllers, validators: validatorSections(text, tokens, topLevel) };
}

/** The direct `key: value` pairs of an object group: key → token index of the value. */
function properties(tokens: Token[], groups: Map<number, Group>, g: Group): Map<string, number> {
  const out = new Map<string, number>();
  let previous = '{';
  for (let i = g.open + 1; i < g.close; i++) {
    const t = tokens[i] as Token;
    if (t.kind === 'comment') continue;
    const next = tokens[i + 1];
    const isKey = t.kind === 'word' || t.kind === 'string';
    if (isKey && (previous === '{' || previous === ',') && next?.value === ':') {
      if (!out.has(t.value)) out.set(t.value, i + 2);
    }
    const inner = groups.get(i);
    if (inner !== undefined) i = inner.close;
    previous = t.kind === 'punct' ? (tokens[i] as Token).value : '';
  }
  return out;
}

/** The object groups directly inside an array group. */
function children(groups: Map<number, Group>, list: Group): Group[] {
  const out: Group[] = [];
  for (let i = list.open + 1; i < list.close; i++) {
    const g = groups.get(i);
    if (g === undefined) continue;
    out.push(g);
    i = g.close;
  }
  return out;
}

function stringAt(tokens: Token[], index: number | undefined): string | undefined {
  const t = index === undefined ? undefined : tokens[index];
  return t?.kind === 'string' ? t.value : undefined;
}

function validatorSections(text: string, tokens: Token[], topLevel: number[]): Map<string, string> {
  const out = new Map<string, string>();
  let open: { id: string; start: number } | undefined;
  const closeAt = (end: number): void => {
    if (open !== undefined && !out.has(open.id))
      out.set(open.id, text.slice(open.start, end).trim());
    open = undefined;
  };
  for (const i of topLevel) {
    const t = tokens[i] as Token;
    const id = t.kind === 'comment' ? TYPE_ID.exec(t.value)?.[1] : undefined;
    if (id !== undefined) {
      closeAt(t.start);
      open = { id, start: t.start };
    } else if (t.kind === 'word' && t.value === 'export') closeAt(t.start);
  }
  closeAt(text.length);
  return out;
}
