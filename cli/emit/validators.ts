/**
 * The checkers of a generated module: one function per named type and per anonymous object,
 * union, literal or tuple inside one, written out as plain statements (no schema interpreted at
 * run time). Leaves, arrays and records call the `fw/validate` helpers. Every function has the
 * `Checker` signature of `fw/validate`: `(v, issues, key)`. This module decides what each checks
 * and with which calls; `templates/checker.hbs` and the `check-*.hbs` it includes write it down.
 */
import { assertNever, type NamedType, type PropertyShape, type Shape } from '../ir.js';
import { arrayRules, type ConstraintContext, numberRules, stringRules } from './constraints.js';
import { literal, quote } from './layout.js';
import { Helpers, INHERITED, type Names, propertyPart } from './names.js';
import { BuildCache, type Lookup, type Trace } from './type-cache.js';
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
import type {
  CheckerBody,
  CheckerView,
  ConstantView,
  DiscriminantCheck,
  ModulePart,
  ObjectCheck,
  PropertyCheck,
  TupleCheck,
  UnionCheck,
} from './view.js';

/** A checker while it is written: nested ones are claimed while its body is built. */
interface Draft {
  readonly comment: string | undefined;
  readonly name: string;
  readonly constants: ConstantView[];
  body?: CheckerBody;
}

/**
 * Writes the checkers of `types` (in their order) and a validator for each id in `validated`, the
 * validators by type id. Names are claimed from `names`: `check<Name>` per type,
 * `check<Name>_<property>`, `…_item`, `…_value`, `…_<index>` for nested shapes,
 * `validate<Name>` per validator.
 */
export function buildCheckers(
  types: readonly NamedType[],
  validated: ReadonlySet<string>,
  names: Names,
): ModulePart<CheckerView> {
  const checks = new Map(types.map((t) => [t.id, names.claim(`check${t.name}`)] as const));
  const sources = {
    types: new Map(types.map((t) => [t.id, t])),
    functions: checks,
    shared: new Map(),
  };
  const helpers = new Helpers(['Issues', 'Key']);
  const built = types.map((t) => {
    const kept = keptCheckers.get(t, checks.get(t.id) as string, sources, names, (trace) =>
      new Writer(names, trace).type(t, checks.get(t.id) as string),
    );
    for (const h of kept.trace.helpers) helpers.use(h);
    return kept;
  });
  const validators = new Map<string, string>();
  const functions = built.flatMap((kept, i) => {
    const t = types[i] as NamedType;
    if (!validated.has(t.id) || kept.made.length === 0) return kept.made;
    const validator = names.claim(`validate${kept.name.slice('check'.length)}`);
    validators.set(t.id, validator);
    helpers.use('validator');
    const [own, ...nested] = kept.made as [CheckerView, ...CheckerView[]];
    return [withValidator(own, validator), ...nested];
  });
  return {
    functions,
    names: validators,
    helpers: types.length === 0 ? new Set() : helpers.used,
  };
}

/** The checkers built for each type, kept between renders (`type-cache.ts`). */
const keptCheckers = new BuildCache<NamedType, readonly CheckerView[]>();

/** The views of checkers made with a validator, so that a kept one keeps its rendered text. */
const validating = new WeakMap<CheckerView, CheckerView>();

/** `own` with the validator `validator`. */
function withValidator(own: CheckerView, validator: string): CheckerView {
  const made = validating.get(own);
  if (made?.validator === validator) return made;
  const view = { ...own, hasValidator: true, validator };
  validating.set(own, view);
  return view;
}

function view(d: Draft): CheckerView {
  const body = d.body as CheckerBody;
  return {
    hasComment: d.comment !== undefined,
    comment: d.comment ?? '',
    constants: d.constants,
    name: d.name,
    is: {
      object: body.kind === 'object',
      union: body.kind === 'union',
      tuple: body.kind === 'tuple',
      rules: body.kind === 'rules',
      call: body.kind === 'call',
    },
    body,
    hasValidator: false,
    validator: '',
  };
}

/** `callee(value, issues, key, …extra)`, from a checker's callee and extra arguments. */
function call([callee, ...extra]: readonly string[], value: string, key: string): string {
  return `${callee}(${[value, 'issues', key, ...extra].join(', ')})`;
}

/** Builds the checkers of one type, recording what it reads and claims in its trace. */
class Writer {
  readonly drafts: Draft[] = [];
  readonly helpers = new Helpers();
  readonly #names: Names;
  readonly #trace: Trace;
  readonly #checks: Lookup<string>;
  readonly #types: Types;

