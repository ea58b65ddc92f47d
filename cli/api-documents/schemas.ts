/**
 * JSON Schema 2020-12 (the dialect of OpenAPI 3.1 and AsyncAPI 3.0) of fw's shapes: what the API
 * documents say a body, payload or answer is. Each schema accepts exactly the JSON values the
 * generated validator of the same shape accepts (test/cli/api-documents/schemas-property.test.ts
 * holds the two together), so:
 * - objects keep undeclared properties out of the checked value but do not refuse them: no
 *   `additionalProperties: false`;
 * - a tuple has exactly its length: `prefixItems` with `items: false`, `minItems` and `maxItems`;
 * - a `Date` is a string of the validator's ISO 8601 forms, given exactly by a `pattern` (for a
 *   validator that takes `format` as an annotation, the 2020-12 default) and as formats: an RFC
 *   3339 `date-time`, a `date`, or a date-time without seconds (ISO 8601 allows it, RFC 3339 not);
 * - a `bigint` is a string of decimal digits (a `pattern` and `maxLength`) or a safe integer;
 * - a union is `enum` (literals and `null`), a `type` list (bare scalars), `oneOf` with a
 *   `discriminator` (objects told apart by a string literal) or else `anyOf`.
 * Output is plain JSON data with keys in a fixed order, so documents are byte for byte stable.
 *
 * @see https://json-schema.org/draft/2020-12/json-schema-core (10.3.1.1 `prefixItems`)
 * @see https://spec.openapis.org/oas/v3.1.0 (4.8.24 Schema Object, 4.8.25 Discriminator Object)
 */
import { FORMAT_PATTERNS } from '../../runtime/core/validate/constraints.js';
import {
  type ArrayConstraints,
  assertNever,
  compareText,
  type DocComment,
  type NamedType,
  type NumberConstraints,
  type PropertyShape,
  type Shape,
  type StringConstraints,
} from '../ir.js';

/** A JSON Schema 2020-12 object (plain JSON data). */
export type JsonSchema = { readonly [key: string]: unknown };

type Types = ReadonlyMap<string, NamedType>;

/**
 * The types each map made by {@link componentNames} names, so that {@link schemaOf} can see
 * through a `ref` to tell a union's object members apart (a foreign map gets `anyOf`).
 */
const TYPES = new WeakMap<ReadonlyMap<string, string>, Types>();

/**
 * The component name of every named type: its type name, or, when two types share one, names
 * qualified by their path (deterministic). Characters OpenAPI does not allow in a component name
 * (outside `A-Z a-z 0-9 . - _`) become `_`; a clash is qualified by as many trailing folders as
 * tell the types apart (`admin.dto.User` beside `src.dto.User`), then a counter.
 */
export function componentNames(types: readonly NamedType[]): ReadonlyMap<string, string> {
  const groups = new Map<string, NamedType[]>();
  for (const t of [...types].sort((a, b) => compareText(a.id, b.id))) {
    const base = safe(t.name);
    groups.set(base, [...(groups.get(base) ?? []), t]);
  }
  const names = new Map<string, string>();
  for (const [base, group] of groups) {
    const qualified = group.length === 1 ? [base] : qualify(base, group);
    group.forEach((t, i) => {
      names.set(t.id, qualified[i] as string);
    });
  }
  TYPES.set(names, new Map(types.map((t) => [t.id, t])));
  return names;
}

/**
 * The shortest trailing folders that tell the group apart, then a counter if nothing does. A
 * type's module ends at the first `#` of its id: an instantiation's arguments have ids of their own
 * (`src/dto#Page<fw#Int>`).
 */
function qualify(base: string, group: readonly NamedType[]): string[] {
  const folders = group.map((t) => t.id.slice(0, t.id.indexOf('#')).split('/').map(safe));
  const longest = Math.max(...folders.map((f) => f.length));
  for (let k = 1; k <= longest; k++) {
    const names = folders.map((f) => [...f.slice(-k), base].join('.'));
    if (new Set(names).size === names.length) return names;
  }
  return folders.map((f, i) => `${[...f, base].join('.')}_${i + 1}`);
}

const safe = (name: string): string => name.replace(/[^A-Za-z0-9._-]/g, '_');

