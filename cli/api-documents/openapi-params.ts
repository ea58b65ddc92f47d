/**
 * The Parameter Objects of an operation: every key of its path, with the schema of the primitive
 * bound to it (`string` when none is), then the query parameters of its `Pagination` and
 * `Query<T>` parameters. A `Values` parameter reads any key, so it lists none.
 *
 * @see https://spec.openapis.org/oas/v3.1.0 (4.8.12 Parameter Object, 4.8.12.4 Style Values)
 */
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
 * `page` and `size` with the defaults of runtime/core/query/pagination.ts (a test compares them with
 * `paginationOf`); a value that is not an integer of at least 1 gives the default, never a 400,
 * and a size above the app's maximum is clamped to it (no `maximum`: it is never refused).
 */
const PAGINATION: readonly Record<string, unknown>[] = [
  {
    name: 'page',
    in: 'query',
    description: 'The page, from 1. A missing or invalid value gives 1.',
    required: false,
    schema: { ...SAFE_INTEGER, minimum: 1, default: 1 },
  },
  {
    name: 'size',
    in: 'query',
    description:
      'The page size. A missing or invalid value gives 20; a value above the maximum (the app option pagination.maxSize, 100 unless set) gives the maximum.',
    required: false,
    schema: { ...SAFE_INTEGER, minimum: 1, default: 20 },
  },
];

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
  const query = (p: Record<string, unknown>): void => {
    if (seen.has(p['name'] as string)) return;
    seen.add(p['name'] as string);
    out.push(p);
  };
  for (const p of params) {
    if (p.type === 'fw/query#Pagination') for (const q of PAGINATION) query(q);
    else if (p.query !== undefined) for (const f of p.query.fields) query(queryParameter(f));
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
