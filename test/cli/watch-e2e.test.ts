// fwgen --watch with the real analyzer and emitter: one edit, one rewrite.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { type Watcher, watch } from '../../cli/watch.js';
import { tempProject, USERS } from './support/project.js';
import { recordRuns } from './support/runs.js';
import { removeDir } from './support/temp.js';

let dir: string | undefined;
let watcher: Watcher | undefined;
afterEach(async () => {
  await watcher?.close();
  if (dir !== undefined) removeDir(dir);
});

/** Watches the project in `dir` until its first generation starts; its runs are recorded. */
async function watchApp(dir: string): Promise<ReturnType<typeof recordRuns>> {
  const recorder = recordRuns();
  watcher = watch(
    {
      src: join(dir, 'app'),
      out: join(dir, 'app/bindings.ts'),
      project: join(dir, 'tsconfig.json'),
    },
    { onRun: recorder.onRun },
  );
  await watcher.ready;
  return recorder;
}

it('rewrites the bindings after a controller changes', { timeout: 60_000 }, async () => {
  const p = tempProject();
  dir = p.dir;
  const recorder = await watchApp(dir);
  expect((await recorder.run(0)).status).toBe('updated');
  expect(readFileSync(join(dir, 'app/bindings.ts'), 'utf8')).not.toContain("name: 'remove'");

  const removed = USERS.replace(
    /\n}\n$/,
    "\n\n  @Delete('/:id')\n  remove(id: number): void {}\n}\n",
  ).replace('{ Controller, Get }', '{ Controller, Delete, Get }');
  writeFileSync(join(dir, 'app/users.ts'), removed);
  expect(await recorder.run(1)).toMatchObject({
    status: 'updated',
    changed: [join(dir, 'app/users.ts')],
  });
  expect(readFileSync(join(dir, 'app/bindings.ts'), 'utf8')).toContain("name: 'remove'");
});

it('rewrites the graph after a service that no handler names changes', {
  timeout: 60_000,
}, async () => {
  const p = tempProject(
    USERS.replace(
      "import { Controller, Get } from 'fw';",
      "import { Controller, Get } from 'fw';\nimport type { UserService } from './service.js';",
    ).replace(
      'export class UserController {',
      'export class UserController {\n  constructor(readonly users: UserService) {}\n',
    ),
  );
  dir = p.dir;
  writeFileSync(join(dir, 'app/service.ts'), 'export class UserService {}\n');
  const recorder = await watchApp(dir);
  expect((await recorder.run(0)).status).toBe('updated');
  expect(readFileSync(join(dir, 'app/bindings.ts'), 'utf8')).toContain(
    'const userService = make(UserService, () => new UserService());',
  );

  writeFileSync(
    join(dir, 'app/service.ts'),
    'export class Clock {}\nexport class UserService {\n  constructor(readonly clock: Clock) {}\n}\n',
  );
  expect(await recorder.run(1)).toMatchObject({
    status: 'updated',
    changed: [join(dir, 'app/service.ts')],
  });
  const text = readFileSync(join(dir, 'app/bindings.ts'), 'utf8');
  expect(text).toContain('const userService = make(UserService, () => new UserService(clock()));');
});
