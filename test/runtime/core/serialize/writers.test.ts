// Properties of fw/serialize (runtime/serialize/index.ts) with JSON.stringify as the oracle: the
// leaf writers on any value, arrays of any elements, and a writer composed by hand the way fwgen's
// generated code composes one, which differs only by sending the declared properties, in order.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  first,
  isJsonObject,
  json,
  member,
  object,
  own,
  tagOf,
  type Writer,
  writeArray,
  writeBigint,
  writeBoolean,
  writeEither,
  writeNumber,
  writeOther,
  writeRecord,
  writeString,
  writeTuple,
} from '../../../../runtime/core/serialize/writers.js';
import { anyString, codeUnit, keyName, runs, stringOf } from '../../../fuzz/support.js';

/** Everything JSON.stringify answers for without throwing: fast-check's values but bigint, and more. */
const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.anything({
      withBoxedValues: true,
      withDate: true,
      withMap: true,
      withSet: true,
      withNullPrototype: true,
      withSparseArray: true,
      withTypedArray: true,
      withObjectString: true,
      withUnicodeString: true,
    }),
  },
  anyString(),
  fc.double(),
  fc.func(fc.integer()),
  fc.string().map((d) => Symbol(d)),
  fc.constantFrom(undefined, null, -0, 1e21, 5e-324, new String('s'), new Date(Number.NaN)),
);

/** What needs escaping, what does not though it looks as if it might, and a surrogate pair. */
const SPECIAL = [...'"\\\0\b\n\x1f\x7f\u2028\u2029', '\ud800', '\udfff', '\ud83d\ude00'];

/** Strings of any code units; and at and around 64 units, clean or with a special one anywhere. */
const strings: fc.Arbitrary<string> = fc.oneof(
  anyString(80),
  stringOf(SPECIAL, 20),
  fc
    .record({ n: fc.integer({ min: 58, max: 70 }), c: fc.constantFrom('', ...SPECIAL) })
    .map(({ n, c }) => 'é'.repeat(n - c.length) + c),
  fc
    .record({ n: fc.nat(70), at: fc.nat(), c: fc.constantFrom(...SPECIAL) })
    .map(({ n, at, c }) => 'a'.repeat(at % (n + 1)) + c + 'a'.repeat(n - (at % (n + 1)))),
  fc.string({
    unit: fc.oneof({ weight: 30, arbitrary: fc.constantFrom('a', 'é', '€') }, codeUnit),
    minLength: 60,
    maxLength: 68,
  }),
);

const numbers = fc.oneof(
  fc.double(),
  fc.integer(),
  fc.constantFrom(-0, Number.NaN, Infinity, -Infinity, 1e21, 5e-324),
);

describe('leaf writers answer what JSON.stringify answers', () => {
  const leaves: [Writer, fc.Arbitrary<unknown>, number][] = [
    [writeString, strings, 3000],
    [writeNumber, fc.oneof(numbers, numbers.map(String)), 2000],
    [writeBoolean, fc.boolean(), 1000],
  ];
  for (const [write, values, n] of leaves) {
    it(`${write.name}, on values of its type and on values of any other type`, () => {
      fc.assert(
        fc.property(fc.oneof(values, anyValue), (v) => {
          expect(write(v)).toBe(JSON.stringify(v));
        }),
        { numRuns: runs(n) },
      );
    });
  }

  it('each throws a TypeError on a bigint, as JSON.stringify does', () => {
    fc.assert(
      fc.property(fc.bigInt(), fc.constantFrom(writeString, writeNumber, writeBoolean), (n, w) => {
        expect(() => JSON.stringify(n)).toThrow(TypeError);
        expect(() => w(n)).toThrow(TypeError);
      }),
      { numRuns: runs(100) },
    );
  });
});

