/**
 * The statements of a checker for a string, number or array with JSDoc constraints: the type test,
 * then one `if` per declared constraint, each failing with its own message (`expected at most 50
 * items`). Unconstrained leaves keep calling the `fw/validate` helpers; only a declared constraint
 * costs a test.
 */
import type {
  ArrayConstraints,
  NumberConstraints,
  StringConstraints,
  StringFormat,
} from '../ir.js';
import { call, quote, when } from './layout.js';

/** The emitter's side of a constrained checker: helpers it imports and constants it declares. */
export interface ConstraintContext {
  /** Marks a `fw/validate` export as used and returns its name. */
  use(helper: string): string;
  /** Declares a module-level constant named after `base` holding `value`; returns its name. */
  constant(base: string, value: string): string;
}

/** How each `@format` is named in a message. */
export const FORMAT_WORDS: Readonly<Record<StringFormat, string>> = {
  email: 'an email address',
  uri: 'a URI',
  uuid: 'a UUID',
  date: 'a date (YYYY-MM-DD)',
  'date-time': 'an RFC 3339 date-time',
  ipv4: 'an IPv4 address',
  ipv6: 'an IPv6 address',
};

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

/** `if (test) return fail(v, issues, key, 'message');` at column 2. */
function failWhen(ctx: ConstraintContext, test: string, message: string): string {
  const fail = ctx.use('fail');
  return when(
    2,
    [test],
    (i) => `${call(i, 'return ', fail, ['v', 'issues', 'key', quote(message)], ';')};`,
  );
}

/** A string's checks; `self` names the pattern constant. */
export function stringChecks(c: StringConstraints, self: string, ctx: ConstraintContext): string[] {
  const lines = [failWhen(ctx, "typeof v !== 'string'", 'expected a string')];
  if (c.minLength !== undefined || c.maxLength !== undefined) {
    lines.push(`const n = ${ctx.use('chars')}(v);`);
    if (c.minLength !== undefined) {
      lines.push(
        failWhen(
          ctx,
          `n < ${c.minLength}`,
          `expected at least ${plural(c.minLength, 'character')}`,
        ),
      );
    }
    if (c.maxLength !== undefined) {
      lines.push(
        failWhen(ctx, `n > ${c.maxLength}`, `expected at most ${plural(c.maxLength, 'character')}`),
      );
    }
  }
  if (c.format !== undefined) {
    const test = `!${ctx.use('formats')}${c.format === 'date-time' ? "['date-time']" : `.${c.format}`}.test(v)`;
    lines.push(failWhen(ctx, test, `expected ${FORMAT_WORDS[c.format]}`));
  }
  if (c.pattern !== undefined) {
    const pattern = ctx.constant(`${self}_pattern`, regexLiteral(c.pattern));
    lines.push(failWhen(ctx, `!${pattern}.test(v)`, `expected a string matching /${c.pattern}/`));
  }
  return [...lines, 'return v;'];
}

/** A number's checks. */
export function numberChecks(c: NumberConstraints, ctx: ConstraintContext): string[] {
  const kind = c.integer === true ? 'an integer' : 'a number';
  const lines = [failWhen(ctx, "typeof v !== 'number' || !Number.isFinite(v)", `expected ${kind}`)];
  if (c.integer === true) lines.push(failWhen(ctx, '!Number.isInteger(v)', 'expected an integer'));
  const bound = (n: number | undefined, op: string, words: string): void => {
    if (n !== undefined) lines.push(failWhen(ctx, `v ${op} ${n}`, `expected ${words} ${n}`));
  };
  bound(c.minimum, '<', 'at least');
  bound(c.exclusiveMinimum, '<=', 'more than');
  bound(c.maximum, '>', 'at most');
  bound(c.exclusiveMaximum, '>=', 'less than');
  if (c.multipleOf !== undefined) {
    const test = `!${ctx.use('multipleOf')}(v, ${c.multipleOf})`;
    lines.push(failWhen(ctx, test, `expected a multiple of ${c.multipleOf}`));
  }
  return [...lines, 'return v;'];
}

/** An array's checks, then its items by `element`. */
export function arrayChecks(
  c: ArrayConstraints,
  element: string,
  ctx: ConstraintContext,
): string[] {
  const lines = [failWhen(ctx, '!Array.isArray(v)', 'expected an array')];
  if (c.minItems !== undefined) {
    lines.push(
      failWhen(ctx, `v.length < ${c.minItems}`, `expected at least ${plural(c.minItems, 'item')}`),
    );
  }
  if (c.maxItems !== undefined) {
    lines.push(
      failWhen(ctx, `v.length > ${c.maxItems}`, `expected at most ${plural(c.maxItems, 'item')}`),
    );
  }
  if (c.uniqueItems === true) {
    lines.push(failWhen(ctx, `!${ctx.use('unique')}(v)`, 'expected unique items'));
  }
  return [
    ...lines,
    `return ${call(2, '', ctx.use('array'), ['v', 'issues', 'key', element], ';')};`,
  ];
}

/** `/source/u`, each `/` the source does not escape escaped (the same expression under `u`). */
export function regexLiteral(source: string): string {
  let out = '';
  for (let i = 0; i < source.length; i++) {
    const c = source[i] as string;
    if (c === '\\') out += c + (source[i + 1] ?? '');
    else out += c === '/' ? '\\/' : c;
    if (c === '\\') i++;
  }
  return `/${out}/u`;
}
