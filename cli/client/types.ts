/**
 * The client's types, written out as TypeScript declarations from the model's shapes: each named
 * type under its OpenAPI component name (made an identifier), so that a consumer's `tsc` reads
 * plain declarations and never infers anything from the app.
 */
import { componentNames } from '../api-documents/schemas.js';
import {
  type AppModel,
  assertNever,
  compareText,
  type DocComment,
  type NamedType,
  type Shape,
} from '../ir.js';

/** Names the template declares itself: an app type of one of these names gets a `_` after it. */
const TAKEN = new Set([
  ...['Problem', 'Ok', 'Failure', 'RequestOptions', 'WebSocketClass', 'WebSocketLike'],
  ...['ClientOptions', 'ApiError', 'unwrap', 'ServerEvent', 'ServerEvents', 'Socket', 'Client'],
  ...['SocketEvent'],
  ...['createClient', 'Date', 'Record', 'Uint8Array', 'ReadableStream', 'FormData', 'Promise'],
]);

/** The named types a client declares and how it writes each shape. */
export class ClientTypes {
  readonly #index: ReadonlyMap<string, NamedType>;
  readonly #names = new Map<string, string>();

  /** `ids`: every named type the client refers to, with all those they refer to in turn. */
  constructor(model: AppModel, ids: ReadonlySet<string>) {
    const index = new Map<string, NamedType>();
    for (const list of [model.types, model.responses ?? [], model.documented ?? []]) {
      for (const t of list) index.set(t.id, t);
    }
    this.#index = index;
    const types = closure(ids, index);
    for (const [id, name] of componentNames(types)) {
      const identifier = name.replace(/[^A-Za-z0-9_$]/g, '_').replace(/^(?=[0-9])/, '_');
      this.#names.set(id, TAKEN.has(identifier) ? `${identifier}_` : identifier);
    }
  }

  /** The id of every type the client declares. */
  ids(): string[] {
    return [...this.#names.keys()];
  }

  /** The named type of `id`. */
  type(id: string): NamedType {
    const found = this.#index.get(id);
    if (found === undefined) throw new Error(`fwgen: the model has no type ${id}`);
    return found;
  }

  /** The declared name of the type `id`. */
  name(id: string): string {
    const found = this.#names.get(id);
    if (found === undefined) throw new Error(`fwgen: the client declares no type ${id}`);
    return found;
  }

  /** Every declaration, sorted by name: an interface for an object, else a type alias. */
  declarations(): string[] {
    const out: [string, string][] = [];
    for (const [id, name] of this.#names) {
      const t = this.type(id);
      const doc = docLines(t.doc, '');
      const text =
        t.shape.kind === 'object'
          ? `${doc}export interface ${name} ${this.text(t.shape, '')}`
          : `${doc}export type ${name} = ${this.text(t.shape, '')};`;
      out.push([name, text]);
    }
    return out.sort(([a], [b]) => compareText(a, b)).map(([, text]) => text);
  }

  /** The TypeScript type of `shape`, indented by `indent` when it spans lines. */
  text(shape: Shape, indent: string): string {
    switch (shape.kind) {
      case 'string':
      case 'number':
      case 'boolean':
      case 'null':
      case 'unknown':
        return shape.kind;
      case 'date':
        return 'Date';
      case 'bigint':
        return 'bigint';
      case 'literal':
        return literal(shape.value);
      case 'array':
        return `${this.#element(shape.element, indent)}[]`;
      case 'tuple': {
        const required = shape.required ?? shape.elements.length;
        const parts = shape.elements.map(
          (e, i) => `${this.text(e, indent)}${i < required ? '' : '?'}`,
        );
        if (shape.rest !== undefined) parts.push(`...${this.#element(shape.rest, indent)}[]`);
        return `[${parts.join(', ')}]`;
      }
      case 'record':
        return `{ [key: string]: ${this.text(shape.value, indent)} }`;
      case 'object': {
        if (shape.properties.length === 0) return '{}';
        const inner = `${indent}  `;
        const lines = shape.properties.map(
          (p) =>
            `${docLines(p.doc, inner)}${inner}${p.readonly ? 'readonly ' : ''}${key(p.name)}${
              p.optional ? '?' : ''
            }: ${this.text(p.shape, inner)};`,
        );
        return `{\n${lines.join('\n')}\n${indent}}`;
      }
      case 'union':
        return shape.members.map((m) => this.text(m, indent)).join(' | ');
      case 'ref':
        return this.name(shape.id);
      default:
        return assertNever(shape);
    }
  }

  #element(shape: Shape, indent: string): string {
    const text = this.text(shape, indent);
    return shape.kind === 'union' ? `(${text})` : text;
  }
}

/** The named types `ids` name and every type those refer to, sorted by id. */
function closure(ids: ReadonlySet<string>, index: ReadonlyMap<string, NamedType>): NamedType[] {
  const found = new Map<string, NamedType>();
  const pending = [...ids];
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    if (found.has(id)) continue;
    const t = index.get(id);
    if (t === undefined) throw new Error(`fwgen: the model refers to type ${id}, which it lacks`);
    found.set(id, t);
    refsOf(t.shape, pending);
  }
  return [...found.values()].sort((a, b) => compareText(a.id, b.id));
}

/** Pushes the id of every named type `shape` refers to. */
export function refsOf(shape: Shape, into: string[] | Set<string>): void {
  const add = (id: string): void => {
    if (Array.isArray(into)) into.push(id);
    else (into as Set<string>).add(id);
  };
  const walk = (s: Shape): void => {
    switch (s.kind) {
      case 'ref':
        add(s.id);
        return;
      case 'array':
        walk(s.element);
        return;
      case 'record':
        walk(s.value);
        return;
      case 'tuple':
        s.elements.forEach(walk);
        if (s.rest !== undefined) walk(s.rest);
        return;
      case 'object':
        for (const p of s.properties) walk(p.shape);
        return;
      case 'union':
        s.members.forEach(walk);
        return;
      default:
        return;
    }
  };
  walk(shape);
}

/** A property name as a key: bare when it is an identifier, else quoted. */
export function key(name: string): string {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name) ? name : literal(name);
}

/** A literal as the module writes it: strings in single quotes. */
export function literal(value: string | number | boolean): string {
  if (typeof value !== 'string') return String(value);
  return `'${JSON.stringify(value).slice(1, -1).replaceAll('\\"', '"').replaceAll("'", "\\'")}'`;
}

/** The JSDoc of a declaration or member: its summary and description, or nothing. */
export function docLines(doc: DocComment | undefined, indent: string): string {
  const text = [doc?.summary, doc?.description].filter((s) => s !== undefined && s !== '');
  const lines = text
    .join('\n\n')
    .replaceAll('*/', '*\\/')
    .split('\n')
    .filter((l, _i, all) => all.length > 1 || l !== '');
  if (doc?.deprecated === true) lines.push('@deprecated');
  if (lines.length === 0) return '';
  if (lines.length === 1) return `${indent}/** ${lines[0]} */\n`;
  return `${indent}/**\n${lines.map((l) => `${indent} *${l === '' ? '' : ` ${l}`}`).join('\n')}\n${indent} */\n`;
}
