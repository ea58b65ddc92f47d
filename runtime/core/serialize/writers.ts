/**
 * `fw/serialize`: the leaf writers and plumbing that fwgen's generated writers call. A writer turns
 * a value into JSON text from its declared type (an HTTP answer, a WebSocket reply, an event
 * stream's data, a published event), property by property, instead of `JSON.stringify` walking the
 * object: for job get of `npm run bench` that is 6,000 fewer instructions per request.
 *
 * A writer answers what `JSON.stringify` answers for a value of the declared type, except that only
 * the declared properties are sent, in declaration order (as with Fastify's response schemas):
 * - a plain object (no prototype but `Object.prototype` or none, no `toJSON`) is read at once, the
 *   fast path ({@link isJsonObject});
 * - any other object goes through {@link writeOther}: what its `toJSON` answers, else the object
 *   itself (a class instance), is written by its declared properties, read by name;
 * - arrays ({@link writeArray}), records ({@link writeRecord}) and tuples ({@link writeTuple}) by
 *   their elements' types, a `toJSON` answer in their place; a union of objects and arrays by
 *   {@link writeEither}; a union of object types by the member its tag names ({@link tagOf}: a
 *   property every member declares with a literal of its own), else, and for a value whose tag is
 *   none of them, by one object writer of every property its members declare.
 * A `bigint` is written as the JSON string of its digits ({@link writeBigint}), as `fw/validate`
 * reads it back, and so is a union of it with other primitives. `JSON.stringify` writes what has
 * no declared properties to go by: `unknown` and `any` (a bigint there throws, as in
 * `JSON.stringify`), dates (their `toJSON` text), unions of primitives, a union of a record with
 * other object types, and a value of another type than declared (an `any` that lied: a string
 * where an object was declared, a boxed primitive); `undefined` means "no JSON" (`JSON.stringify` of a function, say): the property is
 * left out, an array element is `null`. A declared property is read as `v[name]`: one that an
 * object lacks but `Object.prototype` has been given (prototype pollution) would be sent, and a
 * non-enumerable own property is sent where `JSON.stringify` leaves it out.
 *
 * @example
 * function writePoint(v: unknown): string | undefined {
 *   if (!isJsonObject(v)) return writeOther(v, writePoint);
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

/**
 * A `bigint` as a JSON string of its decimal digits (`"9007199254740993"`): JSON has no bigint,
 * and a number would lose digits in the reader's `JSON.parse`. What `fw/validate`'s `bigint` reads
 * back. Anything else as `JSON.stringify` writes it, so this also writes a union of a bigint and
 * other primitives or dates (`bigint | null`).
 */
export function writeBigint(v: unknown): string | undefined {
  return typeof v === 'bigint' ? `"${v}"` : JSON.stringify(v);
}

/**
 * An array, each element by `element` (`null` where it answers undefined, as for a hole); an array
 * with `toJSON` from what it answers.
 */
export function writeArray(v: unknown, element: Writer): string | undefined {
  if (!Array.isArray(v) || typeof (v as { toJSON?: unknown }).toJSON === 'function') {
    return otherArray(v, element);
  }
  let out = '';
  for (let i = 0; i < v.length; i++) {
    if (i > 0) out += ',';
    out += element(v[i]) ?? 'null';
  }
  return `[${out}]`;
}

/**
 * What is no array, or an array with `toJSON`: what `toJSON` answers, an array by `element`. Apart
 * from {@link writeArray}, whose closure would otherwise make every call allocate a context.
 */
function otherArray(v: unknown, element: Writer): string | undefined {
  const a = answerOf(v);
  return Array.isArray(a) ? items(a.length, (i) => element(a[i])) : stringifyAnswer(a);
}

/** `[…]` of `count` elements, the text of each from `write` (`null` where it answers undefined). */
function items(count: number, write: (i: number) => string | undefined): string {
  let out = '';
  for (let i = 0; i < count; i++) {
    if (i > 0) out += ',';
    out += write(i) ?? 'null';
  }
  return `[${out}]`;
}

/**
 * Whether a generated object writer writes `v` by its declared properties: a plain object (an
 * object literal, parsed JSON, a null-prototype record) without `toJSON`, the fast path; or the
 * object {@link writeOther} is handing to the writer this moment. Every other value goes to
 * {@link writeOther} first.
 */
export function isJsonObject(v: unknown): v is Readonly<Record<string, unknown>> {
  if (typeof v !== 'object' || v === null) return false;
  const proto: unknown = Object.getPrototypeOf(v);
  return (
    ((proto === Object.prototype || proto === null) &&
      typeof (v as { toJSON?: unknown }).toJSON !== 'function') ||
    v === handed
  );
}

/**
 * The object {@link writeOther} hands to a writer, which {@link isJsonObject} then lets it read by
 * name. A module variable rather than an argument, so that the plain objects' path, which every
 * answer takes, passes and tests nothing more; nested objects are never it (a writer checks its
 * value once, before reading it), and a nested `writeOther` puts the outer one back when done.
 */
