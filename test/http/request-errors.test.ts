import type { Validated, ValidationIssue } from 'fw/core';
import { describe, expect, it } from 'vitest';
import { problem, serve, type TestRoute } from './support.js';

interface Order {
  qty: number;
  items: { sku: string }[];
}

/** What fwgen would generate for `Order`: every failing path named, undeclared properties dropped. */
function validateOrder(input: unknown): Validated<Order> {
  const issues: ValidationIssue[] = [];
  const o = (typeof input === 'object' && input !== null ? input : {}) as Record<string, unknown>;
  if (!Number.isSafeInteger(o['qty'])) issues.push({ path: 'qty', message: 'expected an integer' });
  const items = Array.isArray(o['items']) ? (o['items'] as Record<string, unknown>[]) : [];
  if (!Array.isArray(o['items'])) issues.push({ path: 'items', message: 'expected an array' });
  items.forEach((item, i) => {
    if (typeof item?.['sku'] !== 'string') {
      issues.push({ path: `items[${i}].sku`, message: 'is required' });
    }
  });
  if (issues.length > 0) return { ok: false, issues };
  return {
    ok: true,
    value: { qty: o['qty'] as number, items: items.map((i) => ({ sku: i['sku'] as string })) },
  };
}

const routes: TestRoute[] = [
  { method: 'GET', path: '/users/:id', params: ['id:number'], handle: (id: number) => ({ id }) },
  { method: 'GET', path: '/big/:n', params: ['n:bigint'], handle: (n: bigint) => String(n) },
  { method: 'GET', path: '/flags/:on', params: ['on:boolean'], handle: (on: boolean) => ({ on }) },
  {
    method: 'POST',
    path: '/orders',
    params: [{ name: 'order', type: 'test/http/request-errors#Order', validate: validateOrder }],
    handle: (order: Order) => order,
  },
];

const json = { 'content-type': 'application/json' };

// A path parameter that does not parse is 400 `Invalid path parameter: <key>` (Spine v0.5.2).
describe('path parameters over a socket', () => {
  it.each([
    ['/users/abc', 'id'],
    ['/users/1.5', 'id'],
    ['/users/9007199254740993', 'id'],
    ['/big/12x', 'n'],
    ['/big/9223372036854775808', 'n'],
    ['/flags/maybe', 'on'],
  ])('%s is 400 naming %s', async (path, key) => {
    const { url } = await serve(routes);

    const res = await fetch(url(path));

    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toBe('application/problem+json');
    expect(await res.json()).toEqual(
      problem(400, 'Bad Request', `Invalid path parameter: ${key}`, 'FW_ERR_INVALID_PATH_PARAM'),
    );
  });

  it.each([
    ['/users/-42', '{"id":-42}'],
    ['/big/9223372036854775807', '9223372036854775807'],
    ['/flags/YES', '{"on":true}'],
  ])('%s is parsed', async (path, body) => {
    const { url } = await serve(routes);

    const res = await fetch(url(path));

    expect([res.status, await res.text()]).toEqual([200, body]);
  });
});

// A body is decoded by Content-Type and checked by its validator; failures are 400 or 415 (API.md 4, 5).
describe('request bodies over a socket', () => {
  it('answers 400 to malformed JSON', async () => {
    const { url } = await serve(routes);

    const res = await fetch(url('/orders'), { method: 'POST', headers: json, body: '{"qty": 1,' });

    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toBe('application/problem+json');
    expect(await res.json()).toEqual(
      problem(
        400,
        'Bad Request',
        expect.stringMatching(/^Malformed JSON body: \S/),
        'FW_ERR_BODY_MALFORMED',
      ),
    );
  });

  it('answers 400 naming every failing path', async () => {
    const { url } = await serve(routes);
    const body = JSON.stringify({ qty: 'two', items: [{ sku: 'a' }, { sku: 'b' }, {}] });

    const res = await fetch(url('/orders'), { method: 'POST', headers: json, body });

    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toBe('application/problem+json');
    expect(await res.json()).toEqual({
      ...problem(
        400,
        'Bad Request',
        'Invalid body: qty: expected an integer; items[2].sku: is required',
        'FW_ERR_BODY_INVALID',
      ),
      errors: [
        { path: 'qty', message: 'expected an integer' },
        { path: 'items[2].sku', message: 'is required' },
      ],
    });
  });

  // A body of many bad items: the problem lists the first 100, and says how many more there were.
  it('lists at most 100 failures, in errors and in detail', async () => {
    const { url } = await serve(routes);
    const items = Array.from({ length: 250 }, () => ({}));
    const body = JSON.stringify({ qty: 1, items });

    const res = await fetch(url('/orders'), { method: 'POST', headers: json, body });

    const problem = (await res.json()) as { detail: string; errors: { path: string }[] };
    expect([res.status, problem.errors.length]).toEqual([400, 100]);
    expect([problem.errors[0]?.path, problem.errors[99]?.path]).toEqual([
      'items[0].sku',
      'items[99].sku',
    ]);
    expect(problem.detail).toMatch(/; items\[99\]\.sku: is required; and 150 more$/);
  });

  it('hands the handler the validated body, undeclared properties dropped', async () => {
    const { url } = await serve(routes);
    const body = JSON.stringify({ qty: 2, items: [{ sku: 'a', extra: 1 }], admin: true });

    const res = await fetch(url('/orders'), { method: 'POST', headers: json, body });

    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ qty: 2, items: [{ sku: 'a' }] });
  });

  it('answers 415 to text/plain', async () => {
    const { url } = await serve(routes);

    const res = await fetch(url('/orders'), {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: '{"qty":1,"items":[]}',
    });

    expect(res.status).toBe(415);
    expect(res.headers.get('content-type')).toBe('application/problem+json');
    expect(await res.json()).toEqual(
      problem(
        415,
        'Unsupported Media Type',
        "Content-Type 'text/plain' is not supported here; " +
          'send application/json or application/x-www-form-urlencoded',
        'FW_ERR_UNSUPPORTED_MEDIA_TYPE',
      ),
    );
  });
});
