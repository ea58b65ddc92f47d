// The writers fwgen generates for the fixtures' types (fixtures/*/input, as the analyzer reads
// them), on generated values that carry an undeclared property at every depth, as plain objects
// and as class instances: what reaches the client, over HTTP and as a WebSocket reply, never holds
// one. The writers are rendered by fwgen's emitter and served by createApp over real sockets.
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAnalyzer } from '../../cli/analyze/index.js';
import type { NamedType, Shape } from '../../cli/ir.js';
import { FIXTURES } from '../../fixtures/cases.js';
import { loadWriters, removeGenerated } from '../cli/emit/generated.js';
import { serve } from '../http/support.js';
import { Client } from '../ws/support.js';
import { runs } from './support.js';

/** The cases whose types are read: every kind of shape fwgen writes is among them. */
const CASES = [
  'api-docs',
  'boundaries',
  'generics',
  'property-names',
  'tuples',
  'unions',
  'validators',
];

/** The undeclared property every generated object carries, and its value. */
const EXTRA = 'undeclared$';
const MARK = 'UNDECLARED-VALUE';

/** Every named type of the cases, by id: bodies, answers and what only the documents name. */
function fixtureTypes(): Map<string, NamedType> {
  const types = new Map<string, NamedType>();
  for (const name of CASES) {
    const analyzer = createAnalyzer({
      root: FIXTURES,
      tsconfig: join(FIXTURES, 'tsconfig.json'),
      src: join(FIXTURES, name, 'input'),
      out: join(FIXTURES, name, 'expected', 'bindings.ts'),
    });
    const { model } = analyzer.analyze();
    for (const t of [...model.types, ...(model.responses ?? []), ...(model.documented ?? [])]) {
      types.set(t.id, t);
    }
  }
  return types;
}

/** A class an ORM might hand back: its fields are the object's, its prototype is not Object's. */
class Row {
  get computed(): string {
    return MARK;
  }
}

/**
 * Values of `shape`, each object with {@link EXTRA} beside its declared properties, some of them
 * made class instances; `depth` bounds recursion (arrays and records empty, unions' plain
 * members chosen, optional properties left out past it).
 */
function valuesOf(
  shape: Shape,
  types: ReadonlyMap<string, NamedType>,
  depth: number,
): fc.Arbitrary<unknown> {
  const deep = depth > 3;
  switch (shape.kind) {
    case 'string':
      return fc.string({ maxLength: 8 });
    case 'number':
      return fc.oneof(fc.integer(), fc.double());
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'unknown':
      return fc.jsonValue({ maxDepth: 2 });
    case 'date':
      return fc.date({ noInvalidDate: true });
    case 'bigint':
      return fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n });
    case 'literal':
      return fc.constant(shape.value);
    case 'array':
      return deep
        ? fc.constant([])
        : fc.array(valuesOf(shape.element, types, depth + 1), { maxLength: 3 });
    case 'tuple': {
      const required = shape.elements.slice(0, shape.required ?? shape.elements.length);
      return fc.tuple(...required.map((e) => valuesOf(e, types, depth + 1)));
    }
    case 'record':
      return deep
        ? fc.constant({})
        : fc.dictionary(fc.string({ maxLength: 6 }), valuesOf(shape.value, types, depth + 1), {
            maxKeys: 3,
          });
    case 'union': {
      const plain = shape.members.filter((m) => m.kind !== 'ref' && m.kind !== 'object');
      const members = deep && plain.length > 0 ? plain : shape.members;
      return fc.oneof(...members.map((m) => valuesOf(m, types, depth + 1)));
    }
    case 'ref': {
      const target = types.get(shape.id);
      if (target === undefined) throw new Error(`no type ${shape.id}`);
      return fc.constant(null).chain(() => valuesOf(target.shape, types, depth + 1));
    }
    case 'object': {
      const properties = shape.properties.filter((p) => !(deep && p.optional));
      const values = properties.map((p) => valuesOf(p.shape, types, depth + 1));
      const present = properties.map((p) => (p.optional ? fc.boolean() : fc.constant(true)));
      return fc
        .tuple(fc.tuple(...values), fc.tuple(...present), fc.boolean())
        .map(([vs, here, instance]) => {
          const o: object = instance ? new Row() : {};
          properties.forEach((p, i) => {
            if (here[i]) define(o, p.name, vs[i]);
          });
          define(o, EXTRA, MARK);
          return o;
        });
    }
    default:
      throw new Error(`no values for ${JSON.stringify(shape)}`);
  }
}

