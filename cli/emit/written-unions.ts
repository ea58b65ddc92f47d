/**
 * How a writer writes a value of a union: an object by one object shape, an array by one array
 * shape, a `bigint` as the string of its digits, anything else by `JSON.stringify` (a primitive,
 * `null`, a date's text carry no property to leave out). Object members that carry a tag (a property each declares as a literal of its
 * own, `kind: 'cat'` and `kind: 'dog'`) are told apart by it, one comparison per member, and a
 * value is written by its own member's type. Other object members are written as one object of
 * every property any of them declares (a property the union does not declare is never sent, but
 * a `Dog` may carry a property only `Cat` declares), and the array members as one array of their
 * elements' union. A union that holds `unknown`, or a record beside another object
 * type, has no such shape: its objects are written by `JSON.stringify`.
 */
import type { PropertyShape, Shape } from '../ir.js';
import { discriminant, jsonKind, type Types } from './union-members.js';

/** The shape a union's objects and the shape its arrays are written by; absent: `JSON.stringify`. */
export interface WrittenParts {
  readonly object?: Shape;
  readonly array?: Shape;
  /**
   * When the object members are a tagged union (the discriminant their checker tells them apart
   * by): each member's literals and shape, so a value is written by its own member's type;
   * `object` writes a value whose tag is none of them.
   */
  readonly tagged?: Tagged;
  /**
   * Set when a member is a `bigint`, which `JSON.stringify` cannot write: without an object or
   * array member the union is written by `writeBigint` (a bigint as its digits, the rest as
   * `JSON.stringify` has them); beside one, the object and array writers write it so themselves.
   */
  readonly bigint?: true;
}

/** A tagged union's tag property and its members, each with the literals that select it. */
export interface Tagged {
  readonly key: string;
  readonly members: readonly {
    readonly tags: readonly (string | number | boolean)[];
    readonly shape: Shape;
  }[];
}

/** The parts `members` (a union's) are written by; `types` resolves references. */
export function writtenParts(members: readonly Shape[], types: Types): WrittenParts {
  const flat = spread(members, types, new Set());
  if (flat.some((m) => m.kind === 'unknown')) return {};
  const objects = flat.filter((m) => jsonKind(m, types) === 'object');
  const arrays = flat.filter((m) => jsonKind(m, types) === 'array');
  const object = objects.length <= 1 ? objects[0] : merged(objects, types);
  const array = arrays.length <= 1 ? arrays[0] : elements(arrays, types);
  const tagged = object === undefined ? undefined : taggedOf(objects, types);
  const bigint = flat.some((m) => resolved(m, types).kind === 'bigint') || undefined;
  return {
    ...(object && { object }),
    ...(array && { array }),
    ...(tagged && { tagged }),
    ...(bigint && { bigint }),
  };
}

/** The members, nested unions and references to unions spread in place, each once. */
function spread(members: readonly Shape[], types: Types, seen: Set<string>): Shape[] {
  const out: Shape[] = [];
  for (const m of members) {
    const target = m.kind === 'ref' ? types.get(m.id) : undefined;
    if (m.kind === 'union') out.push(...spread(m.members, types, seen));
    else if (target?.shape.kind === 'union' && !seen.has(target.id)) {
      seen.add(target.id);
      out.push(...spread(target.shape.members, types, seen));
    } else if (!out.some((o) => same(o, m))) out.push(m);
  }
  return out;
}

/**
 * The tag of a union's object members, as their checker finds it ({@link discriminant}), with the
 * literals that select each member.
 */
function taggedOf(objects: readonly Shape[], types: Types): Tagged | undefined {
  const found = discriminant(objects, types);
  if (found === undefined) return undefined;
  const members = objects.map((shape, i) => ({ tags: found.values[i] ?? [], shape }));
  return { key: found.property, members };
}

/** `shape` with references followed to what they name. */
function resolved(shape: Shape, types: Types): Shape {
  const seen = new Set<string>();
  let s = shape;
  while (s.kind === 'ref' && !seen.has(s.id)) {
    seen.add(s.id);
    const target = types.get(s.id);
    if (target === undefined) break;
    s = target.shape;
  }
  return s;
}

/** One object of every property the object shapes declare, each of the union of its shapes. */
function merged(shapes: readonly Shape[], types: Types): Shape | undefined {
  const byName = new Map<string, { optional: boolean; shapes: Shape[] }>();
  for (const shape of shapes) {
    const s = resolved(shape, types);
    if (s.kind !== 'object') return undefined;
    for (const p of s.properties) {
      const found = byName.get(p.name);
      if (found === undefined) byName.set(p.name, { optional: p.optional, shapes: [p.shape] });
      else if (!found.shapes.some((f) => same(f, p.shape))) found.shapes.push(p.shape);
    }
  }
  const properties: PropertyShape[] = [...byName].map(([name, p]) => ({
    name,
    optional: p.optional,
    shape: p.shapes.length === 1 ? (p.shapes[0] as Shape) : { kind: 'union', members: p.shapes },
  }));
  return { kind: 'object', properties };
}

/** One array of the union of the array shapes' elements (a tuple's places and rest). */
function elements(shapes: readonly Shape[], types: Types): Shape {
  const members: Shape[] = [];
  for (const shape of shapes) {
    const s = resolved(shape, types);
    if (s.kind === 'array') members.push(s.element);
    else if (s.kind === 'tuple') members.push(...s.elements, ...(s.rest ? [s.rest] : []));
  }
  return { kind: 'array', element: { kind: 'union', members } };
}

function same(a: Shape, b: Shape): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
