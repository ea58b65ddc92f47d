import { describe, expect, it } from 'vitest';
import { codeFrame, counts, formatDiagnostics, summary } from '../../cli/format.js';
import { resolveProject } from '../../cli/project.js';
import { appModel, controller, diagnostic, handler } from './support/models.js';

const SOURCES: Record<string, string> = {
  '/p/app/users.ts': "import { Get } from 'fw';\n\n@Get(path)\n  list(q: Foo) {}\n",
  '/p/app/orders.ts': 'x\n',
};
const read = (path: string): string | undefined => SOURCES[path];

describe('diagnostics', () => {
  it('prints file:line:col, code and message, a code frame, and a summary', () => {
    const project = resolveProject({ src: 'app', out: 'app/bindings.ts' }, '/p');
    const text = formatDiagnostics(
      [
        diagnostic('FW0101', 'the route path is not a string literal', 'app/users.ts', 3, 6),
        diagnostic('FW0201', 'unsupported parameter type Foo', 'app/users.ts', 4, 11),
        diagnostic('FW0102', 'duplicate route GET /x', 'app/orders.ts', 1, 1),
      ],
      project,
      read,
    );
    expect(text).toBe(
      'app/users.ts:3:6 - error FW0101: the route path is not a string literal\n' +
        '  3 | @Get(path)\n' +
        '    |      ^\n' +
        '\n' +
        'app/users.ts:4:11 - error FW0201: unsupported parameter type Foo\n' +
        '  4 |   list(q: Foo) {}\n' +
        '    |           ^\n' +
        '\n' +
        'app/orders.ts:1:1 - error FW0102: duplicate route GET /x\n' +
        '  1 | x\n' +
        '    | ^\n' +
        '\n' +
        'fwgen: 3 errors in 2 files\n',
    );
  });

  it('prints paths relative to the working directory, not the project root', () => {
    const project = resolveProject(
      { src: 'app', out: 'app/b.ts', project: '../tsconfig.json' },
      '/p/app',
    );
    const text = formatDiagnostics(
      [diagnostic('FW0001', 'no files', 'app/orders.ts', 1, 1)],
      project,
      read,
    );
    expect(text.split('\n')[0]).toBe('orders.ts:1:1 - error FW0001: no files');
  });

  it('prints no frame when the source cannot be read', () => {
    const project = resolveProject({ src: 'app', out: 'app/b.ts' }, '/p');
    const text = formatDiagnostics(
      [diagnostic('FW0001', 'cannot load', 'tsconfig.json', 1, 1)],
      project,
      read,
    );
    expect(text).toBe(
      'tsconfig.json:1:1 - error FW0001: cannot load\n\nfwgen: 1 error in 1 file\n',
    );
  });

  it.each([
    [
      'keeps tabs so the caret lines up',
      ['\tlet x = 1;'],
      1,
      6,
      '  1 | \tlet x = 1;\n    | \t    ^\n',
    ],
    ['puts a column past the end after the last character', ['ab'], 1, 9, '  1 | ab\n    |   ^\n'],
    [
      'widens the gutter for long line numbers',
      [...Array(99).fill(''), 'z'],
      100,
      1,
      '  100 | z\n      | ^\n',
    ],
    ['prints nothing for a line past the end', ['a'], 2, 1, ''],
  ])('a code frame %s', (_name, lines, line, column, want) => {
    expect(codeFrame(lines, line, column)).toBe(want);
  });

  it('counts controllers and handlers, singular and plural', () => {
    const one = controller('A', 'a.ts', [handler('x', 'GET', '/')]);
    const two = controller('B', 'b.ts', [handler('y', 'GET', '/y'), handler('z', 'GET', '/z')]);
    expect(counts(appModel([one]))).toBe('1 controller, 1 handler');
    expect(counts(appModel([one, two]))).toBe('2 controllers, 3 handlers');
    expect(summary([diagnostic('FW0102', 'm', 'a.ts', 1, 1)])).toBe('fwgen: 1 error in 1 file');
  });
});
