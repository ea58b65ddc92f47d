/**
 * The module-level names of one generated module. Names are claimed in a fixed order (helpers,
 * then type checkers, then their nested checkers, validators, imported classes), so the same
 * model always gets the same names.
 */

/** `fw`'s own names and the globals the generated code uses: never taken by anything else. */
export const FIXED_NAMES = [
  'AnswerOf',
  'Array',
  'At',
  'Bindings',
  'Compared',
  'Fresh',
  'GraphBuilder',
  'Number',
  'Parameters',
  'Record',
  'bindings',
  'buildGraph',
  'defineController',
  'make',
  'root',
];

/** Every value and type `fw/validate` exports, reserved whether used or not. */
export const VALIDATE_EXPORTS = [
  'Checker',
  'Issues',
  'Key',
  'array',
  'bigint',
  'boolean',
  'chars',
  'date',
  'fail',
  'fewest',
  'formats',
  'isObject',
  'multipleOf',
  'prefix',
  'number',
  'own',
  'put',
  'record',
  'string',
  'unique',
  'unknown',
  'validator',
];

/** Every value and type `fw/serialize` exports, reserved whether used or not. */
export const SERIALIZE_EXPORTS = [
  'Writer',
  'first',
  'isJsonObject',
  'json',
  'member',
  'object',
  'own',
  'tagOf',
  'writeArray',
  'writeBigint',
  'writeBoolean',
  'writeEither',
  'writeNumber',
  'writeOther',
  'writeRecord',
  'writeString',
  'writeTuple',
];

/** The `fw/query` exports that query readers use, reserved whether used or not. */
export const QUERY_EXPORTS = ['Values', 'allValues', 'oneValue'];

/**
 * Property names `Object.prototype` also has: generated code reads them as own properties only
 * (`own(v, name)`), so that absent means absent.
 */
export const INHERITED = new Set([
  ...['constructor', 'hasOwnProperty', 'isPrototypeOf', 'propertyIsEnumerable'],
  ...['toLocaleString', 'toString', 'valueOf', '__proto__'],
  ...['__defineGetter__', '__defineSetter__', '__lookupGetter__', '__lookupSetter__'],
]);

/** A set of taken identifiers: a claim gets its base name if free, else `base_2`, `base_3`, … */
export class Names {
  readonly #taken = new Set<string>();

  constructor(
    reserved: Iterable<string> = [
      ...FIXED_NAMES,
      ...VALIDATE_EXPORTS,
      ...SERIALIZE_EXPORTS,
      ...QUERY_EXPORTS,
    ],
  ) {
    for (const name of reserved) this.#taken.add(name);
  }

  /** Whether `name` is taken. */
  has(name: string): boolean {
    return this.#taken.has(name);
  }

  /** Takes `name` as is (it must be free, or is already reserved for this purpose). */
  reserve(name: string): void {
    this.#taken.add(name);
  }

  /** Takes the first free name among `base`, `base_2`, `base_3`, … */
  claim(base: string): string {
    let name = base;
    for (let n = 2; this.#taken.has(name); n++) name = `${base}_${n}`;
    this.#taken.add(name);
    return name;
  }

  /**
   * Whether claiming each base of `claims` in turn would give its name; when it would, they are
   * taken, else nothing is.
   */
  replay(claims: readonly (readonly [base: string, name: string])[]): boolean {
    const taken = new Set<string>();
    for (const [base, name] of claims) {
      let free = base;
      for (let n = 2; this.#taken.has(free) || taken.has(free); n++) free = `${base}_${n}`;
      if (free !== name) return false;
      taken.add(name);
    }
    for (const name of taken) this.#taken.add(name);
    return true;
  }
}

/**
 * A property's name as the end of the name of the function for its value: `content-type` →
 * `content_type` (`checkHeaders_content_type`), `''` → `empty`.
 */
export function propertyPart(name: string): string {
  return name.replace(/[^\p{ID_Continue}$]/gu, '_') || 'empty';
}

/** The helpers of fw's modules that the generated code calls, as it marks them used. */
export class Helpers {
  readonly used: Set<string>;

  constructor(used: Iterable<string> = []) {
    this.used = new Set(used);
  }

  /** Marks `name` (and `more`) used; returns `name`, to write it. */
  use(name: string, ...more: string[]): string {
    this.used.add(name);
    for (const m of more) this.used.add(m);
    return name;
  }
}
