import { describe, expect, it } from 'vitest';
import { joinRoute, routeShape } from '../../../cli/analyze/route-path.js';

describe('joinRoute', () => {
  it.each([
    ['/users', '/', '/users'],
    ['/', '/', '/'],
    ['', '', '/'],
    ['', '/:id', '/:id'],
    ['users', ':id', '/users/:id'],
    ['/users/', '/:id/', '/users/:id'],
    ['/api', '//x', '/api/x'],
    ['/a//b', '', '/a//b'],
  ])('(%j, %j) is %j', (prefix, path, want) => {
    expect(joinRoute(prefix, path)).toBe(want);
  });
});

describe('routeShape', () => {
  it.each([
    ['/a/:x', '/a/:'],
    ['/a/:y/b', '/a/:/b'],
    ['/', '/'],
  ])('%j has the shape %j', (path, want) => {
    expect(routeShape(path)).toBe(want);
  });
});
