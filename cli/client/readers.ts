/**
 * The client's readers: functions that turn the JSON of an answer into what its declared type
 * says, a `Date` from its ISO string and a `bigint` from its digits. They are generated only for
 * the shapes that hold one of those, so an answer of plain JSON data is handed back as parsed.
 * A reader changes the parsed value in place and returns it.
 */

import { literal } from '../emit/layout.js';
import { compareText, type Shape } from '../ir.js';
import type { ClientTypes } from './types.js';

/** The readers one client needs, named and written as they are asked for. */
export class Readers {
  readonly #types: ClientTypes;
  /** Whether each named type holds a value to revive (computed to a fixed point). */
  readonly #needs = new Map<string, boolean>();
  readonly #written = new Map<string, string>();
  #count = 0;

  constructor(types: ClientTypes, ids: Iterable<string>) {
    this.#types = types;
    const all = [...ids];
    for (const id of all) this.#needs.set(id, false);
    for (let changed = true; changed; ) {
      changed = false;
      for (const id of all) {
        if (!this.#needs.get(id) && this.needs(types.type(id).shape)) {
          this.#needs.set(id, true);
          changed = true;
        }
      }
    }
  }

  /** Whether a value of `shape` holds a `Date` or a `bigint` somewhere. */
  needs(shape: Shape): boolean {
    switch (shape.kind) {
      case 'date':
      case 'bigint':
        return true;
      case 'ref':
        return this.#needs.get(shape.id) === true;
      case 'array':
        return this.needs(shape.element);
      case 'record':
        return this.needs(shape.value);
      case 'tuple':
        return (
          shape.elements.some((e) => this.needs(e)) ||
          (shape.rest !== undefined && this.needs(shape.rest))
        );
      case 'object':
        return shape.properties.some((p) => this.needs(p.shape));
      case 'union':
        return shape.members.some((m) => this.needs(m));
      default:
        return false;
    }
  }

  /** An expression naming the function that reads `shape`, or undefined when none is needed. */
  reader(shape: Shape): string | undefined {
    if (!this.needs(shape)) return undefined;
    switch (shape.kind) {
      case 'date':
        return '_date';
      case 'ref':
        return this.#named(shape.id);
      case 'array':
        return `(v: unknown) => _array(v, ${this.reader(shape.element)})`;
      case 'record':
        return `(v: unknown) => _record(v, ${this.reader(shape.value)})`;
      case 'object':
      case 'tuple':
      case 'union':
        return this.#write(`_read${++this.#count}`, shape);
      default:
        return shape.kind === 'bigint' ? '_bigint' : undefined;
    }
  }

  /** The text of every reader written, sorted by name. */
  functions(): string[] {
    return [...this.#written].sort(([a], [b]) => compareText(a, b)).map(([, text]) => text);
  }

  /** Which of the template's helpers the readers call. */
  helpers(): { date: boolean; bigint: boolean; array: boolean; record: boolean } {
    const text = [...this.#written.values()].join('\n');
    return {
      date: text.includes('_date'),
      bigint: text.includes('_bigint'),
      array: text.includes('_array('),
      record: text.includes('_record('),
    };
  }

  #named(id: string): string {
    const name = `_read_${this.#types.name(id)}`;
    if (!this.#written.has(name)) {
      this.#written.set(name, '');
      this.#write(name, this.#types.type(id).shape);
    }
    return name;
  }

  #write(name: string, shape: Shape): string {
    let body: string;
    if (shape.kind === 'object') {
      const lines = shape.properties.flatMap((p) => {
        const read = this.reader(p.shape);
        if (read === undefined) return [];
        const at = `o[${literal(p.name)}]`;
        return [`  if (${at} !== undefined) ${at} = ${call(read, at)};`];
      });
      body = [
        "  if (typeof v !== 'object' || v === null) return v;",
        '  const o = v as Record<string, unknown>;',
        ...lines,
        '  return o;',
      ].join('\n');
    } else if (shape.kind === 'tuple') {
      const lines = shape.elements.flatMap((e, i) => {
        const read = this.reader(e);
        return read === undefined
          ? []
          : [`  if (a.length > ${i}) a[${i}] = ${call(read, `a[${i}]`)};`];
      });
      const rest = shape.rest === undefined ? undefined : this.reader(shape.rest);
      if (rest !== undefined) {
        lines.push(
          `  for (let i = ${shape.elements.length}; i < a.length; i++) a[i] = ${call(rest, 'a[i]')};`,
        );
      }
      body = [
        '  if (!Array.isArray(v)) return v;',
        '  const a: unknown[] = v;',
        ...lines,
        '  return a;',
      ].join('\n');
    } else if (shape.kind === 'union') {
      body = this.#union(shape.members);
    } else {
      body = `  return ${call(this.reader(shape) as string, 'v')};`;
    }
    this.#written.set(name, `function ${name}(v: unknown): unknown {\n${body}\n}`);
    return name;
  }

