// Liveness (ping/pong) and the graceful close of WebSocket connections (API.md section 5b).
import { describe, expect, it } from 'vitest';
import { Client, deferred, RawClient, serve } from './support.js';

const echo = {
  method: 'WS',
  path: '/ws',
  params: ['ctx:fw/core#WebSocketContext'],
  handle: (ctx: { payload(): Uint8Array }) => new TextDecoder().decode(ctx.payload()),
};

describe('ping/pong', () => {
  it('keeps a client that answers the pings, and terminates one that does not', async () => {
    const { port } = await serve([echo], { pingIntervalMs: 20 });
    const live = await Client.open(port, '/ws');
    const dead = await Client.open(port, '/ws', { autoPong: false });
    let pings = 0;
    const threePings = new Promise<void>((resolve) =>
      live.ws.on('ping', () => {
        if (++pings === 3) resolve();
      }),
    );

    expect((await dead.closed).code).toBe(1006); // cut without a close frame
    await threePings;
    expect(await live.ask('still here')).toBe('still here');
  });
});

/** An app whose handler waits for the test to open its gate when it gets `slow`. */
async function slowApp() {
  const entered = deferred();
  const gate = deferred();
  const served = await serve([
    {
      ...echo,
      handle: async (ctx: { payload(): Uint8Array }) => {
        const text = new TextDecoder().decode(ctx.payload());
        if (text === 'slow') {
          entered.resolve();
          await gate.promise;
          return 'done';
        }
        return text;
      },
    },
  ]);
  return { served, entered: entered.promise, open: () => gate.resolve() };
}

describe('close()', () => {
  it('sends 1001 to every connection, after the running handler has replied', async () => {
    const { served, entered, open } = await slowApp();
    const busy = await Client.open(served.port, '/ws');
    const idle = await Client.open(served.port, '/ws');
    await busy.send('slow');
    await entered;
    let closed = false;

    const closing = served.app.close().then(() => (closed = true));
    const idleClosed = await idle.closed; // the idle connection does not wait for the busy one
    const before = closed;
    open();
    const reply = await busy.next();
    const busyClosed = await busy.closed;
    await closing;

    expect(idleClosed).toEqual({ code: 1001, reason: 'server shutting down' });
    expect(before).toBe(false);
    expect(reply).toEqual({ data: 'done', binary: false });
    expect(busyClosed).toEqual({ code: 1001, reason: 'server shutting down' });
  });

  it('refuses an upgrade that arrives during the close with 503', async () => {
    const { served, entered, open } = await slowApp();
    const busy = await Client.open(served.port, '/ws'); // keeps close() pending
    await busy.send('slow');
    await entered;
    const raw = await RawClient.connect(served.port);
    await raw.write(
      'GET /ws HTTP/1.1\r\nHost: t\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n' +
        'Sec-WebSocket-Version: 13\r\n',
    );
    expect(await served.alive()).toBe(200); // the server has read the request's first lines

    const closing = served.app.close();
    await raw.write('Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n');
    const res = await raw.response();
    open();
    await closing;

    expect(res.status).toBe(503);
    expect(JSON.parse(res.body)).toMatchObject({
      status: 503,
      detail: 'The server is shutting down; retry on another instance',
    });
  });

  it('terminates a connection that does not answer the close after closeTimeoutMs', async () => {
    const served = await serve([echo], { closeTimeoutMs: 50 });
    const raw = await RawClient.connect(served.port);
    await raw.write(
      'GET /ws HTTP/1.1\r\nHost: t\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n' +
        'Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n',
    );
    expect((await raw.response()).status).toBe(101);

    await served.app.close(); // the raw client never sends its close frame

    await raw.closed();
  });
});
