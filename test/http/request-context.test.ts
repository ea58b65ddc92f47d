import { once } from 'node:events';
import { Canceled, type Context, DeadlineExceeded } from 'fw/context';
import type { HttpRequestContext } from 'fw/core';
import { describe, expect, it } from 'vitest';
import { deferred, RawClient, serve, type TestRoute } from './support.js';

interface Seen {
  readonly deadline: Date | undefined;
  readonly err: Error | undefined;
}

/** A handler that waits for its Context to end, then hands what it saw to the test. */
function waiter() {
  const entered = deferred();
  const ended = deferred<Seen>();
  const route: TestRoute = {
    method: 'GET',
    path: '/wait',
    params: ['ctx:fw/context#Context'],
    handle: async (ctx: Context) => {
      const deadline = ctx.deadline();
      entered.resolve();
      if (!ctx.signal.aborted) await once(ctx.signal, 'abort');
      ended.resolve({ deadline, err: ctx.err() });
      return ctx.err()?.message;
    },
  };
  return { route, entered: entered.promise, ended: ended.promise };
}

// A request's Context is canceled when the client goes away, and has the app's deadline (API.md 3).
describe('the request Context over a socket', () => {
  it('is canceled when the client disconnects mid-request', async () => {
    const { route, entered, ended } = waiter();
    const served = await serve([route]);
    const client = await RawClient.connect(served.port);

    await client.write('GET /wait HTTP/1.1\r\nHost: t\r\n\r\n');
    await entered;
    client.destroy();

    expect(await ended).toEqual({ deadline: undefined, err: Canceled });
    expect(await served.alive()).toBe(200);
  });

  it('gets a deadline from requestTimeoutMs and ends with DeadlineExceeded', async () => {
    const { route, ended } = waiter();
    const served = await serve([route], { requestTimeoutMs: 50 });
    const sentAt = Date.now();

    const res = await fetch(served.url('/wait'));
    const seen = await ended;

    expect(seen.err).toBe(DeadlineExceeded);
    expect(seen.deadline).toBeInstanceOf(Date);
    expect(seen.deadline?.getTime()).toBeGreaterThanOrEqual(sentAt);
    // The client got 503 at the deadline; what the handler returned after it was dropped.
    expect(res.status).toBe(503);
  });

  it('is canceled once the response has been sent', async () => {
    const kept = deferred<Context>();
    const served = await serve([
      {
        method: 'GET',
        path: '/keep',
        params: ['ctx:fw/context#Context'],
        handle: (ctx: Context) => {
          kept.resolve(ctx);
          return ctx.err() === undefined ? 'live' : 'ended';
        },
      },
    ]);

    const res = await fetch(served.url('/keep'));
    const ctx = await kept.promise;

    expect(await res.text()).toBe('live');
    if (!ctx.signal.aborted) await once(ctx.signal, 'abort');
    expect(ctx.err()).toBe(Canceled);
  });
});

// A client that disconnects mid-body fails its own request, which is not the server's error to log.
describe('a client that goes away mid-body', () => {
  it('ends the execution without a logged error, and the server keeps answering', async () => {
    const finished = deferred<Error | undefined>();
    const reading = deferred();
    const served = await serve(
      [
        {
          method: 'POST',
          path: '/upload',
          params: ['req:fw/core#HttpRequestContext'],
          handle: (req: HttpRequestContext) => {
            reading.resolve();
            return req.bind();
          },
        },
      ],
      { interceptors: [{ afterCompletion: (_ctx, _meta, err) => finished.resolve(err) }] },
    );
    const client = await RawClient.connect(served.port);

    await client.write(
      'POST /upload HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"a":',
    );
    await reading.promise;
    client.destroy();

    expect((await finished.promise)?.message).toBe('aborted');
    expect(await served.alive()).toBe(200); // by now the aborted execution has been reported
    expect(served.logger.entries).toEqual([]);
  });
});
