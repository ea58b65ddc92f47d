// close() with many WebSocket connections, real `ws` clients: the idle ones get 1001 at once, the
// busy ones get the reply of their running handler and then 1001, new upgrades are refused, and
// close() resolves only after all of them (API.md section 5b).
import type { WebSocketContext } from 'fw/core';
import { describe, expect, it } from 'vitest';
import { Client, deferred, serve } from '../ws/support.js';
import { countdown, tryConnect } from './support.js';

const BUSY = 50; // connections whose handler is running when close() is called
const IDLE = 50; // connections with nothing running

describe('close() with WebSocket connections open', () => {
  it('replies to every running handler, then closes every connection with 1001', async () => {
    const entered = countdown(BUSY);
    const gate = deferred();
    const served = await serve([
      {
        method: 'WS',
        path: '/ws',
        params: ['ctx:fw/core#WebSocketContext'],
        handle: async (ctx: WebSocketContext) => {
          const text = new TextDecoder().decode(ctx.payload());
          if (!text.startsWith('slow')) return `echo ${text}`;
          entered.tick();
          await gate.promise;
          return `done ${text.slice(5)}`;
        },
      },
    ]);
    const open = (n: number) =>
      Promise.all(Array.from({ length: n }, () => Client.open(served.port, '/ws')));
    const busy = await open(BUSY);
    const idle = await open(IDLE);
    for (const [i, c] of idle.entries()) expect(await c.ask(`${i}`)).toBe(`echo ${i}`);
    await Promise.all(busy.map((c, i) => c.send(`slow ${i}`)));
    await entered.reached;

    let closed = false;
    const closing = served.app.close().then(() => (closed = true));
    const idleClosed = await Promise.all(idle.map((c) => c.closed));
    const late = await tryConnect(served.port);
    const closedBeforeReplies = closed;
    gate.resolve();
    const replies = await Promise.all(
      busy.map((c) =>
        c.next().then(
          ({ data }) => data,
          (e: Error) => e.message,
        ),
      ),
    );
    const busyClosed = await Promise.all(busy.map((c) => c.closed));
    await closing;

    const goingAway = { code: 1001, reason: 'server shutting down' };
    const lost = replies.filter((data, i) => data !== `done ${i}`);
    expect(lost).toEqual([]); // of BUSY replies
    expect(idleClosed).toEqual(Array(IDLE).fill(goingAway));
    expect(busyClosed).toEqual(Array(BUSY).fill(goingAway));
    expect(closedBeforeReplies).toBe(false);
    expect(late).toBe('ECONNREFUSED');
    expect(served.logger.entries).toEqual([]);
  });
});
