// Clients that go away in the middle of a request: while sending the body (whatever reads it) and
// while receiving the response. The request's Context is canceled (API.md section 3), a client
// leaving is not logged as a server failure, and the server goes on answering.
// (test/http/request-context.test.ts covers a JSON body with Content-Length, and a handler waiting.)
import { once } from 'node:events';
import { connect } from 'node:net';
import { Canceled, type Context } from 'fw/context';
import type { HttpRequestContext } from 'fw/core';
import { describe, expect, it } from 'vitest';
import { deferred, RawClient, serve } from '../http/support.js';

/** What the server saw of the request the client left. */
interface Seen {
  readonly ctxErr: Error | undefined;
  readonly finalErr: Error | undefined;
}

/**
 * An app whose `POST /in` hands its Context to the test and then does `read`, and whose every
 * execution hands its final error to the test.
 */
async function leftBehind(read: (req: HttpRequestContext, ctx: Context) => Promise<unknown>) {
  const entered = deferred<Context>();
  const finished = deferred<Error | undefined>();
  const served = await serve(
    [
      {
        method: 'POST',
        path: '/in',
        params: ['req:fw/core#HttpRequestContext', 'ctx:fw/context#Context'],
        handle: (req: HttpRequestContext, ctx: Context) => {
          const reading = read(req, ctx);
          entered.resolve(ctx);
          return reading;
        },
      },
    ],
    { interceptors: [{ afterCompletion: (_c, _m, err) => finished.resolve(err) }] },
  );
  const seen = async (): Promise<Seen> => {
    const ctx = await entered.promise;
    if (!ctx.signal.aborted) await once(ctx.signal, 'abort');
    return { ctxErr: ctx.err(), finalErr: await finished.promise };
  };
  return { served, entered: entered.promise, seen };
}

/** Sends `request`, reads at least `bytes` bytes of the answer, then destroys the connection. */
async function readThenLeave(port: number, request: string, bytes: number) {
  const socket = connect(port, '127.0.0.1');
  await once(socket, 'connect');
  socket.write(request);
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of socket) {
    chunks.push(chunk as Buffer);
    total += (chunk as Buffer).length;
    if (total >= bytes) break; // leaving the loop destroys the socket
  }
  return { text: Buffer.concat(chunks).toString('latin1'), bytes: total };
}

const BOUNDARY = 'x-fault';
const multipartHead =
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.bin"\r\n` +
  'Content-Type: application/octet-stream\r\n\r\nsome of the file';

describe('a client that disconnects mid-body', () => {
  type Read = (req: HttpRequestContext, ctx: Context) => Promise<unknown>;
  it.each<[string, string, string, Read, string | undefined]>([
    [
      'a chunked JSON body being bound',
      'Content-Type: application/json\r\nTransfer-Encoding: chunked',
      '5\r\n{"a":\r\n',
      (req) => req.bind(),
      'aborted',
    ],
    [
      'a multipart form being parsed',
      `Content-Type: multipart/form-data; boundary=${BOUNDARY}\r\nContent-Length: 100000`,
      multipartHead,
      (req) => req.multipartForm(),
      'aborted',
    ],
    [
      'a body nobody reads, the handler waiting on its Context',
      'Content-Type: application/json\r\nContent-Length: 100000',
      '{"a":',
      async (_req, ctx) => {
        if (!ctx.signal.aborted) await once(ctx.signal, 'abort');
        return 'gone';
      },
      undefined,
    ],
  ])('%s: Context canceled, nothing logged', async (_name, headers, partial, read, final) => {
    const { served, entered, seen } = await leftBehind(read);
    const client = await RawClient.connect(served.port);

    await client.write(`POST /in HTTP/1.1\r\nHost: t\r\n${headers}\r\n\r\n${partial}`);
    await entered;
    client.destroy();
    const { ctxErr, finalErr } = await seen();

    expect(ctxErr).toBe(Canceled);
    expect(finalErr?.message).toBe(final); // the read failed with the client's abort
    expect(await served.alive()).toBe(200);
    expect(served.logger.entries).toEqual([]);
  });
});

describe('a client that disconnects mid-response', () => {
  it('cancels the Context, logs nothing, and the server goes on', async () => {
    const size = 64 * 1024 * 1024; // far more than the socket buffers hold: the write is cut short
    const { served, seen } = await leftBehind(async () => new Uint8Array(size));

    const received = await readThenLeave(
      served.port,
      'POST /in HTTP/1.1\r\nHost: t\r\nContent-Length: 0\r\n\r\n',
      64 * 1024,
    );
    const { ctxErr, finalErr } = await seen();

    expect(received.text).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(received.text).toContain(`Content-Length: ${size}`);
    expect(received.bytes).toBeLessThan(size);
    expect(ctxErr).toBe(Canceled);
    expect(finalErr).toBeUndefined(); // the execution succeeded; the client left
    expect(await served.alive()).toBe(200);
    expect(served.logger.entries).toEqual([]);
  });
});
