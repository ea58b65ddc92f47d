// What waits to be sent on a WebSocket connection is bounded, and only a pong keeps a connection
// alive (API.md section 5b, "Backpressure", "Replies and sendMessage" and "Liveness"). The
// clients here pause their socket (`ws.pause()`), as one that sends and never reads does.
import { type AppOptions, BINDINGS_VERSION, createApp, FwError, sendMessage } from 'fw';
import type { WebSocketMessageContext } from 'fw/core';
import { describe, expect, it } from 'vitest';
import { Client, deferred, serve } from './support.js';

const text = (ctx: WebSocketMessageContext) => new TextDecoder().decode(ctx.payload());
const CHUNK = 'x'.repeat(16 * 1024);

/** How a `sendMessage` promise settled: `sent`, or the rejection's code. */
function outcome(sent: Promise<void>): Promise<string> {
  return sent.then(
    () => 'sent',
    (err: unknown) => (err instanceof FwError ? err.code : String(err)),
  );
}

/** A gateway at /ws whose handler is `handle`, given the message context. */
function gateway(handle: (ctx: WebSocketMessageContext) => unknown) {
  return {
    method: 'WS',
    path: '/ws',
    params: ['ctx:fw/core#WebSocketMessageContext'],
    handle,
  };
}

describe('liveness', () => {
  it('terminates a client that keeps sending but never answers a ping', async () => {
    const { port } = await serve([gateway(() => undefined)], { pingIntervalMs: 50 });
    const client = await Client.open(port, '/ws', { autoPong: false });
    const chatter = setInterval(() => client.ws.send('still here'), 10);
    try {
      expect((await client.closed).code).toBe(1006); // cut without a close frame
    } finally {
      clearInterval(chatter);
    }
  });
});

describe('maxBackpressureBytes', () => {
  const limits = { backpressureHighWaterMark: 16 * 1024, maxBackpressureBytes: 256 * 1024 };

  it('refuses the sendMessage that would pass it, buffers nothing of it, and closes with 1008', async () => {
    const reported = deferred<Promise<string>[]>();
    const { port, logger } = await serve(
      [
        gateway((ctx) => {
          const outcomes: Promise<string>[] = [];
          // Far more than the kernel's socket buffers and the limit together.
          for (let i = 0; i < 4000; i++) outcomes.push(outcome(sendMessage(ctx.context(), CHUNK)));
          reported.resolve(outcomes);
        }),
      ],
      limits,
    );
    const client = await Client.open(port, '/ws');
    client.ws.pause();
    await client.send('flood');
    const outcomes = await reported.promise;
    client.ws.resume();

    expect(await client.closed).toEqual({ code: 1008, reason: 'backpressure limit' });
    const settled = await Promise.all(outcomes);
    const refused = settled.indexOf('FW_ERR_WEBSOCKET_BACKPRESSURE');
    expect(refused).toBeGreaterThan(0);
    expect(settled.slice(0, refused).every((s) => s === 'sent')).toBe(true);
    expect(settled.slice(refused + 1).every((s) => s === 'FW_ERR_WEBSOCKET_CLOSED')).toBe(true);
    // The client got exactly the frames sent before the refused one.
    expect(client.pending()).toBe(refused);
    const logged = logger.records.filter((r) => r.msg === 'websocket backpressure limit reached');
    expect(logged).toHaveLength(1);
    expect(logged[0]?.level).toBe('info');
    expect(logged[0]?.fields).toMatchObject({
      path: '/ws',
      connId: expect.any(String),
      closeCode: 1008,
      limit: 256 * 1024,
    });
  });

  it('terminates a connection that does not read its close frame either', async () => {
    const filled = deferred();
    const { port } = await serve(
      [
        gateway((ctx) => {
          for (let i = 0; i < 4000; i++) void sendMessage(ctx.context(), CHUNK);
          filled.resolve();
        }),
      ],
      { ...limits, maxConnections: 1 },
    );
    const client = await Client.open(port, '/ws');
    client.ws.pause();
    await client.send('flood');
    await filled.promise;

    // The only slot is free again once the server has cut the connection it could not close.
    let next: Client | undefined;
    for (let i = 0; next === undefined && i < 100; i++) {
      next = await Client.open(port, '/ws').catch(async () => {
        await new Promise((resolve) => setTimeout(resolve, 100));
        return undefined;
      });
    }
    expect(next).toBeDefined();
  });

  it('refuses a reply that would pass it, closing with 1008', async () => {
    const { port } = await serve(
      [gateway((ctx) => (text(ctx) === 'big' ? 'y'.repeat(300 * 1024) : 'small'))],
      limits,
    );
    const client = await Client.open(port, '/ws');

    expect(await client.ask('hello')).toBe('small');
    await client.send('big');
    expect(await client.closed).toEqual({ code: 1008, reason: 'backpressure limit' });
    expect(client.pending()).toBe(0);
  });
});

