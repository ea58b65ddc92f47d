// Static files never leave their root (docs/security.md, "Static files stay in their root"): every
// way of writing `..`, an encoded separator, a backslash, a NUL, a malformed or overlong escape, a
// dotfile, and a symbolic link whose target is outside the root gets 404, and no response carries
// the secret kept beside the root. A link from the root to a file in it may be served.
// test/fuzz/static-paths.test.ts tries generated paths against the same tree.
import { describe, expect, it } from 'vitest';
import { FILES, rawRequest, SECRET, staticTree } from '../http/static-support.js';
import { serve } from '../http/support.js';

/** Hostile targets under `/assets`, each aiming at `secret.txt` beside the root or at a dotfile. */
const HOSTILE: readonly (readonly [string, string])[] = [
  ['.. as it is', '/assets/../secret.txt'],
  ['.. deeper', '/assets/docs/../../secret.txt'],
  ['%2e%2e', '/assets/%2e%2e/secret.txt'],
  ['%2E%2E', '/assets/%2E%2E/secret.txt'],
  ['.%2e', '/assets/.%2e/secret.txt'],
  ['%2e.', '/assets/%2e./secret.txt'],
  ['..%2f', '/assets/..%2fsecret.txt'],
  ['..%2F', '/assets/..%2Fsecret.txt'],
  ['%2e%2e%2f', '/assets/%2e%2e%2fsecret.txt'],
  ['%2f at the start', '/assets/%2f..%2fsecret.txt'],
  ['an absolute path, encoded', '/assets/%2fetc%2fpasswd'],
  ['an empty segment', '/assets//etc/passwd'],
  ['backslash', '/assets/..\\secret.txt'],
  ['%5c', '/assets/..%5csecret.txt'],
  ['%5C', '/assets/..%5Csecret.txt'],
  ['NUL at the end', '/assets/app.js%00'],
  ['NUL before an extension', '/assets/app.js%00.txt'],
  ['NUL alone', '/assets/%00'],
  ['a control character', '/assets/app.js%0a'],
  ['overlong . (C0 AE)', '/assets/%c0%ae%c0%ae/secret.txt'],
  ['overlong / (C0 AF)', '/assets/..%c0%afsecret.txt'],
  ['malformed escape', '/assets/%zz/secret.txt'],
  ['truncated escape', '/assets/%2'],
  ['lone surrogate escape', '/assets/%ed%a0%80'],
  ['.', '/assets/./app.js'],
  ['%2e', '/assets/%2e/app.js'],
  ['a dotfile', '/assets/.env'],
  ['an encoded dotfile', '/assets/%2eenv'],
  ['inside a dot folder', '/assets/.hidden/inside.txt'],
  ['a link to a file outside', '/assets/link-out.txt'],
  ['through a link to a folder outside', '/assets/dir-out/secret.txt'],
  ['the index of a link to a folder outside', '/assets/dir-out/'],
  ['a link to a folder outside, without /', '/assets/dir-out'],
];

async function served(prefix = '/assets') {
  const { root } = staticTree();
  return serve([], { static: [{ root, prefix }] });
}

describe('paths that would leave the root', () => {
  it.each(HOSTILE)('%s (%s): 404, and never the secret', async (_name, target) => {
    const s = await served();
    for (const method of ['GET', 'HEAD']) {
      const res = await rawRequest(s.port, method, target);
      expect(res.status).toBe(404);
      expect(res.head + res.body).not.toContain(SECRET);
      expect(res.body).not.toContain('DOTFILE');
    }
  });

  it.each(HOSTILE)('%s with the prefix /: 404', async (_name, target) => {
    const s = await served('/');
    const res = await rawRequest(s.port, 'GET', target.replace('/assets', ''));
    expect(res.status).toBe(404);
    expect(res.body).not.toContain(SECRET);
  });

  it('double encoding decodes once: %252e%252e is a file named %2e%2e, not found', async () => {
    const s = await served();
    const res = await rawRequest(s.port, 'GET', '/assets/%252e%252e/secret.txt');
    expect(res.status).toBe(404);
  });

  it('an absolute-form target goes through the same gate', async () => {
    const s = await served();
    const res = await rawRequest(s.port, 'GET', 'http://t/assets/%2e%2e/secret.txt');
    expect([400, 404]).toContain(res.status);
    expect(res.body).not.toContain(SECRET);
  });

  it('with the fallback on, a hostile path still never reaches the secret', async () => {
    const { root } = staticTree();
    const s = await serve([], { static: [{ root, prefix: '/assets', fallback: 'index.html' }] });
    for (const [, target] of HOSTILE) {
      const res = await rawRequest(s.port, 'GET', target, { Accept: 'text/html' });
      expect([200, 404]).toContain(res.status);
      if (res.status === 200) expect(res.body).toBe(FILES['index.html']);
      expect(res.body).not.toContain(SECRET);
    }
  });
});

describe('links within the root', () => {
  it('a link to a file of the root is served', async () => {
    const s = await served();
    const res = await rawRequest(s.port, 'GET', '/assets/link-in.txt');
    expect([res.status, res.body]).toEqual([200, FILES['digits.txt']]);
  });

  it('a root given through a link is served from its target', async () => {
    const { dir, root } = staticTree();
    const { symlinkSync } = await import('node:fs');
    symlinkSync(root, `${dir}/root-link`);
    const s = await serve([], { static: [{ root: `${dir}/root-link`, prefix: '/assets' }] });
    expect((await rawRequest(s.port, 'GET', '/assets/app.js')).body).toBe(FILES['app.js']);
    expect((await rawRequest(s.port, 'GET', '/assets/link-out.txt')).status).toBe(404);
  });
});
