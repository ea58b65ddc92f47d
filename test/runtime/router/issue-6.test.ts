// Issue 6 (found by test/fuzz/path-params.test.ts): find-my-way ended a path at `#`, so
// `GET /n/12#x` bound `:id` to `12` while `ctx.path()` said `/n/12#x`. A request target has no
// fragment (RFC 9112 section 3.2); `#` is a character of the path, as in Spine.
import { describe, expect, it } from 'vitest';
import { FindMyWayRouter } from '../../../runtime/router/find-my-way-router.js';

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
