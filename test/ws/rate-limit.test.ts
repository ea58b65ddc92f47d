// rateLimit() among the app's interceptors with real `ws` clients: an upgrade counts as a request
// of the client's address (over the limit: 429 before the upgrade, with Retry-After and the
// RateLimit-* fields), and each connection's messages count apart (over the limit: close 1008,
// the problem's detail as the reason).
import { rateLimit } from 'fw/rate-limit';
import { describe, expect, it } from 'vitest';
import { Client, problem, refusal, serve } from './support.js';

const echo = { method: 'WS', path: '/ws', params: [], handle: () => 'pong' };

describe('rateLimit() and WebSockets', () => {
  it('refuses the upgrade over the limit with 429 and Retry-After', async () => {
    const { port } = await serve([echo], {
      interceptors: [rateLimit({ limit: 2, windowMs: 60_000 })],
    });
    await Client.open(port, '/ws');
    await Client.open(port, '/ws');
    const res = await refusal(port, '/ws');
    expect(res.status).toBe(429);
    const reset = res.headers['retry-after'];
    expect(reset).toMatch(/^(59|60)$/);
    expect([
      res.headers['ratelimit-limit'],
      res.headers['ratelimit-remaining'],
      res.headers['ratelimit-reset'],
    ]).toEqual(['2', '0', reset]);
    const detail = `Too many requests: the limit is 2 per 60 s; retry after ${reset} s (Retry-After)`;
    expect(res.json).toEqual(problem(429, 'Too Many Requests', detail, 'FW_ERR_RATE_LIMITED'));
  });

  it("closes a connection with 1008 at the message over its own limit, and not another's", async () => {
    const { port } = await serve([echo], {
      interceptors: [rateLimit({ limit: 3, windowMs: 60_000 })],
    });
    const one = await Client.open(port, '/ws');
    const two = await Client.open(port, '/ws');
    for (let i = 0; i < 3; i++) expect(await one.ask('ping')).toBe('pong');
    await one.send('ping');
    const closed = await one.closed;
    expect(closed.code).toBe(1008);
    expect(closed.reason).toMatch(
      /^Too many requests: the limit is 3 per 60 s; retry after (59|60) s \(Retry-After\)$/,
    );
    expect(await two.ask('ping')).toBe('pong');
  });
});