let handed: object | undefined;

/**
 * A value of an object type that is not a plain object, written by `write` (the type's writer):
 * an object with a `toJSON` method is written from what `toJSON()` answers (as `JSON.stringify`
 * does), and any other object (a class instance, an ORM row) by its declared properties, each
 * read by name as `v[name]`, so a getter on its prototype is sent and an undeclared field is
 * not. What is no object (an `any` that lied: a string, `null`), an array, a boxed primitive, or
 * a `toJSON` answer that is none of these (a Date's string), is `JSON.stringify`'s.
 */
export function writeOther(v: unknown, write: Writer): string | undefined {
  const o = answerOf(v);
  if (typeof o !== 'object' || o === null || Array.isArray(o) || isBoxed(o)) {
    return stringifyAnswer(o);
  }
  const outer = handed;
  handed = o;
  try {
    return write(o);
  } finally {
    handed = outer;
  }
}

/**
 * A record (`Record<string, T>`, an index signature), each own enumerable property by `value`
 * in the object's order, as `JSON.stringify` finds them; an object with `toJSON` from what it
 * answers. A property whose value has no text is left out.
 */
export function writeRecord(v: unknown, value: Writer): string | undefined {
  const o = answerOf(v);
  if (typeof o !== 'object' || o === null || Array.isArray(o)) return stringifyAnswer(o);
  const record = o as Readonly<Record<string, unknown>>;
  let out = '';
  for (const key of Object.keys(record)) {
    const text = value(record[key]);
    if (text === undefined) continue;
    out += `${out.length === 0 ? '{' : ','}${writeString(key)}:${text}`;
  }
  return out.length === 0 ? '{}' : `${out}}`;
}

/**
 * A tuple: each place by its writer in `places`, the places after them by `rest` (left out of
 * the text when there is no `rest`: the type declares no such place); an array with `toJSON`
 * from what it answers.
 */
export function writeTuple(
  v: unknown,
  places: readonly Writer[],
  rest?: Writer,
): string | undefined {
  const a = answerOf(v);
  if (!Array.isArray(a)) return stringifyAnswer(a);
  const count = rest === undefined ? Math.min(a.length, places.length) : a.length;
  return items(count, (i) => ((places[i] ?? rest) as Writer)(a[i]));
}

/**
 * A value of a union that holds object and array types: an array by `array`, anything else by
 * `object` (whose writer sends what is no object to `JSON.stringify`).
 */
export function writeEither(v: unknown, object: Writer, array: Writer): string | undefined {
  return Array.isArray(v) ? array(v) : object(v);
}

/**
 * The value of a tagged union's tag property (`kind` of `{ kind: 'cat' } | { kind: 'dog' }`), read
 * by name as the members' writers read it; undefined when `v` is no object. A generated union
 * writer compares it with each member's literal to write the value by that member's type alone.
 */
export function tagOf(v: unknown, key: string): unknown {
  return typeof v === 'object' && v !== null
    ? (v as Readonly<Record<string, unknown>>)[key]
    : undefined;
}

/** A boxed primitive (`new String('x')`), which `JSON.stringify` writes as the primitive. */
function isBoxed(o: object): boolean {
  return o instanceof String || o instanceof Number || o instanceof Boolean || o instanceof BigInt;
}

/**
 * `JSON.stringify(a)` for what a `toJSON` method answered (or a value without one): an object
 * it answers is not asked for its own `toJSON` again, as `JSON.stringify` does not. A `bigint`
 * is written as {@link writeBigint} writes it: what an object or array writer is handed in a union
 * that declares `bigint` beside them (`bigint | Account`).
 */
function stringifyAnswer(a: unknown): string | undefined {
  if (typeof a === 'bigint') return `"${a}"`;
  if (
    typeof a !== 'object' ||
    a === null ||
    typeof (a as { toJSON?: unknown }).toJSON !== 'function'
  ) {
    return JSON.stringify(a);
  }
  if (Array.isArray(a)) return items(a.length, (i) => JSON.stringify(a[i]));
  const o = a as Readonly<Record<string, unknown>>;
  let out = '';
  for (const key of Object.keys(o)) {
    const text = JSON.stringify(o[key]);
    if (text !== undefined) out += `${out.length === 0 ? '{' : ','}${JSON.stringify(key)}:${text}`;
  }
  return out.length === 0 ? '{}' : `${out}}`;
}

/** What `JSON.stringify` writes for `v`: what its `toJSON` method answers, when it has one. */
function answerOf(v: unknown): unknown {
  return typeof v === 'object' &&
    v !== null &&
    typeof (v as { toJSON?: unknown }).toJSON === 'function'
    ? (v as { toJSON(): unknown }).toJSON()
    : v;
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
