import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { main } from '../../cli/main.js';
import { fakeEngine, fakeRender } from './support/fake-engine.js';
import { testIo } from './support/io.js';
import { appModel, controller, diagnostic, handler } from './support/models.js';
import { removeDir, tempDir, writeFiles } from './support/temp.js';

let dir: string;
beforeEach(() => {
  dir = tempDir();
  writeFiles(dir, {
    'tsconfig.json': '{}\n',
    'app/users.ts': 'export class UserController {\n  list() {}\n}\n',
  });
});
afterEach(() => removeDir(dir));

const model = appModel([
  controller('UserController', 'app/users.ts', [
    handler('list', 'GET', '/users'),
    handler('get', 'GET', '/users/:id'),
  ]),
]);
const FLAGS = ['--src', 'app', '--out', 'app/bindings.ts'];

async function run(argv: string[], engine = fakeEngine(model), cwd = dir) {
  const io = testIo(cwd);
  const code = await main(argv, io, { engine: async () => engine });
  return { code, stdout: io.stdout.text, stderr: io.stderr.text, engine };
}

const usage = (message: string): string =>
  `fwgen: ${message}\n` +
  'Usage: fwgen --src <dir> --out <file> [--project <tsconfig>] [--openapi <file>] [--asyncapi <file>] [--client <file>] [--client-events <file>] [--check] [--watch]\n' +
  'Run fwgen --help for what each flag does.\n';

describe('fwgen: usage', () => {
  it.each([
    ['--src is missing', ['--out', 'b.ts'], usage("required option '--src <dir>' not specified")],
    ['--out is missing', ['--src', 'app'], usage("required option '--out <file>' not specified")],
    [
      'a flag is unknown',
      [...FLAGS, '--chek'],
      usage("unknown option '--chek'\n(Did you mean --check?)"),
    ],
    [
      '--check comes with --watch',
      [...FLAGS, '--check', '--watch'],
      usage("option '--check' cannot be used with option '--watch'"),
    ],
    [
      'an argument is left over',
      [...FLAGS, 'extra'],
      usage('too many arguments. Expected 0 arguments but got 1.'),
    ],
    [
      'a flag has no value',
      ['--out', 'b.ts', '--src'],
      usage("option '--src <dir>' argument missing"),
    ],
  ])('exits 2 when %s', async (_name, argv, message) => {
    const { code, stdout, stderr, engine } = await run(argv);
    expect({ code, stdout, stderr }).toEqual({ code: 2, stdout: '', stderr: message });
    expect(engine.created).toEqual([]);
  });

  it('prints what each flag does for --help, and exits 0', async () => {
    const { code, stdout } = await run(['--help']);
    expect(code).toBe(0);
    expect(
      stdout,
    ).toBe(`Usage: fwgen --src <dir> --out <file> [--project <tsconfig>] [--openapi <file>] [--asyncapi <file>] [--client <file>] [--client-events <file>] [--check] [--watch]

Generates the bindings module of an fw application from its controllers.

Options:
  --src <dir>              folder whose .ts files are searched for controllers
  --out <file>             the TypeScript module to write (it exports \`bindings\`)
  --project <tsconfig>     the tsconfig; its folder is the project root (default: "tsconfig.json")
  --openapi <file>         also write the OpenAPI 3.1 document (.json, .yaml or .yml)
  --asyncapi <file>        also write the AsyncAPI 3.0 document (.json, .yaml or .yml)
  --client <file>          also write the typed client of the routes and gateways (.ts)
  --client-events <file>   also write the typed publisher of the app's events (.ts)
  --title <title>          the documents' info.title (default: package.json's name)
  --api-version <version>  the documents' info.version (default: package.json's version)
  --description <text>     the documents' info.description (default: package.json's)
  --check                  write nothing; exit 1 if an output is missing or stale
  --watch                  regenerate whenever a file under --src or the tsconfig changes
  -V, --version            print the version
  -h, --help               print this help

Paths resolve against the current directory. A document is JSON or YAML by its extension; its
info comes from the nearest package.json of the project unless --title, --api-version or
--description is given.
Exit codes: 0 written or up to date, 1 --check found an output missing or stale, 2 diagnostics or
a usage error.
`);
  });

  it("prints the fwgen package's version for --version", async () => {
    const { version } = JSON.parse(
      readFileSync(join(import.meta.dirname, '../../cli/package.json'), 'utf8'),
    );
    expect(await run(['--version'])).toMatchObject({ code: 0, stdout: `${version}\n` });
  });
});

