// close() under load over real sockets: hundreds of requests in flight, some still uploading
// their body, kept-alive connections starting another request, and clients arriving after.
// Every request in flight completes with its whole body; a request begun after close() gets 503
// with Connection: close; a new connection is refused; nothing is cut off mid-response.
import type { HttpRequestContext } from 'fw/core';
import { describe, expect, it } from 'vitest';
import {
  deferred,
  type LogRecord,
  RawClient,
  type RawResponse,
  requestFailed,
  serve,
} from '../http/support.js';
import { countdown, openRequest, tryConnect, type WholeResponse } from './support.js';

const IN_FLIGHT = 200; // handlers running when close() is called (under 256: see bodyOf)
const SLOW_READERS = 2; // of those, clients that stop reading until the rest is done
/** A slow reader's body: more than the socket buffers hold (net.ipv4.tcp_wmem at most 4 MiB). */
const SLOW_BYTES = 8 * 1024 * 1024;
const UPLOADING = 20; // handlers reading a body of which half has arrived
const KEPT_ALIVE = 20; // idle connections that begin a second request around close()
const LATE = 20; // new connections after close()

/** The body `GET /work/:i` answers: byte `i` repeated, megabytes of it for a slow reader. */
function bodyOf(i: number): Buffer {
  return Buffer.alloc(i < SLOW_READERS ? SLOW_BYTES : 16 * 1024, i);
}

const bytes = (body: Buffer | string) => (typeof body === 'string' ? Buffer.from(body) : body);

/** A response, or why none could be read. */
type Answer = WholeResponse | RawResponse | string;

/** Sends the rest of a request begun on `client` and reads the answer. */
async function finish(client: RawClient, rest: string): Promise<Answer> {
  await client.write(rest);
  return client.response().catch((err: Error) => err.message);
}

/** Why `res` is not the whole answer expected, or undefined. */
function wrong(res: Answer, status: number, body?: Buffer | string) {
  if (typeof res === 'string') return res;
  if (res.status === 0) return 'no response';
  if (res.status !== status) return `status ${res.status}`;
  if (res.headers['connection'] !== 'close') return `Connection: ${res.headers['connection']}`;
  if ('complete' in res && !res.complete) return `cut off after ${res.body.length} bytes`;
  if (body !== undefined && Buffer.compare(bytes(res.body), bytes(body)) !== 0) {
    return 'another body';
  }
  return undefined;
}

describe('close() with requests in flight', () => {
  it('completes every request in flight, answers 503 to late ones, refuses new connections', async () => {
    const entered = countdown(IN_FLIGHT + UPLOADING);
    const gate = deferred();
    const served = await serve([
      {
        method: 'GET',
        path: '/work/:i',
        params: ['i:number'],
        handle: async (i: number) => {
          entered.tick();
          await gate.promise;
          return bodyOf(i);
        },
      },
      {
        method: 'POST',
        path: '/upload',
        params: ['req:fw/core#HttpRequestContext'],
        handle: async (req: HttpRequestContext) => {
          entered.tick();
          const { pad } = await req.bind<{ pad: string }>();
          return `got ${pad.length}`;
        },
      },
    ]);
    const connect = () => RawClient.connect(served.port);
    const upload = JSON.stringify({ pad: 'u'.repeat(100_000) });
    const half = upload.length / 2;

    const working = await Promise.all(
      Array.from({ length: IN_FLIGHT }, (_, i) =>
        openRequest(served.port, `GET /work/${i} HTTP/1.1\r\nHost: t\r\n\r\n`),
      ),
    );
    for (const { socket } of working.slice(0, SLOW_READERS)) socket.pause();
    const uploading = await Promise.all(Array.from({ length: UPLOADING }, connect));
    for (const c of uploading) {
      await c.write(
        'POST /upload HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\n' +
          `Content-Length: ${upload.length}\r\n\r\n${upload.slice(0, half)}`,
      );
    }
    const kept = await Promise.all(Array.from({ length: KEPT_ALIVE }, connect));
    for (const c of kept) {
      await c.write('GET /ok HTTP/1.1\r\nHost: t\r\n\r\n');
      expect((await c.response()).status).toBe(200);
      await c.write('GET /ok HTTP/1.1\r\nHost: t\r\n'); // a second request has begun
    }
    await entered.reached;
    expect(await served.alive()).toBe(200); // a round trip: the begun requests have been read

    let closed = false;
    const closing = served.app.close().then(() => (closed = true));
    const late = await Promise.all(Array.from({ length: LATE }, () => tryConnect(served.port)));
    const uploaded = Promise.all(uploading.map((c) => finish(c, upload.slice(half))));
    const refused = Promise.all(kept.map((c) => finish(c, '\r\n'))); // …ends after close()
    gate.resolve();
    const fast = await Promise.all(working.slice(SLOW_READERS).map((w) => w.response));
    const answered = [...(await uploaded), ...(await refused)];
    const closedBeforeSlowReaders = closed;
    for (const { socket } of working.slice(0, SLOW_READERS)) socket.resume();
    const slow = await Promise.all(working.slice(0, SLOW_READERS).map((w) => w.response));
    await closing;

    const lost = [
      ...[...slow, ...fast].map((res, i) => wrong(res, 200, bodyOf(i))),
      ...answered.slice(0, UPLOADING).map((res) => wrong(res, 200, 'got 100000')),
    ].filter((why) => why !== undefined);
    expect(lost).toEqual([]); // of IN_FLIGHT + UPLOADING requests
    expect(closedBeforeSlowReaders).toBe(false);
    expect(answered.slice(UPLOADING).map((res) => wrong(res, 503) ?? 503)).toEqual(
      Array(KEPT_ALIVE).fill(503),
    );
    expect(late).toEqual(Array(LATE).fill('ECONNREFUSED'));
    await Promise.all([...uploading, ...kept].map((c) => c.closed()));
    // Each refusal is logged once, at info: the server did what close() promises, no failure.
    const ids = answered
      .slice(UPLOADING)
      .map((res) => (typeof res === 'string' ? res : String(res.headers['x-request-id'])))
      .sort((a, b) => a.localeCompare(b));
    const idOf = (r: LogRecord) => String(r.fields['requestId']);
    const logged = served.logger.failures().sort((a, b) => idOf(a).localeCompare(idOf(b)));
    expect(logged).toEqual(
      ids.map((requestId) =>
        requestFailed({
          method: 'GET',
          path: '/ok',
          status: 503,
          requestId,
          code: 'FW_ERR_SHUTTING_DOWN',
          detail: 'The server is shutting down; retry on another instance',
        }),
      ),
    );
  });
});
