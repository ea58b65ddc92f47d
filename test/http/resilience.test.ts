import type { InterceptorClass } from 'fw';
import type { Interceptor } from 'fw/core';
import { describe, expect, it } from 'vitest';
import { problem, RawClient, serve, type TestRoute } from './support.js';

type Hook = keyof Interceptor;

/** A route interceptor class whose `hook` throws. */
function throwingIn(hook: Hook): InterceptorClass {
  return class implements Interceptor {
    [hook]() {
      throw new Error(`${hook} broke`);
    }
  };
}

const INTERNAL = problem(500, 'Internal Server Error', 'Internal Server Error');
const ok = () => 'fine';

// A failure anywhere in the pipeline is caught: the request gets an answer and the process goes on.
describe('failures never take the server down', () => {
  it.each<[string, InterceptorClass[], () => unknown, number, unknown]>([
    ['the handler throws', [], () => JSON.parse('{'), 500, INTERNAL],
    ['the handler rejects', [], () => Promise.reject(new Error('db down')), 500, INTERNAL],
    ['the handler rejects with a string', [], () => Promise.reject('oops'), 500, INTERNAL],
    ['preHandle throws', [throwingIn('preHandle')], ok, 500, INTERNAL],
    ['postHandle throws', [throwingIn('postHandle')], ok, 500, INTERNAL],
    ['beforeResponse throws', [throwingIn('beforeResponse')], ok, 500, INTERNAL],
    // afterCompletion runs once the response is sent: the client has its 200, the error is logged.
    ['afterCompletion throws', [throwingIn('afterCompletion')], ok, 200, 'fine'],
  ])('%s', async (_name, interceptors, handle, status, body) => {
    const served = await serve([{ method: 'GET', path: '/boom', interceptors, handle }]);

    const res = await fetch(served.url('/boom'));
    const text = await res.text();

    expect(res.status).toBe(status);
    expect(status === 500 ? JSON.parse(text) : text).toEqual(body);
    expect(served.logger.entries).toHaveLength(1);
    expect(await served.alive()).toBe(200);
  });
});

// HTTP/1.1 connections persist by default (RFC 9112 section 9.3): one socket serves many requests.
describe('keep-alive', () => {
  const routes: TestRoute[] = [
    { method: 'GET', path: '/a', handle: () => 'first' },
    { method: 'GET', path: '/b', handle: () => 'second' },
  ];

  it('answers two requests sent one after the other on one socket', async () => {
    const { port } = await serve(routes);
    const client = await RawClient.connect(port);

    await client.write('GET /a HTTP/1.1\r\nHost: t\r\n\r\n');
    const first = await client.response();
    await client.write('GET /b HTTP/1.1\r\nHost: t\r\n\r\n');
    const second = await client.response();
    client.destroy();

    expect([first.status, first.body, first.headers['connection']]).toEqual([
      200,
      'first',
      'keep-alive',
    ]);
    expect([second.status, second.body]).toEqual([200, 'second']);
  });

  it('answers two pipelined requests in order', async () => {
    const { port } = await serve(routes);
    const client = await RawClient.connect(port);

    await client.write('GET /b HTTP/1.1\r\nHost: t\r\n\r\nGET /a HTTP/1.1\r\nHost: t\r\n\r\n');
    const first = await client.response();
    const second = await client.response();
    client.destroy();

    expect([first.body, second.body]).toEqual(['second', 'first']);
  });

  it('keeps the connection after an error response', async () => {
    const { port } = await serve(routes);
    const client = await RawClient.connect(port);

    await client.write(
      'GET /missing HTTP/1.1\r\nHost: t\r\n\r\nGET /a HTTP/1.1\r\nHost: t\r\n\r\n',
    );
    const first = await client.response();
    const second = await client.response();
    client.destroy();

    expect([first.status, second.status, second.body]).toEqual([404, 200, 'first']);
  });
});
