/**
 * `Values`: a read-only view of every query parameter of a request, with Go Spine's accessors
 * (`pkg/query/types.go`, v0.5.2). Unlike Spine, which keeps the caller's map, `newValues` copies its
 * input, so mutating that input afterwards changes nothing. See API.md section 2.
 */
import { parseBool, parseInt64, parseSafeInt } from './scalars.js';

const EMPTY: readonly string[] = Object.freeze([]);
const NONE: Readonly<Record<string, readonly string[]>> = Object.freeze(Object.create(null));

let adopt: (parsed: Record<string, string[]>) => Values;

/**
 * @internal A {@link Values} over a fresh parse that nobody else will change (the request's own
 * query), without copying it: the lists are frozen only when `all()` hands them out.
 */
export function adoptValues(parsed: Record<string, string[]>): Values {
  return adopt(parsed);
}

/**
 * @internal A method of fw's contexts that answers their query as {@link Values} without the
 * copy `newValues(ctx.queries())` makes.
 */
export const QUERY_VALUES: unique symbol = Symbol('fw.queryValues');

/**
 * A read-only view of query parameters: every value per key, in order. No method mutates it, and
 * what a method returns is frozen, or a fresh copy.
 * @example
 * const q = newValues({ page: ['2'], tag: ['a', 'b'] });
 * q.int('page', 1); // 2
 * q.all('tag');     // ['a', 'b']
 * @see newValues
 */
export class Values {
  /** Null-prototype, so `__proto__` and `constructor` are ordinary keys. Never exposed. */
  #values: Readonly<Record<string, readonly string[]>>;

  /**
   * Copies `values` (each list too, unless frozen: then nothing can change it); keys such as
   * `__proto__` are ordinary keys.
   */
  constructor(values: Readonly<Record<string, readonly string[]>> = {}) {
    const copy: Record<string, readonly string[]> = Object.create(null);
    for (const key of Object.keys(values)) {
      const list: unknown = values[key];
      // A non-array entry (only possible from untyped code) is a key with no values.
      // A frozen list cannot change afterwards, so it is kept as it is: no copy per request.
      if (!Array.isArray(list)) copy[key] = EMPTY;
      else copy[key] = Object.isFrozen(list) ? list : Object.freeze(list.map(String));
    }
    this.#values = copy;
    Object.freeze(this);
  }

  static {
    adopt = (parsed) => {
      const values = new Values(NONE);
      values.#values = parsed;
      return values;
    };
  }

  /** The first value of `key`; `''` when the key is missing or has no values. */
  get(key: string): string {
    return this.#values[key]?.[0] ?? '';
  }

  /** The same as {@link Values.get}. */
  string(key: string): string {
    return this.get(key);
  }

  /**
   * The first value of `key` as a safe integer (Go `strconv.ParseInt` syntax); `def` when it is
   * missing, empty, not an integer or beyond `±Number.MAX_SAFE_INTEGER`.
   */
  int(key: string, def: number): number {
    return parseSafeInt(this.get(key)) ?? def;
  }

  /** The first value of `key` as an int64 (Go `strconv.ParseInt(s, 10, 64)`); `def` otherwise. */
  int64(key: string, def: bigint): bigint {
    return parseInt64(this.get(key)) ?? def;
  }

  /**
   * The first value of `key`, lower-cased and untrimmed: `true 1 yes y on` give true,
   * `false 0 no n off` give false, anything else (`''` included) `def`.
   */
  getBoolByKey(key: string, def: boolean): boolean {
    return parseBool(this.get(key)) ?? def;
  }

  /** Whether `key` is present, even with an empty value (`?a=`) or with no values at all. */
  has(key: string): boolean {
    return this.#values[key] !== undefined;
  }

  /** Every value of `key` in order, as a frozen array; `[]` when the key is missing. */
  all(key: string): readonly string[] {
    const list = this.#values[key];
    // An adopted parse is frozen list by list, as they are handed out.
    return list === undefined ? EMPTY : Object.freeze(list);
  }

  /**
   * The keys, in the own-key order of the record given to the constructor (JavaScript puts
   * integer-like keys first). A fresh array on every call: changing it changes nothing here.
   */
  keys(): string[] {
    return Object.keys(this.#values);
  }
}

/**
 * Builds a {@link Values} from a copy of `values`; mutating `values` afterwards changes nothing.
 * @example
 * newValues({ active: ['yes'] }).getBoolByKey('active', false); // true
 * @see Values
 */
export function newValues(values: Readonly<Record<string, readonly string[]>>): Values {
  return new Values(values);
}
