import { describe, expect, it } from 'vitest';
import { FwError } from '../../../../runtime/core/errors.js';
import {
  FindMyWayRouter,
  MAX_PARAM_LENGTH,
} from '../../../../runtime/core/router/find-my-way-router.js';
import { runRouterConformance } from './conformance.js';

runRouterConformance('FindMyWayRouter', <T>() => new FindMyWayRouter<T>());

const errorOf = (fn: () => void): FwError => {
  try {
    fn();
  } catch (err) {
    if (err instanceof FwError) return err;
    throw err;
  }
  throw new Error('expected an FwError');
};

describe('FindMyWayRouter', () => {
  it('prints the merged route tree with each handler, find-my-way style', () => {
    const router = new FindMyWayRouter<string>();
    router.add('GET', '/', 'x', 'HomeController.index');
    router.add('GET', '/users', 'x', 'UserController.list');
    router.add('POST', '/users', 'x', 'UserController.create');
    router.add('GET', '/users/me', 'x', 'UserController.me');
    router.add('GET', '/users/:id', 'x', 'UserController.get');
    router.add('DELETE', '/users/:id', 'x', 'UserController.remove');
    expect(router.prettyPrint()).toBe(
      [
        '└── / (GET)',
        '    • (handler) "HomeController.index"',
        '    └── users (GET)',
        '        • (handler) "UserController.list"',
        '        users (POST)',
        '        • (handler) "UserController.create"',
        '        ├── /me (GET)',
        '        │   • (handler) "UserController.me"',
        '        └── /:id (GET)',
        '            • (handler) "UserController.get"',
        '            /:id (DELETE)',
        '            • (handler) "UserController.remove"',
        '',
      ].join('\n'),
    );
  });

  it('prints an empty router as (empty tree)', () => {
    expect(new FindMyWayRouter().prettyPrint()).toBe('(empty tree)');
  });

  it('keeps find-my-way error as the cause of a duplicate', () => {
    const router = new FindMyWayRouter<string>();
    router.add('GET', '/a/:x', 'x', 'A.x');
    const err = errorOf(() => router.add('GET', '/a/:y', 'y', 'A.y'));
    expect(err.code).toBe('FW_ERR_DUPLICATE_ROUTE');
    expect((err.cause as Error).message).toBe(
      "Method 'GET' already declared for route '/a/:' with constraints '{}'",
    );
  });

  it.each(['WS', 'EVENT', 'FOO'])('rejects %s, a token find-my-way does not route', (method) => {
    const err = errorOf(() => new FindMyWayRouter().add(method, '/chat', 'x', 'Chat.message'));
    expect(err.code).toBe('FW_ERR_INVALID_ROUTE');
    expect(err.detail).toBe(
      `Route ${method} '/chat' of Chat.message is invalid: Method '${method}' is not an http method.`,
    );
    expect(err.cause).toBeInstanceOf(Error);
  });

  it.each(['M-SEARCH', 'PROPFIND', 'QUERY'])('routes %s, a method node:http knows', (method) => {
    const router = new FindMyWayRouter<string>();
    router.add(method, '/x', 'x', 'T.x');
    expect(router.find(method, '/x')?.value).toBe('x');
    expect(router.allowed('/x')).toEqual([method]);
  });

  it(`matches values up to ${MAX_PARAM_LENGTH} characters, and no longer ones`, () => {
    const router = new FindMyWayRouter<string>();
    router.add('GET', '/t/:token', 'x', 'T.x');
    const max = 'a'.repeat(MAX_PARAM_LENGTH);
    expect(router.find('GET', `/t/${max}`)?.params).toEqual({ token: max });
    expect(router.find('GET', `/t/${max}a`)).toBeNull();
    expect(router.allowed(`/t/${max}a`)).toEqual([]);
  });

  it('ends the path at ? (find-my-way splits it off; callers pass the path alone), not at #', () => {
    const router = new FindMyWayRouter<string>();
    router.add('GET', '/files/:name', 'x', 'T.x');
    expect(router.find('GET', '/files/a?b=1')?.params).toEqual({ name: 'a' });
    // A request target has no fragment: # is a character of the path (issue-6.test.ts).
    expect(router.find('GET', '/files/a#b')?.params).toEqual({ name: 'a#b' });
  });
});
