// fwgen --watch with --client (a fake analyzer): the client is written on the first run, needs no
// package.json (it has no `info`), and is rewritten alone when only what it says changed.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { watch } from '../../../cli/watch.js';
import { fakeEngine } from '../support/fake-engine.js';
import { TextOutput } from '../support/io.js';
import { appModel, controller, handler } from '../support/models.js';
import { recordRuns } from '../support/runs.js';
import { removeDir, tempDir, writeFiles } from '../support/temp.js';

let dir: string;
beforeEach(() => {
  dir = tempDir();
  writeFiles(dir, {
    'tsconfig.json': '{}\n',
    'app/users.ts': 'export class UserController {\n  list() {}\n}\n',
  });
});
afterEach(() => removeDir(dir));

const users = (summary?: string) =>
  appModel([
    controller('UserController', 'app/users.ts', [
      { ...handler('list', 'GET', '/users'), ...(summary !== undefined && { doc: { summary } }) },
    ]),
  ]);

describe('fwgen --watch --client', () => {
  it('writes the client on the first run and rewrites it alone when only it changes', async () => {
    const engine = fakeEngine(users());
    const stdout = new TextOutput();
    const recorder = recordRuns();
    const watcher = watch(
      {
        src: 'app',
        out: 'app/bindings.ts',
        client: 'web/client.ts',
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
        'fwgen: updated app/bindings.ts, web/client.ts in 0 ms\nfwgen: watching app for changes\n',
      );
      const client = (): string => readFileSync(join(dir, 'web/client.ts'), 'utf8');
      expect(client()).toContain('  readonly user: {\n    list(args?: RequestOptions)');
      // A handler's JSDoc is in the client only: the bindings stay as they are.
      engine.analysis = { model: users('Every user'), diagnostics: [] };
      writeFileSync(join(dir, 'app/users.ts'), 'export class UserController {}\n');
      const run = await recorder.run(1);
      expect(run).toMatchObject({ status: 'updated', written: [join(dir, 'web/client.ts')] });
      expect(client()).toContain('    /** Every user */\n    list(args?: RequestOptions)');
    } finally {
      await watcher.close();
    }
  });
});
