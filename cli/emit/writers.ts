/**
 * The writers of a generated module: one function per named response type, per handler whose
 * answer (an HTTP response, a WebSocket reply, an event stream's data) is an anonymous object, an
 * array or a union of them, and per event name the code publishes with more than one type, each
 * written out as plain statements that call the `fw/serialize` helpers (see that module for what
 * a writer answers). Objects, arrays, records, tuples and unions holding them are written by
 * their declared types (`written-unions.ts` says how a union is); `unknown` (and a union that
 * holds it) is written by `json`, which is `JSON.stringify`, and so are unions of primitives and
 * dates, which carry no property to leave out; a `bigint`, and such a union holding one, by
 * `writeBigint` (its digits as a string). `templates/writer.hbs` writes each down.
 */
import type { ControllerModel, NamedType, PropertyShape, PublishedEvent, Shape } from '../ir.js';
import { quote } from './layout.js';
import { Helpers, INHERITED, type Names, propertyPart } from './names.js';
import { BuildCache, type Lookup, Trace } from './type-cache.js';
import type { Types } from './union-members.js';
import type { ModulePart, WriterView } from './view.js';
import { type Tagged, writtenParts } from './written-unions.js';

/** The writers, and the writer of each published event's name. */
export interface Writers extends ModulePart<WriterView> {
  /** The writer of each event name published with a known type, by name, sorted. */
  readonly events: ReadonlyMap<string, string>;
}

/**
 * Writes the writers of `types` (in their order), then one for each handler of `controllers` (in
 * their order) whose answer is not simply one of them, then one for each event name of `published`
 * with more than one type; the writers by `<controller name>.<handler name>`. Names are claimed
 * from `names`: `write<Name>` per type, `write<Controller>_<handler>` per handler,
 * `writeEvent_<name>` per event, `…_<property>` and `…_item` for nested shapes.
 */
export function buildWriters(
  types: readonly NamedType[],
  controllers: readonly ControllerModel[],
  names: Names,
  published: readonly PublishedEvent[] = [],
): Writers {
  const own = new Map(types.map((t) => [t.id, names.claim(`write${t.name}`)] as const));
  const sources = {
    types: new Map(types.map((t) => [t.id, t])),
    functions: own,
    shared: new Map(),
  };
  const helpers = new Helpers();
  const functions: WriterView[] = [];
  for (const t of types) {
    const name = own.get(t.id) as string;
    const kept = keptWriters.get(t, name, sources, names, (trace) =>
      new Emitter(names, trace).type(t, name),
    );
    for (const h of kept.trace.helpers) helpers.use(h);
    functions.push(...kept.made);
  }
  const handlers = new Map<string, string>();
  for (const c of controllers) {
    const kept = keptHandlers.get(c, '', sources, names, (trace) =>
      new Emitter(names, trace).handlers(c),
    );
    for (const h of kept.trace.helpers) helpers.use(h);
    functions.push(...kept.made.functions);
    for (const [key, name] of kept.made.names) handlers.set(key, name);
  }
  // The events' writers are built on every render, after the handlers'.
  const emitter = new Emitter(names, new Trace(sources));
  const events = new Map<string, string>();
  for (const [event, ids] of byName(published.filter((e) => own.has(e.type)))) {
    const shape: Shape =
      ids.length === 1
        ? { kind: 'ref', id: ids[0] as string }
        : { kind: 'union', members: ids.map((id) => ({ kind: 'ref', id }) as const) };
    events.set(event, emitter.function(shape, `writeEvent_${propertyPart(event)}`));
  }
  for (const h of emitter.helpers.used) helpers.use(h);
  functions.push(...emitter.functions);
  return { functions, names: handlers, helpers: helpers.used, events };
}

/** The writers built for each type, kept between renders (`type-cache.ts`). */
const keptWriters = new BuildCache<NamedType, readonly WriterView[]>();

/** The writers built for each controller's handlers, kept between renders. */
const keptHandlers = new BuildCache<ControllerModel, HandlerWriters>();

/** The writers of one controller's handlers, and the writer of each by `Controller.handler`. */
interface HandlerWriters {
  readonly functions: readonly WriterView[];
  readonly names: readonly (readonly [string, string])[];
}

/** The type ids published under each event name, the names in order. */
function byName(published: readonly PublishedEvent[]): Map<string, string[]> {
  const ids = new Map<string, string[]>();
  for (const e of published) ids.set(e.name, [...(ids.get(e.name) ?? []), e.type]);
  return ids;
}

/** Builds writers, recording what it reads, adds and claims in its trace. */
class Emitter {
  readonly functions: WriterView[] = [];
  readonly helpers = new Helpers();
  readonly #names: Names;
  readonly #trace: Trace;
  readonly #own: Lookup<string>;
  readonly #types: Types;
  /**
   * The writer of each union written so far, by its shape's text: a union's written parts can
   * hold the union again (`type Tree = Tree[] | Leaf[]`), whose writer is then the same.
   */
  readonly #unions: Map<string, string>;

  constructor(names: Names, trace: Trace) {
    this.#names = names;
    this.#trace = trace;
    const sources = trace.recording();
    this.#own = sources.functions;
    this.#types = sources.types;
    this.#unions = sources.shared;
  }

  /** The views of the writer `name` of `t` and of its nested writers, in order. */
  type(t: NamedType, name: string): WriterView[] {
    this.write(t.shape, name, t.id);
    this.#trace.helpers = this.helpers.used;
    return this.functions;
  }

