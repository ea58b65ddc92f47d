// Generated writers write every value by its declared type: class instances, toJSON answers,
// records, tuples and unions of objects, never a property the type does not declare.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { render } from '../../../cli/emit/render.js';
import type { PublishedEvent, Shape } from '../../../cli/ir.js';
import { app, array, literal, named, object, record, ref, s, tuple, union } from './builder.js';
import { loadWriters, removeGenerated } from './generated.js';

const OWNER = named('src/a#Owner', object({ login: s.string, 'since?': s.date }));
const CAT = named('src/a#Cat', object({ kind: literal('cat'), lives: s.number }));
const DOG = named(
  'src/a#Dog',
  object({ kind: literal('dog'), good: s.boolean, owner: ref('src/a#Owner') }),
);
const TREE = named('src/a#Tree', union(array(ref('src/a#Tree')), ref('src/a#Owner')));
const PET = named('src/a#Pet', union(ref('src/a#Cat'), ref('src/a#Dog')));

class OwnerRow {
  readonly passwordHash = 'hunter2';
  readonly login: string;
  constructor(login: string) {
    this.login = login;
  }
}

class Account {
  readonly #login: string;
  readonly secret = 's';
  constructor(login: string) {
    this.#login = login;
  }
  get login(): string {
    return this.#login;
  }
}

class Wire {
  readonly internal = 'i';
  toJSON(): unknown {
    return { login: 'wire', token: 't' };
  }
}

describe('generated writers, by the declared type', () => {
  const answers: Shape[] = [
    ref('src/a#Owner'),
    array(ref('src/a#Owner')),
    record(ref('src/a#Owner')),
    tuple(ref('src/a#Owner'), s.number),
    ref('src/a#Pet'),
    union(ref('src/a#Owner'), array(ref('src/a#Owner')), s.null),
    ref('src/a#Tree'),
    object({ 'pet?': union(ref('src/a#Cat'), ref('src/a#Dog'), s.string) }),
  ];
  let write: ((v: unknown) => string | undefined)[] = [];
  beforeAll(async () => {
    write = await loadWriters('writers-declared', answers, [CAT, DOG, OWNER, PET, TREE]);
  });
  afterAll(() => removeGenerated('writers-declared'));

  it('writes a class instance by its declared properties, a getter read by name', () => {
    expect(write[0]?.(new OwnerRow('ann'))).toBe('{"login":"ann"}');
    expect(write[0]?.(new Account('bob'))).toBe('{"login":"bob"}');
    expect(write[1]?.([new OwnerRow('a'), { login: 'b', x: 1 }, new Account('c')])).toBe(
      '[{"login":"a"},{"login":"b"},{"login":"c"}]',
    );
  });

  it('writes an instance inside an instance, each by its own type', () => {
    class DogRow {
      readonly kind = 'dog';
      readonly good = true;
      readonly owner = new OwnerRow('o');
      readonly chip = 'undeclared';
    }
    expect(write[4]?.(new DogRow())).toBe('{"kind":"dog","good":true,"owner":{"login":"o"}}');
    expect(write[1]?.([new DogRow().owner, new DogRow().owner])).toBe(
      '[{"login":"o"},{"login":"o"}]',
    );
  });

  it('writes what toJSON answers by the declared type, and a date as JSON.stringify does', () => {
    expect(write[0]?.(new Wire())).toBe('{"login":"wire"}');
    const since = new Date(0);
    expect(write[0]?.({ login: 'd', since, extra: 1 })).toBe(
      `{"login":"d","since":${JSON.stringify(since)}}`,
    );
    expect(write[0]?.({ toJSON: () => 'mine' })).toBe('"mine"');
  });

  it('writes records and tuples of objects by their element types', () => {
    expect(write[2]?.({ a: new OwnerRow('a'), b: { login: 'b', pin: 1 }, c: undefined })).toBe(
      '{"a":{"login":"a"},"b":{"login":"b"}}',
    );
    expect(write[3]?.([new OwnerRow('a'), 2])).toBe('[{"login":"a"},2]');
    expect(write[3]?.([{ login: 'a' }, 2, 'undeclared place'])).toBe('[{"login":"a"},2]');
  });

  it('writes a union of objects by every property a member declares, and none other', () => {
    expect(write[4]?.({ kind: 'cat', lives: 9, secret: 1 })).toBe('{"kind":"cat","lives":9}');
    expect(write[4]?.({ kind: 'dog', good: true, owner: new OwnerRow('o'), secret: 1 })).toBe(
      '{"kind":"dog","good":true,"owner":{"login":"o"}}',
    );
    expect(write[7]?.({ pet: { kind: 'cat', lives: 1, chip: 'x' } })).toBe(
      '{"pet":{"kind":"cat","lives":1}}',
    );
    expect(write[7]?.({ pet: 'none' })).toBe('{"pet":"none"}');
  });

  it('writes a tagged union by the member its tag names, so no member lends another a field', () => {
    // `lives` is declared by Cat only: a dog that carries one does not send it.
    const dog = { kind: 'dog', good: true, owner: { login: 'o' }, lives: 9 };
    expect(write[4]?.(dog)).toBe('{"kind":"dog","good":true,"owner":{"login":"o"}}');
    class CatRow {
      readonly kind = 'cat';
      readonly lives = 7;
      readonly good = 'undeclared on a cat';
    }
    expect(write[4]?.(new CatRow())).toBe('{"kind":"cat","lives":7}');
    expect(write[7]?.({ pet: { kind: 'cat', lives: 1, good: false } })).toBe(
      '{"pet":{"kind":"cat","lives":1}}',
    );
    // A tag that names no member: every property some member declares, and none other.
    expect(write[4]?.({ kind: 'fox', lives: 1, good: true, secret: 's' })).toBe(
      '{"kind":"fox","lives":1,"good":true}',
    );
  });

  it('writes a union of an object and an array by the kind of the value', () => {
    expect(write[5]?.(new OwnerRow('a'))).toBe('{"login":"a"}');
    expect(write[5]?.([new OwnerRow('a')])).toBe('[{"login":"a"}]');
    expect(write[5]?.(null)).toBe('null');
    expect(write[6]?.([[new OwnerRow('a')], { login: 'b', pin: 2 }])).toBe(
      '[[{"login":"a"}],{"login":"b"}]',
    );
  });
});

describe('the published events of the bindings', () => {
  const at = { file: 'src/a.ts', line: 1, column: 1 };
  const event = (name: string, type: string): PublishedEvent => ({ name, type, at });

  it('names the writer of each event name, a union of its types when it has several', () => {
    const model = {
      ...app([]),
      responses: [CAT, DOG, OWNER],
      published: [
        event('__proto__', 'src/a#Owner'),
        event('pet.seen', 'src/a#Cat'),
        event('pet.seen', 'src/a#Dog'),
        event('user.new', 'src/a#Owner'),
        event('user.old', 'src/a#Gone'),
      ],
    };
    const text = render(model, 'src/bindings.ts');
    expect(text).toContain(
      [
        '  published: {',
        "    ['__proto__']: writeOwner,",
        "    'pet.seen': writeEvent_pet_seen,",
        "    'user.new': writeOwner,",
        '  },',
      ].join('\n'),
    );
    expect(text).toContain('function writeEvent_pet_seen(v: unknown): string | undefined {');
    expect(text).not.toContain('user.old');
  });

  it('writes no published field when no event has a known type', () => {
    expect(render({ ...app([]), published: [event('x', 'src/a#Gone')] }, 'b.ts')).not.toContain(
      'published',
    );
  });
});