/** The schema of a shape; a `ref` becomes `{ $ref: refBase + name }` (refBase e.g. '#/components/schemas/'). */
export function schemaOf(
  shape: Shape,
  names: ReadonlyMap<string, string>,
  refBase: string,
): JsonSchema {
  return new Schemas(names, refBase, TYPES.get(names) ?? new Map()).of(shape);
}

/**
 * Every named type as a component schema, sorted by component name, with description/deprecated/
 * examples from `doc` (and per property from PropertyShape.doc). A TypeScript `readonly` property
 * is not `readOnly`: OpenAPI's `readOnly` tells clients not to send the property, while fw's
 * validator requires it in a request body like any other required property.
 */
export function componentSchemas(
  types: readonly NamedType[],
  names: ReadonlyMap<string, string>,
  refBase: string,
): Record<string, JsonSchema> {
  const known = new Map([...(TYPES.get(names) ?? []), ...types.map((t) => [t.id, t] as const)]);
  const schemas = new Schemas(names, refBase, known);
  const entries = types.map((t) => [schemas.name(t.id), annotate(schemas.of(t.shape), t.doc)]);
  return Object.fromEntries(entries.sort(([a], [b]) => compareText(a as string, b as string)));
}

/** A property that tells a union's object members apart, and the member each value selects. */
interface Tag {
  readonly property: string;
  /** Per member: its `$ref` when it is a named type, for the discriminator's `mapping`. */
  readonly refs: readonly (readonly [values: readonly string[], ref: string | undefined])[];
}

class Schemas {
  readonly #names: ReadonlyMap<string, string>;
  readonly #refBase: string;
  readonly #types: Types;

  constructor(names: ReadonlyMap<string, string>, refBase: string, types: Types) {
    this.#names = names;
    this.#refBase = refBase;
    this.#types = types;
  }

  name(id: string): string {
    const name = this.#names.get(id);
    if (name !== undefined) return name;
    throw new Error(`fwgen: the model refers to type ${id}, which has no component name`);
  }

  of(shape: Shape): JsonSchema {
    switch (shape.kind) {
      case 'string':
        return { type: 'string', ...stringKeywords(shape.constraints) };
      case 'number':
        return numberSchema(shape.constraints);
      case 'boolean':
      case 'null':
        return { type: shape.kind };
      case 'unknown':
        return {};
      case 'date':
        return date();
      case 'bigint':
        return bigint();
      case 'literal':
        return { type: typeof shape.value, const: shape.value };
      case 'array':
        return {
          type: 'array',
          items: this.of(shape.element),
          ...arrayKeywords(shape.constraints),
        };
      case 'tuple':
        return tuple(
          shape.elements.map((e) => this.of(e)),
          shape.required,
          shape.rest === undefined ? undefined : this.of(shape.rest),
        );
      case 'record':
        return { type: 'object', additionalProperties: this.of(shape.value) };
      case 'object':
        return this.#object(shape.properties);
      case 'union':
        return this.#union(shape.members);
      case 'ref':
        return { $ref: this.#refBase + this.name(shape.id) };
      default:
        return assertNever(shape);
    }
  }

  #object(properties: readonly PropertyShape[]): JsonSchema {
    if (properties.length === 0) return { type: 'object' };
    const schema: Record<string, unknown> = {
      type: 'object',
      // fromEntries makes own properties, `__proto__` included.
      properties: Object.fromEntries(
        properties.map((p) => [p.name, annotate(this.of(p.shape), p.doc)]),
      ),
    };
    const required = properties.filter((p) => !p.optional).map((p) => p.name);
    if (required.length > 0) schema['required'] = required;
    return schema;
  }