describe('writeArray answers what JSON.stringify answers', () => {
  const element = fc.constantFrom(writeString, writeNumber, writeBoolean, json);
  const arrays = fc.oneof(
    fc.array(anyValue),
    fc.sparseArray(anyValue, { maxNumElements: 8 }),
    fc.array(fc.oneof(strings, fc.double(), fc.boolean(), fc.constant(undefined))),
  );

  it('on any array (holes, undefined, functions, symbols are null) and on non-arrays', () => {
    fc.assert(
      fc.property(fc.oneof(arrays, anyValue), element, (v, w) => {
        expect(writeArray(v, w)).toBe(JSON.stringify(v));
      }),
      { numRuns: runs(2000) },
    );
  });

  it('on an array with its own toJSON, which JSON.stringify calls instead', () => {
    fc.assert(
      fc.property(arrays, anyValue, element, (v, r, w) => {
        const a = Object.assign(v, { toJSON: () => r });
        expect(writeArray(a, w)).toBe(JSON.stringify(a));
      }),
      { numRuns: runs(300) },
    );
  });
});

describe('isJsonObject', () => {
  it('is true exactly for plain objects (prototype Object.prototype or null) without a callable toJSON', () => {
    fc.assert(
      fc.property(anyValue, (v) => {
        const object = typeof v === 'object' && v !== null;
        const plain =
          object && [Object.prototype, null].includes(Object.getPrototypeOf(v) as object | null);
        const toJSON = object && typeof Reflect.get(v, 'toJSON') === 'function';
        expect(isJsonObject(v)).toBe(plain && !toJSON);
      }),
      { numRuns: runs(800) },
    );
    const objects = [{}, Object.create(null), { toJSON: 1 }, JSON.parse('{"a":1}')];
    expect(objects.filter((v) => !isJsonObject(v))).toEqual([]);
    const others = [new Date(), { toJSON: () => 1 }, [], null, 'x', 3, new (class {})()];
    expect(others.filter((v) => isJsonObject(v))).toEqual([]);
  });
});

/** What fwgen generates for `interface Job { id: number; name: string; tags: string[]; ok?: boolean }`. */
function writeJob(v: unknown): string | undefined {
  if (!isJsonObject(v)) return writeOther(v, writeJob);
  let out = first('{"id":', writeNumber(v['id']));
  out = member(out, ',"name":', writeString(v['name']));
  out = member(out, ',"tags":', writeArray(v['tags'], writeString));
  out = member(out, ',"ok":', writeBoolean(v['ok']));
  return object(out);
}

const DECLARED = ['id', 'name', 'tags', 'ok'];
const job = fc.record(
  {
    id: fc.oneof(fc.integer(), fc.double()),
    name: strings,
    tags: fc.array(strings, { maxLength: 5 }),
    ok: fc.option(fc.boolean(), { nil: undefined }),
  },
  { requiredKeys: ['id', 'name', 'tags'] },
);

describe('a composed object writer', () => {
  it('answers what JSON.stringify answers for a conforming object, ok absent or undefined', () => {
    fc.assert(
      fc.property(job, (v) => {
        expect(writeJob(v)).toBe(JSON.stringify(v));
      }),
      { numRuns: runs(1000) },
    );
  });

  it('sends only the declared properties, in declared order', () => {
    const sent = fc
      .tuple(job, fc.dictionary(keyName(), anyValue, { maxKeys: 4 }))
      .chain(([v, x]) => {
        const entries = [
          ...Object.entries(v),
          ...Object.entries(x).filter(([k]) => !DECLARED.includes(k)),
        ];
        const shuffled = fc.shuffledSubarray(entries, { minLength: entries.length });
        return shuffled.map((e) => [v, Object.fromEntries(e)] as const);
      });
    fc.assert(
      fc.property(sent, ([v, o]) => {
        const declared = { id: v.id, name: v.name, tags: v.tags, ok: v.ok };
        expect(writeJob(o)).toBe(JSON.stringify(declared));
      }),
      { numRuns: runs(1000) },
    );
    expect(writeJob({})).toBe('{}');
    // No comma before the first member sent, whichever it is.
    expect(writeJob({ name: 'a', ok: true })).toBe('{"name":"a","ok":true}');
    expect(writeJob({ id: undefined, tags: [] })).toBe('{"tags":[]}');
  });

  it('answers what JSON.stringify answers for a value that is no object, an array or a boxed primitive', () => {
    const values = [null, undefined, 3, 'x', [], [1, 'a'], new Date(0), { toJSON: () => 'j' }];
    const boxed = [new String('x'), new Number(3), new Boolean(true), Object(1n) as object];
    for (const v of [...values, ...boxed.slice(0, 3)]) expect(writeJob(v)).toBe(JSON.stringify(v));
    expect(() => writeJob(boxed[3])).toThrow(TypeError);
  });
});

