// The generated client (fixtures/client/expected/client.ts) against its app over a real socket:
// every kind of answer, problems, unwrap, revived dates, uploads, a WebSocket and an event stream.
import { createApp, jsonLogger } from 'fw';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { bindings } from '../../fixtures/client/expected/bindings.js';
import {
  ApiError,
  type Client,
  createClient,
  type Item,
  unwrap,
} from '../../fixtures/client/expected/client.js';

const app = createApp({ bindings, logger: jsonLogger({ level: 'warn' }) });
let api: Client;
let baseUrl: string;

beforeAll(async () => {
  const { port } = await app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${port}`;
  api = createClient({ baseUrl, WebSocket });
});
afterAll(() => app.close());
beforeEach(async () => {
  unwrap(await api.item.clear());
});

describe('HTTP calls', () => {
  it('answers each declared success status with its data, dates and bigints revived', async () => {
    const added = await api.item.add({
      body: { name: 'Lamp', price: 3, tags: ['home'], stock: 9007199254740993n },
    });
    expect(added.ok).toBe(true);
    if (!added.ok) return;
    expect(added.status).toBe(201);
    expect(added.data.addedAt).toBeInstanceOf(Date);
    expect(added.data.addedAt.toISOString()).toBe('2026-11-28T10:00:00.000Z');
    expect(added.data.stock).toBe(9007199254740993n);
    const wire = await fetch(`${baseUrl}/items/1`).then((r) => r.text());
    expect(wire).toContain('"stock":"9007199254740993"');
    expect(added.response.headers.get('content-type')).toMatch(/^application\/json/);

    const renamed = await api.item.rename({
      path: { id: 1 },
      body: { name: 'Desk lamp', price: 3 },
    });
    expect([renamed.status, renamed.ok && renamed.data.name]).toEqual([200, 'Desk lamp']);
    const created = await api.item.rename({ path: { id: 9 }, body: { name: 'Rug', price: 1 } });
    expect([created.status, created.ok && created.data.addedAt.getTime()]).toEqual([201, 1000]);

    const page = unwrap(await api.item.list({ query: { tag: 'home', limit: 5, sort: 'name' } }));
    expect(page.readAt).toBeInstanceOf(Date);
    expect(page.items.map((i: Item) => [i.name, i.addedAt instanceof Date])).toEqual([
      ['Desk lamp', true],
    ]);
    expect(page.total).toBe(1);

    const cleared = await api.item.clear();
    expect([cleared.ok, cleared.status, cleared.ok && cleared.data]).toEqual([
      true,
      204,
      undefined,
    ]);
  });

  it('hands back text as a string, bytes as a Uint8Array and a stream as a ReadableStream', async () => {
    unwrap(await api.item.add({ body: { name: 'a', price: 1 } }));
    unwrap(await api.item.add({ body: { name: 'b', price: 1 } }));
    expect(unwrap(await api.item.names())).toBe('a\nb');
    const bytes = unwrap(await api.item.ids());
    expect(bytes).toBeInstanceOf(Uint8Array);
    expect([...bytes]).toEqual([1, 2]);
    const stream = unwrap(await api.item.stream());
    expect(await new Response(stream).text()).toBe('a\nb\n');
  });

  it('gives a 404 as a failure with the problem, and unwrap throws ApiError', async () => {
    const missing = await api.item.get({ path: { id: 77 } });
    expect(missing.ok).toBe(false);
    if (missing.ok) return;
    expect(missing.status).toBe(404);
    expect(missing.problem).toMatchObject({ status: 404, detail: 'No item 77' });
    const thrown = await api.item
      .get({ path: { id: 77 } })
      .then(unwrap)
      .catch((e: unknown) => e);
    await expect(api.item.get({ path: { id: 77 } }).then(unwrap)).rejects.toBeInstanceOf(ApiError);
    expect(thrown).toBeInstanceOf(ApiError);
    expect((thrown as ApiError).status).toBe(404);
    expect((thrown as ApiError).problem.detail).toBe('No item 77');
  });

  it('gives a 400 with fw code and every failed check in errors[]', async () => {
    const bad = await api.item.add({ body: { name: '', price: -1 } });
    expect(bad.ok).toBe(false);
    if (bad.ok) return;
    expect(bad.status).toBe(400);
    expect(bad.problem.code).toBe('FW_ERR_BODY_INVALID');
    expect(bad.problem.errors?.map((e) => e.path).sort()).toEqual(['name', 'price']);
  });

  it('encodes path keys and query values, and sends the client and call headers', async () => {
    const seen: string[] = [];
    const spy = createClient({
      baseUrl: `${baseUrl}/`,
      headers: async () => ({ 'x-from': 'client' }),
      fetch: (input, init) => {
        seen.push(`${String(input)} ${new Headers(init?.headers).get('x-from')}`);
        return fetch(input, init);
      },
    });
    const r = await spy.item.list({ query: { tag: 'a b&c', limit: 2 } });
    expect(r.ok).toBe(true);
    expect(seen).toEqual([`${baseUrl}/items?tag=a+b%26c&limit=2 client`]);
  });

  it('says an undeclared answer is unexpected, and rejects on a network failure', async () => {
    const strange = createClient({
      baseUrl,
      fetch: async () => new Response('<html>', { status: 502, statusText: 'Bad Gateway' }),
    });
    const r = await strange.item.list();
    expect(r.ok).toBe(false);
    if (!r.ok)
      expect(r.problem).toMatchObject({ status: 502, code: 'FW_CLIENT_UNEXPECTED_RESPONSE' });
    const down = createClient({ baseUrl: 'http://127.0.0.1:1' });
    await expect(down.item.list()).rejects.toThrow();
  });

  it('uploads a FormData as multipart', async () => {
    const form = new FormData();
    form.append('photo', new Blob([new Uint8Array(5)]), 'a.png');
    form.append('photo', new Blob([new Uint8Array(7)]), 'b.png');
    const sizes = unwrap(await api.item.photos({ body: form }));
    expect(sizes).toEqual({ sizes: [5, 7] });
  });
});

describe('server-sent events', () => {
  it('iterates the events of an sse() handler', async () => {
    const events = api.item.stock();
    const got = [];
    for await (const e of events) {
      got.push(e);
      if (got.length === 3) break;
    }
    expect(got).toEqual([
      { event: 'stock', id: '1', data: 'level 1' },
      { event: 'stock', id: '2', data: 'level 2' },
      { event: 'stock', id: '3', data: 'level 3' },
    ]);
    expect(events.lastEventId).toBe('3');
    events.close();
  });
});

describe('WebSocket gateways', () => {
  it('sends typed messages and reads typed replies, dates revived', async () => {
    const socket = api.counter.connect({ path: { room: 'blue' } });
    await socket.opened;
    socket.send({ by: 2 });
    socket.send({ by: 3 });
    const replies = [];
    for await (const reply of socket.replies()) {
      replies.push(reply);
      if (replies.length === 2) break;
    }
    expect(replies).toEqual([
      { room: 'blue', total: 2, at: new Date('2026-01-01T00:00:00.000Z') },
      { room: 'blue', total: 5, at: new Date('2026-01-01T00:00:00.000Z') },
    ]);
    socket.close(1000, 'done');
    expect(await socket.closed).toEqual({ code: 1000, reason: 'done' });
  });

  it('rejects opened when the gateway refuses the upgrade', async () => {
    const socket = createClient({ baseUrl: `${baseUrl}/nowhere`, WebSocket }).counter.connect({
      path: { room: 'x' },
    });
    await expect(socket.opened).rejects.toThrow('The WebSocket connection failed');
    expect((await socket.closed).code).toBe(1006);
  });
});
