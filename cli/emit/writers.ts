/**
 * The response writers of a generated module: one function per named response type and per
 * handler whose answer is an anonymous object or an array, each written out as plain statements
 * that call the `fw/serialize` helpers (see that module for what a writer answers). A shape no
 * writer knows better (a union, a record, a tuple, a date, `unknown`) is written by `json`, which
 * is `JSON.stringify`.
 */
import type { ControllerModel, NamedType, PropertyShape, Shape } from '../ir.js';
import { call, quote } from './layout.js';
import { INHERITED, type Names, propertyPart } from './names.js';

/** One generated writer function. */
export interface WriterFunction {
  /** The lines of the comment above it: the type id for a named type. */
  readonly comments: readonly string[];
  readonly name: string;
  /** Its statements, laid out for column 2. */
  readonly body: readonly string[];
}

/** The writer code of one module. */
export interface Writers {
  readonly functions: readonly WriterFunction[];
  /** The writer of each handler that has one, by `<controller name>.<handler name>`. */
  readonly handlers: ReadonlyMap<string, string>;
  /** The `fw/serialize` exports the code uses. */
  readonly helpers: ReadonlySet<string>;
}

/**
 * Writes the writers of `types` (in their order), then one for each handler of `controllers` (in
 * their order) whose answer is not simply one of them. Names are claimed from `names`:
 * `write<Name>` per type, `write<Controller>_<handler>` per handler, `…_<property>` and `…_item`
 * for nested shapes.
 */
export function buildWriters(
  types: readonly NamedType[],
  controllers: readonly ControllerModel[],
  names: Names,
): Writers {
  const own = new Map(types.map((t) => [t.id, names.claim(`write${t.name}`)] as const));
  const emitter = new Emitter(names, own);
  for (const t of types) emitter.write(t.shape, own.get(t.id) as string, [t.id]);
  const handlers = new Map<string, string>();
  for (const c of controllers) {
    for (const h of c.handlers) {
      const shape = h.response;
      if (shape === undefined) continue;
      const name =
        shape.kind === 'ref'
          ? emitter.writerOf(shape.id)
          : emitter.write(shape, names.claim(`write${c.name}_${h.name}`), []).name;
      handlers.set(`${c.name}.${h.name}`, name);
    }
  }
  return { functions: emitter.functions, handlers, helpers: emitter.helpers };
}

class Emitter {
  readonly functions: WriterFunction[] = [];
  readonly helpers = new Set<string>();
  readonly #names: Names;
  readonly #own: ReadonlyMap<string, string>;

  constructor(names: Names, own: ReadonlyMap<string, string>) {
    this.#names = names;
    this.#own = own;
  }

  /** Adds the function `name` writing `shape`; its nested functions follow it. */
  write(shape: Shape, name: string, comments: string[]): WriterFunction {
    const fn: { comments: string[]; name: string; body: string[] } = { comments, name, body: [] };
    this.functions.push(fn);
    fn.body = this.#body(shape, name);
    return fn;
  }

  writerOf(id: string): string {
    const name = this.#own.get(id);
    if (name !== undefined) return name;
    throw new Error(`fwgen: a handler answers type ${id}, not in the model's responses`);
  }

  #use(helper: string): string {
    this.helpers.add(helper);
    return helper;
  }

  #body(shape: Shape, self: string): string[] {
    if (shape.kind === 'object') return this.#object(shape.properties, self);
    return [`${call(2, 'return ', ...this.#writing(shape, 'v', self), ';')};`];
  }

  #object(properties: readonly PropertyShape[], self: string): string[] {
    const lines = [`if (!${this.#use('isJsonObject')}(v)) return ${this.#use('json')}(v);`];
    if (properties.length === 0) return [...lines, "return '{}';"];
    properties.forEach((p, i) => {
      const value = INHERITED.has(p.name)
        ? `${this.#use('own')}(v, ${quote(p.name)})`
        : `v[${quote(p.name)}]`;
      const [callee, args] = this.#writing(p.shape, value, `${self}_${propertyPart(p.name)}`);
      const text = call(4, '', callee, args);
      const name = `${JSON.stringify(p.name)}:`;
      const line =
        i === 0
          ? call(
              2,
              properties.length === 1 ? 'const out = ' : 'let out = ',
              this.#use('first'),
              [quote(`{${name}`), text],
              ';',
            )
          : call(2, 'out = ', this.#use('member'), ['out', quote(`,${name}`), text], ';');
      lines.push(`${line};`);
    });
    lines.push(`return ${this.#use('object')}(out);`);
    return lines;
  }

  /** The callee and arguments that write `value`, a value of `shape`. */
  #writing(shape: Shape, value: string, base: string): [string, string[]] {
    switch (shape.kind) {
      case 'array':
        return [this.#use('writeArray'), [value, this.#function(shape.element, `${base}_item`)]];
      case 'object':
        return [this.write(shape, this.#names.claim(base), []).name, [value]];
      default:
        return [this.#function(shape, base), [value]];
    }
  }

  /** A function that writes a value of `shape`, to call or to pass as an array's `element`. */
  #function(shape: Shape, base: string): string {
    switch (shape.kind) {
      case 'string':
        return this.#use('writeString');
      case 'number':
        return this.#use('writeNumber');
      case 'boolean':
        return this.#use('writeBoolean');
      case 'literal':
        return this.#use(LITERAL[typeof shape.value] ?? 'json');
      case 'ref':
        return this.writerOf(shape.id);
      case 'object':
      case 'array':
        return this.write(shape, this.#names.claim(base), []).name;
      default:
        // Dates (`toJSON`), records, tuples, unions, null and unknown: as JSON.stringify has it.
        return this.#use('json');
    }
  }
}

const LITERAL: Readonly<Record<string, string>> = {
  string: 'writeString',
  number: 'writeNumber',
  boolean: 'writeBoolean',
};