describe('a composed object writer, on objects that are not plain', () => {
  class WithGetter {
    get id(): number {
      return 1;
    }
  }
  class Row {
    id = 7;
    name = 'r';
    tags: string[] = [];
    secret = 's';
  }
  class Wire {
    secret = 's';
    toJSON() {
      return { name: 'w', token: 't', tags: ['t'] };
    }
  }
  const cases: [string, unknown, string][] = [
    ['a class instance with a prototype getter', new WithGetter(), '{"id":1}'],
    ['a class instance with an undeclared field', new Row(), '{"id":7,"name":"r","tags":[]}'],
    ['an object whose prototype holds id', Object.create({ id: 4 }), '{"id":4}'],
    ['what toJSON answers, by the declared type', new Wire(), '{"name":"w","tags":["t"]}'],
  ];
  it.each(cases)('writes %s by its declared properties', (_name, v, want) => {
    expect(writeJob(v)).toBe(want);
  });

  it('writes a declared non-enumerable own property, which JSON.stringify leaves out', () => {
    const v = Object.defineProperty({}, 'id', { value: 2 });
    expect([writeJob(v), JSON.stringify(v)]).toEqual(['{"id":2}', '{}']);
  });

  it('never sends a property the type does not declare, whatever the object', () => {
    const extra = fc.dictionary(keyName(), anyValue, { maxKeys: 4 });
    fc.assert(
      fc.property(job, extra, (v, x) => {
        class Instance {}
        const undeclared = Object.entries(x).filter(
          ([k]) => ![...DECLARED, 'toJSON', '__proto__'].includes(k),
        );
        const instance = Object.assign(new Instance(), Object.fromEntries(undeclared), v);
        const declared = { id: v.id, name: v.name, tags: v.tags, ok: v.ok };
        expect(writeJob(instance)).toBe(JSON.stringify(declared));
      }),
      { numRuns: runs(500) },
    );
  });
});

