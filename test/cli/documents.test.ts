// fwgen --openapi / --asyncapi with a fake analyzer: where the documents go, their info, --check
// and --watch over them. What the documents say is tested in test/cli/api-documents/.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { main } from '../../cli/main.js';
import { watch } from '../../cli/watch.js';
import { fakeEngine } from './support/fake-engine.js';
import { TextOutput, testIo } from './support/io.js';
import { appModel, controller, handler } from './support/models.js';
import { recordRuns } from './support/runs.js';
import { removeDir, tempDir, writeFiles } from './support/temp.js';

let dir: string;
beforeEach(() => {
  dir = tempDir();
  writeFiles(dir, {
    'package.json': JSON.stringify({ name: 'shop', version: '2.1.0', description: 'The shop API' }),
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
const DOCS = ['--openapi', 'api/openapi.json', '--asyncapi', 'api/asyncapi.yaml'];

async function run(argv: string[], engine = fakeEngine(model), cwd = dir) {
  const io = testIo(cwd);
  const code = await main(argv, io, { engine: async () => engine });
  return { code, stdout: io.stdout.text, stderr: io.stderr.text, engine };
}

const read = (path: string): string => readFileSync(join(dir, path), 'utf8');
const openapi = (): { info: unknown; paths: Record<string, unknown> } =>
  JSON.parse(read('api/openapi.json'));

describe('fwgen --openapi --asyncapi: writing', () => {
  it('writes both documents beside the bindings, JSON or YAML by the extension', async () => {
    expect(await run([...FLAGS, ...DOCS])).toMatchObject({
      code: 0,
      stdout:
        'fwgen: wrote app/bindings.ts (1 controller, 2 handlers)\n' +
        'fwgen: wrote api/openapi.json\n' +
        'fwgen: wrote api/asyncapi.yaml\n',
      stderr: '',
    });
    const doc = openapi();
    expect(doc).toMatchObject({ openapi: '3.1.0' });
    expect(Object.keys(doc.paths)).toEqual(['/users', '/users/{id}']);
    expect(parse(read('api/asyncapi.yaml'))).toMatchObject({ asyncapi: '3.0.0' });
  });

  it('takes info from the nearest package.json: name, version and description', async () => {
    writeFiles(dir, { 'config/tsconfig.app.json': '{}\n' });
    await run([...FLAGS, ...DOCS, '--project', 'config/tsconfig.app.json']);
    expect(openapi().info).toEqual({
      title: 'shop',
      version: '2.1.0',
      description: 'The shop API',
    });
    expect(parse(read('api/asyncapi.yaml')).info).toEqual(openapi().info);
  });

  it('takes --title and --api-version over package.json', async () => {
    await run([...FLAGS, ...DOCS, '--title', 'Shop API', '--api-version', '3.0.0-beta.1']);
    expect(openapi().info).toEqual({
      title: 'Shop API',
      version: '3.0.0-beta.1',
      description: 'The shop API',
    });
  });

  it('takes --description over package.json', async () => {
    await run([...FLAGS, ...DOCS, '--description', 'Orders and users.']);
    expect(openapi().info).toEqual({
      title: 'shop',
      version: '2.1.0',
      description: 'Orders and users.',
    });
  });

  it('says each document is up to date on the second run, and leaves it untouched', async () => {
    await run([...FLAGS, ...DOCS]);
    const before = read('api/openapi.json');
    expect(await run([...FLAGS, ...DOCS])).toMatchObject({
      code: 0,
      stdout:
        'fwgen: app/bindings.ts is up to date\n' +
        'fwgen: api/openapi.json is up to date\n' +
        'fwgen: api/asyncapi.yaml is up to date\n',
    });
    expect(read('api/openapi.json')).toBe(before);
  });

  it('exits 2 naming the file when package.json has no version, and writes nothing', async () => {
    writeFiles(dir, { 'package.json': '{ "name": "shop" }' });
    expect(await run([...FLAGS, ...DOCS])).toMatchObject({
      code: 2,
      stdout: '',
      stderr:
        'fwgen: error: The API documents need a version: package.json has no "version"; pass --api-version\n',
    });
    expect(() => read('app/bindings.ts')).toThrow(/ENOENT/);
  });

  it.each([
    [
      ['--openapi', 'api/openapi.txt'],
      '--openapi api/openapi.txt: name the file .json, .yaml or .yml (the format follows the extension)',
    ],
    [
      ['--asyncapi', 'app/bindings.ts'],
      '--asyncapi app/bindings.ts: name the file .json, .yaml or .yml (the format follows the extension)',
    ],
    [
      ['--openapi', 'api/doc.json', '--asyncapi', 'api/doc.json'],
      '--asyncapi api/doc.json is also the file of --openapi',
    ],
  ])('exits 2 before analysing for %j', async (flags, message) => {
    const { code, stderr, engine } = await run([...FLAGS, ...flags]);
    expect({ code, stderr }).toEqual({ code: 2, stderr: `fwgen: error: ${message}\n` });
    expect(engine.analyses).toBe(0);
  });
});

describe('fwgen --check with documents', () => {
  it('exits 0 when the bindings and both documents are current', async () => {
    await run([...FLAGS, ...DOCS]);
    expect(await run([...FLAGS, ...DOCS, '--check'])).toMatchObject({ code: 0, stderr: '' });
  });

  it('exits 1 naming a stale document, though the bindings are current', async () => {
    await run([...FLAGS, ...DOCS]);
    writeFileSync(
      join(dir, 'api/openapi.json'),
      read('api/openapi.json').replace('2.1.0', '2.0.0'),
    );
    const { code, stdout, stderr } = await run([...FLAGS, ...DOCS, '--check']);
    expect(code).toBe(1);
    expect(stdout).toBe(
      'fwgen: app/bindings.ts is up to date\nfwgen: api/asyncapi.yaml is up to date\n',
    );
    expect(stderr).toMatch(
      /^fwgen: api\/openapi\.json is stale:\n {2}lines differ: @@ -\d+,1 \+\d+,1 @@\nRun fwgen without --check to update it\.\n$/,
    );
  });

  it('exits 1 naming a missing document, and writes nothing', async () => {
    await run(FLAGS);
    const { code, stderr } = await run([...FLAGS, ...DOCS, '--check']);
    expect(code).toBe(1);
    expect(stderr).toBe(
      'fwgen: api/openapi.json is missing.\nRun fwgen without --check to write it.\n' +
        'fwgen: api/asyncapi.yaml is missing.\nRun fwgen without --check to write it.\n',
    );
    expect(() => read('api/openapi.json')).toThrow(/ENOENT/);
  });

  it('goes stale when the version in package.json changes', async () => {
    await run([...FLAGS, ...DOCS]);
    writeFiles(dir, { 'package.json': '{ "name": "shop", "version": "2.2.0" }' });
    const { code, stderr } = await run([...FLAGS, ...DOCS, '--check']);
    expect(code).toBe(1);
    expect(stderr).toContain('fwgen: api/openapi.json is stale:');
    expect(stderr).toContain('fwgen: api/asyncapi.yaml is stale:');
  });
});

describe('fwgen --watch with documents', () => {
  it('writes the documents on the first run and rewrites one when only it changes', async () => {
    const engine = fakeEngine(model);
    const stdout = new TextOutput();
    const recorder = recordRuns();
    const watcher = watch(
      {
        src: 'app',
        out: 'app/bindings.ts',
        openapi: 'api/openapi.json',
        cwd: dir,
        engine,
        stdout,
        debounceMs: 20,
        now: () => 0,
      },
      { onRun: recorder.onRun },
    );
    try {
      await watcher.ready;
      expect(stdout.text).toBe(
        'fwgen: updated app/bindings.ts, api/openapi.json in 0 ms\nfwgen: watching app for changes\n',
      );
      expect(Object.keys(openapi().paths)).toEqual(['/users', '/users/{id}']);
      // A handler's JSDoc is in the document only: the bindings stay as they are.
      engine.analysis = {
        model: appModel([
          controller('UserController', 'app/users.ts', [
            { ...handler('list', 'GET', '/users'), doc: { summary: 'Every user' } },
            handler('get', 'GET', '/users/:id'),
          ]),
        ]),
        diagnostics: [],
      };
      writeFileSync(join(dir, 'app/users.ts'), 'export class UserController {}\n');
      const run = await recorder.run(1);
      expect(run).toMatchObject({ status: 'updated', written: [join(dir, 'api/openapi.json')] });
      expect(stdout.text).toContain('fwgen: updated api/openapi.json in 0 ms\n');
      expect(JSON.stringify(openapi().paths)).toContain('Every user');
    } finally {
      await watcher.close();
    }
  });
});
