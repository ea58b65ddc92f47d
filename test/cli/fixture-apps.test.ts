// The fixtures' generated bindings run by createApp: what an application sees of fwgen's output.
import { createApp, FwError, jsonLogger, override } from 'fw';
import { describe, expect, it, onTestFinished } from 'vitest';
import { bindings as graphBindings } from '../../fixtures/di-graph/expected/bindings.js';
import { db, type MemoryDatabase } from '../../fixtures/di-graph/input/db.js';
import { type Mailer, mailer, type OutboxMailer } from '../../fixtures/di-graph/input/mail.js';
import { userRepo } from '../../fixtures/di-graph/input/repo.js';
import { Metrics, UserService } from '../../fixtures/di-graph/input/services.js';
import { bindings as eventBindings } from '../../fixtures/events/expected/bindings.js';
import { OrderEvents } from '../../fixtures/events/input/orders.js';
import { bindings as ruleBindings } from '../../fixtures/generic-constraints/expected/bindings.js';
import { TreeEvents } from '../../fixtures/generic-constraints/input/events.js';
import { bindings as genericBindings } from '../../fixtures/generics/expected/bindings.js';
import { bindings as userBindings } from '../../fixtures/http-basic/expected/bindings.js';
import { bindings as tupleBindings } from '../../fixtures/tuples/expected/bindings.js';
import { bindings as productBindings } from '../../fixtures/validators/expected/bindings.js';

/** The client errors these tests cause are logged at info: kept out of the test output. */
const QUIET = jsonLogger({ level: 'warn' });

