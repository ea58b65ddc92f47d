// The `static` option of createApp (runtime/static/static-options.ts): each wrong value fails
// createApp with FW_ERR_INVALID_OPTION naming the entry's option and the value; right ones are
// normalised (real root, prefix without its trailing slash, defaults).
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Bindings, createApp, FwError } from 'fw';
import { afterAll, describe, expect, it } from 'vitest';
import { resolveStatic } from '../../../../runtime/plugins/static/static-options.js';

const dir = mkdtempSync(join(tmpdir(), 'fw-static-options-'));
const root = join(dir, 'public');
mkdirSync(root);
writeFileSync(join(root, 'index.html'), '<p>hi</p>');
mkdirSync(join(root, 'folder'));
writeFileSync(join(dir, 'beside.html'), 'beside');
symlinkSync(join(dir, 'beside.html'), join(root, 'out.html'));
const file = join(root, 'index.html');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const bindings: Bindings = { version: 1, controllers: [] };

function startUpError(entry: unknown): FwError {
  try {
    createApp({ bindings, static: [entry] as never });
  } catch (err) {
    if (err instanceof FwError) return err;
    throw err;
  }
  throw new Error('expected createApp to throw');
}

const PREFIX =
  "a path starting with '/', such as '/' or '/assets', with no '*', ':', '?', '#', '%', '..' or empty segment";

describe('wrong values', () => {
  it.each<[string, unknown, string]>([
    [
      'no object',
      'public',
      "static[0]' must be an object such as { root: './public', prefix: '/' }; got 'public'",
    ],
    [
      'an unknown key',
      { root, dotfiles: 'allow' },
      "static[0].dotfiles' must be one of root, prefix, index, maxAge, immutable, fallback; got 'dotfiles'",
    ],
    [
      'no root',
      { prefix: '/' },
      "static[0].root' must be the path of a directory, such as './public'; got undefined",
    ],
    [
      'an empty root',
      { root: '' },
      "static[0].root' must be the path of a directory, such as './public'; got ''",
    ],
    [
      'a missing root',
      { root: join(dir, 'nope') },
      `static[0].root' must be an existing directory; got '${join(dir, 'nope')}', which does not exist`,
    ],
    [
      'a file as root',
      { root: file },
      `static[0].root' must be an existing directory; got '${file}', which is not a directory`,
    ],
    [
      'a prefix without /',
      { root, prefix: 'assets' },
      `static[0].prefix' must be ${PREFIX}; got 'assets'`,
    ],
    [
      'a prefix with *',
      { root, prefix: '/assets/*' },
      `static[0].prefix' must be ${PREFIX}; got '/assets/*'`,
    ],
    [
      'a prefix with :',
      { root, prefix: '/:id' },
      `static[0].prefix' must be ${PREFIX}; got '/:id'`,
    ],
    [
      'a prefix with %',
      { root, prefix: '/a%20b' },
      `static[0].prefix' must be ${PREFIX}; got '/a%20b'`,
    ],
    [
      'a prefix with ..',
      { root, prefix: '/a/..' },
      `static[0].prefix' must be ${PREFIX}; got '/a/..'`,
    ],
    [
      'a prefix with //',
      { root, prefix: '/a//b' },
      `static[0].prefix' must be ${PREFIX}; got '/a//b'`,
    ],
    ['a prefix as a number', { root, prefix: 7 }, `static[0].prefix' must be ${PREFIX}; got 7`],
    [
      'an index with /',
      { root, index: 'a/index.html' },
      "static[0].index' must be false or a file name such as 'index.html'; got 'a/index.html'",
    ],
    [
      'an index true',
      { root, index: true },
      "static[0].index' must be false or a file name such as 'index.html'; got true",
    ],
    [
      'a negative maxAge',
      { root, maxAge: -1 },
      "static[0].maxAge' must be a whole number of milliseconds, 0 or more; got -1",
    ],
    [
      'a maxAge as text',
      { root, maxAge: '1d' },
      "static[0].maxAge' must be a whole number of milliseconds, 0 or more; got '1d'",
    ],
    [
      'immutable as text',
      { root, immutable: 'yes' },
      "static[0].immutable' must be a boolean; got 'yes'",
    ],
    [
      'a fallback outside',
      { root, fallback: '../beside.html' },
      "static[0].fallback' must be the name of a file of root, such as 'index.html'; got '../beside.html'",
    ],
    [
      'a dotfile fallback',
      { root, fallback: '.env' },
      "static[0].fallback' must be the name of a file of root, such as 'index.html'; got '.env'",
    ],
    [
      'a missing fallback',
      { root, fallback: 'app.html' },
      `static[0].fallback' must be a file that exists in root; got 'app.html', not found in ${root}`,
    ],
    [
      'a folder as fallback',
      { root, fallback: 'folder' },
      `static[0].fallback' must be a file that exists in root; got 'folder', which is not a file of ${root}`,
    ],
    [
      'a fallback linked out',
      { root, fallback: 'out.html' },
      `static[0].fallback' must be a file that exists in root; got 'out.html', which is not a file of ${root}`,
    ],
  ])('%s', (_name, entry, want) => {
    const err = startUpError(entry);
    expect([err.code, err.message]).toEqual(['FW_ERR_INVALID_OPTION', `createApp option '${want}`]);
  });

  it('static not an array, and two entries with one prefix', () => {
    expect(() => createApp({ bindings, static: {} as never })).toThrow(
      "createApp option 'static' must be an array of { root, prefix } entries; got an empty object",
    );
    expect(() => createApp({ bindings, static: [{ root }, { root, prefix: '/' }] })).toThrow(
      "createApp option 'static[1].prefix' must be a prefix no other static entry has; got '/'",
    );
  });
});

describe('right values', () => {
  it('defaults, and a prefix without its trailing slash', () => {
    expect(
      resolveStatic([
        { root },
        {
          root,
          prefix: '/assets/',
          maxAge: 60_000,
          immutable: true,
          index: false,
          fallback: 'index.html',
        },
      ]),
    ).toEqual([
      { root, prefix: '/', index: 'index.html', maxAge: 0, immutable: false, fallback: undefined },
      {
        root,
        prefix: '/assets',
        index: false,
        maxAge: 60_000,
        immutable: true,
        fallback: '/index.html',
      },
    ]);
    expect(resolveStatic(undefined)).toEqual([]);
  });

  it('a root given through a link is its real path', () => {
    symlinkSync(root, join(dir, 'linked'));
    expect(resolveStatic([{ root: join(dir, 'linked') }])[0]?.root).toBe(root);
  });
});
