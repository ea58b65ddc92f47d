// The example app `npm start` runs, over a real socket: what the README's curl lines show.
import { jsonLogger, override } from 'fw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { exampleApp } from '../../examples/app/app.js';
import { config } from '../../examples/app/config.js';
import { OrderLog, UserStore } from '../../examples/app/store.js';

let base: string;
let close: () => Promise<void>;
let orders: OrderLog;
const logged: unknown[] = [];

beforeEach(async () => {
  // What fw logs at warn and above: the server's failures, none expected.
  const logger = jsonLogger({ level: 'warn', write: (line) => void logged.push(JSON.parse(line)) });
  const app = exampleApp({ logger });
  orders = app.get(OrderLog);
  const { port } = await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${port}`;
  close = () => app.close();
});
afterEach(() => close());

const post = (path: string, body: unknown) =>
  fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('example app', () => {
  it('reads a path key, and what the auth interceptor stored', async () => {
    const res = await fetch(`${base}/users/1`, { headers: { authorization: 'Bearer ada' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('server-timing')).toMatch(/^handler;dur=\d+\.\d\d$/);
    expect(await res.json()).toEqual({
      id: 1,
      name: 'Ada',
      email: 'ada@example.com',
      tags: ['admin'],
      viewer: 'ada',
    });
  });

  it('pages and filters with Pagination and a Query<UserFilter>', async () => {
    await post('/users', { name: 'Bob', email: 'bob@example.com' });
    const names = async (query: string): Promise<string[]> => {
      const res = await fetch(`${base}/users${query}`);
      const body = (await res.json()) as { users: { name: string }[]; size: number };
      return body.users.map((u) => u.name);
    };
    expect(await names('?page=1&size=10&tag=admin')).toEqual(['Ada']);
    expect(await names('?size=1&page=2')).toEqual(['Bob']);
    expect(await names('')).toEqual(['Ada', 'Bob']);
  });

  it('answers 400 naming the key when the filter is given twice', async () => {
    const res = await fetch(`${base}/users?tag=admin&tag=ops`);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ detail: 'Invalid query parameter: tag' });
  });

  it('creates a user from a validated body, answering 201 with Location', async () => {
    const res = await post('/users', { name: 'Bob', email: 'bob@example.com', extra: 'dropped' });
    expect(res.status).toBe(201);
    expect(res.headers.get('location')).toBe('/users/2');
    expect(await res.json()).toEqual({ id: 2, name: 'Bob', email: 'bob@example.com', tags: [] });
  });

  it('rejects a body that does not match its type, naming each property', async () => {
    const res = await post('/users', { name: 3, tags: ['a', 4] });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      type: 'about:blank',
      title: 'Bad Request',
      status: 400,
      detail:
        'Invalid body: name: expected a string; email: is required; tags[1]: expected a string',
      code: 'FW_ERR_BODY_INVALID',
      errors: [
        { path: 'name', message: 'expected a string' },
        { path: 'email', message: 'is required' },
        { path: 'tags[1]', message: 'expected a string' },
      ],
    });
  });

  it('answers 404 for an unknown user through HttpError', async () => {
    const res = await fetch(`${base}/users/99`);
    expect(res.status).toBe(404);
    expect(((await res.json()) as { detail: string }).detail).toBe('No user 99');
  });

  it('publishes an event on an order, which the consumer handles', async () => {
    const res = await post('/orders', { userId: 1, sku: 'book', qty: 2 });
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ orderId: 1 });
    await orders.waitFor(1);
    expect(orders.entries).toEqual(['order 1: 2 x book']);
    expect(logged).toEqual([]);
  });

  it('answers its readiness probe without the Authorization the AuthInterceptor asks for', async () => {
    const res = await fetch(`${base}/health/ready`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      status: 'ready',
      checks: { started: true, transport: true, closing: false },
    });
  });

  it('pushes each order to WebSocket subscribers: HTTP, event and WebSocket in one flow', async () => {
    const ws = new WebSocket(`${base.replace('http', 'ws')}/ws/orders`);
    const received: string[] = [];
    const next = () =>
      new Promise<string>((resolve, reject) => {
        ws.once('message', (data) => resolve(String(data)));
        ws.once('close', (code) => reject(new Error(`closed with ${code}`)));
      });
    await new Promise<void>((resolve, reject) => {
      ws.once('open', resolve);
      ws.once('error', reject);
    });
    ws.send('subscribe me');
    received.push(await next());
    const pushed = next();
    await post('/orders', { userId: 1, sku: 'pen', qty: 3 });
    received.push(await pushed);
    ws.close();
    expect(received).toEqual([
      'subscribed',
      JSON.stringify({ event: 'order.placed', orderId: 1, sku: 'pen', qty: 3 }),
    ]);
  });

  it('takes its first user from the config provider, which a test overrides', async () => {
    const admin = { name: 'Grace', email: 'grace@example.com' };
    const app = exampleApp({ overrides: [override(config, { admin })] });
    const res = await app.inject({ method: 'GET', url: '/users/1' });
    expect(res.json()).toEqual({ id: 1, ...admin, tags: ['admin'], viewer: 'anonymous' });
    expect(
      app
        .get(UserStore)
        .list()
        .map((u) => u.name),
    ).toEqual(['Grace']);
    await app.close();
  });

  it('serves a store a test made in place of the one the graph would create', async () => {
    const store = new UserStore({ admin: { name: 'Lin', email: 'lin@example.com' } });
    store.add('Kim', 'kim@example.com', []);
    const app = exampleApp({ overrides: [override(UserStore, store)] });
    const res = await app.inject({ method: 'GET', url: '/users?page=1&size=5' });
    expect((res.json() as { users: { name: string }[] }).users.map((u) => u.name)).toEqual(['Kim']);
    await app.close();
  });
});
