// The scaffolder's command line, in process: each refused command line prints one sentence naming
// what is wrong and writes nothing; an accepted one writes the template with the app's name and
// the fw and fwgen specs. `test/toolchains/create.test.ts` installs and runs what it writes.
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { main } from '../../create/src/main.js';

const REPO = join(import.meta.dirname, '../..');
const TEMPLATE = join(REPO, 'create/template');
const VERSION = (
  JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as { version: string }
).version;
const USAGE_LINE = 'Usage: npm create fw@latest <folder>   (create-fw --help lists the options)';

let cwd: string;
beforeEach(() => {
  cwd = mkdtempSync(join(tmpdir(), 'fw-create-'));
  mkdirSync(join(cwd, 'taken'));
  writeFileSync(join(cwd, 'taken', 'index.ts'), '');
  writeFileSync(join(cwd, 'notes.txt'), '');
  mkdirSync(join(cwd, 'empty'));
});
afterEach(() => rmSync(cwd, { recursive: true, force: true }));

function run(...argv: string[]) {
  let stdout = '';
  let stderr = '';
  const exitCode = main(argv, {
    cwd,
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
  });
  return { exitCode, stdout, stderr };
}

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}

/** The files under `dir`, relative and `/`-separated, sorted. */
function files(dir: string): string[] {
  return walk(dir)
    .map((path) => relative(dir, path).split('\\').join('/'))
    .sort();
}

describe('create-fw refuses', () => {
  it.each([
    ['no folder', [], 'name the folder to create the app in: npm create fw@latest <folder>'],
    ['two folders', ['a', 'b'], 'one folder expected, got 2: a b; options go after --'],
    [
      'a folder whose name is no package name',
      ['My App'],
      "the app's name 'My App' must be lowercase letters, digits, '-', '.', '_' and '~', not start with '.' or '_'; pass --name <name> to name the app otherwise",
    ],
    [
      'an invalid --name',
      ['app', '--name', '_private'],
      "the app's name '_private' must be lowercase letters, digits, '-', '.', '_' and '~', not start with '.' or '_'",
    ],
    [
      'a reserved name',
      ['node_modules'],
      "the app's name 'node_modules' is reserved by npm; pass --name <name> to name the app otherwise",
    ],
    [
      'a folder that holds files',
      ['taken'],
      'taken already exists and is not empty; choose another folder',
    ],
    ['a file', ['notes.txt', '--name', 'notes'], 'notes.txt already exists and is not a folder'],
    ['an empty --fw', ['app', '--fw', ''], '--fw needs a spec: a version, a tarball or a path'],
  ])('%s, and writes nothing', (_, argv, message) => {
    const before = files(cwd);
    expect(run(...argv)).toEqual({
      exitCode: 2,
      stdout: '',
      stderr: `create-fw: ${message}\n${USAGE_LINE}\n`,
    });
    expect(files(cwd)).toEqual(before);
  });

  it('an unknown option, as Node reads it', () => {
    const result = run('app', '--force');
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(/^create-fw: Unknown option '--force'/);
    expect(readdirSync(cwd)).not.toContain('app');
  });
});

describe('create-fw writes', () => {
  it('the template into a new folder, named after it, on fw and fwgen of its own version', () => {
    const result = run('my-app');
    expect([result.exitCode, result.stderr]).toEqual([0, '']);
    expect(result.stdout).toMatch(
      new RegExp(`^create-fw: created my-app in my-app \\(fw ${VERSION}, fwgen ${VERSION}\\)\n`),
    );
    const app = join(cwd, 'my-app');
    const expected = files(TEMPLATE)
      .filter((f) => f !== 'tsconfig.repo.json')
      .map((f) => (f === 'gitignore' ? '.gitignore' : f))
      .sort();
    expect(files(app)).toEqual(expected);
    const manifest = JSON.parse(readFileSync(join(app, 'package.json'), 'utf8'));
    expect(manifest.name).toBe('my-app');
    expect(manifest.dependencies).toEqual({ fw: VERSION });
    expect(manifest.devDependencies.fwgen).toBe(VERSION);
    expect(readFileSync(join(app, 'README.md'), 'utf8')).toMatch(/^# my-app\n/);
    expect(readFileSync(join(app, 'src/bindings.ts'), 'utf8')).toBe(
      readFileSync(join(TEMPLATE, 'src/bindings.ts'), 'utf8'),
    );
  });

  it('into an empty folder, with the name and the specs it was given', () => {
    const result = run(
      'empty',
      '--name',
      '@acme/notes',
      '--fw',
      'file:../fw.tgz',
      '--fwgen',
      '^0.1.0',
    );
    expect(result.exitCode).toBe(0);
    const manifest = JSON.parse(readFileSync(join(cwd, 'empty/package.json'), 'utf8'));
    expect([manifest.name, manifest.dependencies.fw, manifest.devDependencies.fwgen]).toEqual([
      '@acme/notes',
      'file:../fw.tgz',
      '^0.1.0',
    ]);
  });

  it('--help, and nothing else', () => {
    const result = run('--help');
    expect([result.exitCode, result.stderr]).toEqual([0, '']);
    expect(result.stdout).toMatch(/^Usage: npm create fw@latest <folder> /);
    expect(readdirSync(cwd).sort()).toEqual(['empty', 'notes.txt', 'taken']);
  });

  it('an app whose build tools are the versions this repository builds and tests with', () => {
    const ours = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')).devDependencies;
    const app = JSON.parse(readFileSync(join(TEMPLATE, 'package.json'), 'utf8')).devDependencies;
    for (const tool of ['typescript', 'vitest', '@types/node'])
      expect(app[tool], tool).toBe(ours[tool]);
  });
});