  /**
   * A union's value is read by the one member its JSON kind can be: a string by its only date or
   * bigint member, an array by its only array member, an object by its only object member or by
   * a property whose literal tells the object members apart. A union that cannot tell its
   * members apart this way is handed back as parsed.
   */
  #union(members: readonly Shape[]): string {
    const lines: string[] = [];
    const byKind = (kind: JsonKind): Shape[] => members.filter((m) => this.#kind(m) === kind);
    const strings = byKind('string');
    const only = strings[0];
    if (strings.length === 1 && only !== undefined && this.needs(only)) {
      lines.push(`  if (typeof v === 'string') return ${call(this.reader(only) as string, 'v')};`);
    }
    const arrays = byKind('array');
    const array = arrays[0];
    if (arrays.length === 1 && array !== undefined && this.needs(array)) {
      lines.push(`  if (Array.isArray(v)) return ${call(this.reader(array) as string, 'v')};`);
    }
    const objects = byKind('object');
    const object = objects[0];
    if (objects.length === 1 && object !== undefined && this.needs(object)) {
      lines.push(
        `  if (typeof v === 'object' && v !== null) return ${call(this.reader(object) as string, 'v')};`,
      );
    } else if (objects.some((o) => this.needs(o))) {
      const tag = this.#discriminant(objects);
      if (tag !== undefined) {
        lines.push(`  if (typeof v === 'object' && v !== null) {`);
        lines.push(`    switch ((v as Record<string, unknown>)[${literal(tag.name)}]) {`);
        for (const [value, shape] of tag.cases) {
          const read = this.reader(shape);
          if (read !== undefined)
            lines.push(`      case ${literal(value)}: return ${call(read, 'v')};`);
        }
        lines.push('    }', '  }');
      }
    }
    return [...lines, '  return v;'].join('\n');
  }

  /** The JSON kind a value of `shape` has when all its values share one. */
  #kind(shape: Shape): JsonKind | undefined {
    switch (shape.kind) {
      case 'string':
      case 'date':
      case 'bigint':
        // fw writes a bigint as the string of its digits.
        return 'string';
      case 'literal':
        return typeof shape.value === 'string' ? 'string' : undefined;
      case 'array':
      case 'tuple':
        return 'array';
      case 'object':
      case 'record':
        return 'object';
      case 'ref':
        return this.#kind(this.#types.type(shape.id).shape);
      default:
        return undefined;
    }
  }

  /** A property every object member has as a different string or number literal. */
  #discriminant(
    objects: readonly Shape[],
  ): { name: string; cases: [string | number | boolean, Shape][] } | undefined {
    const resolved = objects.map((o) => (o.kind === 'ref' ? this.#types.type(o.id).shape : o));
    const first = resolved[0];
    if (first?.kind !== 'object') return undefined;
    for (const p of first.properties) {
      const cases: [string | number | boolean, Shape][] = [];
      resolved.forEach((r, i) => {
        if (r.kind !== 'object') return;
        const found = r.properties.find((q) => q.name === p.name && !q.optional);
        if (found?.shape.kind === 'literal') cases.push([found.shape.value, objects[i] as Shape]);
      });
      const values = new Set(cases.map(([v]) => v));
      if (cases.length === objects.length && values.size === cases.length) {
        return { name: p.name, cases };
      }
    }
    return undefined;
  }
}

type JsonKind = 'string' | 'array' | 'object';

/** `read(value)`, with an arrow function written in parentheses. */
function call(read: string, value: string): string {
  const over = /^\(v: unknown\) => (_array|_record)\(v, (.*)\)$/.exec(read);
  if (over !== null) return `${over[1]}(${value}, ${over[2]})`;
  return read.startsWith('(') ? `(${read})(${value})` : `${read}(${value})`;
}
