import { FwError } from 'fw';
import type { ExecutionContext, ParameterMeta, Validated, ValidationIssue } from 'fw/core';
import { consumerContext, httpContext, webSocketContext } from 'fw/testing';
import { describe, expect, it } from 'vitest';
import { BodyResolver } from '../../../../runtime/core/resolvers/body-resolver.js';
import { rejection } from '../../http/multipart-fixtures.js';

type Case<G, W> = [name: string, { given: G; want: W }];

interface Order {
  sku: string;
  qty: number;
  items?: { sku: string }[];
}

/** The validator fwgen would generate for `Order`: every failing path, undeclared keys dropped. */
function validateOrder(input: unknown): Validated<Order> {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    return { ok: false, issues: [{ path: '', message: 'expected an object' }] };
  }
  const o = input as Record<string, unknown>;
  const issues: ValidationIssue[] = [];
  if (o['sku'] === undefined) issues.push({ path: 'sku', message: 'is required' });
  else if (typeof o['sku'] !== 'string') issues.push({ path: 'sku', message: 'expected a string' });
  if (typeof o['qty'] !== 'number') issues.push({ path: 'qty', message: 'expected a number' });
  const items = o['items'];
  if (items !== undefined && !Array.isArray(items)) {
    issues.push({ path: 'items', message: 'expected an array' });
  }
  const kept = Array.isArray(items)
    ? items.map((item: unknown, i) => {
        const sku = (item as { sku?: unknown } | null)?.sku;
        if (typeof sku !== 'string')
          issues.push({ path: `items[${i}].sku`, message: 'is required' });
        return { sku: sku as string };
      })
    : undefined;
  if (issues.length > 0) return { ok: false, issues };
  const value: Order = { sku: o['sku'] as string, qty: o['qty'] as number };
  if (kept !== undefined) value.items = kept;
  return { ok: true, value };
}

const resolver = new BodyResolver();
const meta = (optional = false): ParameterMeta => ({
  index: 0,
  name: 'order',
  type: 'src/orders#Order',
  optional,
  validate: validateOrder,
});

/** Resolves, turning a synchronous throw into a rejection. */
const resolve = (ctx: ExecutionContext, pm = meta()): Promise<unknown> =>
  Promise.resolve().then(() => resolver.resolve(ctx, pm));

const VALID = { sku: 'A-1', qty: 2, items: [{ sku: 'B', colour: 'red' }], note: 'dropped' };
const VALID_WANT = { sku: 'A-1', qty: 2, items: [{ sku: 'B' }] };
const INVALID = { sku: 'A-1', qty: 'two', items: [{ sku: 'x' }, { sku: 'y' }, {}] };
const ISSUES = 'qty: expected a number; items[2].sku: is required';

/** Each kind of context carrying `body` as its JSON body or payload. */
const carriers: Case<
  (body: unknown) => ExecutionContext,
  { invalid: string; malformed: string }
>[] = [
  [
    'HTTP body',
    {
      given: (body) =>
        httpContext({
          method: 'POST',
          url: '/orders',
          headers: { 'content-type': 'application/json' },
          body: typeof body === 'string' ? body : JSON.stringify(body),
        }),
      want: { invalid: 'FW_ERR_BODY_INVALID', malformed: 'FW_ERR_BODY_MALFORMED' },
    },
  ],
  [
    'consumer payload',
    {
      given: (body) => consumerContext('order.placed', body),
      want: { invalid: 'FW_ERR_PAYLOAD_INVALID', malformed: 'FW_ERR_PAYLOAD_MALFORMED' },
    },
  ],
  [
    'WebSocket payload',
    {
      given: (body) =>
        webSocketContext({
          path: '/ws',
          payload: typeof body === 'string' ? body : JSON.stringify(body),
        }),
      want: { invalid: 'FW_ERR_PAYLOAD_INVALID', malformed: 'FW_ERR_PAYLOAD_MALFORMED' },
    },
  ],
];

describe('BodyResolver.supports', () => {
  // A parameter binds to the body exactly when fwgen gave it a validator.
  const cases: Case<Partial<ParameterMeta>, boolean>[] = [
    ['application type with a validator', { given: {}, want: true }],
    ['no validator', { given: { validate: undefined }, want: false }],
    ['a validator on a primitive', { given: { type: 'string' }, want: true }],
  ];
  it.each(cases)('%s', (_name, { given, want }) => {
    expect(resolver.supports({ ...meta(), ...given })).toBe(want);
  });
});

