/**
 * The AsyncAPI Schema dialect of fw's JSON Schemas. AsyncAPI 3.0 has no JSON Schema 2020-12 schema
 * format: its default (`application/vnd.aai.asyncapi+json`) is a superset of draft-07. The schemas
 * of `schemas.ts` (2020-12, OpenAPI 3.1) are rewritten into it, meaning the same:
 * - a tuple's `prefixItems` + `items` (`false`, or the schema of its rest element) becomes
 *   draft-07's `items: [...]` + `additionalItems` (draft-07 reads `items: false` as "no items");
 * - OpenAPI's `discriminator` object is dropped: AsyncAPI's `discriminator` is a property name for
 *   polymorphism through `allOf`, and the `oneOf` it annotates already tells the members apart.
 *
 * @see https://www.asyncapi.com/docs/reference/specification/v3.0.0#schemaObject
 * @see https://json-schema.org/draft-07/json-schema-validation (6.4.1 `items`, 6.4.2 `additionalItems`)
 */
import type { JsonSchema } from './schemas.js';

/** Keywords whose value is one schema. */
const ONE = new Set(['items', 'additionalProperties', 'not', 'contains', 'if', 'then', 'else']);
/** Keywords whose value is a list of schemas. */
const LIST = new Set(['anyOf', 'oneOf', 'allOf', 'prefixItems']);
/** Keywords whose value maps names to schemas. */
const MAP = new Set(['properties', 'patternProperties', '$defs', 'definitions']);

/** `schema` (JSON Schema 2020-12) in the AsyncAPI Schema dialect; `schema` is not changed. */
export function asyncApiSchema(schema: JsonSchema): JsonSchema {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'discriminator') continue;
    if (key === 'prefixItems') {
      out['items'] = (value as JsonSchema[]).map(asyncApiSchema);
      const rest = schema['items'];
      if (rest === false) out['additionalItems'] = false;
      else if (isSchema(rest)) out['additionalItems'] = asyncApiSchema(rest);
      continue;
    }
    if (key === 'items' && Object.hasOwn(schema, 'prefixItems')) continue;
    out[key] = convert(key, value);
  }
  return out;
}

function convert(key: string, value: unknown): unknown {
  if (ONE.has(key) && isSchema(value)) return asyncApiSchema(value);
  if (LIST.has(key) && Array.isArray(value)) return value.map((v) => asyncApiSchema(v));
  if (MAP.has(key) && isSchema(value)) {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, isSchema(v) ? asyncApiSchema(v) : v]),
    );
  }
  return value;
}

const isSchema = (value: unknown): value is JsonSchema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
