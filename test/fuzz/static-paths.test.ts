// Static files on generated hostile paths (docs/security.md, "Static files stay in their root"):
// over a real server whose root has a secret file beside it and symbolic links out, no response
// ever carries the secret or a dotfile, a 200 is always a file of the root, and the server keeps
// answering. The path gate itself is checked on far more inputs without a socket.
import { resolve, sep } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { filePath } from '../../runtime/plugins/static/safe-path.js';
import { FILES, rawRequest, SECRET, staticTree } from '../http/static-support.js';
import { serve } from '../http/support.js';
import { runs, stringOf, within } from './support.js';

/** Pieces of paths that have broken static servers, and names of the tree (static-support.ts). */
const PIECES = [
  '..',
  '.',
  '/',
  '//',
  '\\',
  '%2e',
  '%2E',
  '%2e%2e',
  '.%2e',
  '%2f',
  '%2F',
  '%5c',
  '%5C',
  '%00',
  '%0a',
  '%c0%ae',
  '%c0%af',
  '%e0%80%ae',
  '%25',
  '%252e',
  '%',
  '%z',
  '?',
  '#',
  ';',
  'secret.txt',
  'outside',
  'root',
  'link-out.txt',
  'link-in.txt',
  'dir-out',
  'docs',
  'index.html',
  'app.js',
  '.env',
  '.hidden',
  'inside.txt',
  'a',
];

/** Printable ASCII: what a request line carries as it is. */
const PRINTABLE = Array.from({ length: 0x7e - 0x21 + 1 }, (_, i) => String.fromCharCode(0x21 + i));

const hostilePath = fc
  .array(fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...PIECES) }, stringOf(PRINTABLE, 4)), {
    maxLength: 10,
  })
  .map((pieces) => pieces.join(''));

/** What a 200 may carry: a file of the root that is no dotfile, or nothing (HEAD). */
const SERVABLE = new Set(
  Object.entries(FILES)
    .filter(([path]) => !path.split('/').some((s) => s.startsWith('.')))
    .map(([, content]) => content),
);

describe('hostile paths over a real server', () => {
  it('never answer the secret or a dotfile, a 200 is a file of the root, and the server answers', async () => {
    const { root } = staticTree();
    const s = await serve([], { static: [{ root, prefix: '/assets', fallback: 'index.html' }] });
    await fc.assert(
      fc.asyncProperty(
        hostilePath,
        fc.constantFrom('/assets/', '/assets', '/'),
        fc.constantFrom('GET', 'HEAD'),
        fc.boolean(),
        async (path, start, method, html) => {
          const target = `${start}${path}`;
          const headers: Record<string, string> = html ? { Accept: 'text/html' } : {};
          const res = await within(5000, target, rawRequest(s.port, method, target, headers));
          expect(res.head + res.body).not.toContain(SECRET);
          expect(res.body).not.toContain('DOTFILE');
          expect(res.body).not.toContain('HIDDEN');
          expect([200, 301, 400, 404, 405]).toContain(res.status);
          if (res.status === 200) expect(SERVABLE.has(res.body) || method === 'HEAD').toBe(true);
        },
      ),
      { numRuns: runs(250) },
    );
    expect(await s.alive()).toBe(200);
  });
});

describe('the path gate (runtime/static/safe-path.ts)', () => {
  const root = resolve('/srv/root');
  const inside = (p: string) => p === root || p.startsWith(root + sep);

  it('lets through only paths that stay in the root, with no dot segment', () => {
    fc.assert(
      fc.property(fc.oneof(hostilePath, fc.string({ unit: 'binary', maxLength: 30 })), (path) => {
        const file = filePath(`/assets/${path}`, '/assets');
        if (file === undefined) return;
        expect(file.startsWith('/')).toBe(true);
        const segments = file.slice(1).split('/').map(decodeURIComponent);
        for (const segment of segments.slice(0, -1)) expect(segment).not.toBe('');
        for (const segment of segments) {
          expect(segment.startsWith('.')).toBe(false);
          expect(/[/\\\0]/.test(segment)).toBe(false);
        }
        expect(inside(resolve(root, ...segments))).toBe(true);
      }),
      { numRuns: runs(5000) },
    );
  });
});
