/** Every misuse of a constraint tag. */

/** @minItems 1 */
export type Code = string;

export interface Inner {
  a: string;
}

export interface Misfits {
  /** @minLength 1 */
  count: number;
  /** @minimum 0 */
  name: string;
  /** @maxItems 3 */
  flag: boolean;
  /** @uniqueItems */
  inner: Inner;
  /** @pattern ^a */
  tags: string[];
  code: Code;
  again: Code;
  /** @integer */
  maybe: string | null;
}

export interface BadValues {
  /** @minLength one */
  a: string;
  /** @maxLength -1 */
  b: string;
  /** @pattern ([a-z] */
  c: string;
  /** @format phone */
  d: string;
  /** @minimum ten */
  e: number;
  /** @multipleOf 0 */
  f: number;
  /** @integer yes */
  g: number;
  /**
   * @minLength 5
   * @maxLength 3
   */
  h: string;
  /**
   * @minimum 2
   * @maximum 1
   */
  i: number;
  /** @pattern */
  j: string;
}
