/**
 * The checker code of a generated module: one function per named type and per anonymous object,
 * union, literal or tuple inside one, written out as plain statements (no schema interpreted at
 * run time). Leaves, arrays and records call the `fw/validate` helpers. Every function has the
 * `Checker` signature of `fw/validate`: `(v, issues, key)`.
 */
import { assertNever, type NamedType, type PropertyShape, type Shape } from '../ir.js';
import { arrayChecks, type ConstraintContext, numberChecks, stringChecks } from './constraints.js';
import { call, list, quote, when } from './layout.js';
import { INHERITED, type Names, propertyPart } from './names.js';
import {
  type Discriminant,
  describe,
  discriminant,
  flatten,
  jsonKind,
  type Types,
  test,
  tupleLength,
} from './union-members.js';

/** One generated checker function. */
export interface CheckerFunction {
  /** Module-level constants it uses (a `@pattern`'s expression), declared before it. */
  readonly constants: readonly string[];
  /** The lines of the comment above it: the type id for a named type. */
  readonly comments: readonly string[];
  readonly name: string;
  /** Its parameter list, broken over lines when the signature is too long for one. */
  readonly params: string;
  /** Its statements, laid out for column 2. */
  readonly body: readonly string[];
  /** The `validate…` constants made from it (one, for a type a parameter is checked against). */
  readonly validators: readonly ValidatorConstant[];
}

/** `const name = validator(argument);`, the argument laid out for that line. */
export interface ValidatorConstant {
  readonly name: string;
  readonly argument: string;
}

/** The checker code of one module. */
export interface Checkers {
  readonly functions: readonly CheckerFunction[];
  /** The validator constant of each type a parameter names, by type id. */
  readonly validators: ReadonlyMap<string, string>;
  /** The `fw/validate` exports the code uses. */
  readonly helpers: ReadonlySet<string>;
}

type Draft = {
  constants: string[];
  comments: string[];
  name: string;
  params: string;
  body: string[];
  validators: ValidatorConstant[];
};

/** The `Checker` parameters of every generated function. */
const PARAMS = ['v: unknown', 'issues: Issues', 'key: Key'];

/**
 * Writes the checkers of `types` (in their order) and a validator for each id in `validated`.
 * Names are claimed from `names`: `check<Name>` per type, `check<Name>_<property>`, `…_item`,
 * `…_value`, `…_<index>` for nested shapes, `validate<Name>` per validator.
 */
export function buildCheckers(
  types: readonly NamedType[],
  validated: ReadonlySet<string>,
  names: Names,
): Checkers {
  const checks = new Map(types.map((t) => [t.id, names.claim(`check${t.name}`)] as const));
  const writer = new Writer(names, checks, types);
  const drafts = types.map((t) => writer.write(t.shape, checks.get(t.id) as string, [t.id]));
  const validators = new Map<string, string>();
  types.forEach((t, i) => {
    if (!validated.has(t.id)) return;
    const check = checks.get(t.id) as string;
    const name = names.claim(`validate${check.slice('check'.length)}`);
    const head = `const ${name} = validator`;
    const argument = list(0, head, '(', [check], ';').slice(head.length + 1, -1);
    drafts[i]?.validators.push({ name, argument });
    validators.set(t.id, name);
    writer.helpers.add('validator');
  });
  return {
    functions: writer.functions,
    validators,
    helpers: types.length === 0 ? new Set() : writer.helpers,
  };
}

class Writer {
  readonly functions: Draft[] = [];
  readonly helpers = new Set<string>(['Issues', 'Key']);
  readonly #names: Names;
  readonly #checks: ReadonlyMap<string, string>;
  readonly #types: Types;

  constructor(names: Names, checks: ReadonlyMap<string, string>, types: readonly NamedType[]) {
    this.#names = names;
    this.#checks = checks;
    this.#types = new Map(types.map((t) => [t.id, t]));
  }

