// The validators fwgen emits (API.md section 5), on generated values: a value is accepted iff it
// matches its type, as an interpreter of fwgen's model written here decides; what is accepted
// comes back with undeclared properties dropped; a single wrong leaf is reported at its path.
// The validators are rendered by fwgen's emitter from the model below, then imported.
import fc from 'fast-check';
import type { Validator } from 'fw/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NamedType, Shape } from '../../cli/ir.js';
import {
  array,
  literal,
  named,
  object,
  record,
  ref,
  s,
  tuple,
  union,
} from '../cli/emit/builder.js';
import { loadValidators, removeGenerated } from '../cli/emit/generated.js';
import { serve } from '../http/support.js';
import { runs } from './support.js';

const TYPES: readonly NamedType[] = [
  named('t#Address', object({ street: s.string, city: s.string, 'zip?': s.string })),
  named('t#Item', object({ sku: s.string, 'qty?': s.number })),
  named('t#Size', union(literal('S'), literal('M'), literal('L'))),
  named('t#Rating', union(literal(1), literal(2), literal(3))),
  named('t#Card', object({ kind: literal('card'), number: s.string })),
  named('t#Bank', object({ kind: union(literal('bank'), literal('iban')), iban: s.string })),
  // Discriminated by `kind`, with null beside.
  named('t#Payment', union(ref('t#Card'), ref('t#Bank'), s.null)),
  // Two object members and no discriminant: each is tried in turn.
  named('t#Place', union(ref('t#Address'), ref('t#Item'))),
  named(
    't#Overlap',
    union(
      object({ k: literal('a') }),
      object({ k: union(literal('a'), literal('b')), x: s.number }),
    ),
  ),
  named('t#Tree', object({ name: s.string, children: array(ref('t#Tree')) })),
  named('t#Json', union(s.string, s.number, array(ref('t#Json')))),
  named('t#MaybeSize', union(ref('t#Size'), s.null)),
  named('t#Id', union(s.string, s.number, literal(true))),
  named(
    't#Order',
    object({
      id: s.number,
      size: ref('t#Size'),
      rating: ref('t#Rating'),
      note: union(s.string, s.null),
      'tags?': array(s.string),
      items: array(ref('t#Item')),
      address: ref('t#Address'),
      'ship?': ref('t#Address'),
      pair: tuple(s.string, s.number),
      labels: record(s.number),
      gift: s.boolean,
      kind: literal('order'),
      payment: ref('t#Payment'),
      place: ref('t#Place'),
      meta: s.unknown,
      'constructor?': s.string,
      'toString?': s.number,
    }),
  ),
];
const BY_ID = new Map(TYPES.map((t) => [t.id, t.shape]));
const shapeOf = (id: string): Shape => BY_ID.get(id) as Shape;

const NAME = 'fuzz-validators';
let validators: Record<string, Validator>;
beforeAll(async () => {
  validators = await loadValidators(NAME, TYPES);
});
afterAll(() => removeGenerated(NAME));

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const own = (o: Record<string, unknown>, k: string): unknown =>
  Object.hasOwn(o, k) ? o[k] : undefined;

/** Whether `v` is a value of `shape`: the oracle, read straight off the model. */
function matches(shape: Shape, v: unknown): boolean {
  switch (shape.kind) {
    case 'string':
      return typeof v === 'string';
    case 'number':
      return typeof v === 'number' && Number.isFinite(v);
    case 'boolean':
      return typeof v === 'boolean';
    case 'null':
      return v === null;
    case 'unknown':
      return v !== undefined;
    case 'date':
    case 'bigint':
      throw new Error('no dates or bigints in this model');
    case 'literal':
      return v === shape.value;
    case 'array':
      return Array.isArray(v) && v.every((x) => matches(shape.element, x));
    case 'tuple':
      return (
        Array.isArray(v) &&
        v.length === shape.elements.length &&
        shape.elements.every((e, i) => matches(e, v[i]))
      );
    case 'record':
      return isObject(v) && Object.keys(v).every((k) => matches(shape.value, v[k]));
    case 'object':
      return (
        isObject(v) &&
        shape.properties.every((p) => {
          const x = own(v, p.name);
          return (p.optional && x === undefined) || matches(p.shape, x);
        })
      );
    case 'union':
      return shape.members.some((m) => matches(m, v));
    case 'ref':
      return matches(shapeOf(shape.id), v);
  }
}