describe('sendTimeoutMs', () => {
  it('rejects a sendMessage whose frame is not written in time; the frame stays queued', async () => {
    const settled = deferred<string>();
    const big = new Uint8Array(16 * 1024 * 1024); // more than the kernel's socket buffers take
    const { port } = await serve(
      [
        gateway(async (ctx) => {
          if (text(ctx) !== 'go') return `echo ${text(ctx)}`;
          settled.resolve(await outcome(sendMessage(ctx.context(), big)));
          return 'went';
        }),
      ],
      { sendTimeoutMs: 200, maxBackpressureBytes: 64 * 1024 * 1024 },
    );
    const client = await Client.open(port, '/ws');
    client.ws.pause();
    await client.send('go');

    expect(await settled.promise).toBe('FW_ERR_WEBSOCKET_SEND_TIMEOUT');
    client.ws.resume();
    const got = await client.next();
    expect(got.binary).toBe(true);
    expect((got.data as Uint8Array).byteLength).toBe(big.byteLength);
    expect(await client.text()).toBe('went');
    expect(await client.ask('after')).toBe('echo after');
  });
});

describe('a client that reads', () => {
  it('gets every reply and every sendMessage, in order, with a small high-water mark', async () => {
    const { port, logger } = await serve(
      [
        gateway((ctx) => {
          const n = text(ctx);
          void sendMessage(ctx.context(), `pushed ${n} ${CHUNK}`);
          return `reply ${n} ${CHUNK}`;
        }),
      ],
      { backpressureHighWaterMark: 16 * 1024, maxBackpressureBytes: 1024 * 1024 },
    );
    const client = await Client.open(port, '/ws');
    const count = 2000;
    for (let i = 0; i < count; i++) client.ws.send(String(i));

    for (let i = 0; i < count; i++) {
      expect(await client.text()).toBe(`pushed ${i} ${CHUNK}`);
      expect(await client.text()).toBe(`reply ${i} ${CHUNK}`);
    }
    expect(await client.ask('done')).toBe(`pushed done ${CHUNK}`);
    expect(logger.failures()).toEqual([]);
  });
});

describe('backpressure options', () => {
  const bindings = { version: BINDINGS_VERSION, controllers: [] } as const;

  it.each<[string, Partial<AppOptions>, string]>([
    [
      'backpressureHighWaterMark 0',
      { backpressureHighWaterMark: 0 },
      "backpressureHighWaterMark' must be a positive integer; got 0",
    ],
    [
      'maxBackpressureBytes 1.5',
      { maxBackpressureBytes: 1.5 },
      "maxBackpressureBytes' must be a positive integer; got 1.5",
    ],
    [
      'maxBackpressureBytes below the high-water mark',
      { backpressureHighWaterMark: 65536, maxBackpressureBytes: 1024 },
      "maxBackpressureBytes' must be at least backpressureHighWaterMark (65536); got 1024",
    ],
    [
      'sendTimeoutMs 0',
      { sendTimeoutMs: 0 },
      "sendTimeoutMs' must be an integer from 1 to 2147483647; got 0",
    ],
    [
      'sendTimeoutMs past a timer',
      { sendTimeoutMs: 2 ** 31 },
      "sendTimeoutMs' must be an integer from 1 to 2147483647; got 2147483648",
    ],
  ])('rejects %s', (_name, given, want) => {
    let err: unknown;
    try {
      createApp({ bindings, ...given });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(FwError);
    expect((err as FwError).message).toBe(`createApp option '${want}`);
  });

  it('takes a high-water mark above the default limit as the limit too', () => {
    expect(() => createApp({ bindings, backpressureHighWaterMark: 8 * 1024 * 1024 })).not.toThrow();
  });
});