  /** Adds the function `name` checking `shape`; its nested functions follow it. */
  write(shape: Shape, name: string, comments: string[] = []): Draft {
    const head = `function ${name}`;
    const params = list(0, head, '(', PARAMS, '): unknown {').slice(head.length + 1, -1);
    const draft: Draft = { constants: [], comments, name, params, body: [], validators: [] };
    this.functions.push(draft);
    draft.body = this.#body(shape, name, draft);
    return draft;
  }

  /** What the constraint checks of `draft` use from the module. */
  #context(draft: Draft): ConstraintContext {
    return {
      use: (helper) => this.#use(helper),
      constant: (base, value) => {
        const name = this.#names.claim(base);
        draft.constants.push(`const ${name} = ${value};`);
        return name;
      },
    };
  }

  #use(helper: string): string {
    this.helpers.add(helper);
    return helper;
  }

  #body(shape: Shape, self: string, draft: Draft): string[] {
    if (shape.kind === 'string' && shape.constraints !== undefined) {
      return stringChecks(shape.constraints, self, this.#context(draft));
    }
    if (shape.kind === 'number' && shape.constraints !== undefined) {
      return numberChecks(shape.constraints, this.#context(draft));
    }
    if (shape.kind === 'array' && shape.constraints !== undefined) {
      const element = this.#function(shape.element, `${self}_item`);
      return arrayChecks(shape.constraints, element, this.#context(draft));
    }
    switch (shape.kind) {
      case 'object':
        return this.#object(shape.properties, self);
      case 'union':
        return this.#union(shape.members, self);
      case 'null':
      case 'literal':
        return this.#union([shape], self);
      case 'tuple':
        return this.#tuple(shape, self);
      case 'string':
      case 'number':
      case 'boolean':
      case 'date':
      case 'unknown':
      case 'ref':
      case 'array':
      case 'record':
        return [this.#call(2, 'return ', shape, 'v', self)];
      default:
        return assertNever(shape);
    }
  }

  /** The callee and extra arguments that check a value of `shape`; `base` names new functions. */
  #checker(shape: Shape, base: string): string[] {
    if ('constraints' in shape && shape.constraints !== undefined) {
      return [this.write(shape, this.#names.claim(base)).name];
    }
    switch (shape.kind) {
      case 'string':
      case 'number':
      case 'boolean':
      case 'date':
      case 'unknown':
        return [this.#use(shape.kind)];
      case 'ref':
        return [this.#check(shape.id)];
      case 'array':
        return [this.#use('array'), this.#function(shape.element, `${base}_item`)];
      case 'record':
        return [this.#use('record'), this.#function(shape.value, `${base}_value`)];
      case 'null':
      case 'literal':
      case 'object':
      case 'union':
      case 'tuple':
        return [this.write(shape, this.#names.claim(base)).name];
      default:
        return assertNever(shape);
    }
  }

  /** A function that checks `shape`, to pass as an array's `element` or a record's `value`. */
  #function(shape: Shape, base: string): string {
    if (shape.kind === 'array' || shape.kind === 'record') {
      return this.write(shape, this.#names.claim(base)).name;
    }
    return this.#checker(shape, base)[0] as string;
  }

  #check(id: string): string {
    const name = this.#checks.get(id);
    if (name !== undefined) return name;
    throw new Error(`fwgen: the model refers to type ${id}, not in its types`);
  }

  /** `head callee(value, issues, key, …extra);` for a value of `shape`, at `indent`. */
  #call(indent: number, head: string, shape: Shape, value: string, base: string): string {
    return statement(indent, head, this.#checker(shape, base), value, 'key');
  }

  #object(properties: readonly PropertyShape[], self: string): string[] {
    const fail = this.#use('fail');
    const lines = [
      `if (!${this.#use('isObject')}(v)) return ${fail}(v, issues, key, 'expected an object');`,
    ];
    if (properties.length === 0) return [...lines, 'return {};'];
    lines.push('const n = issues.length;', 'const out: Record<string, unknown> = {};');
    for (const p of properties) lines.push(this.#property(p, self));
    return [...lines, `return ${this.#use('prefix')}(issues, n, key, out);`];
  }

  #property(p: PropertyShape, self: string): string {
    const name = quote(p.name);
    const value = INHERITED.has(p.name) ? `${this.#use('own')}(v, ${name})` : `v[${name}]`;
    const base = `${self}_${propertyPart(p.name)}`;
    const checker = this.#checker(p.shape, base);
    const put = p.name === '__proto__' ? this.#use('put') : undefined;
    const assign = (indent: number): string =>
      put === undefined
        ? statement(indent, `out[${name}] = `, checker, value, name)
        : `${put}(out, ${name}, ${checker[0]}(${[value, 'issues', name, ...checker.slice(1)].join(', ')}));`;
    return p.optional ? when(2, [`${value} !== undefined`], assign) : assign(2);
  }

  /**
   * Members testable by `typeof` or `===` first. Then the only other member decides when the
   * value is of its JSON kind (its own issues are the answer), or each other member is tried in
   * turn, its issues dropped. Else one issue describes the union.
   */
  #union(members: readonly Shape[], self: string): string[] {
    const flat = flatten(members, this.#types);
    if (flat.some((m) => m.kind === 'unknown')) {
      return [`return ${this.#use('unknown')}(v, issues, key);`];
    }
    const tests = [...new Set(flat.map(test).filter((t) => t !== undefined))];
    const others = flat.flatMap((m, i) => (test(m) === undefined ? [[m, i] as const] : []));
    const lines = tests.length > 0 ? [when(2, tests, () => 'return v;')] : [];
    const [only] = others;
    if (only !== undefined && others.length === 1) {
      const checker = this.#checker(only[0], `${self}_${only[1]}`);
      const decide = (indent: number): string => statement(indent, 'return ', checker, 'v', 'key');
      const guard = this.#guard(only[0]);
      if (lines.length === 0 || guard === undefined) return [...lines, decide(2)];
      lines.push(when(2, [guard], decide));
    } else if (others.length > 1) {
      const picked = discriminant(
        others.map(([m]) => m),
        this.#types,
      );
      if (picked !== undefined) {
        lines.push(this.#switch(picked, others, self));
      } else if (others.every(([m]) => jsonKind(m, this.#types) === 'object')) {
        lines.push(...this.#closest(others, self));
      } else {
        lines.push('const n = issues.length;');
        others.forEach(([m, i], k) => {
          lines.push(this.#call(2, k === 0 ? 'let out = ' : 'out = ', m, 'v', `${self}_${i}`));
          lines.push('if (issues.length === n) return out;', 'issues.length = n;');
        });
      }
    }
    const message = quote(`expected ${describe(flat, this.#types)}`);
    return [
      ...lines,
      `${call(2, 'return ', this.#use('fail'), ['v', 'issues', 'key', message], ';')};`,
    ];
  }

  /**
   * Objects with no discriminant: each member is tried in turn, and when none accepts an object,
   * the issues of the member with the fewest (the first of those) are the answer, so a client
   * reads what to fix (`payment.iban: is required`) rather than only which types were possible.
   */
  #closest(members: readonly (readonly [Shape, number])[], self: string): string[] {
    const fewest = this.#use('fewest');
    const lines = ['const n = issues.length;'];
    members.forEach(([m, i], k) => {
      lines.push(this.#call(2, k === 0 ? 'let out = ' : 'out = ', m, 'v', `${self}_${i}`));
      lines.push('if (issues.length === n) return out;');
      lines.push(
        k === 0
          ? `let closest = ${fewest}(issues, n, undefined);`
          : `closest = ${fewest}(issues, n, closest);`,
      );
    });
    // A loop, not a spread: an array of bad items can give more issues than a call has arguments.
    const keep = 'for (const issue of closest) issues.push(issue);';
    lines.push(`if (${this.#use('isObject')}(v)) {\n    ${keep}\n    return undefined;\n  }`);
    return lines;
  }

  /**
   * For an object, the member its discriminant selects decides, with its own issues; an object
   * whose discriminant matches no member gets one issue at that property.
   */
  #switch(
    picked: Discriminant,
    members: readonly (readonly [Shape, number])[],
    self: string,
  ): string {
    const value = `v[${quote(picked.property)}]`;
    const lines = [`if (${this.#use('isObject')}(v)) {`, `    switch (${value}) {`];
    members.forEach(([m, i], k) => {
      for (const literal of picked.values[k] ?? []) {
        lines.push(`      case ${typeof literal === 'string' ? quote(literal) : String(literal)}:`);
      }
      lines.push(`        ${this.#call(8, 'return ', m, 'v', `${self}_${i}`)}`);
    });
    const want = quote(`expected ${describe(picked.all, this.#types)}`);
    const fail = call(
      4,
      '',
      this.#use('fail'),
      [value, 'issues', quote(picked.property), want],
      ';',
    );
    lines.push(
      '    }',
      '    const n = issues.length;',
      `    ${fail};`,
      `    return ${this.#use('prefix')}(issues, n, key, undefined);`,
      '  }',
    );
    return lines.join('\n');
  }

  /** A test that `v` is of the one JSON kind `shape` accepts, when there is one. */
  #guard(shape: Shape): string | undefined {
    const kind = jsonKind(shape, this.#types);
    if (kind === 'object') return `${this.#use('isObject')}(v)`;
    if (kind === 'array') return 'Array.isArray(v)';
    return kind === 'string' ? "typeof v === 'string'" : undefined;
  }

  #tuple(shape: Extract<Shape, { kind: 'tuple' }>, self: string): string[] {
    const { elements, rest } = shape;
    const required = shape.required ?? elements.length;
    const fail = this.#use('fail');
    const lines = [`if (!Array.isArray(v)) return ${fail}(v, issues, key, 'expected an array');`];
    const wrongLength = lengthCheck(required, rest === undefined ? elements.length : undefined);
    if (wrongLength !== undefined) {
      lines.push(
        `if (${wrongLength}) return ${fail}(v, issues, key, 'expected ${tupleLength(shape)}');`,
      );
    }
    if (elements.length === 0 && rest === undefined) return [...lines, 'return [];'];
    const item = (e: Shape, i: number, value: string, index: string): string => {
      const [callee, ...extra] = this.#checker(e, `${self}_${i}`);
      return `${callee}(${[value, 'issues', index, ...extra].join(', ')})`;
    };
    const items = elements.slice(0, required).map((e, i) => item(e, i, `v[${i}]`, String(i)));
    const fixed = required === elements.length && rest === undefined;
    const head = fixed ? 'const out = ' : 'const out: unknown[] = ';
    lines.push('const n = issues.length;', `${list(2, head, '[', items, ';')};`);
    elements.slice(required).forEach((e, k) => {
      const i = required + k;
      lines.push(`if (v.length > ${i}) out.push(${item(e, i, `v[${i}]`, String(i))});`);
    });
    if (rest !== undefined) {
      const each = item(rest, elements.length, 'v[i]', 'i');
      lines.push(`for (let i = ${elements.length}; i < v.length; i++) out.push(${each});`);
    }
    return [...lines, `return ${this.#use('prefix')}(issues, n, key, out);`];
  }
}

/** The test that a tuple's array is too short or too long, or undefined when any length fits. */
function lengthCheck(min: number, max: number | undefined): string | undefined {
  if (max === min) return `v.length !== ${min}`;
  if (max === undefined) return min === 0 ? undefined : `v.length < ${min}`;
  return min === 0 ? `v.length > ${max}` : `v.length < ${min} || v.length > ${max}`;
}

/** `head callee(value, issues, key, …extra);` at `indent`, from a checker's callee and extras. */
function statement(
  indent: number,
  head: string,
  [callee, ...extra]: readonly string[],
  value: string,
  key: string,
): string {
  return `${call(indent, head, callee as string, [value, 'issues', key, ...extra], ';')};`;
}