/** Sets an own enumerable property, `__proto__` included, as parsed JSON has it. */
function define(o: object, key: string, value: unknown): void {
  Object.defineProperty(o, key, { value, enumerable: true, writable: true, configurable: true });
}

const types = fixtureTypes();
const written = [...types.values()].filter((t) => t.shape.kind !== 'unknown');
const NAME = 'fuzz-writers';
let writers: ((v: unknown) => string | undefined)[] = [];

beforeAll(async () => {
  const answers = written.map((t): Shape => ({ kind: 'ref', id: t.id }));
  writers = await loadWriters(NAME, answers, [...types.values()]);
}, 60_000);
afterAll(() => removeGenerated(NAME));

function expectDeclaredOnly(text: string | undefined): void {
  expect(text).toBeTypeOf('string');
  expect(() => JSON.parse(text as string)).not.toThrow();
  expect(text).not.toContain(EXTRA);
  expect(text).not.toContain(MARK);
}

describe("the fixtures' types, written with undeclared properties at every depth", () => {
  it('covers objects, arrays, records, tuples and unions of them', () => {
    const kinds = new Set(written.map((t) => t.shape.kind));
    for (const kind of ['object', 'union']) expect(kinds).toContain(kind);
    expect(written.length).toBeGreaterThan(20);
  });

  it('makes values that JSON.stringify would send with the undeclared property', () => {
    for (const t of written.filter((w) => w.shape.kind === 'object')) {
      fc.assert(
        fc.property(valuesOf(t.shape, types, 0), (v) => {
          // A bigint goes as its digits, as fw writes one; JSON.stringify alone throws on it.
          const text = JSON.stringify(v, (_k, x) => (typeof x === 'bigint' ? String(x) : x));
          expect(text).toContain(MARK);
        }),
        { numRuns: runs(5) },
      );
    }
  });

  it('never answers an undeclared property over HTTP', async () => {
    let current: unknown;
    const served = await serve(
      written.map((_, i) => ({
        method: 'GET',
        path: `/types/${i}`,
        serialize: writers[i] as (v: unknown) => string | undefined,
        handle: () => current,
      })),
    );
    for (const [i, t] of written.entries()) {
      await fc.assert(
        fc.asyncProperty(valuesOf(t.shape, types, 0), async (v) => {
          current = v;
          const res = await fetch(served.url(`/types/${i}`));
          expect(res.status).toBe(200);
          expectDeclaredOnly(await res.text());
        }),
        { numRuns: runs(15) },
      );
    }
  }, 120_000);

  it('never replies with an undeclared property on a WebSocket', async () => {
    const objects = written.filter((t) => t.shape.kind === 'object').slice(0, 8);
    let current: unknown;
    const served = await serve(
      objects.map((t) => ({
        method: 'WS',
        path: `/ws/${written.indexOf(t)}`,
        serialize: writers[written.indexOf(t)] as (v: unknown) => string | undefined,
        handle: () => current,
      })),
    );
    for (const t of objects) {
      const client = await Client.open(served.port, `/ws/${written.indexOf(t)}`);
      await fc.assert(
        fc.asyncProperty(valuesOf(t.shape, types, 0), async (v) => {
          current = v;
          expectDeclaredOnly(await client.ask('next'));
        }),
        { numRuns: runs(10) },
      );
    }
  }, 120_000);
});
