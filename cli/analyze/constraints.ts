/**
 * JSDoc constraint tags (`@minLength 1`, `@format email`, `@minimum 0`, `@uniqueItems`…) on a
 * property or a type alias, read into the constraints of the string, number or array shape they
 * are written on (docs/fwgen.md "Constraints"). A tag on a type it does not fit is FW0305; a value
 * the tag cannot take (a `@pattern` that does not compile, a bound that is not a number) is FW0306.
 */
import { ts } from 'ts-morph';
import {
  type ArrayConstraints,
  type DiagnosticCode,
  type NumberConstraints,
  type Shape,
  STRING_FORMATS,
  type StringConstraints,
  type StringFormat,
} from '../ir.js';

/** Which shape kind each tag constrains. */
const TAGS = {
  minLength: 'string',
  maxLength: 'string',
  pattern: 'string',
  format: 'string',
  integer: 'number',
  minimum: 'number',
  exclusiveMinimum: 'number',
  maximum: 'number',
  exclusiveMaximum: 'number',
  multipleOf: 'number',
  minItems: 'array',
  maxItems: 'array',
  uniqueItems: 'array',
} as const;

type TagName = keyof typeof TAGS;
type Target = (typeof TAGS)[TagName];

/** One constraint tag as written: its name and its text, trimmed. */
export interface ConstraintTag {
  readonly name: TagName;
  readonly text: string;
}

/** Reports a problem with the tags of the declaration being read. */
export type Report = (code: DiagnosticCode, message: string) => void;

/** The constraint tags of the last JSDoc block of `node`, in order. */
export function constraintTags(node: ts.Node): ConstraintTag[] {
  const blocks = ts.getJSDocCommentsAndTags(node).filter(ts.isJSDoc);
  const tags = blocks[blocks.length - 1]?.tags ?? [];
  return tags.flatMap((tag) => {
    const name = tag.tagName.text;
    if (!Object.hasOwn(TAGS, name)) return [];
    const text = (ts.getTextOfJSDocComment(tag.comment) ?? '').trim();
    return [{ name: name as TagName, text }];
  });
}

type Constraints = {
  string: StringConstraints;
  number: NumberConstraints;
  array: ArrayConstraints;
};

/**
 * `shape` with the constraints of `tags` on it: on the shape itself, or on each member of a union
 * of its kind (`string | null`). `path` names the property or alias in messages.
 */
export function constrain(
  shape: Shape,
  tags: readonly ConstraintTag[],
  path: string,
  report: Report,
): Shape {
  const found: { [K in Target]: Record<string, unknown> } = { string: {}, number: {}, array: {} };
  for (const tag of tags) {
    const value = tagValue(tag, path, report);
    if (value !== undefined) found[TAGS[tag.name]][tag.name] = value;
  }
  let out = shape;
  for (const target of ['string', 'number', 'array'] as const) {
    const constraints = found[target];
    if (Object.keys(constraints).length === 0) continue;
    if (!consistent(constraints, path, report)) continue;
    const applied = apply(out, target, constraints as Constraints[typeof target]);
    if (applied !== undefined) out = applied;
    else {
      const [first] = tags.filter((t) => TAGS[t.name] === target);
      report('FW0305', misfit(path, first?.name ?? target, target, shape));
    }
  }
  return out;
}

function apply<K extends Target>(shape: Shape, target: K, c: Constraints[K]): Shape | undefined {
  const merged = (m: Shape): Shape =>
    ({ ...m, constraints: { ...('constraints' in m ? m.constraints : {}), ...c } }) as Shape;
  if (shape.kind === target) return merged(shape);
  if (shape.kind !== 'union') return undefined;
  let hit = false;
  const members = shape.members.map((m) => {
    if (m.kind !== target) return m;
    hit = true;
    return merged(m);
  });
  return hit ? { kind: 'union', members } : undefined;
}

const WHOLE = /^\d+$/;
const NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