/** Every value the validator may answer for `v` of `shape`: undeclared properties dropped. */
function projections(shape: Shape, v: unknown): unknown[] {
  switch (shape.kind) {
    case 'array':
      return combos((v as unknown[]).map((x) => projections(shape.element, x)));
    case 'tuple':
      return combos(shape.elements.map((e, i) => projections(e, (v as unknown[])[i])));
    case 'record': {
      const keys = Object.keys(v as object);
      const each = keys.map((k) => projections(shape.value, (v as Record<string, unknown>)[k]));
      return combos(each).map((vals) => Object.fromEntries(keys.map((k, i) => [k, vals[i]])));
    }
    case 'object': {
      const present = shape.properties.filter(
        (p) => own(v as Record<string, unknown>, p.name) !== undefined,
      );
      const each = present.map((p) =>
        projections(p.shape, own(v as Record<string, unknown>, p.name)),
      );
      return combos(each).map((vals) =>
        Object.fromEntries(present.map((p, i) => [p.name, vals[i]])),
      );
    }
    case 'union':
      return shape.members.filter((m) => matches(m, v)).flatMap((m) => projections(m, v));
    case 'ref':
      return projections(shapeOf(shape.id), v);
    default:
      return [v];
  }
}

/** Every way to pick one item of each list. */
function combos(lists: readonly unknown[][]): unknown[][] {
  return lists.reduce<unknown[][]>(
    (acc, list) => acc.flatMap((a) => list.map((x) => [...a, x])),
    [[]],
  );
}

/** Leaves that are JSON and some that are not: what a validator may be handed. */
const leaf = fc.oneof(
  fc.constantFrom(
    null,
    true,
    false,
    0,
    -0,
    1,
    2,
    3,
    1.5,
    '',
    'S',
    'M',
    'card',
    'bank',
    'order',
    'a',
    'b',
  ),
  fc.string({ maxLength: 4 }),
  fc.double(),
  fc.constantFrom(undefined, Number.NaN, Number.POSITIVE_INFINITY),
);

/** A value of `shape` (to depth `depth`), with undeclared properties added now and then. */
function valid(shape: Shape, depth: number): fc.Arbitrary<unknown> {
  switch (shape.kind) {
    case 'string':
      return fc.string({ maxLength: 4 });
    case 'number':
      return fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }));
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'unknown':
      return fc.jsonValue({ maxDepth: 1 });
    case 'date':
    case 'bigint':
      throw new Error('no dates or bigints in this model');
    case 'literal':
      return fc.constant(shape.value);
    case 'array':
      return depth <= 0
        ? fc.constant([])
        : fc.array(valid(shape.element, depth - 1), { maxLength: 3 });
    case 'tuple':
      return fc.tuple(...shape.elements.map((e) => valid(e, depth - 1)));
    case 'record':
      return fc.dictionary(fc.constantFrom('a', 'b', 'c d', '0'), valid(shape.value, depth - 1), {
        maxKeys: 3,
      });
    case 'object': {
      const props = Object.fromEntries(
        shape.properties.map((p) => {
          const a = valid(p.shape, depth - 1);
          return [p.name, p.optional ? fc.option(a, { nil: undefined }) : a];
        }),
      );
      return fc
        .tuple(
          fc.record(props),
          fc.dictionary(fc.constantFrom('extra', 'x_', 'y'), leaf, { maxKeys: 2 }),
        )
        .map(([declared, extra]) => {
          const out: Record<string, unknown> = { ...extra };
          for (const [k, x] of Object.entries(declared)) if (x !== undefined) out[k] = x;
          return out;
        });
    }
    case 'union': {
      // A recursive member at depth 0 may only end the recursion if it needs no more depth.
      const members = depth <= 0 ? shape.members.filter((m) => m.kind !== 'array') : shape.members;
      return fc.oneof(
        ...(members.length > 0 ? members : shape.members).map((m) => valid(m, depth)),
      );
    }
    case 'ref':
      return valid(shapeOf(shape.id), depth);
  }
}

type Json = unknown;

/** `v` with one edit at a random place: a value replaced, a key or item removed, or one added. */
function mutate(v: Json, pick: number, edit: number, replacement: unknown): Json {
  const places: { parent: Record<string, unknown> | unknown[]; key: string | number }[] = [];
  const walk = (x: Json) => {
    const entries: [string | number, unknown][] = Array.isArray(x)
      ? x.map((item, k) => [k, item])
      : isObject(x)
        ? Object.entries(x)
        : [];
    for (const [key, item] of entries) {
      places.push({ parent: x as Record<string, unknown> | unknown[], key });
      walk(item);
    }
  };
  const copy = structuredClone(v);
  walk(copy);
  const place = places[pick % Math.max(1, places.length)];
  if (place === undefined) return replacement;
  const { parent, key } = place;
  if (edit % 3 === 0) (parent as Record<string | number, unknown>)[key] = replacement;
  else if (Array.isArray(parent))
    edit % 3 === 1 ? parent.splice(key as number, 1) : parent.push(replacement);
  else if (edit % 3 === 1) delete parent[key as string];
  else parent[`k${edit}`] = replacement;
  return copy;
}

