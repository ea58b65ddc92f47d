// A gateway learns that a connection closed through `connectionSignal` of any message's `Context`
// (API.md section 5b): the signal aborts however the connection ends, while the message's own
// `Context` has long been canceled.
import { connectionSignal, sendMessage } from 'fw';
import { background, type Context } from 'fw/context';
import { describe, expect, it } from 'vitest';
import { Client, serve } from './support.js';

/** A gateway on `/ws` that keeps the `Context` of the last message it took. */
async function keeping() {
  const kept: Context[] = [];
  const served = await serve([
    {
      method: 'WS',
      path: '/ws',
      params: ['ctx:fw/context#Context'],
      handle: (ctx: Context) => {
        kept.push(ctx);
        return 'kept';
      },
    },
  ]);
  const open = async () => {
    const client = await Client.open(served.port, '/ws');
    expect(await client.ask('hello')).toBe('kept');
    const ctx = kept.at(-1) as Context;
    return { client, ctx, closed: connectionSignal(ctx) };
  };
  return { ...served, open };
}

/** Resolves once `signal` has aborted. */
function aborted(signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.resolve();
  return new Promise((resolve) =>
    signal.addEventListener('abort', () => resolve(), { once: true }),
  );
}

describe('connectionSignal', () => {
  it('lives as long as the connection, after the message that gave it is done', async () => {
    const { open } = await keeping();
    const { client, ctx, closed } = await open();

    expect(ctx.signal.aborted).toBe(true); // the message's own Context ended with the message
    expect(closed.aborted).toBe(false);
    await sendMessage(ctx, 'still here');
    expect(await client.text()).toBe('still here');
  });

  it('aborts when the client closes the connection', async () => {
    const { open } = await keeping();
    const { client, closed } = await open();
    client.ws.close(1000, 'bye');
    await aborted(closed);
    expect(closed.aborted).toBe(true);
  });

  it('aborts when the client goes away without a closing handshake', async () => {
    const { open } = await keeping();
    const { client, closed } = await open();
    client.ws.terminate();
    await aborted(closed);
    expect(closed.aborted).toBe(true);
  });

  it('aborts when the app closes, once for each connection', async () => {
    const { app, open } = await keeping();
    const connections = await Promise.all([open(), open(), open()]);
    const seen: number[] = [];
    for (const [i, { closed }] of connections.entries()) {
      closed.addEventListener('abort', () => seen.push(i), { once: true });
    }
    await app.close();
    expect(seen.sort()).toEqual([0, 1, 2]);
    for (const { client } of connections) expect((await client.closed).code).toBe(1001);
  });

  it('aborts only the connection that closed', async () => {
    const { open } = await keeping();
    const first = await open();
    const second = await open();
    first.client.ws.close();
    await aborted(first.closed);
    expect(second.closed.aborted).toBe(false);
    expect(await second.client.ask('again')).toBe('kept');
  });

  it('throws for a Context that belongs to no WebSocket connection', () => {
    expect(() => connectionSignal(background())).toThrow(
      'connectionSignal needs the Context parameter of a WebSocket message handler; this Context carries no connection',
    );
    expect(() => connectionSignal(background())).toThrow(
      expect.objectContaining({ code: 'FW_ERR_NO_WEBSOCKET_CONNECTION' }),
    );
  });
});