describe('fwgen: paths', () => {
  it('resolves the flags against the working directory, the root being the tsconfig folder', async () => {
    const { engine } = await run(FLAGS);
    expect(engine.created).toEqual([
      {
        cwd: dir,
        root: dir,
        tsconfig: join(dir, 'tsconfig.json'),
        src: join(dir, 'app'),
        out: join(dir, 'app/bindings.ts'),
      },
    ]);
  });

  it('takes the root from --project, and passes the out path from the root to the emitter', async () => {
    writeFiles(dir, { 'config/tsconfig.app.json': '{}\n' });
    const { engine } = await run([...FLAGS, '--project', 'config/tsconfig.app.json']);
    expect(engine.created[0]).toMatchObject({
      root: join(dir, 'config'),
      tsconfig: join(dir, 'config/tsconfig.app.json'),
    });
    expect(readFileSync(join(dir, 'app/bindings.ts'), 'utf8')).toBe(
      fakeRender(model, '../app/bindings.ts'),
    );
  });

  it('prints paths relative to the working directory', async () => {
    const { stdout } = await run(
      ['--src', '.', '--out', 'gen/bindings.ts', '--project', '../tsconfig.json'],
      undefined,
      join(dir, 'app'),
    );
    expect(stdout).toBe('fwgen: wrote gen/bindings.ts (1 controller, 2 handlers)\n');
  });
});

describe('fwgen: writing', () => {
  it('writes the module and says what it holds', async () => {
    expect(await run(FLAGS)).toMatchObject({
      code: 0,
      stdout: 'fwgen: wrote app/bindings.ts (1 controller, 2 handlers)\n',
      stderr: '',
    });
    expect(readFileSync(join(dir, 'app/bindings.ts'), 'utf8')).toBe(
      fakeRender(model, 'app/bindings.ts'),
    );
  });

  it('says the module is up to date on the second run', async () => {
    await run(FLAGS);
    expect(await run(FLAGS)).toMatchObject({
      code: 0,
      stdout: 'fwgen: app/bindings.ts is up to date\n',
    });
  });

  it('prints every diagnostic with a code frame and exits 2, writing nothing', async () => {
    const engine = fakeEngine(model);
    engine.analysis = {
      model,
      diagnostics: [
        diagnostic('FW0201', 'unsupported parameter type Foo', 'app/users.ts', 2, 3),
        diagnostic('FW0106', 'the controller class is not exported', 'app/users.ts', 1, 14),
      ],
    };
    expect(await run(FLAGS, engine)).toEqual({
      code: 2,
      engine,
      stdout: '',
      stderr:
        'app/users.ts:2:3 - error FW0201: unsupported parameter type Foo\n' +
        '  2 |   list() {}\n' +
        '    |   ^\n' +
        '\n' +
        'app/users.ts:1:14 - error FW0106: the controller class is not exported\n' +
        '  1 | export class UserController {\n' +
        '    |              ^\n' +
        '\n' +
        'fwgen: 2 errors in 1 file\n',
    });
    expect(existsSync(join(dir, 'app/bindings.ts'))).toBe(false);
  });

  it('prints one fwgen prefix for an error whose message has its own', async () => {
    const engine = fakeEngine(model);
    engine.render = () => {
      throw new Error('fwgen: the out file is outside the project');
    };
    expect(await run(FLAGS, engine)).toMatchObject({
      code: 2,
      stderr: 'fwgen: error: the out file is outside the project\n',
    });
  });

  it('exits 2 with the message when the engine fails', async () => {
    const engine = fakeEngine(model);
    engine.throwOnAnalyze = new Error('ts-morph crashed');
    expect(await run(FLAGS, engine)).toMatchObject({
      code: 2,
      stdout: '',
      stderr: 'fwgen: error: ts-morph crashed\n',
    });
  });
});

