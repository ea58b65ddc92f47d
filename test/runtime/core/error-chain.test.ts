import { describe, expect, it } from 'vitest';
import { errorIs, findHttpError, joinErrors, toError } from '../../../runtime/core/error-chain.js';
import { FwError, HttpError } from '../../../runtime/core/errors.js';

type Case<G, W> = [name: string, { given: G; want: W }];

const a = new Error('a');
const b = new Error('b');
const c = new Error('c');
const d = new Error('d');
const join = (...errs: Error[]): Error =>
  errs.reduce<Error | undefined>((acc, e) => joinErrors(acc, e), undefined) as Error;

/** What a joined error holds: itself when it is not an AggregateError, else its errors. */
const held = (err: Error | undefined): unknown =>
  err instanceof AggregateError ? { errors: err.errors, message: err.message } : err;

// Go's errors.Join: undefined is skipped, joins are flattened, and the same error is not doubled.
describe('joinErrors()', () => {
  const user = new AggregateError([a, b], 'user aggregate');
  const cases: Case<() => [Error | undefined, Error | undefined], unknown>[] = [
    ['both undefined', { given: () => [undefined, undefined], want: undefined }],
    ['first undefined', { given: () => [undefined, b], want: b }],
    ['second undefined', { given: () => [a, undefined], want: a }],
    ['the same error twice', { given: () => [a, a], want: a }],
    ['two errors', { given: () => [a, b], want: { errors: [a, b], message: 'a\nb' } }],
    [
      'a join, then one',
      { given: () => [join(a, b), c], want: { errors: [a, b, c], message: 'a\nb\nc' } },
    ],
    [
      'one, then a join',
      { given: () => [a, join(b, c)], want: { errors: [a, b, c], message: 'a\nb\nc' } },
    ],
    [
      'two joins',
      {
        given: () => [join(a, b), join(c, d)],
        want: { errors: [a, b, c, d], message: 'a\nb\nc\nd' },
      },
    ],
    [
      'a join with undefined',
      { given: () => [join(a, b), undefined], want: { errors: [a, b], message: 'a\nb' } },
    ],
    [
      "a user's AggregateError stays whole",
      { given: () => [user, c], want: { errors: [user, c], message: 'user aggregate\nc' } },
    ],
  ];
  it.each(cases)('%s', (_name, { given, want }) => {
    expect(held(joinErrors(...given()))).toEqual(want);
  });

  it('gives an AggregateError that errorIs finds each part of', () => {
    const joined = join(a, b, c);
    expect(joined).toBeInstanceOf(AggregateError);
    expect([a, b, c, d].map((e) => errorIs(joined, e))).toEqual([true, true, true, false]);
  });

  it("keeps a user's AggregateError and its cause findable", () => {
    const notFound = new HttpError(404, 'no user');
    const user = new AggregateError([a], 'lookup failed', { cause: notFound });
    const joined = joinErrors(user, b);
    expect(errorIs(joined, user)).toBe(true);
    expect(findHttpError(joined)).toBe(notFound);
  });
});

// Go's errors.Is: the error itself, or anywhere through AggregateError members and causes.
describe('errorIs()', () => {
  const cyclic = new Error('cyclic');
  (cyclic as { cause?: unknown }).cause = cyclic;
  const cases: Case<{ err: unknown; target: Error }, boolean>[] = [
    ['the error itself', { given: { err: a, target: a }, want: true }],
    ['another error', { given: { err: a, target: b }, want: false }],
    ['an equal but different error', { given: { err: new Error('a'), target: a }, want: false }],
    ['undefined', { given: { err: undefined, target: a }, want: false }],
    ['null', { given: { err: null, target: a }, want: false }],
    ['in a join', { given: { err: join(b, a), target: a }, want: true }],
    ['the cause', { given: { err: new Error('x', { cause: a }), target: a }, want: true }],
    [
      'the cause of a cause',
      {
        given: { err: new Error('x', { cause: new Error('y', { cause: a }) }), target: a },
        want: true,
      },
    ],
    [
      'a cause inside a join',
      { given: { err: join(b, new Error('x', { cause: a })), target: a }, want: true },
    ],
    [
      'a member of an AggregateError',
      { given: { err: new AggregateError([b, a]), target: a }, want: true },
    ],
    [
      'the cause of an AggregateError',
      { given: { err: new AggregateError([b], 'm', { cause: a }), target: a }, want: true },
    ],
    [
      'a nested AggregateError',
      { given: { err: new AggregateError([new AggregateError([a])]), target: a }, want: true },
    ],
    [
      'a cause that is not an Error',
      { given: { err: new Error('x', { cause: 'a' }), target: a }, want: false },
    ],
    ['a cycle, not found', { given: { err: cyclic, target: a }, want: false }],
    ['a cycle, found', { given: { err: cyclic, target: cyclic }, want: true }],
  ];
  it.each(cases)('%s', (_name, { given, want }) => {
    expect(errorIs(given.err, given.target)).toBe(want);
  });
});

