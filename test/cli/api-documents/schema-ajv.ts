/**
 * ajv in JSON Schema 2020-12 mode, set up to judge values the way a JSON document is read:
 * `ownProperties` (a key `toString` is only there when the object has it, as `JSON.parse` makes
 * it), the OpenAPI `discriminator` keyword, and formats either as annotations (the 2020-12
 * default) or asserted, `date` and `date-time` as RFC 3339 defines them (ajv-formats is not a
 * dependency), not as fw reads them: a schema must agree with fw either way.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import { formats as fwFormats } from 'fw/validate';
import type { JsonSchema } from '../../../cli/api-documents/schemas.js';

/** Where the component schemas live for ajv: the `refBase` the schemas are made with. */
export const REF_BASE = '#/$defs/';

const ID = 'urn:fw:test:components';

/** Whether `format` is only an annotation or is checked. */
export type Formats = 'annotations' | 'asserted';

/**
 * A judge per component schema: `judge(name)(value)` is ajv's verdict. Every schema must compile
 * under ajv's strict mode (unknown keywords, loose tuples and bad discriminators throw).
 */
export function judges(
  schemas: Record<string, JsonSchema>,
  formats: Formats,
): (name: string) => (v: unknown) => boolean {
  const ajv = new Ajv2020({
    validateFormats: formats === 'asserted',
    allowUnionTypes: true,
    discriminator: true,
    // ajv's unrolled `required` lets a missing `''` through (ajv-validator/ajv#2077); its loop does not.
    loopRequired: 0,
    ownProperties: true,
    // `@multipleOf`: a quotient within 1e-9 of a whole number is whole, as fw/validate has it.
    multipleOfPrecision: 9,
    strict: true,
  });
  ajv.addFormat('date', { type: 'string', validate: isDate });
  ajv.addFormat('date-time', { type: 'string', validate: isDateTime });
  // The other formats as fw defines them (each is also the schema's `pattern`, checked either way).
  for (const name of ['email', 'uri', 'uuid', 'ipv4', 'ipv6'] as const) {
    ajv.addFormat(name, { type: 'string', validate: fwFormats[name] });
  }
  ajv.addSchema({ $id: ID, $defs: forAjv(schemas) });
  return (name) => {
    const validate = ajv.getSchema(`${ID}${REF_BASE}${name}`);
    if (validate === undefined) throw new Error(`no schema ${name}`);
    return (v) => validate(v) as boolean;
  };
}

/**
 * The schemas as ajv can read them, meaning unchanged: a discriminator without its `mapping`,
 * which ajv refuses ("mapping is not supported") and selects by the tag's `const`/`enum` anyway;
 * and a property `__proto__` under `patternProperties: { '^__proto__$': … }`, because ajv skips
 * that name in `properties` (against prototype pollution) and would accept any value there.
 */
function forAjv(schemas: Record<string, JsonSchema>): Record<string, JsonSchema> {
  return mapValues(schemas, schema);
}

const mapValues = <T, U>(o: Record<string, T>, f: (v: T) => U): Record<string, U> =>
  Object.fromEntries(Object.entries(o).map(([k, v]) => [k, f(v)]));

/** Keywords whose value is one schema, a list of them, or a map of them (those fw writes). */
const ONE = new Set(['items', 'additionalProperties', 'not']);
const LIST = new Set(['prefixItems', 'oneOf', 'anyOf', 'allOf']);
const MAP = new Set(['properties', 'patternProperties', '$defs']);

function schema(s: JsonSchema): JsonSchema {
  if (typeof s !== 'object' || s === null) return s;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(s)) {
    if (ONE.has(k)) out[k] = schema(v as JsonSchema);
    else if (LIST.has(k)) out[k] = (v as JsonSchema[]).map(schema);
    else if (MAP.has(k)) out[k] = mapValues(v as Record<string, JsonSchema>, schema);
    else if (k === 'discriminator') out[k] = { propertyName: (v as JsonSchema)['propertyName'] };
    else out[k] = v;
  }
  const properties = out['properties'] as Record<string, JsonSchema> | undefined;
  if (properties !== undefined && Object.hasOwn(properties, '__proto__')) {
    const { ['__proto__']: proto, ...rest } = properties;
    out['properties'] = rest;
    out['patternProperties'] = { '^__proto__$': proto };
  }
  return out;
}

const DAYS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** A real day of the Gregorian calendar, year 0000 to 9999 (proleptic, 0000 a leap year). */
function isDay(year: string, month: string, day: string): boolean {
  const [y, m, d] = [Number(year), Number(month), Number(day)];
  const leap = y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
  const last = m === 2 && !leap ? 28 : DAYS[m - 1];
  return last !== undefined && d >= 1 && d <= last;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** `YYYY-MM-DD` (RFC 3339 `full-date`). */
export function isDate(s: string): boolean {
  const m = DATE.exec(s);
  return m !== null && isDay(m[1] as string, m[2] as string, m[3] as string);
}

/**
 * RFC 3339 `date-time` (5.6): `full-date "T" full-time`, `T` and `Z` in either case (5.6, NOTE),
 * seconds required, any number of fraction digits, a leap second `60` (5.7).
 */
const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})[Tt](?:[01]\d|2[0-3]):[0-5]\d:(?:[0-5]\d|60)(?:\.\d+)?(?:[Zz]|[+-](?:[01]\d|2[0-3]):[0-5]\d)$/;

/** See {@link DATE_TIME}. */
export function isDateTime(s: string): boolean {
  const m = DATE_TIME.exec(s);
  return m !== null && isDay(m[1] as string, m[2] as string, m[3] as string);
}