  #union(members: readonly Shape[]): JsonSchema {
    const flat = spread(members);
    if (flat.some((m) => m.kind === 'unknown')) return {};
    if (flat.length === 1) return this.of(flat[0] as Shape);
    if (flat.every((m) => m.kind === 'literal' || m.kind === 'null')) {
      const values = flat.map((m) => (m.kind === 'literal' ? m.value : null));
      return { type: typeList(values.map((v) => (v === null ? 'null' : typeof v))), enum: values };
    }
    if (flat.every((m) => SCALARS.has(m.kind) && !('constraints' in m && m.constraints))) {
      return { type: typeList(flat.map((m) => m.kind)) };
    }
    const objects = flat.filter((m) => this.#properties(m) !== undefined);
    const tag = objects.length >= 2 ? this.#tag(objects) : undefined;
    if (tag === undefined) return { anyOf: flat.map((m) => this.of(m)) };
    const mapping = tag.refs.flatMap(([values, ref]) =>
      ref === undefined ? [] : values.map((v) => [v, ref] as const),
    );
    const discriminated = {
      type: 'object',
      oneOf: objects.map((m) => this.of(m)),
      discriminator: {
        propertyName: tag.property,
        ...(mapping.length > 0 && { mapping: Object.fromEntries(mapping) }),
      },
    };
    if (objects.length === flat.length) return discriminated;
    const first = flat.indexOf(objects[0] as Shape);
    const rest = flat.filter((m) => !objects.includes(m)).map((m) => this.of(m));
    return { anyOf: [...rest.slice(0, first), discriminated, ...rest.slice(first)] };
  }

  /**
   * The first required property of the first member that every member has, required, as an
   * inline string literal or union of them (so its schema is `const` or `enum`), with no value in
   * two members: what OpenAPI's discriminator (and ajv's) can select by.
   */
  #tag(objects: readonly Shape[]): Tag | undefined {
    const all = objects.map((m) => this.#properties(m) as readonly PropertyShape[]);
    for (const candidate of all[0] ?? []) {
      const values = all.map((props) => tagValues(props.find((p) => p.name === candidate.name)));
      const flat = values.flat();
      if (values.some((v) => v === undefined) || new Set(flat).size !== flat.length) continue;
      return {
        property: candidate.name,
        refs: objects.map((m, i) => [
          values[i] as string[],
          m.kind === 'ref' ? this.#refBase + this.name(m.id) : undefined,
        ]),
      };
    }
    return undefined;
  }

  /** An inline object's properties, or those of the named object type a `ref` names directly. */
  #properties(shape: Shape): readonly PropertyShape[] | undefined {
    const target = shape.kind === 'ref' ? this.#types.get(shape.id)?.shape : shape;
    return target?.kind === 'object' ? target.properties : undefined;
  }
}

/** A real day of the Gregorian calendar (proleptic, 0000 leap): `YYYY-MM-DD`. */
const DAY =
  '(?:\\d{4}-(?:(?:0[1-9]|1[0-2])-(?:0[1-9]|1\\d|2[0-8])|(?:0[13-9]|1[0-2])-(?:29|30)|(?:0[13578]|1[02])-31)' +
  '|(?:\\d{2}(?:0[48]|[2468][048]|[13579][26])|(?:[02468][048]|[13579][26])00)-02-29)';

/** `Thh:mm[:ss[.fraction]]` and a zone, as `fw/validate`'s `date` reads them. */
const TIME =
  'T(?:[01]\\d|2[0-3]):[0-5]\\d(?::[0-5]\\d(?:\\.\\d{1,9})?)?(?:Z|[+-](?:[01]\\d|2[0-3]):[0-5]\\d)';

/**
 * The schema of a `Date` (see the module comment), new each time: a YAML writer would turn an
 * object met twice into an anchor and aliases.
 */
const date = (): JsonSchema => ({
  type: 'string',
  pattern: `^${DAY}(?:${TIME})?$`,
  anyOf: [
    { format: 'date-time' },
    { format: 'date' },
    { pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}(?:Z|[+-]\\d{2}:\\d{2})$' },
  ],
});

/**
 * The schema of a `bigint`, new each time (see {@link date}): what `fw/validate`'s `bigint` reads,
 * a string of decimal digits of at most 80 characters or a safe integer number. `pattern` and
 * `maxLength` hold for strings only, `minimum` and `maximum` for numbers only. No `format: int64`:
 * the digits may go past 64 bits.
 */
const bigint = (): JsonSchema => ({
  type: ['string', 'integer'],
  pattern: '^-?(?:0|[1-9][0-9]*)$',
  maxLength: 80,
  minimum: Number.MIN_SAFE_INTEGER,
  maximum: Number.MAX_SAFE_INTEGER,
});

const SCALARS = new Set<Shape['kind']>(['string', 'number', 'boolean', 'null']);

