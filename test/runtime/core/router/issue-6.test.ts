// Issue 6 (found by test/fuzz/path-params.test.ts): find-my-way ended a path at `#`, so
// `GET /n/12#x` bound `:id` to `12` while `ctx.path()` said `/n/12#x`. A request target has no
// fragment (RFC 9112 section 3.2); `#` is a character of the path, as in Spine.
import { describe, expect, it } from 'vitest';
import { FindMyWayRouter } from '../../../../runtime/core/router/find-my-way-router.js';

type Case = [path: string, want: { value: string; params: Record<string, string> } | null];

describe('a # in a request path', () => {
  const router = new FindMyWayRouter<string>();
  router.add('GET', '/n/:id', 'n', 'T.n');
  router.add('GET', '/ok', 'ok', 'T.ok');
  router.add('POST', '/ok', 'ok', 'T.ok');

  it.each<Case>([
    ['/n/12#x', { value: 'n', params: { id: '12#x' } }],
    ['/n/#', { value: 'n', params: { id: '#' } }],
    ['/n/a%23b#c', { value: 'n', params: { id: 'a#b#c' } }],
    ['/n/1#/2', null],
    ['/ok#', null],
    ['/ok#x', null],
    ['/n/100%#', null],
  ])('%s is matched with # as a character', (path, want) => {
    expect(router.find('GET', path)).toEqual(want);
  });

  it('is a character for the Allow list too', () => {
    expect(router.allowed('/ok')).toEqual(['GET', 'HEAD', 'POST']);
    expect(router.allowed('/ok#x')).toEqual([]);
  });
});

// Issue 6 (found by the route-table property of test/fuzz/path-params.test.ts): find-my-way bound
// `/users/` to `/users/:id` with `id` empty and did not backtrack, so the router answered null
// (404) although `/:section/` matches, as the documented matching says.
describe('a key that would match an empty last segment', () => {
  const router = new FindMyWayRouter<string>();
  router.add('GET', '/users/:id', 'user', 'T.user');
  router.add('POST', '/:section/', 'section', 'T.section');
  router.add('GET', '/:section/', 'section', 'T.section');
  router.add('GET', '/a/:x/:y/', 'deep', 'T.deep');
  router.add('GET', '/a/:x/b', 'b', 'T.b');

  it.each<Case>([
    ['/users/', { value: 'section', params: { section: 'users' } }],
    ['/users/7', { value: 'user', params: { id: '7' } }],
    ['/a/1/b/', { value: 'deep', params: { x: '1', y: 'b' } }],
    ['/a/1/b', { value: 'b', params: { x: '1' } }],
    ['/users//', null],
    ['/a//b/', null],
  ])('%s finds the route a backtracking match finds', (path, want) => {
    expect(router.find('GET', path)).toEqual(want);
  });

  it('gives the Allow list of that route', () => {
    expect(router.allowed('/users/')).toEqual(['GET', 'HEAD', 'POST']);
    expect(router.allowed('/users//')).toEqual([]);
  });
});
