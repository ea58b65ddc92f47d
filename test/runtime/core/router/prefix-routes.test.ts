// FindMyWayRouter.addPrefix, the routes of static files: `<prefix>/*` outside the portable grammar,
// found after every route `add`ed that matches (static segments, then `:name`, then the prefix).
import { describe, expect, it } from 'vitest';
import { FindMyWayRouter } from '../../../../runtime/core/router/find-my-way-router.js';

function router(): FindMyWayRouter<string> {
  const r = new FindMyWayRouter<string>();
  r.add('GET', '/assets/special', 'static route', 'A.special');
  r.add('GET', '/assets/p/:id', 'param route', 'A.param');
  r.add('POST', '/assets/upload', 'post route', 'A.upload');
  r.addPrefix('GET', '/assets', 'files', 'static /assets');
  r.addPrefix('GET', '/', 'root files', 'static /');
  return r;
}

describe('addPrefix', () => {
  it.each<[string, string, string | null]>([
    ['GET', '/assets/special', 'static route'],
    ['GET', '/assets/p/1', 'param route'],
    ['GET', '/assets/p/1/2', 'files'],
    ['GET', '/assets/app.js', 'files'],
    ['GET', '/assets/', 'files'],
    ['HEAD', '/assets/app.js', 'files'],
    ['GET', '/assets', 'root files'],
    ['GET', '/other', 'root files'],
    ['GET', '/', 'root files'],
    ['POST', '/assets/upload', 'post route'],
    ['POST', '/assets/app.js', null],
    ['GET', '/assets/%zz', null],
  ])('%s %s: %s', (method, path, want) => {
    expect(router().find(method, path)?.value ?? null).toBe(want);
  });

  // A prefix is a fallback: a path only it takes is no route's path (404 for another method).
  it.each<[string, string[]]>([
    ['/assets/app.js', []],
    ['/other', []],
    ['/', []],
    ['/assets/upload', ['GET', 'HEAD', 'POST']],
    ['/assets/special', ['GET', 'HEAD']],
  ])('allowed(%s): %j', (path, want) => {
    expect(router().allowed(path)).toEqual(want);
  });

  it('refuses the same prefix twice, naming both', () => {
    const r = router();
    expect(() => r.addPrefix('GET', '/assets', 'again', 'static /assets (2)')).toThrow(
      expect.objectContaining({ code: 'FW_ERR_DUPLICATE_ROUTE' }),
    );
  });
});
