// rateLimit() with the memory store over real sockets: the RateLimit-* header fields on every
// answer (a handler's, a 404, the 429 itself), the 429 problem with Retry-After, the window
// starting again, keys of the client's address or of a function, a limit on one route only, and
// the client's address: the socket's peer unless trustProxy trusts the proxy in between.
import { reply } from 'fw';
import { RateLimit, type RateLimitOptions, rateLimit } from 'fw/rate-limit';
import { describe, expect, it } from 'vitest';
import { problem, serve, type TestRoute } from './support.js';

const hello: TestRoute = { method: 'GET', path: '/hello', handle: () => reply({ hi: true }) };

function limits(res: Response) {
  return ['ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset'].map((n) =>
    res.headers.get(n),
  );
}

describe('rateLimit() on the app', () => {
  it('answers the request over the limit 429 with Retry-After, and every answer its counts', async () => {
    const { url } = await serve([hello], {
      interceptors: [rateLimit({ limit: 3, windowMs: 60_000 })],
    });
    const first = await fetch(url('/hello'));
    expect(first.status).toBe(200);
    expect(limits(first)).toEqual(['3', '2', '60']);
    const missing = await fetch(url('/nowhere'));
    expect(missing.status).toBe(404);
    expect(limits(missing)).toEqual(['3', '1', expect.stringMatching(/^(59|60)$/)]);
    expect(limits(await fetch(url('/hello')))[1]).toBe('0');
    const refused = await fetch(url('/hello'));
    expect(refused.status).toBe(429);
    expect(refused.headers.get('content-type')).toBe('application/problem+json');
    const reset = refused.headers.get('retry-after');
    expect(reset).toMatch(/^(59|60)$/);
    expect(limits(refused)).toEqual(['3', '0', reset]);
    const detail = `Too many requests: the limit is 3 per 60 s; retry after ${reset} s (Retry-After)`;
    expect(await refused.json()).toEqual(
      problem(429, 'Too Many Requests', detail, 'FW_ERR_RATE_LIMITED'),
    );
  });

  it('counts again once the window has ended', async () => {
    const { url } = await serve([hello], {
      interceptors: [rateLimit({ limit: 2, windowMs: 300 })],
    });
    const statuses = async (n: number) => {
      const got: number[] = [];
      for (let i = 0; i < n; i++) got.push((await fetch(url('/hello'))).status);
      return got;
    };
    expect(await statuses(3)).toEqual([200, 200, 429]);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(await statuses(3)).toEqual([200, 200, 429]);
  });

  it('counts by the key a function gives, and by the address when it gives none', async () => {
    const key = (ctx: Parameters<NonNullable<RateLimitOptions['key']>>[0]) =>
      ctx.header('x-api-key') || undefined;
    const { url } = await serve([hello], {
      interceptors: [rateLimit({ limit: 1, windowMs: 60_000, key })],
    });
    const as = (apiKey?: string) =>
      fetch(url('/hello'), { headers: apiKey === undefined ? {} : { 'x-api-key': apiKey } }).then(
        (r) => r.status,
      );
    expect([await as('a'), await as('b'), await as('a'), await as('b')]).toEqual([
      200, 200, 429, 429,
    ]);
    expect([await as(), await as()]).toEqual([200, 429]);
  });

  it('refuses options it cannot use with FW_ERR_INVALID_OPTION', () => {
    expect(() => rateLimit({ limit: 0, windowMs: 1000 })).toThrow(
      "rateLimit option 'limit' must be an integer from 1 to 2147483648; got 0",
    );
    expect(() => rateLimit({ limit: 1, windowMs: 1000, onStoreError: 'ignore' as never })).toThrow(
      "rateLimit option 'onStoreError' must be 'allow' or 'refuse'; got 'ignore'",
    );
  });
});

class TwoPerMinute extends RateLimit {
  constructor() {
    super({ limit: 2, windowMs: 60_000 });
  }
}

describe('rateLimit() on one route', () => {
  it('limits the route it is declared on, and leaves the others alone', async () => {
    const login: TestRoute = {
      method: 'POST',
      path: '/login',
      interceptors: [TwoPerMinute],
      handle: () => reply({ ok: true }),
    };
    const { url } = await serve([login, hello], { providers: [new TwoPerMinute()] });
    const post = () => fetch(url('/login'), { method: 'POST' });
    expect([(await post()).status, (await post()).status, (await post()).status]).toEqual([
      200, 200, 429,
    ]);
    const other = await fetch(url('/hello'));
    expect(other.status).toBe(200);
    expect(other.headers.get('ratelimit-limit')).toBeNull();
  });
});

describe("the client's address", () => {
  const whoami: TestRoute = {
    method: 'GET',
    path: '/whoami',
    params: ['ctx:fw/core#HttpRequestContext'],
    handle: (ctx: { clientAddress(): string }) => ctx.clientAddress(),
  };

  it('is the socket peer, whatever X-Forwarded-For says, by default', async () => {
    const { url } = await serve([whoami], {
      interceptors: [rateLimit({ limit: 1, windowMs: 60_000 })],
    });
    const res = await fetch(url('/whoami'), { headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(await res.text()).toBe('127.0.0.1');
    // Another forwarded address is no other client: the same peer's count.
    const again = await fetch(url('/whoami'), { headers: { 'x-forwarded-for': '198.51.100.1' } });
    expect(again.status).toBe(429);
  });

  it('is the forwarded one when trustProxy trusts the peer, and counts apart', async () => {
    const { url } = await serve([whoami], {
      trustProxy: ['127.0.0.1', '10.0.0.0/8'],
      interceptors: [rateLimit({ limit: 1, windowMs: 60_000 })],
    });
    const from = (xff: string) => fetch(url('/whoami'), { headers: { 'x-forwarded-for': xff } });
    const res = await from('203.0.113.9, 10.1.2.3');
    expect([res.status, await res.text()]).toEqual([200, '203.0.113.9']);
    expect((await from('198.51.100.1')).status).toBe(200);
    expect((await from('203.0.113.9')).status).toBe(429);
  });

  it('refuses a trustProxy it cannot use with FW_ERR_INVALID_OPTION', async () => {
    await expect(serve([], { trustProxy: ['10.0.0.0/33'] })).rejects.toThrow(
      "createApp option 'trustProxy' must be addresses or CIDR ranges such as '10.0.0.0/8' or '::1'; got an array",
    );
    await expect(serve([], { trustProxy: 0 })).rejects.toThrow(
      "createApp option 'trustProxy' must be a number of proxies, 1 or more; got 0",
    );
  });
});