describe('fwgen --check', () => {
  const CHECK = [...FLAGS, '--check'];

  it('exits 1 when the module is missing, writing nothing', async () => {
    expect(await run(CHECK)).toMatchObject({
      code: 1,
      stdout: '',
      stderr: 'fwgen: app/bindings.ts is missing.\nRun fwgen without --check to write it.\n',
    });
    expect(existsSync(join(dir, 'app/bindings.ts'))).toBe(false);
  });

  it('exits 0 when the module is current', async () => {
    await run(FLAGS);
    expect(await run(CHECK)).toMatchObject({
      code: 0,
      stdout: 'fwgen: app/bindings.ts is up to date\n',
      stderr: '',
    });
  });

  it('exits 1 naming the handlers that differ, leaving the file as it was', async () => {
    await run(FLAGS);
    const before = readFileSync(join(dir, 'app/bindings.ts'), 'utf8');
    const changed = appModel([
      controller('UserController', 'app/users.ts', [
        handler('list', 'GET', '/people'),
        handler('remove', 'DELETE', '/users/:id'),
      ]),
    ]);
    expect(await run(CHECK, fakeEngine(changed))).toMatchObject({
      code: 1,
      stdout: '',
      stderr:
        'fwgen: app/bindings.ts is stale:\n' +
        '  changed: UserController.list (GET /people, was GET /users)\n' +
        '  added: UserController.remove (DELETE /users/:id)\n' +
        '  removed: UserController.get (GET /users/:id)\n' +
        'Run fwgen without --check to update it.\n',
    });
    expect(readFileSync(join(dir, 'app/bindings.ts'), 'utf8')).toBe(before);
  });

  it('exits 2 on diagnostics', async () => {
    const engine = fakeEngine(model);
    engine.analysis = {
      model,
      diagnostics: [diagnostic('FW0102', 'duplicate route', 'app/users.ts', 2, 3)],
    };
    expect(await run(CHECK, engine)).toMatchObject({ code: 2, stdout: '' });
  });
});

describe('fwgen --watch', () => {
  it('watches until SIGINT, then exits 0', async () => {
    const io = testIo(dir);
    const done = main([...FLAGS, '--watch'], io, { engine: async () => fakeEngine(model) });
    await expect.poll(() => io.stdout.text).toContain('fwgen: watching app for changes\n');
    io.signals.emit('SIGINT');
    expect(await done).toBe(0);
    expect(io.stdout.text).toMatch(
      /^fwgen: updated app\/bindings\.ts in \d+ ms\nfwgen: watching app for changes\n$/,
    );
    expect(io.signals.listenerCount('SIGINT') + io.signals.listenerCount('SIGTERM')).toBe(0);
  });

  it('exits 2 when --src cannot be watched', async () => {
    const { code, stderr } = await run(['--src', 'missing', '--out', 'b.ts', '--watch']);
    expect({ code, stderr }).toEqual({
      code: 2,
      stderr: 'fwgen: error: cannot watch missing: no such folder\n',
    });
  });
});

it('rewrites a file that was edited by hand', async () => {
  await run(FLAGS);
  writeFileSync(join(dir, 'app/bindings.ts'), 'edited\n');
  expect(await run(FLAGS)).toMatchObject({
    stdout: 'fwgen: wrote app/bindings.ts (1 controller, 2 handlers)\n',
  });
});