describe('records, tuples and unions of objects', () => {
  class Row {
    id = 1;
    name = 'r';
    tags = ['t'];
    secret = 's';
  }
  const rowText = '{"id":1,"name":"r","tags":["t"]}';

  it('writeRecord writes each own enumerable property by its value writer, in order', () => {
    const v = { b: new Row(), a: { id: 2, pin: 0 }, none: undefined, f: () => 1 };
    expect(writeRecord(v, writeJob)).toBe(`{"b":${rowText},"a":{"id":2}}`);
    expect(writeRecord({}, writeJob)).toBe('{}');
    expect(writeRecord({ 'a"b': 1 }, writeNumber)).toBe('{"a\\"b":1}');
    expect(writeRecord({ toJSON: () => ({ x: new Row() }) }, writeJob)).toBe(`{"x":${rowText}}`);
    for (const v of [null, 3, 'x', [1]]) expect(writeRecord(v, writeJob)).toBe(JSON.stringify(v));
  });

  it('writeTuple writes each place by its writer, the rest by rest, no undeclared place', () => {
    expect(writeTuple([new Row(), 2], [writeJob, writeNumber])).toBe(`[${rowText},2]`);
    expect(writeTuple([new Row(), 2, 'x'], [writeJob, writeNumber])).toBe(`[${rowText},2]`);
    expect(writeTuple(['a', new Row(), new Row()], [writeString], writeJob)).toBe(
      `["a",${rowText},${rowText}]`,
    );
    expect(writeTuple([1], [writeNumber, writeNumber])).toBe('[1]');
    expect(writeTuple('x', [writeNumber])).toBe('"x"');
  });

  it('writeEither writes an array by one writer and anything else by the other', () => {
    const arrays = (v: unknown) => writeArray(v, writeJob);
    expect(writeEither([new Row()], writeJob, arrays)).toBe(`[${rowText}]`);
    expect(writeEither(new Row(), writeJob, arrays)).toBe(rowText);
    expect(writeEither(null, writeJob, arrays)).toBe('null');
  });

  it('tagOf reads the tag by name, a getter included, and nothing of what is no object', () => {
    class Cat {
      get kind(): string {
        return 'cat';
      }
    }
    expect(tagOf({ kind: 'dog' }, 'kind')).toBe('dog');
    expect(tagOf(new Cat(), 'kind')).toBe('cat');
    expect(tagOf('kind', 'kind')).toBeUndefined();
    expect(tagOf(null, 'kind')).toBeUndefined();
  });

  it('writeArray writes what an array toJSON answers by the element writer', () => {
    const a = Object.assign([new Row()], { toJSON: () => [new Row(), new Row()] });
    expect(writeArray(a, writeJob)).toBe(`[${rowText},${rowText}]`);
  });
});

describe('writeBigint', () => {
  it('writes a bigint as a JSON string of its digits, which BigInt reads back exactly', () => {
    expect(writeBigint(9007199254740993n)).toBe('"9007199254740993"');
    expect(writeBigint(-1n)).toBe('"-1"');
    expect(writeBigint(0n)).toBe('"0"');
    fc.assert(
      fc.property(fc.bigInt({ min: -(2n ** 256n), max: 2n ** 256n }), (n) => {
        const text = writeBigint(n) as string;
        expect(text).toMatch(/^"-?(0|[1-9][0-9]*)"$/);
        expect(BigInt(JSON.parse(text) as string)).toBe(n);
      }),
      { numRuns: runs(1000) },
    );
  });

  it('writes any other value as JSON.stringify does: a union of bigint and other primitives', () => {
    fc.assert(
      fc.property(anyValue, (v) => {
        expect(writeBigint(v)).toBe(JSON.stringify(v));
      }),
      { numRuns: runs(1000) },
    );
  });

  it('is how object, array, record and tuple writers write a bigint handed in their place', () => {
    // `bigint | Job`, `bigint | string[]`: the writer of the object or array gets the bigint.
    expect(writeJob(12n)).toBe('"12"');
    expect(writeArray(-3n, writeString)).toBe('"-3"');
    expect(writeRecord(4n, writeString)).toBe('"4"');
    expect(writeTuple(5n, [writeString])).toBe('"5"');
    expect(writeEither(6n, writeJob, (v) => writeArray(v, writeString))).toBe('"6"');
    // A bigint inside what has no declared type (`unknown`) throws, as in JSON.stringify.
    expect(() => json({ n: 1n })).toThrow(TypeError);
  });
});

describe('own', () => {
  it('answers an own property only, never one of the prototype chain', () => {
    expect(own(Object.create({ a: 1 }), 'a')).toBeUndefined();
    expect(own({ toString: 'x' }, 'toString')).toBe('x');
    expect(own({}, 'toString')).toBeUndefined();
    const dictionary = fc.dictionary(keyName(), anyValue);
    fc.assert(
      fc.property(dictionary, dictionary, keyName(), (proto, mine, key) => {
        const v = Object.create(proto, Object.getOwnPropertyDescriptors(mine));
        expect(own(v, key)).toBe(new Map(Object.entries(mine)).get(key));
      }),
      { numRuns: runs(800) },
    );
  });
});
