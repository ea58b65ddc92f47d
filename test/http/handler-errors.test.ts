import { HttpError } from 'fw';
import { type ControllerContext, RESPONSE_WRITER_KEY, type ResponseWriter } from 'fw/core';
import { describe, expect, it } from 'vitest';
import { problem, RawClient, requestFailed, serve } from './support.js';

const INTERNAL = problem(500, 'Internal Server Error', 'Internal Server Error');

// Only an HttpError shows its text; anything else is a bare 500, and the logger gets the error (API.md 6).
describe('handler errors over a socket', () => {
  it('renders a thrown Error as 500 without its message, and logs it', async () => {
    const secret = new Error('secret db password');
    const { url, logger } = await serve([
      {
        method: 'GET',
        path: '/boom',
        handle: () => {
          throw secret;
        },
      },
    ]);

    const res = await fetch(url('/boom'));
    const text = await res.text();

    expect(res.status).toBe(500);
    expect(res.headers.get('content-type')).toBe('application/problem+json');
    expect(JSON.parse(text)).toEqual(INTERNAL);
    expect(text).not.toMatch(/secret|password|at /);
    expect(logger.failures()).toEqual([
      requestFailed({
        method: 'GET',
        path: '/boom',
        status: 500,
        requestId: res.headers.get('x-request-id'),
        err: secret,
      }),
    ]);
  });

  it('renders an HttpError with its own status and detail, and logs the 4xx at info', async () => {
    const { url, logger } = await serve([
      {
        method: 'GET',
        path: '/brew',
        handle: () => {
          throw new HttpError(418, 'teapot');
        },
      },
    ]);

    const res = await fetch(url('/brew'));

    expect(res.status).toBe(418);
    expect(res.headers.get('content-type')).toBe('application/problem+json');
    expect(await res.json()).toEqual(problem(418, "I'm a Teapot", 'teapot'));
    expect(logger.entries).toEqual([]);
    expect(logger.failures()).toEqual([
      requestFailed({
        method: 'GET',
        path: '/brew',
        status: 418,
        requestId: res.headers.get('x-request-id'),
        detail: 'teapot',
      }),
    ]);
  });

  it.each([
    ['a status that is no error', () => new HttpError(200, 'fine?')],
    ['a status that is no integer', () => new HttpError(404.5, 'half found')],
    [
      'a 4xx with a header that could split',
      () => new HttpError(400, 'bad', { headers: { 'X-A': 'a\r\nb' } }),
    ],
  ])('logs an HttpError sent as a bare 500: %s', async (_name, make) => {
    const thrown = make();
    const { url, logger } = await serve([
      {
        method: 'GET',
        path: '/odd',
        handle: () => {
          throw thrown;
        },
      },
    ]);

    const res = await fetch(url('/odd'));

    expect([res.status, await res.json()]).toEqual([500, INTERNAL]);
    expect(logger.failures()).toEqual([
      requestFailed({
        method: 'GET',
        path: '/odd',
        status: 500,
        requestId: res.headers.get('x-request-id'),
        err: thrown,
      }),
    ]);
  });
});

// A header that could split the response is refused at the writer: 500, and nothing of it is sent.
describe('response splitting through the ResponseWriter', () => {
  // The log has Node's own refusal of the header, with its code.
  it.each([
    ['a value with CR/LF', 'X-Note', 'ok\r\nSet-Cookie: pwned=1', 'ERR_INVALID_CHAR'],
    ['a value with LF', 'X-Note', 'ok\nSet-Cookie: pwned=1', 'ERR_INVALID_CHAR'],
    ['a name with CR/LF', 'X-Note\r\nSet-Cookie: pwned=1\r\nX-A', 'ok', 'ERR_INVALID_HTTP_TOKEN'],
  ])('%s gives 500 and no split header', async (_name, header, value, code) => {
    const { port, logger } = await serve([
      {
        method: 'GET',
        path: '/split',
        params: ['cc:fw/core#ControllerContext'],
        handle: (cc: ControllerContext) => {
          cc.get<ResponseWriter>(RESPONSE_WRITER_KEY)?.setHeader(header, value);
          return 'not reached';
        },
      },
    ]);
    const client = await RawClient.connect(port);

    await client.write('GET /split HTTP/1.1\r\nHost: t\r\n\r\n');
    const res = await client.response();
    client.destroy();

    expect(res.status).toBe(500);
    expect(res.headers['content-type']).toBe('application/problem+json');
    expect(JSON.parse(res.body)).toEqual(INTERNAL);
    expect(res.head).not.toMatch(/pwned|x-note/i);
    expect(logger.failures()).toEqual([
      requestFailed({
        method: 'GET',
        path: '/split',
        status: 500,
        requestId: res.headers['x-request-id'],
        code,
        err: expect.any(TypeError),
      }),
    ]);
  });
});
