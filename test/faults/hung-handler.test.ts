// A handler that never resolves and ignores its Context, on an app without requestTimeoutMs: no
// timeout of the server applies once the request has been received (receiveTimeoutMs bounds the
// upload only), so it holds its connection until close(), which cuts it after closeTimeoutMs.
// Meanwhile the server answers everyone else. (With requestTimeoutMs: deadline.test.ts.)
import { once } from 'node:events';
import { Canceled, type Context } from 'fw/context';
import { describe, expect, it } from 'vitest';
import { deferred, RawClient, serve, type TestRoute } from '../http/support.js';

function hanging() {
  const entered = deferred<Context>();
  const route: TestRoute = {
    method: 'GET',
    path: '/hang',
    params: ['ctx:fw/context#Context'],
    handle: (ctx: Context) => {
      entered.resolve(ctx);
      return new Promise(() => {});
    },
  };
  return { route, entered: entered.promise };
}

describe('a handler that never resolves, without requestTimeoutMs', () => {
  it('does not hold up the requests on other connections', async () => {
    const { route, entered } = hanging();
    const served = await serve([route, { method: 'GET', path: '/fast', handle: () => 'fast' }]);
    const stuck = await RawClient.connect(served.port);

    await stuck.write('GET /hang HTTP/1.1\r\nHost: t\r\n\r\n');
    await entered;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => fetch(served.url('/fast')).then((r) => r.text())),
    );

    expect(answers).toEqual(Array(20).fill('fast'));
    expect(await served.alive()).toBe(200);
    stuck.destroy();
  });

  it('is cut by close() after closeTimeoutMs: close() resolves, its Context is canceled', async () => {
    const { route, entered } = hanging();
    const served = await serve([route], { closeTimeoutMs: 100 });
    const stuck = await RawClient.connect(served.port);

    await stuck.write('GET /hang HTTP/1.1\r\nHost: t\r\n\r\n');
    const ctx = await entered;
    await served.app.close();
    const answer = await stuck.response().then(
      (res) => res.status,
      () => 'no response',
    );
    await stuck.closed();
    if (!ctx.signal.aborted) await once(ctx.signal, 'abort');

    expect([503, 'no response']).toContain(answer); // never a partial one
    expect(ctx.err()).toBe(Canceled);
  });
});
