/**
 * How the members of a union are told apart: which have a test that needs no call, which JSON
 * kind a member accepts, and how the union is described in its one issue.
 */
import { assertNever, type NamedType, type PropertyShape, type Shape } from '../ir.js';
import { literal } from './layout.js';

/** The named types of the model, by id. */
export type Types = Pick<ReadonlyMap<string, NamedType>, 'get'>;

/** A test of `v` that needs no call (`typeof v === 'string'`, `v === 'red'`), when there is one. */
export function test(shape: Shape): string | undefined {
  if ('constraints' in shape && shape.constraints !== undefined) return undefined;
  switch (shape.kind) {
    case 'string':
    case 'boolean':
      return `typeof v === '${shape.kind}'`;
    case 'number':
      return 'Number.isFinite(v)';
    case 'null':
      return 'v === null';
    case 'literal':
      return `v === ${literal(shape.value)}`;
    case 'date':
    case 'bigint':
    case 'unknown':
    case 'array':
    case 'tuple':
    case 'record':
    case 'object':
    case 'union':
    case 'ref':
      return undefined;
    default:
      return assertNever(shape);
  }
}

/**
 * The members of a union, nested unions spread in place, and so are named types made only of
 * members with a {@link test} (the enum in `Colour | null` is tested inline, and described so).
 */
export function flatten(
  members: readonly Shape[],
  types: Types,
  seen: ReadonlySet<string> = new Set(),
): Shape[] {
  return members.flatMap((m) => {
    if (m.kind === 'union') return flatten(m.members, types, seen);
    const target = m.kind === 'ref' && !seen.has(m.id) ? types.get(m.id) : undefined;
    if (target === undefined) return [m];
    const inner = flatten([target.shape], types, new Set([...seen, target.id]));
    return inner.every((i) => test(i) !== undefined) ? inner : [m];
  });
}

/** The one JSON kind every value `shape` accepts is of, when there is one. */
export function jsonKind(
  shape: Shape,
  types: Types,
  seen: ReadonlySet<string> = new Set(),
): 'object' | 'array' | 'string' | undefined {
  switch (shape.kind) {
    case 'object':
    case 'record':
      return 'object';
    case 'array':
    case 'tuple':
      return 'array';
    case 'date':
      return 'string';
    case 'string':
      return shape.constraints === undefined ? undefined : 'string';
    case 'ref': {
      const target = seen.has(shape.id) ? undefined : types.get(shape.id);
      return target && jsonKind(target.shape, types, new Set([...seen, shape.id]));
    }
    case 'number':
    case 'boolean':
    case 'null':
    case 'unknown':
    case 'literal':
    case 'union':
    // A string of digits or a safe integer number.
    case 'bigint':
      return undefined;
    default:
      return assertNever(shape);
  }
}

/** `a string, null or Address`: each member once, in order. */
export function describe(members: readonly Shape[], types: Types): string {
  const words = [...new Set(members.map((m) => word(m, types)))];
  const last = words.pop() as string;
  return words.length === 0 ? last : `${words.join(', ')} or ${last}`;
}

function word(shape: Shape, types: Types): string {
  switch (shape.kind) {
    case 'string':
    case 'number':
    case 'boolean':
      return `a ${shape.kind}`;
    case 'null':
      return 'null';
    case 'literal':
      return JSON.stringify(shape.value);
    case 'date':
      return 'an ISO 8601 date string';
    case 'bigint':
      return 'an integer string';
    case 'unknown':
      return 'anything';
    case 'array':
      return 'an array';
    case 'tuple':
      return `an array of ${tupleLength(shape)}`;
    case 'object':
    case 'record':
      return 'an object';
    case 'ref':
      return types.get(shape.id)?.name ?? shape.id;
    case 'union':
      return describe(flatten(shape.members, types), types);
    default:
      return assertNever(shape);
  }
}

/** How many items a tuple holds: `2 items`, `1 to 3 items`, `at least 1 item`, `at most 2 items`. */
export function tupleLength(shape: Extract<Shape, { kind: 'tuple' }>): string {
  const max = shape.elements.length;
  const min = shape.required ?? max;
  if (shape.rest !== undefined) return min === 0 ? 'any number of items' : `at least ${count(min)}`;
  if (min === max) return count(min);
  return min === 0 ? `at most ${count(max)}` : `${min} to ${count(max)}`;
}

/** `1 item`, `2 items`. */
export function count(n: number): string {
  return `${n} ${n === 1 ? 'item' : 'items'}`;
}

/** A property whose literal values tell a union's object members apart. */
export interface Discriminant {
  readonly property: string;
  /** Per member, in order: the literal values that select it. */
  readonly values: readonly (readonly Literal[])[];
  /** Every value as a shape, to describe them when none matches. */
  readonly all: readonly Shape[];
}

type Literal = string | number | boolean;

/**
 * The first required property of the first member that every member has, required, holding only
 * literals, with no literal in two members: `{ kind: 'card', … } | { kind: 'bank', … }`. Every
 * member must be an object type, named or not.
 */
export function discriminant(members: readonly Shape[], types: Types): Discriminant | undefined {
  const objects = members.map((m) => propertiesOf(m, types));
  if (objects.length < 2 || objects.some((o) => o === undefined)) return undefined;
  const all = objects as (readonly PropertyShape[])[];
  for (const candidate of all[0] ?? []) {
    const values = all.map((props) => literalsOf(props, candidate.name, types));
    if (values.some((v) => v === undefined)) continue;
    const flat = (values as Literal[][]).flat();
    if (new Set(flat).size !== flat.length) continue;
    return {
      property: candidate.name,
      values: values as Literal[][],
      all: flat.map((value): Shape => ({ kind: 'literal', value })),
    };
  }
  return undefined;
}

function propertiesOf(
  shape: Shape,
  types: Types,
  seen: ReadonlySet<string> = new Set(),
): readonly PropertyShape[] | undefined {
  if (shape.kind === 'object') return shape.properties;
  if (shape.kind !== 'ref' || seen.has(shape.id)) return undefined;
  const target = types.get(shape.id);
  return target && propertiesOf(target.shape, types, new Set([...seen, shape.id]));
}

function literalsOf(
  props: readonly PropertyShape[],
  name: string,
  types: Types,
): Literal[] | undefined {
  const p = props.find((x) => x.name === name);
  if (p === undefined || p.optional) return undefined;
  const flat = flatten([p.shape], types);
  const values = flat.flatMap((s) => (s.kind === 'literal' ? [s.value] : []));
  return values.length === 0 || values.length !== flat.length ? undefined : values;
}