const json = (method: string, url: string, body: unknown) => ({
  method,
  url,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

/** A CreateProduct (fixtures/validators/input/dto.ts) that passes its validator. */
const PRODUCT = {
  createdBy: 'ada',
  name: 'Lamp',
  price: 12.5,
  inStock: true,
  colour: 'red',
  size: 'M',
  rating: 2,
  discontinued: false,
  note: null,
  tags: ['home'],
  matrix: [[1, 2], [3]],
  pair: ['a', 1],
  address: { street: 'Main St 1', city: 'Oslo' },
  labels: { a: 'b' },
  releasedAt: '2026-11-01T10:00:00Z',
  category: { name: 'root', children: [{ name: 'leaf', children: [] }] },
  dimensions: { width: 3 },
  draft: {},
  extra: { anything: [1] },
  inline: { sku: 'L-1' },
  either: { name: 'c', children: [] },
  payment: { kind: 'bank', iban: 'NO93 8601 1117 947' },
};

describe('generated HTTP bindings', () => {
  const app = createApp({ bindings: userBindings, logger: QUIET });

  it('binds a path key as a number and the validated body', async () => {
    const created = await app.inject(json('POST', '/users', { name: 'Ada', extra: 'dropped' }));
    expect([created.status, created.json()]).toEqual([201, { id: 1, name: 'Ada' }]);
    const got = await app.inject({ method: 'GET', url: '/users/1' });
    expect(got.json()).toEqual({ id: 1, name: 'Ada', viewer: 'anonymous' });
  });

  it('answers 400 naming the property when the body does not match', async () => {
    const res = await app.inject(json('POST', '/users', { name: 7, email: false }));
    expect(res.status).toBe(400);
    const detail = (res.json() as { detail: string }).detail;
    expect(detail).toContain('name: expected a string');
    expect(detail).toContain('email: expected a string');
  });

  it('answers 400 for a path key that is not an integer, and runs nothing', async () => {
    const res = await app.inject({ method: 'DELETE', url: '/users/abc' });
    expect([res.status, (res.json() as { detail: string }).detail]).toEqual([
      400,
      'Invalid path parameter: id',
    ]);
  });
});

describe('generated validators', () => {
  const app = createApp({ bindings: productBindings, logger: QUIET });

  it('accept a body of every supported shape', async () => {
    const res = await app.inject(json('POST', '/products', PRODUCT));
    expect([res.status, res.body]).toEqual([200, 'Lamp']);
  });

  it('name every failing property path, nested in objects, arrays, tuples and records', async () => {
    const bad = {
      ...PRODUCT,
      colour: 'blue',
      tags: ['ok', 3],
      matrix: [[1, 'x']],
      pair: ['a', 'b'],
      address: { street: 'Main St 1' },
      labels: { a: 1 },
      releasedAt: 'yesterday',
      category: { name: 'root', children: [{ name: 5, children: [] }] },
      payment: { kind: 'card', number: 4242 },
    };
    const res = await app.inject(json('POST', '/products', bad));
    expect(res.status).toBe(400);
    const detail = (res.json() as { detail: string }).detail;
    for (const path of [
      'colour',
      'tags[1]',
      'matrix[0][1]',
      'pair[1]',
      'address.city',
      'labels.a',
      'releasedAt',
      'category.children[0].name',
      'payment.number',
    ]) {
      expect(detail).toMatch(new RegExp(`(^|[ ;:])${path.replace(/[[\].]/g, '\\$&')}: `));
    }
  });

  it('check an intersection of a Partial and an object: only the required part is required', async () => {
    const ok = await app.inject(json('PATCH', '/products/4', { reason: 'typo', price: 3 }));
    expect([ok.status, ok.body]).toEqual([200, '4 typo']);
    const bad = await app.inject(json('PATCH', '/products/4', { price: 'free' }));
    expect(bad.status).toBe(400);
    expect((bad.json() as { detail: string }).detail).toMatch(
      /price: .*reason: |reason: .*price: /,
    );
  });
});

describe('generated consumer bindings', () => {
  it('hand a validated payload to every consumer of the event', async () => {
    const events = new OrderEvents();
    const app = createApp({ bindings: eventBindings, providers: [events] });
    const placed = { name: 'order.placed', occurredAt: '2026-11-01', orderId: 9, lines: [] };
    await app.emit('order.placed', placed);
    expect(events.seen).toEqual([9]);
  });

  it('refuse a payload that does not match, and the consumer does not run', async () => {
    const events = new OrderEvents();
    const app = createApp({ bindings: eventBindings, providers: [events] });
    const bad = { name: 'order.placed', occurredAt: '2026-11-01', orderId: 'nine', lines: [{}] };
    await expect(app.emit('order.placed', bad)).rejects.toThrow(/orderId: expected a number/);
    expect(events.seen).toEqual([]);
  });
});

describe('the generated object graph (fixtures/di-graph)', () => {
  const register = json('POST', '/users', { name: 'Ada', email: 'ada@example.com' });

  it('awaits its async provider at start, then serves through the chain it built', async () => {
    const app = createApp({ bindings: graphBindings, logger: QUIET });
    expect(() => app.get(db)).toThrow(FwError);
    await app.start();
    const database = app.get(db) as MemoryDatabase;
    expect([database.url, database.open]).toEqual(['memory://shop', true]);
    expect((await app.inject(register)).json()).toEqual({
      id: 1,
      name: 'Ada',
      email: 'ada@example.com',
    });
    const placed = await app.inject(json('POST', '/users/1/orders', { sku: 'book' }));
    expect(placed.json()).toEqual({ id: 1, userId: 1, sku: 'book' });
    expect((app.get(mailer) as OutboxMailer).outbox).toEqual([
      'shop@example.com → ada@example.com: welcome, Ada (2026-11-25T10:00:00.000Z)',
    ]);
    expect(app.get(Metrics)).toBeInstanceOf(Metrics);
    await app.close();
    expect(database.open).toBe(false);
  });

  it('gives an override to everything that depends on it', async () => {
    const sent: string[] = [];
    const fake: Mailer = { send: (to, text) => void sent.push(`${to}: ${text}`) };
    const app = createApp({
      bindings: graphBindings,
      logger: QUIET,
      overrides: [override(mailer, fake)],
    });
    await app.inject(register);
    expect(sent).toEqual(['ada@example.com: welcome, Ada (2026-11-25T10:00:00.000Z)']);
    expect(app.get(mailer)).toBe(fake);
    await app.close();
  });

  it('does not create what only an overridden instance needed', async () => {
    const users = {
      register: () => ({ id: 7, name: 'Fake', email: 'fake@example.com' }),
      get: (id: number) => (id === 7 ? { id, name: 'Fake', email: 'fake@example.com' } : undefined),
    } as unknown as UserService;
    const app = createApp({
      bindings: graphBindings,
      logger: QUIET,
      overrides: [override(UserService, users)],
    });
    await app.start();
    const placed = await app.inject(json('POST', '/users/7/orders', { sku: 'pen' }));
    expect(placed.json()).toEqual({ id: 1, userId: 7, sku: 'pen' });
    expect(() => app.get(userRepo)).toThrow(/userRepo/);
    expect(() => app.get(mailer)).toThrow(/mailer/);
    await app.close();
  });
});

describe('generated validators and writers of generic instantiations (fixtures/generics)', () => {
  const app = createApp({ bindings: genericBindings, logger: QUIET });
  const detail = (res: { json(): unknown }) => (res.json() as { detail: string }).detail;

  it('check each instantiation against its own type argument', async () => {
    const users = await app.inject(
      json('POST', '/pages/users', { items: [{ id: 1, name: 'Ada' }], total: 1 }),
    );
    expect([users.status, users.json()]).toEqual([
      200,
      { items: [{ id: 1, name: 'Ada' }], total: 1 },
    ]);
    const wrong = await app.inject(
      json('POST', '/pages/users', { items: [{ id: 1, total: 3 }], total: 1.5 }),
    );
    expect([wrong.status, detail(wrong)]).toEqual([
      400,
      'Invalid body: items[0].name: is required; total: expected an integer',
    ]);
    const orders = await app.inject(
      json('POST', '/pages/orders', { items: [{ id: 1, total: -1 }], total: 1 }),
    );
    expect([orders.status, detail(orders)]).toEqual([
      400,
      'Invalid body: items[0].total: expected at least 0',
    ]);
  });

  it('write the answer with the instantiation the handler returns', async () => {
    const res = await app.inject(
      json('POST', '/pages/orders', { items: [{ id: 2, total: 5, note: 'dropped' }], total: 1 }),
    );
    expect(res.body).toBe(
      '{"data":{"items":[{"id":2,"total":5}],"total":1},"meta":{"requestId":"r-1"}}',
    );
  });

  it('check generics nested in generics, recursive generics and default type arguments', async () => {
    const nested = await app.inject(
      json('PUT', '/pages/envelope', { data: { items: [{ id: 'x' }], total: 0 }, meta: {} }),
    );
    expect(detail(nested)).toBe(
      'Invalid body: data.items[0].id: expected a number; data.items[0].total: is required; meta.requestId: is required',
    );
    const tree = { value: 'a', children: [{ value: 'b', children: [{ value: 3, children: [] }] }] };
    const deep = await app.inject(json('POST', '/pages/tree', tree));
    expect(detail(deep)).toBe('Invalid body: children[0].children[0].value: expected a string');
    const pair = await app.inject(json('POST', '/pages/pair', { first: 1, second: 'two' }));
    expect(detail(pair)).toBe('Invalid body: second: expected a number');
  });
});

describe('constraints of type arguments (fixtures/generic-constraints)', () => {
  const app = createApp({ bindings: ruleBindings, logger: QUIET });
  const post = async (url: string, body: unknown) => {
    const res = await app.inject(json('POST', url, body));
    return [
      res.status,
      res.status === 200 ? res.json() : (res.json() as { detail: string }).detail,
    ];
  };
  const leaf = (value: unknown) => ({ value, children: [] });

  it('check Int deep inside a recursive generic, and not in the same generic of number', async () => {
    const tree = { value: 1, children: [{ value: 2, children: [leaf(1.5)] }] };
    expect(await post('/rules/counts', tree)).toEqual([
      400,
      'Invalid body: children[0].children[0].value: expected an integer',
    ]);
    expect(await post('/rules/numbers', tree)).toEqual([200, 1]);
    const whole = { value: 1, children: [leaf(3)] };
    expect(await post('/rules/counts', whole)).toEqual([200, whole]);
    // An alias that fixes the argument (`type Counts = Tree<Int>`) and an interface that extends
    // an instantiation (`interface Scores extends Page<Int>`) check the same.
    expect(await post('/rules/scores', { items: [1, 0.5], total: 2, owner: '' })).toEqual([
      400,
      'Invalid body: owner: expected at least 1 character; items[1]: expected an integer',
    ]);
    expect(await post('/rules/alias', { value: 0.5, children: [leaf(2.5)] })).toEqual([
      400,
      'Invalid body: value: expected an integer; children[0].value: expected an integer',
    ]);
  });

  it('answer 400 over a real socket for Int deep inside Tree<Int>, and Name empty in Envelope<Name>', async () => {
    const served = createApp({ bindings: ruleBindings, logger: QUIET });
    onTestFinished(() => served.close());
    const { port } = await served.listen({ port: 0, host: '127.0.0.1' });
    const send = async (path: string, body: unknown) => {
      const res = await fetch(`http://127.0.0.1:${port}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return [res.status, ((await res.json()) as { detail: string }).detail];
    };
    const tree = { value: 1, children: [{ value: 2, children: [leaf(1.5)] }] };
    expect(await send('/rules/counts', tree)).toEqual([
      400,
      'Invalid body: children[0].children[0].value: expected an integer',
    ]);
    expect(await send('/rules/named', { data: '', meta: { requestId: 'r-1' } })).toEqual([
      400,
      'Invalid body: data: expected at least 1 character',
    ]);
  });

  it("check an alias's own tags (Name, @minLength 1) as a type argument, alone and in a union", async () => {
    const meta = { requestId: 'r-1' };
    expect(await post('/rules/named', { data: '', meta })).toEqual([
      400,
      'Invalid body: data: expected at least 1 character',
    ]);
    expect(await post('/rules/named', { data: 'Ada', meta })).toEqual([200, 3]);
    expect(await post('/rules/maybe', { data: '', meta })).toEqual([
      400,
      'Invalid body: data: expected at least 1 character',
    ]);
    expect(await post('/rules/maybe', { data: null, meta })).toEqual([200, 0]);
  });

  it('check Int through nested generics, arrays, unions and type parameters passed on', async () => {
    const meta = { requestId: 'r-1' };
    expect(await post('/rules/nested', { items: [{ data: 2.5, meta }], total: 1 })).toEqual([
      400,
      'Invalid body: items[0].data: expected an integer',
    ]);
    expect(await post('/rules/lists', { items: [[1, 2], [0.5]], total: 2 })).toEqual([
      400,
      'Invalid body: items[1][0]: expected an integer',
    ]);
    const page = { items: [1, 2], total: 2 };
    const batch = {
      pages: [page, { items: [7.5], total: 1 }],
      last: 1.5,
      recent: [1, 0.25],
      pair: { first: 1, second: 2.5 },
    };
    expect(await post('/rules/batch', batch)).toEqual([
      400,
      'Invalid body: pages[1].items[0]: expected an integer; last: expected an integer; recent[1]: expected an integer; pair.second: expected an integer',
    ]);
    expect(
      await post('/rules/batch', {
        pages: [page],
        last: null,
        recent: null,
        pair: { first: 1, second: 2 },
      }),
    ).toEqual([200, 1]);
    // A generic that extends another with its own parameter (`Ranked<U> extends Page<U>`).
    expect(await post('/rules/ranked', { items: [0.5], total: 1, best: 2.5 })).toEqual([
      400,
      'Invalid body: best: expected an integer; items[0]: expected an integer',
    ]);
  });

  it('refuse an event payload with Int broken deep inside Tree<Int>, and the consumer does not run', async () => {
    const events = new TreeEvents();
    const app = createApp({ bindings: ruleBindings, providers: [events], logger: QUIET });
    const bad = { value: 1, children: [{ value: 2, children: [leaf(0.5)] }] };
    await expect(app.emit('tree.counted', bad)).rejects.toThrow(
      /children\[0\]\.children\[0\]\.value: expected an integer/,
    );
    await app.emit('tree.counted', { value: 4, children: [leaf(5)] });
    expect(events.seen).toEqual([4]);
  });
});

describe('generated tuple validators (fixtures/tuples)', () => {
  const app = createApp({ bindings: tupleBindings, logger: QUIET });
  const post = async (body: unknown) => {
    const res = await app.inject(json('POST', '/shapes', body));
    return res.status === 200 ? res.json() : (res.json() as { detail: string }).detail;
  };
  const good = { point: [1, 2], span: ['a'], scores: ['ann'], path: ['p'] };

  it('accept optional elements left out or given, and any number of rest elements', async () => {
    expect(await post(good)).toEqual(good);
    const full = {
      point: [1, 2],
      span: ['a', 'b'],
      scores: ['ann', 1, 2, 3],
      path: ['p', 1, true, false],
      flags: [],
    };
    expect(await post(full)).toEqual(full);
  });

  it('name the length rule and each element that fails, rest elements by their index', async () => {
    expect(
      await post({
        point: [1],
        span: ['a', 'b', 'c'],
        scores: [],
        path: ['p', 'x', true, 3],
        flags: [1],
      }),
    ).toBe(
      'Invalid body: point: expected 2 items; span: expected 1 to 2 items; scores: expected at least 1 item; path[1]: expected a number; path[3]: expected a boolean; flags[0]: expected a boolean',
    );
    expect(await post({ ...good, flags: [true, true, true] })).toBe(
      'Invalid body: flags: expected at most 2 items',
    );
  });
});

describe('a union of objects with no discriminant (fixtures/validators, CreateProduct.either)', () => {
  const app = createApp({ bindings: productBindings, logger: QUIET });
  const either = async (value: unknown) => {
    const res = await app.inject(json('POST', '/products', { ...PRODUCT, either: value }));
    return [res.status, (res.json() as { detail?: string }).detail];
  };

  it("answers with the issues of the member that fits best, not only the union's name", async () => {
    expect(await either({ street: 'Main St 1' })).toEqual([
      400,
      'Invalid body: either.city: is required',
    ]);
    expect(await either({ name: 'c', children: [{ name: 1, children: [] }] })).toEqual([
      400,
      'Invalid body: either.children[0].name: expected a string',
    ]);
  });

  it('names the union for a value that is no object', async () => {
    expect(await either('x')).toEqual([400, 'Invalid body: either: expected Address or Category']);
  });
});