/** The values of a required tag property, when they are non-empty string literals. */
function tagValues(p: PropertyShape | undefined): string[] | undefined {
  if (p === undefined || p.optional) return undefined;
  const members = p.shape.kind === 'union' ? spread(p.shape.members) : [p.shape];
  const values = members.map((m) => (m.kind === 'literal' ? m.value : undefined));
  return values.every((v): v is string => typeof v === 'string' && v !== '') ? values : undefined;
}

/** A union's members, nested unions spread in place, each once. */
function spread(members: readonly Shape[]): Shape[] {
  const seen = new Map<string, Shape>();
  for (const m of members.flatMap((x): Shape[] => (x.kind === 'union' ? spread(x.members) : [x]))) {
    const key = JSON.stringify(m);
    if (!seen.has(key)) seen.set(key, m);
  }
  return [...seen.values()];
}

/** `'string'`, or `['string', 'null']` for several, each once. */
function typeList(types: readonly string[]): string | string[] {
  const unique = [...new Set(types)];
  return unique.length === 1 ? (unique[0] as string) : unique;
}

/** Exactly `items.length` items; `prefixItems` must not be empty, so `[]` is `maxItems: 0`. */
/** A tuple: a schema per position, the optional ones past `minItems`, `rest` for those after. */
function tuple(
  items: readonly JsonSchema[],
  required = items.length,
  rest: JsonSchema | undefined = undefined,
): JsonSchema {
  const n = items.length;
  if (n === 0 && rest === undefined) return { type: 'array', maxItems: 0 };
  return {
    type: 'array',
    ...(n === 0 ? {} : { prefixItems: items }),
    items: rest ?? false,
    ...(required === 0 ? {} : { minItems: required }),
    ...(rest === undefined ? { maxItems: n } : {}),
  };
}

/**
 * A string's constraints. A `format` comes with its pattern (the one `fw/validate` tests), so a
 * validator that takes `format` as an annotation checks it too; a `@pattern` beside it goes under
 * `allOf`, one `pattern` per schema.
 */
function stringKeywords(c: StringConstraints | undefined): JsonSchema {
  if (c === undefined) return {};
  const patterns = [
    ...(c.format === undefined ? [] : [FORMAT_PATTERNS[c.format]]),
    ...(c.pattern === undefined ? [] : [c.pattern]),
  ];
  return {
    ...(c.minLength !== undefined && { minLength: c.minLength }),
    ...(c.maxLength !== undefined && { maxLength: c.maxLength }),
    ...(c.format !== undefined && { format: c.format }),
    ...(patterns[0] !== undefined && { pattern: patterns[0] }),
    ...(patterns[1] !== undefined && { allOf: [{ pattern: patterns[1] }] }),
  };
}

/** A number's schema: `integer` for `@integer`, then its bounds. */
function numberSchema(c: NumberConstraints | undefined): JsonSchema {
  if (c === undefined) return { type: 'number' };
  return {
    type: c.integer === true ? 'integer' : 'number',
    ...(c.minimum !== undefined && { minimum: c.minimum }),
    ...(c.exclusiveMinimum !== undefined && { exclusiveMinimum: c.exclusiveMinimum }),
    ...(c.maximum !== undefined && { maximum: c.maximum }),
    ...(c.exclusiveMaximum !== undefined && { exclusiveMaximum: c.exclusiveMaximum }),
    ...(c.multipleOf !== undefined && { multipleOf: c.multipleOf }),
  };
}

/** An array's constraints. */
function arrayKeywords(c: ArrayConstraints | undefined): JsonSchema {
  if (c === undefined) return {};
  return {
    ...(c.minItems !== undefined && { minItems: c.minItems }),
    ...(c.maxItems !== undefined && { maxItems: c.maxItems }),
    ...(c.uniqueItems === true && { uniqueItems: true }),
  };
}

/** `schema` with the JSDoc's description, `deprecated` and `examples` after it. */
function annotate(schema: JsonSchema, doc: DocComment | undefined): JsonSchema {
  const description = [doc?.summary, doc?.description].filter((s) => s !== undefined && s !== '');
  return {
    ...schema,
    ...(description.length > 0 && { description: description.join('\n\n') }),
    ...(doc?.deprecated === true && { deprecated: true }),
    ...(doc?.examples !== undefined && doc.examples.length > 0 && { examples: doc.examples }),
  };
}