// Go's errors.As: the first HttpError of the chain, depth first.
describe('findHttpError()', () => {
  const h1 = new HttpError(404, 'first');
  const h2 = new HttpError(409, 'second');
  const fw = new FwError('FW_ERR_BODY_REQUIRED');
  const outer = new HttpError(400, 'outer', { cause: h1 });
  const cases: Case<unknown, HttpError | undefined>[] = [
    ['undefined', { given: undefined, want: undefined }],
    ['a plain error', { given: a, want: undefined }],
    ['a thrown string', { given: 'x', want: undefined }],
    ['an HttpError', { given: h1, want: h1 }],
    ['an FwError', { given: fw, want: fw }],
    ['a cause', { given: new Error('x', { cause: h1 }), want: h1 }],
    ['in a join', { given: join(a, h1), want: h1 }],
    ['the first of a join', { given: join(h1, h2), want: h1 }],
    [
      'depth first, not breadth first',
      { given: new AggregateError([new Error('x', { cause: h1 }), h2]), want: h1 },
    ],
    [
      'members before the own cause',
      { given: new AggregateError([h1], 'm', { cause: h2 }), want: h1 },
    ],
    ['the outer of two', { given: outer, want: outer }],
  ];
  it.each(cases)('%s', (_name, { given, want }) => {
    expect(findHttpError(given)).toBe(want);
  });
});

// toError: whatever was thrown becomes an Error; an Error is kept as it is.
describe('toError()', () => {
  const typeError = new TypeError('t');
  const plainObject = { a: 1 };
  const noPrototype = Object.create(null) as object;
  const badToString = {
    toString(): string {
      throw new Error('no');
    },
  };
  const cases: Case<unknown, { same: boolean; message: string; cause: unknown }>[] = [
    ['an Error', { given: a, want: { same: true, message: 'a', cause: undefined } }],
    ['a TypeError', { given: typeError, want: { same: true, message: 't', cause: undefined } }],
    ['a string', { given: 'boom', want: { same: false, message: 'boom', cause: 'boom' } }],
    ['a number', { given: 42, want: { same: false, message: 'non-error thrown: 42', cause: 42 } }],
    [
      'a bigint',
      { given: 10n, want: { same: false, message: 'non-error thrown: 10', cause: 10n } },
    ],
    [
      'undefined',
      {
        given: undefined,
        want: { same: false, message: 'non-error thrown: undefined', cause: undefined },
      },
    ],
    [
      'null',
      { given: null, want: { same: false, message: 'non-error thrown: null', cause: null } },
    ],
    [
      'an object',
      {
        given: plainObject,
        want: { same: false, message: 'non-error thrown: [object Object]', cause: plainObject },
      },
    ],
    [
      'a null-prototype object',
      {
        given: noPrototype,
        want: { same: false, message: 'non-error thrown: [object Object]', cause: noPrototype },
      },
    ],
    [
      'an object whose toString throws',
      {
        given: badToString,
        want: { same: false, message: 'non-error thrown: [object Object]', cause: badToString },
      },
    ],
  ];
  it.each(cases)('%s', (_name, { given, want }) => {
    const err = toError(given);
    expect(err).toBeInstanceOf(Error);
    expect({ same: err === given, message: err.message, cause: err.cause }).toEqual(want);
  });

  it('shows a symbol by its description', () => {
    expect(toError(Symbol('s')).message).toBe('non-error thrown: Symbol(s)');
  });
});
