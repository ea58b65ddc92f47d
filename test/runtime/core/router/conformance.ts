/**
 * The behaviour every {@link Router} implementation must have (hono `common.case.test.ts`). Run it
 * from an implementation's test file: `runRouterConformance('name', <T>() => new MyRouter<T>())`.
 */
import { describe, expect, it } from 'vitest';
import { FwError } from '../../../../runtime/core/errors.js';
import type { Router } from '../../../../runtime/core/router/router.js';

type Route = [method: string, path: string];
const ident = (key: string) => `route key '${key}' must be an identifier (letters, digits, _, $)`;
const START = "the path must start with '/'";
const TOKEN = 'the method must be an upper-case HTTP token such as GET';

/** Expects `fn` to throw an FwError with `code` whose catalog text (its `detail`) is `detail`. */
function expectFwError(fn: () => void, code: string, detail: string): void {
  let err: FwError | undefined;
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(FwError);
    err = e as FwError;
  }
  expect([err?.code, err?.detail]).toEqual([code, detail]);
  expect(err?.message.endsWith(detail)).toBe(true); // the message may lead with the code
}

/** Runs the shared router suite against the routers `newRouter` makes. */
export function runRouterConformance(name: string, newRouter: <T>() => Router<T>): void {
  const routerOf = (...routes: Route[]): Router<string> => {
    const router = newRouter<string>();
    for (const [method, path] of routes) router.add(method, path, `${method} ${path}`, 'T.h');
    return router;
  };
  const value = (router: Router<string>, path: string, method = 'GET') =>
    router.find(method, path)?.value ?? null;

  describe(`Router conformance: ${name}`, () => {
    it('matches static paths exactly, case-sensitively, with no params', () => {
      const router = routerOf(
        ['GET', '/'],
        ['GET', '/users'],
        ['GET', '/users/list'],
        ['GET', '/é'],
      );
      expect(value(router, '/%C3%A9')).toBe('GET /é');
      for (const path of ['/', '/users', '/users/list']) {
        expect(router.find('GET', path)).toEqual({ value: `GET ${path}`, params: {} });
      }
      for (const path of ['/user', '/users/list/x', '/Users', 'users', 'http://h/users', '']) {
        expect(router.find('GET', path)).toBeNull();
      }
      expect(router.find('PUT', '/users')).toBeNull();
    });

    it.each([
      ['/users/:id', '/users/42', { id: '42' }],
      ['/a/:x/b/:y', '/a/1/b/2', { x: '1', y: '2' }],
      ['/:z/:a', '/first/second', { z: 'first', a: 'second' }],
      ['/x/:key', '/x/__proto__', { key: '__proto__' }],
      ['/x/:constructor/:toString', '/x/c/t', { constructor: 'c', toString: 't' }],
    ])('binds %s on %s, keys in pattern order', (pattern, path, params) => {
      const match = routerOf(['GET', pattern]).find('GET', path);
      expect(match?.value).toBe(`GET ${pattern}`);
      expect(Object.entries(match?.params ?? {})).toEqual(Object.entries(params));
    });

    it.each([
      ['/users/me', '/users/:id'],
      ['/users/:id', '/users/me'],
    ])('prefers a static segment, in either order (%s first), and backtracks', (...patterns) => {
      const router = routerOf(...patterns.map((p): Route => ['GET', p]));
      router.add('GET', '/users/me/settings', 'settings', 'T.s');
      router.add('GET', '/users/:id/posts', 'posts', 'T.p');
      expect(value(router, '/users/me')).toBe('GET /users/me');
      expect(router.find('GET', '/users/42')?.params).toEqual({ id: '42' });
      expect(router.find('GET', '/users/me/posts')?.params).toEqual({ id: 'me' });
      expect(value(router, '/users/me/settings')).toBe('settings');
    });

    it.each([
      ['a%20b', 'a b'],
      ['a%2Fb', 'a/b'],
      ['a%3Ab', 'a:b'],
      ['100%25', '100%'],
      ['%2541', '%41'],
      ['%C3%A9t%C3%A9', 'été'],
      ['a+b', 'a+b'],
      ['AbC', 'AbC'],
    ])('decodes /files/%s to %j', (segment, name) => {
      const match = routerOf(['GET', '/files/:name']).find('GET', `/files/${segment}`);
      expect(match?.params).toEqual({ name });
    });

    // Decided: a malformed escape is no route (so 404), not a 400 and not the raw text.
    it.each(['%zz', 'a%2', '%', '%E0%A4%A'])('answers null, never throws, for /files/%s', (seg) => {
      const router = routerOf(['GET', '/files/:name']);
      expect(router.find('GET', `/files/${seg}`)).toBeNull();
      expect(router.allowed(`/files/${seg}`)).toEqual([]);
    });

    it('treats a trailing slash as significant, and never binds a key to an empty segment', () => {
      const router = routerOf(['GET', '/users'], ['GET', '/a'], ['GET', '/a/']);
      router.add('GET', '/p/:id', 'p', 'T.p');
      router.add('GET', '/p/:id/posts', 'posts', 'T.p');
      expect([value(router, '/users/'), value(router, '/a'), value(router, '/a/')]).toEqual([
        null,
        'GET /a',
        'GET /a/',
      ]);
      expect([value(router, '/p/'), value(router, '/p//posts')]).toEqual([null, null]);
      expect(router.allowed('/p/')).toEqual([]);
    });

    it('falls back from HEAD to GET, unless a HEAD route matches', () => {
      const router = routerOf(['GET', '/a'], ['GET', '/b'], ['HEAD', '/b'], ['POST', '/c']);
      expect(value(router, '/a', 'HEAD')).toBe('GET /a');
      expect(value(router, '/b', 'HEAD')).toBe('HEAD /b');
      expect(value(router, '/c', 'HEAD')).toBeNull();
    });

    it('lists the allowed methods for a 405, sorted, with HEAD wherever GET is', () => {
      const router = routerOf(['POST', '/users'], ['GET', '/users'], ['PUT', '/users/:id']);
      router.add('DELETE', '/users/:id', 'x', 'T.d');
      router.add('PATCH', '/users/me', 'x', 'T.p');
      expect(router.allowed('/users')).toEqual(['GET', 'HEAD', 'POST']);
      expect(router.allowed('/users/1')).toEqual(['DELETE', 'PUT']);
      expect(router.allowed('/users/me')).toEqual(['DELETE', 'PATCH', 'PUT']);
      expect(router.allowed('/nope')).toEqual([]);
    });

    it.each([
      ['/users/:id', '/users/:id', 'GET /users/:id'],
      ['/a/:x', '/a/:y', 'GET /a/:y (equivalent to /a/:x)'],
    ])('rejects %s then %s as a duplicate, keeping the first', (first, second, shown) => {
      const router = newRouter<string>();
      router.add('GET', first, 'first', 'UserController.get');
      expectFwError(
        () => router.add('GET', second, 'second', 'AdminController.show'),
        'FW_ERR_DUPLICATE_ROUTE',
        `Route ${shown} is declared twice: by UserController.get and by AdminController.show; ` +
          'remove or rename one',
      );
      expect(value(router, second.replace(/:\w+/, '1'))).toBe('first');
      router.add('POST', second, 'post', 'T.p');
      router.add('HEAD', second, 'head', 'T.h');
    });

    it.each([
      ['GET', 'users', START],
      ['GET', '', START],
      ['get', '/x', TOKEN],
      ['GE T', '/x', TOKEN],
      ['GET', '/a//b', "the path has an empty segment ('//')"],
      ['GET', '/f/*', "'*' is not allowed: use a ':name' segment, not a wildcard"],
      ['GET', '/x/:id?', "'?' is not allowed: it starts the query; keys cannot be optional"],
      ['GET', '/x#y', "'#' is not allowed: it starts the fragment"],
      ['GET', '/a%20b', "'%' is not allowed: write the character, not a percent-escape"],
      ['GET', '/x/a:b', "':' may only start a segment ('/:name'); found 'a:b'"],
      ...[':', ':1a', ':a-:b', ':id(\\d+)'].map((key) => ['GET', `/x/${key}`, ident(key)]),
      ['GET', '/x/:__proto__', "route key ':__proto__' is reserved; rename it"],
      ['GET', '/x/:id/y/:id', "route key ':id' appears twice; give each key its own name"],
    ])('rejects %s %j: %s', (method, path, reason) => {
      expectFwError(
        () => newRouter<string>().add(method, path, 'x', 'UserController.get'),
        'FW_ERR_INVALID_ROUTE',
        `Route ${method} '${path}' of UserController.get is invalid: ${reason}`,
      );
    });

    it('gives params with no inherited properties, fresh or frozen on each call', () => {
      const router = routerOf(['GET', '/users/:id'], ['GET', '/static']);
      for (const path of ['/users/1', '/static']) {
        const first = router.find('GET', path)!.params;
        for (let p = Object.getPrototypeOf(first); p !== null; p = Object.getPrototypeOf(p)) {
          expect(Reflect.ownKeys(p)).toEqual([]);
        }
        expect(Object.isFrozen(first) || first !== router.find('GET', path)!.params).toBe(true);
        if (!Object.isFrozen(first)) Reflect.set(first, 'id', 'changed');
        expect(router.find('GET', path)!.params).toEqual(path === '/static' ? {} : { id: '1' });
      }
    });

    it('routes many routes', () => {
      const router = newRouter<number>();
      for (let i = 0; i < 300; i++) {
        router.add('GET', `/r${i}`, i, `T.s${i}`);
        router.add('GET', `/r${i}/:id/s${i % 7}`, -i, `T.p${i}`);
      }
      for (let i = 0; i < 300; i++) {
        expect(router.find('GET', `/r${i}`)?.value).toBe(i);
        const match = router.find('GET', `/r${i}/x${i}/s${i % 7}`);
        expect(match).toEqual({ value: -i, params: { id: `x${i}` } });
        expect(router.find('GET', `/r${i}/x/s${(i + 1) % 7}`)).toBeNull();
      }
    });
  });
}
