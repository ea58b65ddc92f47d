import { describe, expect, it } from 'vitest';
import { problem, RawClient, serve, slowRoute } from './support.js';

/** An app whose `GET /slow` waits for the test to open its gate. */
async function slowApp() {
  const { route, entered, open } = slowRoute();
  return { served: await serve([route]), entered, open };
}

function connectError(port: number): Promise<string | undefined> {
  return RawClient.connect(port).then(
    (client) => void client.destroy(),
    (err: NodeJS.ErrnoException) => err.code,
  );
}

// close() stops listening at once, lets requests in flight finish, and refuses the rest (node-server.ts).
describe('graceful close over a socket', () => {
  it('finishes the request in flight with Connection: close and refuses new connections', async () => {
    const { served, entered, open } = await slowApp();
    const client = await RawClient.connect(served.port);
    await client.write('GET /slow HTTP/1.1\r\nHost: t\r\n\r\n');
    await entered;

    const closing = served.app.close();
    const refused = await connectError(served.port);
    open();
    const res = await client.response();
    await closing;

    expect(refused).toBe('ECONNREFUSED');
    expect([res.status, res.body]).toEqual([200, 'done']);
    expect(res.headers['connection']).toBe('close');
    await client.closed();
  });

  it('does not resolve close() while a handler is still running', async () => {
    const { served, entered, open } = await slowApp();
    const response = fetch(served.url('/slow'));
    await entered;
    let closed = false;

    const closing = served.app.close().then(() => (closed = true));
    await connectError(served.port); // a full round trip of the event loop, with I/O
    const before = closed;
    open();
    const res = await response;
    await closing;

    expect(before).toBe(false);
    expect([res.status, await res.text()]).toEqual([200, 'done']);
  });

  it('answers 503 with Connection: close to a request arriving on a kept-alive connection', async () => {
    const { served } = await slowApp();
    const client = await RawClient.connect(served.port);
    await client.write('GET /ok HTTP/1.1\r\nHost: t\r\n\r\n');
    const first = await client.response();
    await client.write('GET /ok HTTP/1.1\r\nHost: t\r\n'); // a second request has begun…
    // A round trip on another connection: the server has read those bytes by then (an idle
    // connection, one with no request begun, is closed by close() at once).
    expect(await served.alive()).toBe(200);

    const closing = served.app.close();
    await client.write('\r\n'); // …and ends after close()
    const second = await client.response();
    await client.closed();
    await closing;

    expect([first.status, first.headers['connection']]).toEqual([200, 'keep-alive']);
    expect(second.status).toBe(503);
    expect(second.headers['connection']).toBe('close');
    expect(second.headers['content-type']).toBe('application/problem+json');
    expect(JSON.parse(second.body)).toEqual(
      problem(
        503,
        'Service Unavailable',
        'The server is shutting down; retry on another instance',
        'FW_ERR_SHUTTING_DOWN',
      ),
    );
  });

  it('closes an idle kept-alive connection at once', async () => {
    const { served } = await slowApp();
    const client = await RawClient.connect(served.port);
    await client.write('GET /ok HTTP/1.1\r\nHost: t\r\n\r\n');
    await client.response();

    await served.app.close();

    await client.closed();
  });
});
