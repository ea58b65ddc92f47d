/**
 * `fw/serialize`: the leaf writers and plumbing that fwgen's generated response writers call. A
 * writer turns a handler's JSON answer into text from its declared return type, property by
 * property, instead of `JSON.stringify` walking the object: for job get of `npm run bench` that is
 * 6,000 fewer instructions per request.
 *
 * A writer answers exactly what `JSON.stringify` answers for a value of the declared type, except
 * that a plain object is written with its declared properties only, in declaration order (a
 * property the type does not declare is not sent, as with Fastify's response schemas). A value of
 * another type than declared (an `any` that lied) is written by `JSON.stringify` itself, as is any
 * object that is not plain (a class instance, a Date) or has a `toJSON` method; `undefined` means
 * "no JSON" (`JSON.stringify` of a function, say): the property is left out, an array element is
 * `null`. A declared property is read as `v[name]`: one that a plain object lacks but
 * `Object.prototype` has been given (prototype pollution) would be sent, and a non-enumerable own
 * property (`Object.defineProperty`) is sent where `JSON.stringify` leaves it out.
 *
 * @example
 * function writePoint(v: unknown): string | undefined {
 *   if (!isJsonObject(v)) return json(v);
 *   let out = first('{"x":', writeNumber(v['x']));
 *   out = member(out, ',"y":', writeNumber(v['y']));
 *   return object(out);
 * }
 * @see docs/API.md section 6: how a handler's result becomes the response.
 */

/** Writes a value as JSON text; undefined where `JSON.stringify` answers undefined. */
export type Writer = (v: unknown) => string | undefined;

/** `JSON.stringify(v)`: for values whose type no writer knows better. */
export const json: Writer = (v) => JSON.stringify(v);

/** Strings longer than this go to `JSON.stringify`, whose native scan is faster than a loop. */
const SHORT = 64;

/** A string as `JSON.stringify` writes it: quoted as it is when nothing in it needs escaping. */
export function writeString(v: unknown): string | undefined {
  if (typeof v !== 'string' || v.length > SHORT) return JSON.stringify(v);
  for (let i = 0; i < v.length; i++) {
    const c = v.charCodeAt(i);
    // Control characters, `"`, `\` and surrogates (a lone one is escaped) take the slow path.
    if (c < 0x20 || c === 0x22 || c === 0x5c || (c >= 0xd800 && c <= 0xdfff)) {
      return JSON.stringify(v);
    }
  }
  return `"${v}"`;
}

/** A number as `JSON.stringify` writes it: `null` when it is not finite. */
export function writeNumber(v: unknown): string | undefined {
  if (typeof v !== 'number') return JSON.stringify(v);
  return Number.isFinite(v) ? `${v}` : 'null';
}

/** `true` or `false`. */
export function writeBoolean(v: unknown): string | undefined {
  if (v === true) return 'true';
  return v === false ? 'false' : JSON.stringify(v);
}

/** An array, each element by `element` (`null` where it answers undefined, as for a hole). */
export function writeArray(v: unknown, element: Writer): string | undefined {
  if (!Array.isArray(v) || typeof (v as { toJSON?: unknown }).toJSON === 'function') {
    return JSON.stringify(v);
  }
  let out = '';
  for (let i = 0; i < v.length; i++) {
    if (i > 0) out += ',';
    out += element(v[i]) ?? 'null';
  }
  return `[${out}]`;
}

/**
 * Whether a generated writer may write `v` property by property: a plain object (an object
 * literal, parsed JSON, a null-prototype record) without `toJSON`. Its declared properties are
 * then read as `JSON.stringify` would find them. Any other object (a class instance, whose getters
 * live on its prototype; a boxed primitive; a Date) goes to `JSON.stringify` whole.
 */
export function isJsonObject(v: unknown): v is Readonly<Record<string, unknown>> {
  if (typeof v !== 'object' || v === null) return false;
  const proto: unknown = Object.getPrototypeOf(v);
  return (
    (proto === Object.prototype || proto === null) &&
    typeof (v as { toJSON?: unknown }).toJSON !== 'function'
  );
}

/**
 * An object's text up to its first member: `key` (`{"name":`) and the value's text; `''` when there
 * is no text. See {@link member} and {@link object}.
 */
export function first(key: string, text: string | undefined): string {
  return text === undefined ? '' : key + text;
}

/**
 * `out` and one more member: `key` (`,"name":`) and the value's text; `out` as it is when there is
 * no text. When no member came before, the comma becomes the `{`. Each piece is joined once and
 * never cut off afterwards: taking a slice of the joined text would make V8 copy it all again.
 */
export function member(out: string, key: string, text: string | undefined): string {
  if (text === undefined) return out;
  return out.length === 0 ? `{${key.slice(1)}${text}` : out + key + text;
}

/** The object's text from what {@link first} and {@link member} joined: `{}` for no member. */
export function object(members: string): string {
  return members.length === 0 ? '{}' : `${members}}`;
}

/** `v[key]` when it is an own property: for names that `Object.prototype` also has. */
export function own(v: Readonly<Record<string, unknown>>, key: string): unknown {
  return Object.hasOwn(v, key) ? v[key] : undefined;
}