/** Values of `shape`, those values edited once, and anything at all. */
function candidates(shape: Shape): fc.Arbitrary<unknown> {
  const good = valid(shape, 3);
  return fc.oneof(
    { weight: 3, arbitrary: good },
    {
      weight: 5,
      arbitrary: fc
        .tuple(
          good,
          fc.nat(),
          fc.nat(),
          fc.oneof(leaf, fc.constantFrom([], {}, [1], { kind: 'bank' })),
        )
        .map(([v, pick, edit, r]) => mutate(v, pick, edit, r)),
    },
    { weight: 1, arbitrary: fc.oneof(leaf, fc.jsonValue({ maxDepth: 2 })) },
  );
}

describe('a generated validator', () => {
  it.each(TYPES.map((t) => [t.name, t] as const))(
    '%s: accepts a value iff it matches the type, and drops only what the type does not declare',
    (_name, type) => {
      let accepted = 0;
      let rejected = 0;
      fc.assert(
        fc.property(candidates(type.shape), (v) => {
          const got = (validators[type.name] as Validator)(v);
          expect(got.ok, JSON.stringify(v)).toBe(matches(type.shape, v));
          if (got.ok) {
            accepted++;
            expect(projections(type.shape, v)).toContainEqual(got.value);
          } else {
            rejected++;
            expect(got.issues.length).toBeGreaterThan(0);
            for (const issue of got.issues) expect(issue.message).not.toBe('');
          }
        }),
        { numRuns: runs(250) },
      );
      // Both verdicts were tried: the property is not vacuous.
      expect(Math.min(accepted, rejected)).toBeGreaterThan(runs(250) / 20);
    },
  );
});

/** Where one leaf of an Order is; the path a wrong value there is reported at. */
const LEAVES: readonly { at: readonly (string | number)[]; path: string; shape: Shape }[] = [
  { at: ['id'], path: 'id', shape: s.number },
  { at: ['size'], path: 'size', shape: shapeOf('t#Size') },
  { at: ['note'], path: 'note', shape: union(s.string, s.null) },
  { at: ['items', 0, 'sku'], path: 'items[0].sku', shape: s.string },
  { at: ['address', 'city'], path: 'address.city', shape: s.string },
  { at: ['pair', 1], path: 'pair[1]', shape: s.number },
  { at: ['labels', 'a'], path: 'labels.a', shape: s.number },
  { at: ['kind'], path: 'kind', shape: literal('order') },
  { at: ['payment', 'iban'], path: 'payment.iban', shape: s.string },
  { at: ['place'], path: 'place', shape: shapeOf('t#Place') },
];

describe('a wrong leaf', () => {
  const order = valid(shapeOf('t#Order'), 3).map((o) => {
    // Every leaf of LEAVES present: an item, a label, a bank payment.
    const v = o as Record<string, unknown>;
    return { ...v, items: [{ sku: 'a' }], labels: { a: 1 }, payment: { kind: 'bank', iban: 'x' } };
  });

  it('is the one issue, at its path', () => {
    fc.assert(
      fc.property(order, fc.constantFrom(...LEAVES), leaf, (o, { at, path, shape }, bad) => {
        fc.pre(!matches(shape, bad) && bad !== undefined);
        const v = structuredClone(o) as Record<string, unknown>;
        let parent: Record<string | number, unknown> = v;
        for (const k of at.slice(0, -1)) parent = parent[k] as Record<string | number, unknown>;
        parent[at.at(-1) as string | number] = bad;
        const got = (validators['Order'] as Validator)(v);
        expect(got.ok).toBe(false);
        if (!got.ok) expect(got.issues.map((i) => i.path)).toEqual([path]);
      }),
      { numRuns: runs(300) },
    );
  });
});

describe('a validated body over HTTP', () => {
  it('is 200 with the checked value iff it matches, else 400 naming the paths', async () => {
    const served = await serve([
      {
        method: 'POST',
        path: '/orders',
        params: [
          { name: 'o', type: 't#Order', validate: (v) => (validators['Order'] as Validator)(v) },
        ],
        handle: (o: unknown) => ({ o }),
      },
    ]);
    const shape = shapeOf('t#Order');
    // What JSON can carry: no undefined, NaN or Infinity.
    const json = candidates(shape)
      .map((v) => JSON.stringify(v))
      .filter((t) => t !== undefined);
    await fc.assert(
      fc.asyncProperty(json, async (text) => {
        const res = await served.app.inject({
          method: 'POST',
          url: '/orders',
          headers: { 'content-type': 'application/json' },
          body: text,
        });
        const v: unknown = JSON.parse(text);
        const ok = matches(shape, v);
        expect(res.status).toBe(ok ? 200 : 400);
        if (ok) expect(projections(shape, v)).toContainEqual(res.json<{ o: unknown }>().o);
        else {
          const detail = res.json<{ detail: string }>().detail;
          const issues = (validators['Order'] as Validator)(v);
          expect(issues.ok).toBe(false);
          for (const i of issues.ok ? [] : issues.issues) {
            expect(detail).toContain(i.path === '' ? i.message : `${i.path}: ${i.message}`);
          }
        }
      }),
      { numRuns: runs(200) },
    );
    expect(served.logger.entries).toEqual([]);
  });
});
