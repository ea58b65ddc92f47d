import { describe, expect, it } from 'vitest';
import { routeKeys } from '../../../../runtime/core/router/router.js';

type TestCase = [name: string, { given: string; want: string[] }];

const cases: TestCase[] = [
  ['root', { given: '/', want: [] }],
  ['empty string', { given: '', want: [] }],
  ['static', { given: '/users/list', want: [] }],
  ['one key', { given: '/users/:id', want: ['id'] }],
  ['keys in order', { given: '/a/:z/b/:a/:m', want: ['z', 'a', 'm'] }],
  ['trailing slash', { given: '/users/:id/', want: ['id'] }],
  ['key first', { given: '/:tenant/users', want: ['tenant'] }],
  ['identifier characters', { given: '/x/:_a$1/:postId', want: ['_a$1', 'postId'] }],
  ['an event name', { given: 'order.created', want: [] }],
  ['colon inside a segment is not a key', { given: '/x/a:b', want: [] }],
  ['not validated: a bare colon', { given: '/x/:', want: [''] }],
];

describe('routeKeys', () => {
  it.each(cases)('%s', (_, { given, want }) => {
    expect(routeKeys(given)).toEqual(want);
  });
});
