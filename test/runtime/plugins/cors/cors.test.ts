// The CORS interceptor without a socket: what preHandle stages on an HTTP context, that it leaves
// event and WebSocket contexts alone, and which Origin values it never writes back.

import { ErrAbortPipeline, type HandlerMeta, RESPONSE_WRITER_KEY } from 'fw/core';
import { cors } from 'fw/cors';
import { consumerContext, httpContext, webSocketContext } from 'fw/testing';
import { describe, expect, it } from 'vitest';

const META: HandlerMeta = { pathKeys: [] };

/** The headers preHandle staged, and what it answered. */
function run(
  options: Parameters<typeof cors>[0],
  init: { method?: string; headers?: Record<string, string> },
) {
  const ctx = httpContext({ url: '/x', ...init });
  const answer = cors(options).preHandle?.(ctx, META);
  const staged = ctx.get<{ take(): { status: number; headers?: string[] } }>(RESPONSE_WRITER_KEY);
  const { status, headers = [] } = staged?.take() ?? { status: 0 };
  const out: Record<string, string> = {};
  for (let i = 0; i < headers.length; i += 3) out[headers[i] as string] = headers[i + 2] as string;
  return { answer, status, headers: out };
}

describe('the cors interceptor', () => {
  it('answers a preflight with 204 and ErrAbortPipeline', () => {
    const got = run(
      { origins: ['https://a.example'] },
      {
        method: 'OPTIONS',
        headers: { origin: 'https://a.example', 'access-control-request-method': 'PUT' },
      },
    );
    expect(got.answer).toBe(ErrAbortPipeline);
    expect(got.status).toBe(204);
    expect(got.headers).toEqual({
      vary: 'Origin',
      'access-control-allow-origin': 'https://a.example',
      'access-control-allow-methods': 'GET, HEAD, POST, PUT, PATCH, DELETE',
      'access-control-max-age': '600',
    });
  });

  it.each([
    ['an event', () => consumerContext('order.created')],
    ['a WebSocket message', () => webSocketContext({ path: '/ws' })],
  ])('does nothing for %s', (_name, make) => {
    const ctx = make();
    expect(cors({ origins: '*' }).preHandle?.(ctx, META)).toBeUndefined();
  });

  it.each([
    ['upper case', 'HTTPS://A.EXAMPLE'],
    ['a path', 'https://a.example/x'],
    ['userinfo', 'https://u@a.example'],
    ['a comma', 'https://a.example,https://b.example'],
    ['a space', 'https://a.example x'],
    ['a quote', 'https://a.example"'],
    ['a semicolon', 'https://a.example;x=1'],
    ['Latin-1', 'https://\u00e9.example'],
    ['no scheme', 'a.example'],
    ['a port too long', 'https://a.example:123456'],
    ['a wildcard', '*'],
  ])("never writes back an Origin with %s, not even for '*' or a predicate", (_name, origin) => {
    const asked: string[] = [];
    for (const origins of ['*', (o: string) => asked.push(o) > 0] as const) {
      const got = run({ origins }, { headers: { origin } });
      expect(got.answer).toBeUndefined();
      expect(got.headers).toEqual({ vary: 'Origin' });
    }
    expect(asked).toEqual([]);
  });

  it("writes back 'null' only when '*' or a predicate allows it", () => {
    const headers = { origin: 'null' };
    expect(run({ origins: '*' }, { headers }).headers['access-control-allow-origin']).toBe('null');
    expect(run({ origins: () => false }, { headers }).headers).toEqual({ vary: 'Origin' });
    expect(run({ origins: ['https://a.example'] }, { headers }).headers).toEqual({
      vary: 'Origin',
    });
  });

  it('takes an IPv6 origin with a port', () => {
    const origin = 'http://[::1]:8080';
    expect(run({ origins: [origin] }, { headers: { origin } }).headers).toEqual({
      vary: 'Origin',
      'access-control-allow-origin': origin,
    });
  });

  it('matches a configured origin written in another case, with its default port', () => {
    const origin = 'https://app.example.com';
    const got = run({ origins: ['HTTPS://App.Example.com:443'] }, { headers: { origin } });
    expect(got.headers['access-control-allow-origin']).toBe(origin);
  });
});
