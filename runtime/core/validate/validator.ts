/** What a generated validator answers. */

/** One failing property of a validated value, `path` as `items[2].sku`. */
export interface ValidationIssue {
  readonly path: string;
  readonly message: string;
}

/** The outcome of a {@link Validator}: the value with undeclared properties dropped, or the issues. */
export type Validated<T = unknown> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly issues: readonly ValidationIssue[] };

/** Checks a decoded body or payload against a declared type; fwgen generates one per type. */
export type Validator<T = unknown> = (input: unknown) => Validated<T>;