describe('a valid body or payload', () => {
  // The handler gets the validator's value: properties the type does not declare are dropped.
  it.each(carriers)('%s', async (_name, { given }) => {
    await expect(resolve(given(VALID))).resolves.toEqual(VALID_WANT);
  });
});

describe('an invalid body or payload', () => {
  // 400 whose detail names each failing path, in the validator's order.
  it.each(carriers)('%s', async (_name, { given, want }) => {
    const err = await rejection(resolve(given(INVALID)));
    const prefix = want.invalid === 'FW_ERR_BODY_INVALID' ? 'Invalid body' : 'Invalid payload';
    expect([err.code, err.status, err.detail]).toEqual([want.invalid, 400, `${prefix}: ${ISSUES}`]);
    expect(err.getResponse().detail).toBe(`${prefix}: ${ISSUES}`);
  });

  it.each(carriers)(
    '%s that is not an object: the root issue alone',
    async (_name, { given, want }) => {
      const err = await rejection(resolve(given([1, 2])));
      expect([err.code, err.detail]).toEqual([
        want.invalid,
        `${want.invalid === 'FW_ERR_BODY_INVALID' ? 'Invalid body' : 'Invalid payload'}: expected an object`,
      ]);
    },
  );
});

describe('malformed JSON', () => {
  // Bytes that are not JSON fail before validation, with a 400 of their own.
  it.each(carriers)('%s', async (_name, { given, want }) => {
    const err = await rejection(resolve(given('{"sku": ')));
    expect([err.code, err.status]).toEqual([want.malformed, 400]);
  });

  it('a payload that is not UTF-8', async () => {
    const ctx = consumerContext('order.placed', new Uint8Array([0x7b, 0xff, 0x7d]));
    const err = await rejection(resolve(ctx));
    expect([err.code, err.message]).toEqual([
      'FW_ERR_PAYLOAD_MALFORMED',
      'Malformed JSON payload: the payload is not UTF-8',
    ]);
  });

  it.each(carriers)('%s: the reason does not quote the bytes back', async (_name, { given }) => {
    const err = await rejection(resolve(given('hello secret-token')));
    expect(err.message).toMatch(/^Malformed JSON (body|payload): Unexpected token/);
    expect(err.message).not.toContain('secret');
  });
});

describe('__proto__ keys', () => {
  // Dropped wherever JSON comes from, so no carrier hands a handler an object with a new prototype.
  it.each(carriers)('%s', async (_name, { given }) => {
    const text = '{"sku":"a","qty":1,"__proto__":{"qty":2,"polluted":true}}';
    // A validator that keeps every key (a parameter of type `Record<string, unknown>`).
    const keepAll = { ...meta(), validate: (v: unknown) => ({ ok: true as const, value: v }) };
    const order = (await resolve(given(text), keepAll)) as Record<string, unknown>;
    expect(Object.keys(order)).toEqual(['sku', 'qty']);
    expect(Object.getPrototypeOf(order)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });
});

describe('an empty body or payload', () => {
  // An optional parameter is undefined; a required one is a 400.
  const empty: Case<() => ExecutionContext, string>[] = [
    [
      'HTTP body',
      {
        given: () => httpContext({ method: 'POST', url: '/orders' }),
        want: 'FW_ERR_BODY_REQUIRED',
      },
    ],
    [
      'HTTP JSON body of whitespace',
      {
        given: () =>
          httpContext({
            method: 'POST',
            url: '/orders',
            headers: { 'content-type': 'application/json' },
            body: ' \n',
          }),
        want: 'FW_ERR_BODY_REQUIRED',
      },
    ],
    [
      'consumer payload',
      { given: () => consumerContext('order.placed'), want: 'FW_ERR_PAYLOAD_MALFORMED' },
    ],
    [
      'WebSocket payload',
      { given: () => webSocketContext({ path: '/ws' }), want: 'FW_ERR_PAYLOAD_MALFORMED' },
    ],
  ];

  it.each(empty)('%s, optional: undefined', async (_name, { given }) => {
    await expect(resolve(given(), meta(true))).resolves.toBeUndefined();
  });

  it.each(empty)('%s, required: 400', async (_name, { given, want }) => {
    const err = await rejection(resolve(given(), meta(false)));
    expect([err.code, err.status]).toEqual([want, 400]);
  });

  it('an optional parameter still rejects a malformed body', async () => {
    const ctx = httpContext({
      method: 'POST',
      url: '/orders',
      headers: { 'content-type': 'application/json' },
      body: '{',
    });
    const err = await rejection(resolve(ctx, meta(true)));
    expect(err).toBeInstanceOf(FwError);
    expect(err.code).toBe('FW_ERR_BODY_MALFORMED');
  });
});