  /** The writers of the handlers of `c` whose answer is not simply a named type's. */
  handlers(c: ControllerModel): HandlerWriters {
    const names: [string, string][] = [];
    for (const h of c.handlers) {
      const shape = h.response;
      if (shape === undefined) continue;
      const base = `write${c.name}_${h.name}`;
      const name =
        shape.kind === 'ref'
          ? this.writerOf(shape.id)
          : shape.kind === 'union' || shape.kind === 'bigint'
            ? this.function(shape, base)
            : this.write(shape, this.#claim(base));
      // A union of what has no properties to leave out is JSON.stringify's, as without a writer.
      if (name !== 'json') names.push([`${c.name}.${h.name}`, name]);
    }
    this.#trace.helpers = this.helpers.used;
    return { functions: this.functions, names };
  }

  #claim(base: string): string {
    return this.#trace.claim(this.#names, base);
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
    this.helpers.use('isJsonObject', 'writeOther');
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
          [value, this.function(shape.element, `${base}_item`)],
        ];
      case 'record':
        return [
          this.helpers.use('writeRecord'),
          [value, this.function(shape.value, `${base}_value`)],
        ];
      case 'tuple': {
        const places = shape.elements.map((e, i) => this.function(e, `${base}_${i}`));
        const rest = shape.rest === undefined ? [] : [this.function(shape.rest, `${base}_rest`)];
        return [this.helpers.use('writeTuple'), [value, `[${places.join(', ')}]`, ...rest]];
      }
      case 'union': {
        const { object, array, tagged, bigint } = writtenParts(shape.members, this.#types);
        if (object !== undefined && array !== undefined) {
          const objects = this.#objects(object, tagged, `${base}_object`);
          return [
            this.helpers.use('writeEither'),
            [value, objects, this.function(array, `${base}_array`)],
          ];
        }
        if (object !== undefined && tagged !== undefined) {
          return [this.#objects(object, tagged, base), [value]];
        }
        const only = object ?? array;
        return only === undefined
          ? [this.helpers.use(bigint ? 'writeBigint' : 'json'), [value]]
          : this.#writing(only, value, base);
      }
      case 'object':
        return [this.write(shape, this.#claim(base)), [value]];
      default:
        return [this.function(shape, base), [value]];
    }
  }

  /**
   * The function that writes a union's objects: by `object` (the merged shape), or, for a tagged
   * union, one comparison of the tag per member, each member's writer for its own tag and
   * `object`'s for a value whose tag is none of them.
   */
  #objects(object: Shape, tagged: Tagged | undefined, base: string): string {
    if (tagged === undefined) return this.function(object, base);
    const key = JSON.stringify(['tagged', tagged]);
    const made = this.#unions.get(key);
    if (made !== undefined) return made;
    const name = this.#claim(base);
    this.#unions.set(key, name);
    const at = this.functions.length;
    this.functions.push({ hasComment: false, comment: '', name, isObject: false, write: '' });
    const tag = `${this.helpers.use('tagOf')}(v, ${quote(tagged.key)})`;
    const literal = (t: string | number | boolean) =>
      `${tag} === ${typeof t === 'string' ? quote(t) : String(t)}`;
    const cases = tagged.members.map((m) => {
      const writer = this.function(m.shape, `${base}_${caseName(m.tags[0] ?? '')}`);
      return `${m.tags.map(literal).join(' || ')} ? ${writer}(v) : `;
    });
    const otherwise = this.function(object, `${base}_other`);
    this.functions[at] = {
      hasComment: false,
      comment: '',
      name,
      isObject: false,
      write: `${cases.join('')}${otherwise}(v)`,
    };
    return name;
  }

  /** A function that writes a value of `shape`, to call or to pass as an array's `element`. */
  function(shape: Shape, base: string): string {
    switch (shape.kind) {
      case 'string':
        return this.helpers.use('writeString');
      case 'number':
        return this.helpers.use('writeNumber');
      case 'boolean':
        return this.helpers.use('writeBoolean');
      case 'bigint':
        return this.helpers.use('writeBigint');
      case 'literal':
        return this.helpers.use(LITERAL[typeof shape.value] ?? 'json');
      case 'ref':
        return this.writerOf(shape.id);
      case 'union': {
        const { object, array, tagged, bigint } = writtenParts(shape.members, this.#types);
        const only = object === undefined ? array : array === undefined ? object : undefined;
        if (object === undefined && array === undefined) {
          return this.helpers.use(bigint ? 'writeBigint' : 'json');
        }
        if (only?.kind === 'ref' && tagged === undefined) return this.writerOf(only.id);
        const key = JSON.stringify(shape);
        const made = this.#unions.get(key);
        if (made !== undefined) return made;
        const name = this.#claim(base);
        this.#unions.set(key, name);
        return this.write(only ?? shape, name);
      }
      case 'object':
      case 'array':
      case 'record':
      case 'tuple':
        return this.write(shape, this.#claim(base));
      default:
        // Dates (`toJSON`), null and unknown: as JSON.stringify has them.
        return this.helpers.use('json');
    }
  }
}

const LITERAL: Readonly<Record<string, string>> = {
  string: 'writeString',
  number: 'writeNumber',
  boolean: 'writeBoolean',
};

/** A tag as part of a function's name: its letters and digits. */
function caseName(tag: string | number | boolean): string {
  const part = String(tag).replace(/[^A-Za-z0-9]+/g, '_');
  return part === '' ? 'tag' : part;
}
