// The example app called from Node through its own generated client (examples/app/client.ts):
// an order placed with a typed body reaches the WebSocket feed and the Server-Sent Events follower
// through the client's socket and event stream.
import { jsonLogger } from 'fw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { exampleApp } from '../../examples/app/app.js';
import { type Client, createClient, unwrap } from '../../examples/app/client.js';

let api: Client;
let close: () => Promise<void>;

beforeEach(async () => {
  const app = exampleApp({ logger: jsonLogger({ level: 'warn' }) });
  const { port } = await app.listen({ port: 0, host: '127.0.0.1' });
  api = createClient({
    baseUrl: `http://127.0.0.1:${port}`,
    headers: { authorization: 'Bearer ada' },
    WebSocket,
  });
  close = () => app.close();
});
afterEach(() => close());

describe('the example app through its generated client', () => {
  it('reads a user with the caller the auth interceptor stored', async () => {
    const ada = unwrap(await api.user.get({ path: { id: 1 } }));
    expect(ada).toMatchObject({ id: 1, name: 'Ada', viewer: 'ada' });
    const missing = await api.user.get({ path: { id: 999 } });
    expect([missing.ok, missing.status]).toEqual([false, 404]);
  });

  it('places an order the feed pushes to a socket and to an event stream', async () => {
    const socket = api.orderFeed.connect();
    await socket.opened;
    socket.send('subscribe');
    const replies = socket.replies()[Symbol.asyncIterator]();
    expect((await replies.next()).value).toBe('subscribed');

    const placed = await api.order.place({ body: { userId: 1, sku: 'A-1', qty: 2 } });
    expect([placed.ok, placed.status]).toEqual([true, 202]);
    const { orderId } = unwrap(placed);

    const pushed = (await replies.next()).value;
    expect(JSON.parse(pushed as string)).toMatchObject({ orderId, sku: 'A-1', qty: 2 });
    // Resuming after id 0 replays the recent orders, so the stream needs no race with the order.
    const stream = api.liveOrder.live({ headers: { 'last-event-id': '0' } });
    const events = stream[Symbol.asyncIterator]();
    const event = (await events.next()).value;
    expect(event).toMatchObject({ event: 'order', id: String(orderId) });
    expect(JSON.parse(event.data)).toMatchObject({ orderId, sku: 'A-1' });
    await events.return?.();
    expect(stream.lastEventId).toBe(String(orderId));
    socket.close();
    await socket.closed;
  });
});
