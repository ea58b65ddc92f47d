// The verdicts the generated bindings' freshness lines get from `Compared`: 'fresh' for every way
// a declared type can describe the JSON fwgen read (a false "stale" would fail a correct app's
// build), a message naming the type for every change. Checked by tsc (`npm run typecheck`).
import type { AnswerOf, At, Compared, Reply } from 'fw';
import { describe, expectTypeOf, it } from 'vitest';

type Stale<Label extends string> = `stale: ${Label} is not the type fwgen read; run fwgen`;

declare enum Color {
  Red = 'red',
  Blue = 'blue',
}
declare enum Level {
  Low = 0,
  High = 1,
}

class Account {
  // biome-ignore lint/correctness/noUnusedPrivateClassMembers: privacy is what is compared here
  #secret = 1;
  // biome-ignore lint/correctness/noUnusedPrivateClassMembers: privacy is what is compared here
  private hidden = 2;
  readonly name: string = '';
  tags?: readonly string[];
}

interface Tree {
  value: number;
  kids: Tree[];
  parent?: Tree | undefined;
}
type SeenTree = { value: number; kids: SeenTree[]; parent?: SeenTree };

describe('Compared', () => {
  it('is fresh for the forms a type fwgen read can be declared in', () => {
    expectTypeOf<Compared<'T', Tree, SeenTree>>().toEqualTypeOf<'fresh'>();
    expectTypeOf<Compared<'T', Tree | undefined, SeenTree>>().toEqualTypeOf<'fresh'>();
    // `| undefined` is optional, enums are their values, readonly, privacy and `any` drop out.
    type Declared = {
      a: string | undefined;
      e: Color;
      l: Level;
      // biome-ignore lint/suspicious/noExplicitAny: fwgen reads `any` as `unknown`, compared here
      x: any;
      d: Date;
      t: readonly [string, number?, ...boolean[]];
      r: Readonly<Record<string, { readonly q: 1 }>>;
    };
    type Seen = {
      a?: string;
      e: 'red' | 'blue';
      l: 0 | 1;
      x: unknown;
      d: Date;
      t: [string, number?, ...boolean[]];
      r: { [key: string]: { q: 1 } };
    };
    expectTypeOf<Compared<'T', Declared, Seen>>().toEqualTypeOf<'fresh'>();
    expectTypeOf<
      Compared<'T', Account, { name: string; tags?: string[] }>
    >().toEqualTypeOf<'fresh'>();
  });

  it('is stale, naming the label, for a property added, removed, renamed or retyped', () => {
    type Seen = { sku: string; qty: number; note?: string };
    type Was = { sku: string; qty: number; note?: string };
    expectTypeOf<Compared<'P', Was, Seen>>().toEqualTypeOf<'fresh'>();
    expectTypeOf<Compared<'P', Was & { color: string }, Seen>>().toEqualTypeOf<Stale<'P'>>();
    expectTypeOf<Compared<'P', Was & { color?: string }, Seen>>().toEqualTypeOf<Stale<'P'>>();
    expectTypeOf<Compared<'P', { sku: string; qty: number }, Seen>>().toEqualTypeOf<Stale<'P'>>();
    type Renamed = { sku: string; qty: number; notes?: string };
    expectTypeOf<Compared<'P', Renamed, Seen>>().toEqualTypeOf<Stale<'P'>>();
    type Retyped = { sku: string; qty: string; note?: string };
    expectTypeOf<Compared<'P', Retyped, Seen>>().toEqualTypeOf<Stale<'P'>>();
    type Required = { sku: string; qty: number; note: string };
    expectTypeOf<Compared<'P', Required, Seen>>().toEqualTypeOf<Stale<'P'>>();
    type Narrowed = { sku: 'a' | 'b'; qty: number; note?: string };
    expectTypeOf<Compared<'P', Narrowed, Seen>>().toEqualTypeOf<Stale<'P'>>();
    type Nullable = { sku: string | null; qty: number; note?: string };
    expectTypeOf<Compared<'P', Nullable, Seen>>().toEqualTypeOf<Stale<'P'>>();
  });

  it('is stale for a change in a recursive type and in a member of a union', () => {
    type Grown = { value: number; kids: Grown[]; parent?: Grown; color?: string };
    expectTypeOf<Compared<'T', Grown, SeenTree>>().toEqualTypeOf<Stale<'T'>>();
    type Seen = { a: { k: 1 } | { k: 2 } };
    expectTypeOf<Compared<'U', { a: { k: 1 } | { k: 2; m?: 1 } }, Seen>>().toEqualTypeOf<
      Stale<'U'>
    >();
  });
});

describe('At and AnswerOf', () => {
  it('name a property, an element or a record value, and what a handler answers', () => {
    type Order = {
      to: { city: string } | null;
      lines: readonly [string, number];
      m: Record<string, Date>;
    };
    expectTypeOf<At<Order, 'to'>>().toEqualTypeOf<{ city: string } | null>();
    expectTypeOf<At<At<Order, 'to'>, 'city'>>().toEqualTypeOf<string>();
    expectTypeOf<At<At<Order, 'lines'>, number>>().toEqualTypeOf<string | number>();
    expectTypeOf<At<At<Order, 'm'>, string>>().toEqualTypeOf<Date>();
    expectTypeOf<AnswerOf<() => Promise<Reply<Order, 201>>>>().toEqualTypeOf<Order>();
    expectTypeOf<AnswerOf<() => Order[]>>().toEqualTypeOf<Order[]>();
  });
});

describe('what fwgen could not read', () => {
  it('matches whatever is declared there, and methods are no keys', () => {
    // An answer's unsupported part (a Map, a symbol) prints as `unknown`; methods are left out.
    class Profile {
      name = '';
      visits = new Map<string, number>();
      greet(): string {
        return this.name;
      }
    }
    expectTypeOf<
      Compared<'A', Profile, { name: string; visits: unknown }>
    >().toEqualTypeOf<'fresh'>();
    type Grown = { name: string; visits: unknown; age: number };
    expectTypeOf<Compared<'A', Profile & { age?: number }, Grown>>().toEqualTypeOf<Stale<'A'>>();
  });
});
