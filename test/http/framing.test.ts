import { type ControllerContext, RESPONSE_WRITER_KEY, type ResponseWriter } from 'fw/core';
import { describe, expect, it } from 'vitest';
import { RawClient, serve } from './support.js';

/** A handler that sets `name: value` through the writer, then returns `body`. */
const setting = (name: string, value: string, body: unknown) => ({
  method: 'GET',
  path: '/framed',
  params: ['cc:fw/core#ControllerContext'],
  handle: (cc: ControllerContext) => {
    cc.get<ResponseWriter>(RESPONSE_WRITER_KEY)?.setHeader(name, value);
    return body;
  },
});

// fw frames every response itself with one exact Content-Length (RFC 9112 section 6): a framing
// header a handler sets cannot make the body disagree with it and desync the connection.
describe('response framing', () => {
  it.each([
    ['a wrong Content-Length', 'Content-Length', '999', 'hello', '5'],
    ['Transfer-Encoding: chunked', 'Transfer-Encoding', 'chunked', 'hello', '5'],
    ['Content-Length on a 204', 'Content-Length', '10', undefined, undefined],
  ])('replaces %s set by the handler', async (_name, header, value, body, length) => {
    const { port } = await serve([setting(header, value, body)]);
    const client = await RawClient.connect(port);

    // Pipelined: a response framed wrongly would swallow or garble the next one.
    await client.write(
      'GET /framed HTTP/1.1\r\nHost: t\r\n\r\nGET /ok HTTP/1.1\r\nHost: t\r\n\r\n',
    );
    const res = await client.response();
    const next = await client.response();
    client.destroy();

    expect(res.headers['content-length']).toBe(length);
    expect(res.headers['transfer-encoding']).toBeUndefined();
    expect(res.body).toBe(body ?? '');
    expect([next.status, next.body]).toEqual([200, 'ok']);
  });
});
