// The process never crashes on bad input: malformed frames, bad payloads and clients that vanish
// end their own connection only, and the server goes on answering HTTP and WebSocket alike.
import { connect } from 'node:net';
import type { Interceptor } from 'fw/core';
import { describe, expect, it } from 'vitest';
import { Client, deferred, frame, RawWebSocket, serve } from './support.js';

const echo = {
  method: 'WS',
  path: '/ws',
  params: ['ctx:fw/core#WebSocketContext'],
  handle: (ctx: { payload(): Uint8Array }) => new TextDecoder().decode(ctx.payload()),
};

/** The served app still answers HTTP and a new WebSocket connection. */
async function stillServing(served: Awaited<ReturnType<typeof serve>>): Promise<void> {
  expect(await served.alive()).toBe(200);
  const client = await Client.open(served.port, '/ws');
  expect(await client.ask('ok')).toBe('ok');
  expect(served.logger.entries).toEqual([]);
}

const hello = new TextEncoder().encode('hello');

describe('malformed frames', () => {
  it.each([
    ['an unmasked client frame', frame(1, hello, { masked: false }), 1002],
    ['reserved bits without an extension', frame(1, hello, { rsv: 4 }), 1002],
    ['an unknown opcode', frame(3, hello), 1002],
    ['a continuation with nothing to continue', frame(0, hello), 1002],
    ['text that is not UTF-8', frame(1, new Uint8Array([0xc3, 0x28])), 1007],
    ['a fragmented ping', Buffer.from([0x09, 0x80, 0, 0, 0, 0]), 1002],
    ['a declared length of 2^62', Buffer.from([0x82, 0xff, 0x40, 0, 0, 0, 0, 0, 0, 0]), 1009],
  ])('closes the connection that sends %s, and nothing else', async (_name, bytes, code) => {
    const served = await serve([echo]);
    const bystander = await Client.open(served.port, '/ws');
    const raw = await RawWebSocket.open(served.port, '/ws');
    raw.write(bytes);
    expect(await raw.closeCode()).toBe(code);
    raw.destroy();
    expect(await bystander.ask('unaffected')).toBe('unaffected');
    await stillServing(served);
  });
});

describe('clients that vanish', () => {
  it('in the middle of a message: the late reply is dropped', async () => {
    const entered = deferred();
    const gate = deferred();
    const done = deferred<string>();
    const served = await serve([
      {
        ...echo,
        handle: async (ctx: { payload(): Uint8Array }) => {
          const text = new TextDecoder().decode(ctx.payload());
          if (text !== 'slow') return text;
          entered.resolve();
          await gate.promise;
          done.resolve('returned');
          return 'late';
        },
      },
    ]);
    const raw = await RawWebSocket.open(served.port, '/ws');
    raw.write(frame(1, new TextEncoder().encode('slow')));
    await entered;
    raw.destroy();
    // The server sees the reset after a round trip of its own.
    expect(await served.alive()).toBe(200);
    gate.resolve();
    expect(await done.promise).toBe('returned');
    await stillServing(served);
  });

  it('in the middle of a frame', async () => {
    const served = await serve([echo]);
    const raw = await RawWebSocket.open(served.port, '/ws');
    raw.write(frame(1, hello).subarray(0, 4));
    raw.destroy();
    await stillServing(served);
  });

  it.each([
    ['accepts', undefined],
    ['refuses', new Error('no')],
  ])('during preHandshake, which then %s: its connection slot is freed', async (_name, outcome) => {
    const entered = deferred();
    const gate = deferred();
    let finished = false;
    const slow: Interceptor = {
      preHandshake: async (ctx) => {
        if (ctx.path() !== '/slow') return;
        entered.resolve();
        await gate.promise;
        finished = true;
        return outcome;
      },
    };
    const served = await serve([{ ...echo, path: '/slow' }, echo], {
      maxConnections: 1,
      interceptors: [slow],
    });
    const raw = connect(served.port, '127.0.0.1');
    raw.on('error', () => {});
    raw.write(
      'GET /slow HTTP/1.1\r\nHost: t\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n' +
        'Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n',
    );
    await entered;
    raw.resetAndDestroy(); // a TCP reset: the server's socket sees ECONNRESET
    expect(await served.alive()).toBe(200);
    gate.resolve();
    while (!finished) await new Promise((resolve) => setImmediate(resolve));
    await stillServing(served);
  });
});