  constructor(names: Names, trace: Trace) {
    this.#names = names;
    this.#trace = trace;
    const sources = trace.recording();
    this.#checks = sources.functions;
    this.#types = sources.types;
  }

  /** The views of the checker `name` of `t` and of its nested checkers, in order. */
  type(t: NamedType, name: string): CheckerView[] {
    this.write(t.shape, name, t.id);
    this.#trace.helpers = this.helpers.used;
    return this.drafts.map(view);
  }

  /** Adds the function `name` checking `shape`; its nested functions follow it. */
  write(shape: Shape, name: string, comment?: string): Draft {
    const draft: Draft = { comment, name, constants: [] };
    this.drafts.push(draft);
    draft.body = this.#body(shape, name, draft);
    return draft;
  }

  /** What the constraint checks of `draft` use from the module. */
  #context(draft: Draft): ConstraintContext {
    return {
      use: (helper) => this.helpers.use(helper),
      constant: (base, value) => {
        const name = this.#claim(base);
        draft.constants.push({ name, value });
        return name;
      },
    };
  }

  #body(shape: Shape, self: string, draft: Draft): CheckerBody {
    if (shape.kind === 'string' && shape.constraints !== undefined) {
      return stringRules(shape.constraints, self, this.#context(draft));
    }
    if (shape.kind === 'number' && shape.constraints !== undefined) {
      return numberRules(shape.constraints, this.#context(draft));
    }
    if (shape.kind === 'array' && shape.constraints !== undefined) {
      const element = this.#function(shape.element, `${self}_item`);
      return arrayRules(shape.constraints, element, this.#context(draft));
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
      case 'bigint':
      case 'unknown':
      case 'ref':
      case 'array':
      case 'record':
        return { kind: 'call', check: call(this.#checker(shape, self), 'v', 'key') };
      default:
        return assertNever(shape);
    }
  }

  /** The callee and extra arguments that check a value of `shape`; `base` names new functions. */
  #checker(shape: Shape, base: string): string[] {
    if ('constraints' in shape && shape.constraints !== undefined) {
      return [this.write(shape, this.#claim(base)).name];
    }
    switch (shape.kind) {
      case 'string':
      case 'number':
      case 'boolean':
      case 'date':
      case 'bigint':
      case 'unknown':
        return [this.helpers.use(shape.kind)];
      case 'ref':
        return [this.#check(shape.id)];
      case 'array':
        return [this.helpers.use('array'), this.#function(shape.element, `${base}_item`)];
      case 'record':
        return [this.helpers.use('record'), this.#function(shape.value, `${base}_value`)];
      case 'null':
      case 'literal':
      case 'object':
      case 'union':
      case 'tuple':
        return [this.write(shape, this.#claim(base)).name];
      default:
        return assertNever(shape);
    }
  }

  /** A function that checks `shape`, to pass as an array's `element` or a record's `value`. */
  #function(shape: Shape, base: string): string {
    if (shape.kind === 'array' || shape.kind === 'record') {
      return this.write(shape, this.#claim(base)).name;
    }
    return this.#checker(shape, base)[0] as string;
  }

  #claim(base: string): string {
    return this.#trace.claim(this.#names, base);
  }

  #check(id: string): string {
    const name = this.#checks.get(id);
    if (name !== undefined) return name;
    throw new Error(`fwgen: the model refers to type ${id}, not in its types`);
  }

  #object(properties: readonly PropertyShape[], self: string): ObjectCheck {
    this.helpers.use('isObject', 'fail');
    if (properties.length === 0) return { kind: 'object', empty: true, properties: [] };
    const checks = properties.map((p) => this.#property(p, self));
    this.helpers.use('prefix');
    return { kind: 'object', empty: false, properties: checks };
  }

  #property(p: PropertyShape, self: string): PropertyCheck {
    const key = quote(p.name);
    const value = INHERITED.has(p.name) ? `${this.helpers.use('own')}(v, ${key})` : `v[${key}]`;
    const base = `${self}_${propertyPart(p.name)}`;
    const check = call(this.#checker(p.shape, base), value, key);
    const proto = p.name === '__proto__';
    if (proto) this.helpers.use('put');
    return { key, value, check, optional: p.optional, proto };
  }

  /**
   * Members testable by `typeof` or `===` first. Then the only other member decides when the
   * value is of its JSON kind (its own issues are the answer), or the members are told apart by a
   * discriminant, or each other member is tried in turn. Else one issue describes the union.
   */
  #union(members: readonly Shape[], self: string): CheckerBody {
    const flat = flatten(members, this.#types);
    if (flat.some((m) => m.kind === 'unknown')) {
      return { kind: 'call', check: `${this.helpers.use('unknown')}(v, issues, key)` };
    }
    const tests = [...new Set(flat.map(test).filter((t) => t !== undefined))];
    const others = flat.flatMap((m, i) => (test(m) === undefined ? [[m, i] as const] : []));
    const by = { member: false, guard: false, discriminant: false, closest: false, each: false };
    const union: {
      -readonly [K in keyof UnionCheck]: UnionCheck[K];
    } = {
      kind: 'union',
      hasTests: tests.length > 0,
      tests: tests.join(' || '),
      by,
      tries: [],
      expected: quote(`expected ${describe(flat, this.#types)}`),
    };
    const [only] = others;
    if (only !== undefined && others.length === 1) {
      const check = call(this.#checker(only[0], `${self}_${only[1]}`), 'v', 'key');
      const kind = jsonKind(only[0], this.#types);
      const guard = kind === undefined ? undefined : GUARDS[kind];
      union.member = { guard: guard ?? '', check };
      if (tests.length === 0 || guard === undefined) {
        by.member = true;
        return union;
      }
      by.guard = true;
      if (kind === 'object') this.helpers.use('isObject');
    } else if (others.length > 1) {
      const picked = discriminant(
        others.map(([m]) => m),
        this.#types,
      );
      if (picked !== undefined) {
        by.discriminant = true;
        union.discriminant = this.#switch(picked, others, self);
      } else {
        const objects = others.every(([m]) => jsonKind(m, this.#types) === 'object');
        by[objects ? 'closest' : 'each'] = true;
        if (objects) this.helpers.use('fewest', 'isObject');
        union.tries = others.map(([m, i], k) => ({
          first: k === 0,
          check: call(this.#checker(m, `${self}_${i}`), 'v', 'key'),
        }));
      }
    }
    this.helpers.use('fail');
    return union;
  }

  /**
   * For an object, the member its discriminant selects decides, with its own issues; an object
   * whose discriminant matches no member gets one issue at that property.
   */
  #switch(
    picked: Discriminant,
    members: readonly (readonly [Shape, number])[],
    self: string,
  ): DiscriminantCheck {
    this.helpers.use('isObject', 'fail', 'prefix');
    return {
      value: `v[${quote(picked.property)}]`,
      property: quote(picked.property),
      cases: members.map(([m, i], k) => ({
        labels: (picked.values[k] ?? []).map(literal),
        check: call(this.#checker(m, `${self}_${i}`), 'v', 'key'),
      })),
      expected: quote(`expected ${describe(picked.all, this.#types)}`),
    };
  }

  #tuple(shape: Extract<Shape, { kind: 'tuple' }>, self: string): TupleCheck {
    const { elements, rest } = shape;
    const required = shape.required ?? elements.length;
    this.helpers.use('fail');
    const wrongLength = lengthCheck(required, rest === undefined ? elements.length : undefined);
    const item = (e: Shape, i: number, value: string, index: string): string =>
      call(this.#checker(e, `${self}_${i}`), value, index);
    const empty = elements.length === 0 && rest === undefined;
    const items = empty
      ? []
      : elements.slice(0, required).map((e, i) => item(e, i, `v[${i}]`, `${i}`));
    const optional = elements.slice(required).map((e, k) => {
      const index = required + k;
      return { index, check: item(e, index, `v[${index}]`, `${index}`) };
    });
    if (!empty) this.helpers.use('prefix');
    return {
      kind: 'tuple',
      checksLength: wrongLength !== undefined,
      wrongLength: wrongLength ?? '',
      expectedLength: quote(`expected ${tupleLength(shape)}`),
      empty,
      fixed: required === elements.length && rest === undefined,
      items: items.join(', '),
      optional,
      hasRest: rest !== undefined,
      restFrom: elements.length,
      rest: rest === undefined ? '' : item(rest, elements.length, 'v[i]', 'i'),
    };
  }
}

/** The test that `v` is of a JSON kind, for a union member that decides the values of its kind. */
const GUARDS: Readonly<Record<'object' | 'array' | 'string', string>> = {
  object: 'isObject(v)',
  array: 'Array.isArray(v)',
  string: "typeof v === 'string'",
};

/** The test that a tuple's array is too short or too long, or undefined when any length fits. */
function lengthCheck(min: number, max: number | undefined): string | undefined {
  if (max === min) return `v.length !== ${min}`;
  if (max === undefined) return min === 0 ? undefined : `v.length < ${min}`;
  return min === 0 ? `v.length > ${max}` : `v.length < ${min} || v.length > ${max}`;
}
