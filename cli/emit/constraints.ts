/**
 * The rules of a checker for a string, number or array with JSDoc constraints: the type test,
 * then one test per declared constraint, each failing with its own message (`expected at most 50
 * items`); `templates/check-rules.hbs` writes them. Unconstrained leaves keep calling the
 * `fw/validate` helpers; only a declared constraint costs a test.
 */
import type {
  ArrayConstraints,
  NumberConstraints,
  StringConstraints,
  StringFormat,
} from '../ir.js';
import { quote } from './layout.js';
import type { RulesCheck } from './view.js';

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

/** One rule: the test that fails it, and its message. */
type Rule = RulesCheck['rules'][number];

const rule = (test: string, message: string): Rule => ({ test, message: quote(message) });

/** The checker's rules, `fail` marked as used. */
function rules(
  ctx: ConstraintContext,
  typeTest: string,
  typeMessage: string,
  list: readonly Rule[],
  more: { countsChars?: boolean; result?: string } = {},
): RulesCheck {
  ctx.use('fail');
  return {
    kind: 'rules',
    typeTest,
    typeMessage: quote(typeMessage),
    countsChars: more.countsChars ?? false,
    rules: list,
    result: more.result ?? 'v',
  };
}

/** A string's rules; `self` names the pattern constant. */
export function stringRules(
  c: StringConstraints,
  self: string,
  ctx: ConstraintContext,
): RulesCheck {
  const list: Rule[] = [];
  const countsChars = c.minLength !== undefined || c.maxLength !== undefined;
  if (countsChars) ctx.use('chars');
  if (c.minLength !== undefined) {
    list.push(rule(`n < ${c.minLength}`, `expected at least ${plural(c.minLength, 'character')}`));
  }
  if (c.maxLength !== undefined) {
    list.push(rule(`n > ${c.maxLength}`, `expected at most ${plural(c.maxLength, 'character')}`));
  }
  if (c.format !== undefined) {
    const formats = ctx.use('formats');
    const test = `!${formats}${c.format === 'date-time' ? "['date-time']" : `.${c.format}`}.test(v)`;
    list.push(rule(test, `expected ${FORMAT_WORDS[c.format]}`));
  }
  if (c.pattern !== undefined) {
    const pattern = ctx.constant(`${self}_pattern`, regexLiteral(c.pattern));
    list.push(rule(`!${pattern}.test(v)`, `expected a string matching /${c.pattern}/`));
  }
  return rules(ctx, "typeof v !== 'string'", 'expected a string', list, { countsChars });
}

/** A number's rules. */
export function numberRules(c: NumberConstraints, ctx: ConstraintContext): RulesCheck {
  const list: Rule[] = [];
  if (c.integer === true) list.push(rule('!Number.isInteger(v)', 'expected an integer'));
  const bound = (n: number | undefined, op: string, words: string): void => {
    if (n !== undefined) list.push(rule(`v ${op} ${n}`, `expected ${words} ${n}`));
  };
  bound(c.minimum, '<', 'at least');
  bound(c.exclusiveMinimum, '<=', 'more than');
  bound(c.maximum, '>', 'at most');
  bound(c.exclusiveMaximum, '>=', 'less than');
  if (c.multipleOf !== undefined) {
    const test = `!${ctx.use('multipleOf')}(v, ${c.multipleOf})`;
    list.push(rule(test, `expected a multiple of ${c.multipleOf}`));
  }
  const kind = c.integer === true ? 'an integer' : 'a number';
  return rules(ctx, "typeof v !== 'number' || !Number.isFinite(v)", `expected ${kind}`, list);
}

/** An array's rules, then its items by `element`. */
export function arrayRules(
  c: ArrayConstraints,
  element: string,
  ctx: ConstraintContext,
): RulesCheck {
  const list: Rule[] = [];
  if (c.minItems !== undefined) {
    list.push(rule(`v.length < ${c.minItems}`, `expected at least ${plural(c.minItems, 'item')}`));
  }
  if (c.maxItems !== undefined) {
    list.push(rule(`v.length > ${c.maxItems}`, `expected at most ${plural(c.maxItems, 'item')}`));
  }
  if (c.uniqueItems === true) {
    list.push(rule(`!${ctx.use('unique')}(v)`, 'expected unique items'));
  }
  const result = `${ctx.use('array')}(v, issues, key, ${element})`;
  return rules(ctx, '!Array.isArray(v)', 'expected an array', list, { result });
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
