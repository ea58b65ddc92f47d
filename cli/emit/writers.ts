/**
 * The response writers of a generated module: one function per named response type and per
 * handler whose answer is an anonymous object or an array, each written out as plain statements
 * that call the `fw/serialize` helpers (see that module for what a writer answers). A shape no
 * writer knows better (a union, a record, a tuple, a date, `unknown`) is written by `json`, which
 * is `JSON.stringify`. `templates/writer.hbs` writes each down.
 */
import type { ControllerModel, NamedType, PropertyShape, Shape } from '../ir.js';
import { quote } from './layout.js';
import { Helpers, INHERITED, type Names, propertyPart } from './names.js';
import type { ModulePart, WriterView } from './view.js';

/**
 * Writes the writers of `types` (in their order), then one for each handler of `controllers` (in
 * their order) whose answer is not simply one of them; the writers by
 * `<controller name>.<handler name>`. Names are claimed from `names`: `write<Name>` per type,
 * `write<Controller>_<handler>` per handler, `…_<property>` and `…_item` for nested shapes.
 */
export function buildWriters(
  types: readonly NamedType[],
  controllers: readonly ControllerModel[],
  names: Names,
): ModulePart<WriterView> {
  const own = new Map(types.map((t) => [t.id, names.claim(`write${t.name}`)] as const));
  const emitter = new Emitter(names, own);
  for (const t of types) emitter.write(t.shape, own.get(t.id) as string, t.id);
  const handlers = new Map<string, string>();
  for (const c of controllers) {
    for (const h of c.handlers) {
      const shape = h.response;
      if (shape === undefined) continue;
      const name =
        shape.kind === 'ref'
          ? emitter.writerOf(shape.id)
          : emitter.write(shape, names.claim(`write${c.name}_${h.name}`));
      handlers.set(`${c.name}.${h.name}`, name);
    }
  }
  return { functions: emitter.functions, names: handlers, helpers: emitter.helpers.used };
}

class Emitter {
  readonly functions: WriterView[] = [];
  readonly helpers = new Helpers();
  readonly #names: Names;
  readonly #own: ReadonlyMap<string, string>;

  constructor(names: Names, own: ReadonlyMap<string, string>) {
    this.#names = names;
    this.#own = own;
  }

  /** Adds the function `name` writing `shape`, its nested functions after it; returns `name`. */
  write(shape: Shape, name: string, comment?: string): string {
    // Its place is taken before its body is built, so the writers its body claims follow it.
    const at = this.functions.length;
    this.functions.push({ hasComment: false, comment: '', name, isObject: false, write: '' });
    const head = { hasComment: comment !== undefined, comment: comment ?? '', name };
    if (shape.kind === 'object') {
      this.functions[at] = { ...head, isObject: true, ...this.#object(shape.properties, name) };
    } else {
      const [callee, args] = this.#writing(shape, 'v', name);
      this.functions[at] = { ...head, isObject: false, write: `${callee}(${args.join(', ')})` };
    }
    return name;
  }

  writerOf(id: string): string {
    const name = this.#own.get(id);
    if (name !== undefined) return name;
    throw new Error(`fwgen: a handler answers type ${id}, not in the model's responses`);
  }

  #object(properties: readonly PropertyShape[], self: string) {
    this.helpers.use('isJsonObject', 'json');
    const members = properties.map((p, i) => {
      const key = quote(p.name);
      const value = INHERITED.has(p.name) ? `${this.helpers.use('own')}(v, ${key})` : `v[${key}]`;
      const [callee, args] = this.#writing(p.shape, value, `${self}_${propertyPart(p.name)}`);
      const name = `${JSON.stringify(p.name)}:`;
      this.helpers.use(i === 0 ? 'first' : 'member');
      return {
        first: i === 0,
        declare: properties.length === 1 ? ('const' as const) : ('let' as const),
        prefix: quote(i === 0 ? `{${name}` : `,${name}`),
        write: `${callee}(${args.join(', ')})`,
      };
    });
    if (members.length > 0) this.helpers.use('object');
    return { empty: members.length === 0, members };
  }

  /** The callee and arguments that write `value`, a value of `shape`. */
  #writing(shape: Shape, value: string, base: string): [string, string[]] {
    switch (shape.kind) {
      case 'array':
        return [
          this.helpers.use('writeArray'),
          [value, this.#function(shape.element, `${base}_item`)],
        ];
      case 'object':
        return [this.write(shape, this.#names.claim(base)), [value]];
      default:
        return [this.#function(shape, base), [value]];
    }
  }

  /** A function that writes a value of `shape`, to call or to pass as an array's `element`. */
  #function(shape: Shape, base: string): string {
    switch (shape.kind) {
      case 'string':
        return this.helpers.use('writeString');
      case 'number':
        return this.helpers.use('writeNumber');
      case 'boolean':
        return this.helpers.use('writeBoolean');
      case 'literal':
        return this.helpers.use(LITERAL[typeof shape.value] ?? 'json');
      case 'ref':
        return this.writerOf(shape.id);
      case 'object':
      case 'array':
        return this.write(shape, this.#names.claim(base));
      default:
        // Dates (`toJSON`), records, tuples, unions, null and unknown: as JSON.stringify has it.
        return this.helpers.use('json');
    }
  }
}

const LITERAL: Readonly<Record<string, string>> = {
  string: 'writeString',
  number: 'writeNumber',
  boolean: 'writeBoolean',
};
