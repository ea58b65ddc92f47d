/**
 * `Query<T>`: the request's query read into an object type of the application, by a reader that
 * fwgen generates for `T` (docs/API.md section 2). The reader calls {@link oneValue} or
 * {@link allValues} once per property of `T`; both parse with the `Values` rules of `scalars.ts`,
 * over the `Values` of the request, whose pairs are decoded once per request.
 */
import { FwError } from '../errors.js';
import { parseBool, parseFiniteNumber, parseInt64, parseSafeInt } from './scalars.js';
import type { Values } from './values.js';

/**
 * A handler parameter `q: Query<ListFilter>` is the request's query read into `ListFilter`: its
 * properties are `string`, `number` (any finite number: `2.5`, `-1e3`), `Int` of `fw/validate` or a
 * `number` tagged `@integer` (a safe integer), `bigint` (an int64), `boolean`, a union of string or
 * number literals, or an array of one of those, each optional or required. Undeclared
 * keys are ignored; a missing required key, a value that does not parse or is not one of the
 * literals, or a scalar key given twice answers 400 `Invalid query parameter: <key>`.
 * At the type level it is `Readonly<T>`: the handler reads `q.size`.
 * @example
 * export interface ListFilter { size: Int; minPrice?: number; sort?: 'asc' | 'desc'; tag?: string[] }
 * class Items { @Get('/') list(q: Query<ListFilter>) { return repo.list(q.size, q.tag ?? []); } }
 * @see Values
 */
export type Query<T extends object> = Readonly<T>;

/**
 * What a generated reader reads a query property as: one of the `QueryField` kinds of fwgen.
 * `number` is any finite number, `integer` (an `Int` property) a safe integer.
 */
export type QueryKind = 'string' | 'number' | 'integer' | 'bigint' | 'boolean';

/** The literals a property accepts: its union's members, all strings or all numbers. */
export type QueryLiterals = readonly string[] | readonly number[];

/** A reader fwgen generates for one `Query<T>` type: the query read into a fresh `T`. */
export type QueryReader<T = unknown> = (q: Values) => T;

/** The 400 of a property the query does not give as its type needs. */
function invalid(key: string): FwError<'FW_ERR_INVALID_QUERY_PARAM'> {
  return new FwError('FW_ERR_INVALID_QUERY_PARAM', { key });
}

/**
 * `raw` as `kind` by the `Values` rules, or undefined when it does not parse or is not one of
 * `literals`. A switch, not a keyed lookup, per value.
 */
function parse(raw: string, kind: QueryKind, literals: QueryLiterals | undefined): unknown {
  let value: string | number | bigint | boolean | undefined;
  switch (kind) {
    case 'string':
      value = raw;
      break;
    case 'number':
      value = parseFiniteNumber(raw);
      break;
    case 'integer':
      value = parseSafeInt(raw);
      break;
    case 'bigint':
      value = parseInt64(raw);
      break;
    default:
      value = parseBool(raw);
  }
  if (literals === undefined || value === undefined) return value;
  return (literals as readonly unknown[]).includes(value) ? value : undefined;
}

/**
 * The one value of `key` as `kind` (one of `literals` when given). Throws 400
 * `FW_ERR_INVALID_QUERY_PARAM` naming `key` when the key is missing, given more than once, or its
 * value does not parse; an optional property is read only when `q.has(key)`.
 * @example oneValue(newValues({ size: ['20'] }), 'size', 'number') // 20
 */
export function oneValue(
  q: Values,
  key: string,
  kind: QueryKind,
  literals?: QueryLiterals,
): unknown {
  const found = q.all(key);
  if (found.length !== 1) throw invalid(key);
  const value = parse(found[0] as string, kind, literals);
  if (value === undefined) throw invalid(key);
  return value;
}

/**
 * Every value of `key`, in order, each as `kind` (one of `literals` when given). Throws 400
 * `FW_ERR_INVALID_QUERY_PARAM` naming `key` when there is none or one does not parse; an optional
 * property is read only when `q.has(key)`.
 * @example allValues(newValues({ tag: ['a', 'b'] }), 'tag', 'string') // ['a', 'b']
 */
export function allValues(
  q: Values,
  key: string,
  kind: QueryKind,
  literals?: QueryLiterals,
): unknown[] {
  const found = q.all(key) as string[]; // a fresh array: parsed in place
  if (found.length === 0) throw invalid(key);
  for (let i = 0; i < found.length; i++) {
    const value = parse(found[i] as string, kind, literals);
    if (value === undefined) throw invalid(key);
    (found as unknown[])[i] = value;
  }
  return found;
}
