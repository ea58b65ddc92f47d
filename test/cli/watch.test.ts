// fwgen --watch over a real folder (fs.watch) with a fake analyzer and emitter.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Watcher, watch } from '../../cli/watch.js';
import { type FakeEngine, fakeEngine, fakeRender } from './support/fake-engine.js';
import { TextOutput } from './support/io.js';
import { appModel, controller, diagnostic, handler } from './support/models.js';
import { recordRuns } from './support/runs.js';
import { removeDir, tempDir, writeFiles } from './support/temp.js';

const one = appModel([
  controller('UserController', 'app/users.ts', [handler('list', 'GET', '/users')]),
]);
const two = appModel([
  controller('UserController', 'app/users.ts', [
    handler('list', 'GET', '/users'),
    handler('get', 'GET', '/users/:id'),
  ]),
]);

let dir: string;
let engine: FakeEngine;
let watcher: Watcher;
let stdout: TextOutput;
let stderr: TextOutput;
let recorder: ReturnType<typeof recordRuns>;

beforeEach(async () => {
  dir = tempDir();
  writeFiles(dir, { 'tsconfig.json': '{}\n', 'app/users.ts': 'export class UserController {}\n' });
  engine = fakeEngine(one);
  stdout = new TextOutput();
  stderr = new TextOutput();
  recorder = recordRuns();
  let clock = 0;
  watcher = watch(
    {
      src: 'app',
      out: 'app/bindings.ts',
      cwd: dir,
      engine,
      stdout,
      stderr,
      debounceMs: 20,
      now: () => (clock += 21),
    },
    { onRun: recorder.onRun },
  );
  await watcher.ready;
});
afterEach(async () => {
  await watcher.close();
  removeDir(dir);
});

const path = (p: string): string => join(dir, p);

describe('fwgen --watch', () => {
  it('generates once, then says it is watching', () => {
    expect(readFileSync(path('app/bindings.ts'), 'utf8')).toBe(fakeRender(one, 'app/bindings.ts'));
    expect(stdout.text).toBe(
      'fwgen: updated app/bindings.ts in 21 ms\nfwgen: watching app for changes\n',
    );
    expect(recorder.runs).toEqual([
      {
        status: 'updated',
        written: [path('app/bindings.ts')],
        ms: 21,
        changed: [],
        reload: true,
        diagnostics: [],
      },
    ]);
  });

  it('updates the analyzer with a changed file and rewrites the output', async () => {
    engine.analysis = { model: two, diagnostics: [] };
    writeFileSync(path('app/users.ts'), 'export class UserController { get() {} }\n');
    expect(await recorder.run(1)).toEqual({
      status: 'updated',
      written: [path('app/bindings.ts')],
      ms: 21,
      changed: [path('app/users.ts')],
      reload: false,
      diagnostics: [],
    });
    expect(engine.updates).toEqual([[path('app/users.ts')]]);
    expect(readFileSync(path('app/bindings.ts'), 'utf8')).toBe(fakeRender(two, 'app/bindings.ts'));
    expect(stdout.text.split('\n')[2]).toBe('fwgen: updated app/bindings.ts in 21 ms');
  });

  it('says unchanged when the output is the same', async () => {
    writeFileSync(path('app/users.ts'), '// a comment\n');
    expect((await recorder.run(1)).status).toBe('unchanged');
    expect(stdout.text.split('\n')[2]).toBe('fwgen: unchanged app/bindings.ts in 21 ms');
  });

  it('coalesces quick changes into one run', async () => {
    writeFiles(dir, { 'app/a.ts': '1', 'app/b.ts': '2', 'app/users.ts': '3' });
    expect((await recorder.run(1)).changed).toEqual([
      path('app/a.ts'),
      path('app/b.ts'),
      path('app/users.ts'),
    ]);
    expect(engine.updates).toHaveLength(1);
  });

  it('ignores the out file and files that are not TypeScript', async () => {
    writeFileSync(path('app/bindings.ts'), 'edited by hand\n');
    writeFileSync(path('app/README.md'), 'notes\n');
    await new Promise((resolve) => setTimeout(resolve, 60));
    writeFileSync(path('app/users.ts'), 'x\n');
    expect((await recorder.run(1)).changed).toEqual([path('app/users.ts')]);
  });

  it('prints diagnostics and keeps watching', async () => {
    engine.analysis = {
      model: one,
      diagnostics: [diagnostic('FW0203', 'add a type annotation', 'app/users.ts', 1, 8)],
    };
    writeFileSync(path('app/users.ts'), 'export class UserController {}\n');
    expect((await recorder.run(1)).status).toBe('failed');
    expect(stderr.text).toBe(
      'app/users.ts:1:8 - error FW0203: add a type annotation\n' +
        '  1 | export class UserController {}\n' +
        '    |        ^\n' +
        '\n' +
        'fwgen: 1 error in 1 file (21 ms)\n',
    );
    engine.analysis = { model: two, diagnostics: [] };
    writeFileSync(path('app/users.ts'), 'export class UserController { get() {} }\n');
    expect((await recorder.run(2)).status).toBe('updated');
  });

  it('prints an error, then loads the project again on the next change', async () => {
    engine.throwOnAnalyze = new Error('engine failed');
    writeFileSync(path('app/users.ts'), 'x\n');
    expect((await recorder.run(1)).status).toBe('error');
    expect(stderr.text).toBe('fwgen: error: engine failed (21 ms)\n');
    writeFileSync(path('app/users.ts'), 'y\n');
    expect(await recorder.run(2)).toMatchObject({ status: 'unchanged', reload: true });
    expect(engine.created).toHaveLength(2);
  });

  it('loads the project again when the tsconfig changes', async () => {
    writeFileSync(path('tsconfig.json'), '{ "compilerOptions": {} }\n');
    expect(await recorder.run(1)).toMatchObject({ reload: true, changed: [] });
    expect(engine.created).toHaveLength(2);
  });

  it('reads the TypeScript files of a new folder', async () => {
    mkdirSync(path('app/admin/deep'), { recursive: true });
    writeFileSync(path('app/admin/deep/x.ts'), 'x');
    writeFileSync(path('app/admin/y.ts'), 'y');
    const run = await recorder.run(1);
    expect(new Set(run.changed)).toEqual(
      new Set([path('app/admin/deep/x.ts'), path('app/admin/y.ts')]),
    );
  });

  it('loads the project again when a folder is removed', async () => {
    writeFiles(dir, { 'app/admin/x.ts': 'x' });
    await recorder.run(1);
    rmSync(path('app/admin'), { recursive: true });
    expect(await recorder.run(2)).toMatchObject({ reload: true, changed: [] });
    expect(engine.created).toHaveLength(2);
  });

  it('stops on close: later changes start no run', async () => {
    await watcher.close();
    writeFileSync(path('app/users.ts'), 'x\n');
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(recorder.runs).toHaveLength(1);
    await expect(watcher.closed).resolves.toBeUndefined();
  });
});
