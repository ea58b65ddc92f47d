// requestTimeoutMs gives each HTTP request a deadline: "the request's Context ends with
// DeadlineExceeded, and a client still waiting then gets 503" (AppOptions). A handler that
// ignores its Context must not leave the client waiting: at the deadline the client gets a 503
// problem, its connection stays usable or is closed cleanly, and a result the handler produces
// later is never sent. close() does not wait for such a handler.
import { once } from 'node:events';
import { type Context, DeadlineExceeded } from 'fw/context';
import { describe, expect, it, onTestFinished } from 'vitest';
import { deferred, RawClient, type RawResponse, serve } from '../http/support.js';

const DEADLINE_MS = 100;
/** A generous bound on what should take about DEADLINE_MS: past it the test fails, naming what hung. */
const BOUND_MS = 5_000;

/** `promise`, or a rejection naming `what` once BOUND_MS have passed. */
async function within<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const bound = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} within ${BOUND_MS} ms`)), BOUND_MS);
  });
  try {
    return await Promise.race([promise, bound]);
  } finally {
    clearTimeout(timer);
  }
}

/** Asserts the 503 a request past its deadline gets. */
function expectDeadlineAnswer(res: RawResponse): void {
  expect(res.status).toBe(503);
  expect(res.headers['content-type']).toBe('application/problem+json');
  expect(JSON.parse(res.body)).toMatchObject({
    type: 'about:blank',
    title: 'Service Unavailable',
    status: 503,
  });
}

/** The connection after a deadline answer: closed cleanly, or it serves the next request. */
async function nextOnSameConnection(client: RawClient, res: RawResponse): Promise<string> {
  if (res.headers['connection'] === 'close') {
    await client.closed();
    return 'closed';
  }
  await client.write('GET /ok HTTP/1.1\r\nHost: t\r\n\r\n');
  const next = await client.response();
  return `${next.status} ${next.body}`;
}

describe('a handler that ignores its deadline (requestTimeoutMs)', () => {
  it('never resolving: the client gets 503 at the deadline; close() does not wait for it', async () => {
    const entered = deferred<Context>();
    const served = await serve(
      [
        {
          method: 'GET',
          path: '/hang',
          params: ['ctx:fw/context#Context'],
          handle: (ctx: Context) => {
            entered.resolve(ctx);
            return new Promise(() => {});
          },
        },
      ],
      // Were close() to wait for the handler, it would take this long.
      { requestTimeoutMs: DEADLINE_MS, closeTimeoutMs: 2 * BOUND_MS },
    );
    const client = await RawClient.connect(served.port);
    onTestFinished(() => client.destroy());

    await client.write('GET /hang HTTP/1.1\r\nHost: t\r\n\r\n');
    const ctx = await entered.promise;
    const res = await within(
      client.response(),
      `no answer to a request with a ${DEADLINE_MS} ms deadline`,
    );
    const next = await nextOnSameConnection(client, res);
    if (!ctx.signal.aborted) await once(ctx.signal, 'abort');

    expectDeadlineAnswer(res);
    expect(['closed', '200 ok']).toContain(next);
    expect(ctx.err()).toBe(DeadlineExceeded);
    expect(await served.alive()).toBe(200);
    client.destroy();
    await within(served.app.close(), 'close() waited for the abandoned handler, it did not end');
  });

  it('resolving after the deadline: 503 at the deadline, and the late result is never sent', async () => {
    const gate = deferred();
    const returned = deferred();
    const served = await serve(
      [
        {
          method: 'GET',
          path: '/late',
          handle: async () => {
            await gate.promise;
            returned.resolve();
            return 'late result';
          },
        },
      ],
      { requestTimeoutMs: DEADLINE_MS, closeTimeoutMs: BOUND_MS },
    );
    const client = await RawClient.connect(served.port);
    onTestFinished(() => client.destroy());

    await client.write('GET /late HTTP/1.1\r\nHost: t\r\n\r\n');
    const res = await within(
      client.response(),
      `no answer to a request with a ${DEADLINE_MS} ms deadline`,
    ).finally(() => gate.resolve());
    await returned.promise;
    expect(await served.alive()).toBe(200); // a round trip: the late result has been dealt with
    const next = await nextOnSameConnection(client, res);
    client.destroy();

    expectDeadlineAnswer(res);
    expect(['closed', '200 ok']).toContain(next);
  });
});
