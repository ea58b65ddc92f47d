/**
 * `Values`: a read-only view of every query parameter of a request, with typed accessors
 * (docs/API.md section 2). `newValues` copies its input, so mutating that input afterwards
 * changes nothing.
 */
import { recordOf } from './parse.js';
import { parseBool, parseInt64, parseSafeInt } from './scalars.js';

const EMPTY: readonly string[] = Object.freeze([]);

/**
 * How many reads the pairs of a request (below) answer by a walk of the list before the record of
 * every key is made for the rest: a handler that reads many keys of a long query stays linear.
 */
const PAIR_READS = 8;

let adopt: (pairs: readonly string[]) => Values;
/** Set while {@link adopt} constructs: the constructor then copies nothing. */
let adopting = false;

/**
 * @internal A {@link Values} over the `[name, value, …]` pairs of a request's query, which nobody
 * will change, without copying them: a handler that reads three keys never pays for a record of
 * all of them.
 */
export function pairValues(pairs: readonly string[]): Values {
  return adopt(pairs);
}

/**
 * @internal A method of fw's contexts that answers their query as {@link Values} without the
 * copy `newValues(ctx.queries())` makes.
 */
export const QUERY_VALUES: unique symbol = Symbol('fw.queryValues');

/**
 * A read-only view of query parameters: every value per key, in order. No method mutates it, and
 * what a method returns is a string, a number or a fresh array: changing an array it returned
 * changes nothing in it.
 * @example
 * const q = newValues({ page: ['2'], tag: ['a', 'b'] });
 * q.int('page', 1); // 2
 * q.all('tag');     // ['a', 'b']
 * @see newValues
 */
export class Values {
  /**
   * Null-prototype, so `__proto__` and `constructor` are ordinary keys. Never exposed. Undefined
   * while the pairs are read as they are.
   */
  #values: Readonly<Record<string, readonly string[]>> | undefined;
  /** `[name, value, …]`, while `#values` is undefined. */
  #pairs: readonly string[] = EMPTY;
  #pairReads = 0;

  /**
   * Copies `values` (each list too, unless frozen: then nothing can change it); keys such as
   * `__proto__` are ordinary keys.
   */
  constructor(values: Readonly<Record<string, readonly string[]>> = {}) {
    if (adopting) return;
    const copy: Record<string, readonly string[]> = Object.create(null);
    for (const key of Object.keys(values)) {
      const list: unknown = values[key];
      // A non-array entry (only possible from untyped code) is a key with no values.
      // A frozen list cannot change afterwards, so it is kept as it is: no copy per request. A
      // copy is never handed out (`all()` answers a copy of it), so it need not be frozen.
      if (!Array.isArray(list)) copy[key] = EMPTY;
      else copy[key] = Object.isFrozen(list) ? list : list.map(String);
    }
    this.#values = copy;
  }

  static {
    adopt = (pairs) => {
      adopting = true;
      const values = new Values(); // returns at once, and cannot throw
      adopting = false;
      values.#pairs = pairs;
      return values;
    };
  }

  /** The record of every key, made from the pairs the first time it is needed. */
  #record(): Readonly<Record<string, readonly string[]>> {
    return (this.#values ??= recordOf(this.#pairs));
  }

  /** Whether a read can walk the pairs instead of asking the record. */
  #walks(): boolean {
    return this.#values === undefined && this.#pairReads++ < PAIR_READS;
  }

  /** Where the first pair named `key` is in `#pairs`; -1 when none is. */
  #find(key: string): number {
    const pairs = this.#pairs;
    for (let i = 0; i < pairs.length; i += 2) if (pairs[i] === key) return i;
    return -1;
  }

  /** The first value of `key`; `''` when the key is missing or has no values. */
  get(key: string): string {
    if (this.#walks()) {
      const at = this.#find(key);
      return at === -1 ? '' : (this.#pairs[at + 1] as string);
    }
    return this.#record()[key]?.[0] ?? '';
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
    if (this.#walks()) return this.#find(key) !== -1;
    return this.#record()[key] !== undefined;
  }

  /**
   * Every value of `key` in order, in a fresh array on every call (`[]` when the key is missing):
   * changing it changes nothing here. Not frozen: `Object.freeze` is a call into V8's runtime,
   * which a handler reading one list per request would pay every time.
   */
  all(key: string): readonly string[] {
    if (this.#walks()) {
      const pairs = this.#pairs;
      const found: string[] = [];
      for (let i = 0; i < pairs.length; i += 2) {
        if (pairs[i] === key) found.push(pairs[i + 1] as string);
      }
      return found;
    }
    const list = this.#record()[key];
    return list === undefined ? [] : list.slice();
  }

  /**
   * The keys, in the own-key order of the record given to the constructor (JavaScript puts
   * integer-like keys first). A fresh array on every call: changing it changes nothing here.
   */
  keys(): string[] {
    return Object.keys(this.#record());
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
