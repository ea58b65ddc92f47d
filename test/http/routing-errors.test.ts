import { describe, expect, it } from 'vitest';
import { problem, serve, type TestRoute } from './support.js';

const routes: TestRoute[] = [
  { method: 'GET', path: '/items', handle: () => [] },
  { method: 'GET', path: '/orders', handle: () => [] },
  { method: 'POST', path: '/orders', handle: () => undefined },
];

// A path no route matches is 404; a matched path with another method is 405 with `Allow` (API.md 6).
describe('routing errors over a socket', () => {
  it('answers 404 with a problem naming the method and path', async () => {
    const { url } = await serve(routes);

    const res = await fetch(url('/nope?x=1'));

    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toBe('application/problem+json');
    expect(await res.json()).toEqual(
      problem(404, 'Not Found', 'No route matches GET /nope', 'FW_ERR_ROUTE_NOT_FOUND'),
    );
  });

  it.each([
    ['GET only', 'DELETE', '/items', 'GET, HEAD'],
    ['GET and POST', 'PUT', '/orders', 'GET, HEAD, POST'],
  ])('answers 405 with Allow on a path with %s', async (_name, method, path, allow) => {
    const { url } = await serve(routes);

    const res = await fetch(url(path), { method });

    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe(allow);
    expect(res.headers.get('content-type')).toBe('application/problem+json');
    expect(await res.json()).toEqual(
      problem(
        405,
        'Method Not Allowed',
        `Method ${method} is not allowed on ${path}; allowed: ${allow}`,
        'FW_ERR_METHOD_NOT_ALLOWED',
      ),
    );
  });
});
