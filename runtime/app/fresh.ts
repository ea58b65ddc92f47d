/**
 * What the generated bindings prove at compile time, at no run-time cost: that each body, payload
 * and written answer type is still the type fwgen read. fwgen prints the type it saw (`Seen`) and
 * names the handler's own (`Declared`, through `Parameters<…>` or {@link AnswerOf}); when a
 * property was added (required or optional), removed, renamed or retyped since, at any depth,
 * `tsc` fails on that line of the bindings until fwgen runs again.
 *
 * @example
 * // In a generated bindings.ts:
 * declare const freshUserController_create: Fresh<
 *   Compared<'UserController.create(body)', Parameters<UserController['create']>[0], SeenCreateUser>
 * >;
 * // After `color: string` is added to CreateUser and fwgen is not run again:
 * // error TS2344: Type '"stale: UserController.create(body) is not the type fwgen read; run fwgen"'
 * // does not satisfy the constraint '"fresh"'.
 */
import type { Reply } from '../http/reply.js';
import type { SseStream } from '../http/sse.js';

/** Stands for "the key may be absent", a value no declared type can hold. */
declare const absent: unique symbol;
type Absent = typeof absent;

/**
 * The string and number keys of `T` but its methods (JSON has none; fwgen reads no method); a
 * mapped type over them keeps no modifier of `T`'s.
 */
type Keys<T> = {
  [K in keyof T]-?: T[K] extends (...args: never[]) => unknown ? never : K;
}[Exclude<keyof T, symbol>];

/** An enum member as the literal JSON holds (`Color.Red` is `'red'`, `Level.High` is `2`). */
type Leaf<T> = T extends string
  ? `${T}`
  : T extends number
    ? `${T}` extends `${infer N extends number}`
      ? N
      : number
    : T;

/**
 * `T` as JSON sees it, so that two types that describe the same JSON are mutually assignable and
 * two that do not are not: every key is required, an optional one (`?` or `| undefined`) holding
 * {@link Absent} as well, so a key added or removed on either side makes one not assignable to the
 * other; `readonly`, class privacy and enums are dropped. `unknown` and `any` become `any`, which
 * matches whatever is on the other side: fwgen reads what it cannot read in an answer (a `Map`, a
 * `bigint`) as `unknown`, and a correct app must not fail for what fwgen could not compare.
 */
type Json<T> = unknown extends T
  ? // biome-ignore lint/suspicious/noExplicitAny: the one type that matches anything
    any
  : T extends unknown
    ? T extends Date
      ? Date
      : T extends readonly unknown[]
        ? { -readonly [K in keyof T]: Json<T[K]> }
        : T extends object
          ? {
              [K in Keys<T>]: undefined extends T[K]
                ? Json<Exclude<T[K], undefined>> | Absent
                : Json<T[K]>;
            }
          : Leaf<T>
    : never;

/** The members of `T` that describe no more JSON than `Seen`: the one a path into a union means. */
type Member<T, Seen> = T extends unknown ? ([Json<T>] extends [Json<Seen>] ? T : never) : never;

/** The verdict when the declared type is not the one fwgen read. */
type Stale<Label extends string> = `stale: ${Label} is not the type fwgen read; run fwgen`;

/**
 * `'fresh'` when `Declared` (without `undefined`, for an optional parameter; of a union, the
 * members that can be `Seen`) describes the same JSON as `Seen`, else a message naming `Label` and
 * what to do. TypeScript compares objects nested three deep in one comparison and assumes the
 * rest alike, so the bindings compare each named type reached from a handler's on a line of its
 * own, reached through {@link At}.
 */
export type Compared<Label extends string, Declared, Seen> = [
  Member<Exclude<Declared, undefined>, Seen>,
] extends [never]
  ? Stale<Label>
  : [Json<Seen>] extends [Json<Member<Exclude<Declared, undefined>, Seen>>]
    ? 'fresh'
    : Stale<Label>;

/**
 * What is found at `Key` of `T`: a property's type (`'name'`), a record's value (`string`), an
 * array's or a tuple's element (`number`), from every member of a union that has it.
 */
export type At<T, Key extends string | number> = T extends readonly (infer Element)[]
  ? Key extends number
    ? Element
    : never
  : T extends unknown
    ? Key extends keyof T
      ? T[Key]
      : never
    : never;

/** Fails `tsc` where a {@link Compared} verdict is not `'fresh'`, showing its message. */
export type Fresh<Verdict extends 'fresh'> = Verdict;

/**
 * What a handler method answers, as fwgen reads its response: the return type awaited, the body
 * of fw's `Reply<T, S>`, and for an `sse()` stream the type of its events' data.
 */
export type AnswerOf<Method extends (...args: never[]) => unknown> = Opened<
  [Awaited<ReturnType<Method>>] extends [Reply<infer Body, number>]
    ? Body
    : Awaited<ReturnType<Method>>
>;

/** An answer's body as its writer sees it: the data of an `sse()` stream, else the body itself. */
type Opened<Body> = [Body] extends [SseStream<infer Data>] ? Data : Body;
