// The path gate of static files (runtime/static/safe-path.ts): a request path under the prefix
// becomes the percent-encoded path of a file under the root, or undefined when it is refused.
import { describe, expect, it } from 'vitest';
import { filePath } from '../../../../runtime/plugins/static/safe-path.js';

describe('filePath', () => {
  it.each<[string, string, string | undefined]>([
    ['/assets/app.js', '/assets', '/app.js'],
    ['/assets/css/site.css', '/assets', '/css/site.css'],
    ['/assets/', '/assets', '/'],
    ['/assets/docs/', '/assets', '/docs/'],
    ['/assets/with%20space.txt', '/assets', '/with%20space.txt'],
    ['/assets/caf%C3%A9.txt', '/assets', '/caf%C3%A9.txt'],
    ['/assets/a+b;c=d@e', '/assets', `/${encodeURIComponent('a+b;c=d@e')}`],
    ['/assets/%252e%252e', '/assets', '/%252e%252e'],
    ['/app.js', '/', '/app.js'],
    ['/', '/', '/'],
    ['/assets/a..b/c', '/assets', '/a..b/c'],
    // Not under the prefix.
    ['/assets', '/assets', undefined],
    ['/assetsx/app.js', '/assets', undefined],
    ['/other/app.js', '/assets', undefined],
    // Refused.
    ['/assets/../secret', '/assets', undefined],
    ['/assets/%2e%2e/secret', '/assets', undefined],
    ['/assets/.%2E/secret', '/assets', undefined],
    ['/assets/..%2fsecret', '/assets', undefined],
    ['/assets/a%2Fb', '/assets', undefined],
    ['/assets/a%5cb', '/assets', undefined],
    ['/assets/a\\b', '/assets', undefined],
    ['/assets/a%00', '/assets', undefined],
    ['/assets/a%1f', '/assets', undefined],
    ['/assets/a%7f', '/assets', undefined],
    ['/assets/%c0%ae%c0%ae', '/assets', undefined],
    ['/assets/%zz', '/assets', undefined],
    ['/assets/%', '/assets', undefined],
    ['/assets/.env', '/assets', undefined],
    ['/assets/%2eenv', '/assets', undefined],
    ['/assets/./app.js', '/assets', undefined],
    ['/assets//app.js', '/assets', undefined],
    ['/assets/a//b', '/assets', undefined],
    ['//etc/passwd', '/', undefined],
    ['/..', '/', undefined],
  ])('%s under %s: %s', (path, prefix, want) => {
    expect(filePath(path, prefix)).toBe(want);
  });
});
