/**
 * The Parameter Objects of an operation: every key of its path, with the schema of the primitive
 * bound to it (`string` when none is), then the query parameters of its `Pagination` and
 * `Query<T>` parameters. A `Values` parameter reads any key, so it lists none. `Pagination`'s
 * `page` and `size` are `components.parameters` (`Page`, `PageSize`) that operations refer to, so
 * the app that serves the document can set `size`'s maximum to its own `pagination.maxSize`.
 *
 * @see https://spec.openapis.org/oas/v3.1.0 (4.8.12 Parameter Object, 4.8.12.4 Style Values)
 */
import { DEFAULT_MAX_SIZE } from '../../runtime/core/query/pagination.js';
import type { DocComment, ParamModel, QueryField } from '../ir.js';
import type { JsonSchema } from './schemas.js';
import { docText } from './shared.js';

/** A `number` path key or an `Int` query value: an integer in the safe range (`parseSafeInt`). */
const SAFE_INTEGER: JsonSchema = {
  type: 'integer',
  minimum: -Number.MAX_SAFE_INTEGER,
  maximum: Number.MAX_SAFE_INTEGER,
};

/** The schema of each primitive a query value is parsed to (runtime/core/query/scalars.ts). */
const SCALARS: Readonly<Record<QueryField['kind'], JsonSchema>> = {
  string: { type: 'string' },
  number: { type: 'number' },
  integer: SAFE_INTEGER,
  bigint: { type: 'integer', format: 'int64' },
  boolean: { type: 'boolean' },
};

/** A path key's schema by its parameter type: a `number` key is a safe integer, unlike a query's. */
const PATH_SCALARS: Readonly<Record<string, JsonSchema>> = { ...SCALARS, number: SAFE_INTEGER };

/**
 * `components.parameters`: `page` and `size` with the defaults of runtime/core/query/pagination.ts
 * (a test compares them with `paginationOf`). A value that is not an integer of at least 1 gives
 * the default, never a 400; a size above the maximum is clamped to it, never refused. The maximum
 * written is the default `pagination.maxSize`: fwgen cannot know the option an app passes to
 * `createApp`, and the docs page of `createApp({ docs })` serves the document with the app's own.
 */
export const PAGINATION_PARAMETERS: Readonly<Record<string, Record<string, unknown>>> = {
  Page: {
    name: 'page',
    in: 'query',
    description: 'The page, from 1. A missing or invalid value gives 1.',
    required: false,
    schema: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER, default: 1 },
  },
  PageSize: {
    name: 'size',
    in: 'query',
    description:
      'The page size. A missing or invalid value gives 20; a value above the maximum (the app option pagination.maxSize) gives the maximum, not an error.',
    required: false,
    schema: { type: 'integer', minimum: 1, maximum: DEFAULT_MAX_SIZE, default: 20 },
  },
};

/** What an operation lists for a `Pagination` parameter: references to its two components. */
const PAGINATION = Object.entries(PAGINATION_PARAMETERS).map(([key, p]) => ({
  name: p['name'] as string,
  ref: { $ref: `#/components/parameters/${key}` },
}));

/**
 * The parameters of a handler whose OpenAPI path is `path`; `keys` maps each of its route keys to
 * the name the path gives it. A query parameter named twice is listed once, the first time.
 */
export function parameters(
  path: string,
  keys: ReadonlyMap<string, string>,
  params: readonly ParamModel[],
): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  for (const [, name] of path.matchAll(/\{([^}]+)\}/g)) {
    const bound = params.find((p) => p.pathKey !== undefined && keys.get(p.pathKey) === name);
    const type = bound?.type ?? 'string';
    const schema = Object.hasOwn(PATH_SCALARS, type)
      ? (PATH_SCALARS[type] as JsonSchema)
      : SCALARS.string;
    out.push({ name, in: 'path', required: true, schema });
  }
  const seen = new Set<string>();
  const query = (name: string, p: Record<string, unknown>): void => {
    if (seen.has(name)) return;
    seen.add(name);
    out.push(p);
  };
  for (const p of params) {
    if (p.type === 'fw/query#Pagination') for (const q of PAGINATION) query(q.name, q.ref);
    else if (p.query !== undefined) {
      for (const f of p.query.fields) query(f.name, queryParameter(f));
    }
  }
  return out;
}

/** One property of a `Query<T>`: an array as `?tag=a&tag=b` (form, exploded), literals as `enum`. */
function queryParameter(field: QueryField): Record<string, unknown> {
  const scalar = field.values === undefined ? SCALARS[field.kind] : literals(field.values);
  const schema = annotated(field.array ? { type: 'array', items: scalar } : scalar, field.doc);
  const description = docText(field.doc);
  return {
    name: field.name,
    in: 'query',
    ...(description !== undefined && { description }),
    required: !field.optional,
    ...(field.doc?.deprecated === true && { deprecated: true }),
    ...(field.array && { style: 'form', explode: true }),
    schema,
  };
}

/** The only values accepted: strings, or numbers (`integer` when every one is whole). */
function literals(values: readonly (string | number)[]): JsonSchema {
  const type = values.every((v) => typeof v === 'string')
    ? 'string'
    : values.every(Number.isInteger)
      ? 'integer'
      : 'number';
  return { type, enum: values };
}

/** The field's `@example` values on its schema. */
function annotated(schema: JsonSchema, doc: DocComment | undefined): JsonSchema {
  const examples = doc?.examples;
  return examples !== undefined && examples.length > 0 ? { ...schema, examples } : schema;
}