/** The value of one tag, or undefined (reported) when it cannot take its text. */
function tagValue(tag: ConstraintTag, path: string, report: Report): unknown {
  const { name, text } = tag;
  const bad = (why: string, fix: string): undefined => {
    report('FW0306', `${path}: @${name} ${JSON.stringify(text)} ${why}; ${fix}`);
    return undefined;
  };
  switch (name) {
    case 'minLength':
    case 'maxLength':
    case 'minItems':
    case 'maxItems':
      return WHOLE.test(text) && Number.isSafeInteger(Number(text))
        ? Number(text)
        : bad('is not a whole number', `write a count, e.g. @${name} 1`);
    case 'minimum':
    case 'exclusiveMinimum':
    case 'maximum':
    case 'exclusiveMaximum':
    case 'multipleOf': {
      if (!NUMBER.test(text) || !Number.isFinite(Number(text))) {
        return bad('is not a number', `write a JSON number, e.g. @${name} 1`);
      }
      const n = Number(text);
      if (name === 'multipleOf' && n <= 0) return bad('is not above 0', 'write a positive number');
      return n;
    }
    case 'integer':
    case 'uniqueItems':
      return text === '' ? true : bad('takes no value', `write @${name} alone`);
    case 'pattern':
      try {
        new RegExp(text, 'u');
        if (text === '') return bad('is empty', 'write a regular expression');
        return /[\n\r\u2028\u2029]/.test(text) ? bad('spans lines', 'write it on one line') : text;
      } catch (e) {
        return bad(
          `does not compile (${(e as Error).message})`,
          'write an ECMAScript regular expression, as with the u flag',
        );
      }
    case 'format':
      return (STRING_FORMATS as readonly string[]).includes(text)
        ? (text as StringFormat)
        : bad('is not a format fw checks', `use one of ${STRING_FORMATS.join(', ')}`);
    default:
      return name satisfies never;
  }
}

/** Bounds no value can meet (`@minLength 5` with `@maxLength 3`) are FW0306. */
function consistent(c: Record<string, unknown>, path: string, report: Report): boolean {
  for (const [low, high] of [
    ['minLength', 'maxLength'],
    ['minItems', 'maxItems'],
    ['minimum', 'maximum'],
  ] as const) {
    const [a, b] = [c[low], c[high]];
    if (typeof a === 'number' && typeof b === 'number' && a > b) {
      report('FW0306', `${path}: @${low} ${a} is above @${high} ${b}; no value can pass both`);
      return false;
    }
  }
  return true;
}

const KIND_WORDS: Partial<Record<Shape['kind'], string>> = {
  string: 'a string',
  number: 'a number',
  boolean: 'a boolean',
  null: 'null',
  unknown: 'anything',
  date: 'a Date',
  literal: 'a literal',
  array: 'an array',
  tuple: 'a tuple',
  record: 'a record',
  object: 'an object',
  union: 'a union',
};

const HINTS: Record<Target, string> = {
  string: 'bound a string with @minLength, @maxLength, @pattern or @format',
  number: 'bound a number with @integer, @minimum, @maximum or @multipleOf',
  array: 'bound an array with @minItems, @maxItems or @uniqueItems',
};

function misfit(path: string, tag: string, target: Target, shape: Shape): string {
  const wants = `@${tag} needs ${KIND_WORDS[target]}`;
  if (shape.kind === 'ref') {
    const name = shape.id.slice(shape.id.indexOf('#') + 1);
    return `${path}: ${wants}, found the type ${name}; put the tag on ${name}'s own properties or alias`;
  }
  const members = shape.kind === 'union' ? shape.members : [shape];
  const found = [...new Set(members.map((m) => KIND_WORDS[m.kind] ?? m.kind))].join(' or ');
  const hint = shape.kind in HINTS ? HINTS[shape.kind as Target] : 'remove the tag';
  return `${path}: ${wants}, found ${found}; ${hint}`;
}
