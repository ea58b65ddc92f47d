// The example's live feed holds nothing for a client that left or cannot keep up: a WebSocket
// subscriber is dropped the moment its connection closes (connectionSignal), and an SSE follower
// that falls MAX_WAITING orders behind is ended, so its EventSource reconnects and catches up.
import { connect } from 'node:net';
import type { App } from 'fw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { exampleApp } from '../../examples/app/app.js';
import { OrderFeed } from '../../examples/app/feed.js';
import { MAX_WAITING } from '../../examples/app/live.js';
import { quietLogger, waitFor } from '../transport/support.js';

let app: App;
let port: number;
let feed: OrderFeed;

beforeEach(async () => {
  app = exampleApp({ logger: quietLogger() });
  feed = app.get(OrderFeed);
  ({ port } = await app.listen({ port: 0, host: '127.0.0.1' }));
});
afterEach(() => app.close());

/** Publishes `order.placed` for order `orderId`, as the order controller does. */
const placed = (orderId: number, sku = 'pen') =>
  app.emit('order.placed', { name: 'order.placed', occurredAt: new Date(), orderId, sku, qty: 1 });

/** Opens `/ws/orders`, subscribes, and answers the socket once subscribed. */
async function subscriber(): Promise<WebSocket> {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/ws/orders`);
  ws.on('error', () => {});
  await new Promise<void>((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  const reply = new Promise<string>((resolve) =>
    ws.once('message', (data) => resolve(String(data))),
  );
  ws.send('subscribe');
  expect(await reply).toBe('subscribed');
  return ws;
}

describe('the WebSocket feed', () => {
  it('forgets each subscriber as soon as its connection closes, with no order sent', async () => {
    const ROUNDS = 10;
    const AT_ONCE = 50;
    for (let round = 0; round < ROUNDS; round++) {
      const sockets = await Promise.all(Array.from({ length: AT_ONCE }, subscriber));
      expect(feed.size.connections).toBe(AT_ONCE);
      // Half leave with a closing handshake, half drop the socket.
      for (const [i, ws] of sockets.entries()) {
        if (i % 2 === 0) ws.close();
        else ws.terminate();
      }
      await waitFor('every subscriber forgotten', () => feed.size.connections === 0);
    }
    expect(feed.size.connections).toBe(0);
  });

  it('still pushes orders to the subscribers that stay', async () => {
    const staying = await subscriber();
    const leaving = await subscriber();
    leaving.close();
    await waitFor('the leaving subscriber forgotten', () => feed.size.connections === 1);
    const pushed = new Promise<string>((resolve) =>
      staying.once('message', (data) => resolve(String(data))),
    );
    await placed(7);
    expect(JSON.parse(await pushed)).toEqual({
      event: 'order.placed',
      orderId: 7,
      sku: 'pen',
      qty: 1,
    });
    staying.close();
  });
});

describe('the SSE feed', () => {
  it('ends a follower that never reads, once it is MAX_WAITING orders behind', async () => {
    // A client that sends its request and never reads the answer.
    const socket = connect(port, '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', resolve));
    socket.pause();
    socket.write(`GET /orders/live HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
    await waitFor('the follower', () => feed.size.followers === 1);

    // Large orders fill the socket's buffers, then the follower's queue.
    const sku = 'x'.repeat(16 * 1024);
    let orderId = 0;
    while (feed.size.followers === 1) {
      await placed(++orderId, sku);
      expect(orderId).toBeLessThan(5_000); // the buffers of a loopback socket hold far fewer
    }
    expect(feed.size.followers).toBe(0);
    socket.destroy();
  });

  it('gives a follower that keeps up every order, in order', async () => {
    const stop = new AbortController();
    const live = await fetch(`http://127.0.0.1:${port}/orders/live`, { signal: stop.signal });
    const COUNT = 300;
    const ids = (async () => {
      const seen: number[] = [];
      let text = '';
      const reader = (live.body as ReadableStream<Uint8Array>).pipeThrough(new TextDecoderStream());
      for await (const chunk of reader) {
        // Whole events only: the last piece may still be missing its end.
        const events = (text + chunk).split('\n\n');
        text = events.pop() ?? '';
        for (const event of events) {
          const id = /^id: (\d+)$/m.exec(event);
          if (id !== null) seen.push(Number(id[1]));
        }
        if (seen.length >= COUNT) break;
      }
      return seen;
    })();
    for (let orderId = 1; orderId <= COUNT; orderId++) {
      await placed(orderId);
      // Orders arrive no faster than a follower can have MAX_WAITING of them waiting.
      if (orderId % (MAX_WAITING / 2) === 0) await new Promise((r) => setTimeout(r, 5));
    }
    expect(await ids).toEqual(Array.from({ length: COUNT }, (_, i) => i + 1));
    expect(feed.size.followers).toBe(1);
    stop.abort();
  });
});
