import { redirect, reply } from 'fw';
import { describe, expect, it } from 'vitest';
import { RawClient, serve, type TestRoute } from './support.js';

const routes: TestRoute[] = [
  { method: 'GET', path: '/object', handle: () => ({ id: 7, name: 'Ada' }) },
  { method: 'GET', path: '/text', handle: () => 'héllo' },
  { method: 'GET', path: '/bytes', handle: () => new Uint8Array([0, 1, 2, 255]) },
  { method: 'GET', path: '/nothing', handle: () => undefined },
  {
    method: 'POST',
    path: '/users',
    handle: () => reply({ id: 42 }, { status: 201, headers: { Location: '/users/42' } }),
  },
  { method: 'GET', path: '/old', handle: () => redirect('/new') },
];

const JSON_TYPE = 'application/json; charset=utf-8';
const TEXT = 'text/plain; charset=utf-8';
const BYTES = 'application/octet-stream';

// A handler's return value picks the status, the content type and the body (API.md section 6).
describe('success responses over a socket', () => {
  it.each([
    ['an object as JSON', 'GET /object', 200, JSON_TYPE, '{"id":7,"name":"Ada"}'],
    ['a string as text', 'GET /text', 200, TEXT, 'héllo'],
    ['a Uint8Array as bytes', 'GET /bytes', 200, BYTES, new Uint8Array([0, 1, 2, 255])],
    ['undefined as 204', 'GET /nothing', 204, null, ''],
    ['reply() with a status', 'POST /users', 201, JSON_TYPE, '{"id":42}'],
    ['redirect() as 302', 'GET /old', 302, null, ''],
  ])('%s', async (_name, request, status, type, body) => {
    const { url } = await serve(routes);
    const [method, path] = request.split(' ') as [string, string];

    const res = await fetch(url(path), { method, redirect: 'manual' });

    expect(res.status).toBe(status);
    expect(res.headers.get('content-type')).toBe(type);
    expect(Buffer.from(await res.arrayBuffer())).toEqual(Buffer.from(body));
  });

  it.each([
    ['reply()', 'POST', '/users', '/users/42'],
    ['redirect()', 'GET', '/old', '/new'],
  ])('%s sets Location', async (_name, method, path, location) => {
    const { url } = await serve(routes);

    const res = await fetch(url(path), { method, redirect: 'manual' });

    expect(res.headers.get('location')).toBe(location);
  });

  it('sends a header whose name is __proto__ like any other', async () => {
    const { port, app } = await serve([
      {
        method: 'GET',
        path: '/many',
        handle: () =>
          reply('ok', { headers: { 'Set-Cookie': 'a=1', ['__proto__']: 'kept', 'X-Two': 'b' } }),
      },
    ]);
    const client = await RawClient.connect(port);

    await client.write('GET /many HTTP/1.1\r\nHost: t\r\n\r\n');
    const res = await client.response();
    const injected = await app.inject({ url: '/many' });

    expect(res.head).toContain('\r\n__proto__: kept\r\n');
    expect([res.headers['set-cookie'], res.headers['x-two']]).toEqual(['a=1', 'b']);
    expect(Object.getOwnPropertyDescriptor(injected.headers, '__proto__')?.value).toBe('kept');
    client.destroy();
  });
});

// HEAD on a GET route answers the GET's headers and no body (RFC 9110 section 9.3.2).
describe('HEAD on a GET route', () => {
  it('sends the GET headers, with its Content-Length, and no body bytes', async () => {
    const { port } = await serve(routes);
    const client = await RawClient.connect(port);

    // Pipelined: were any body bytes sent after the HEAD headers, the GET answer would not parse.
    await client.write(
      'HEAD /object HTTP/1.1\r\nHost: t\r\n\r\nGET /text HTTP/1.1\r\nHost: t\r\n\r\n',
    );
    const head = await client.response({ head: true });
    const next = await client.response();
    client.destroy();

    expect(head.status).toBe(200);
    expect(head.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(head.headers['content-length']).toBe(String(Buffer.byteLength('{"id":7,"name":"Ada"}')));
    expect(head.body).toBe('');
    expect([next.status, next.body]).toEqual([200, 'héllo']);
  });

  it('is answered by fetch with an empty body', async () => {
    const { url } = await serve(routes);

    const res = await fetch(url('/text'), { method: 'HEAD' });

    expect(res.status).toBe(200);
    expect(res.headers.get('content-length')).toBe(String(Buffer.byteLength('héllo')));
    expect(await res.text()).toBe('');
  });
});
