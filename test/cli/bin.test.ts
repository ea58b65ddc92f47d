// The real fwgen entry in a subprocess, on a small project, with the real analyzer and emitter.
import { readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { execa } from 'execa';
import { afterEach, describe, expect, it } from 'vitest';
import { tempProject, USERS, USERS_WITH_ERRORS } from './support/project.js';
import { REPO, removeDir } from './support/temp.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) removeDir(dir);
});

function project(users = USERS) {
  const p = tempProject(users);
  dirs.push(p.dir);
  const flags = [
    '--src',
    `${p.rel}/app`,
    '--out',
    `${p.rel}/app/bindings.ts`,
    '--project',
    `${p.rel}/tsconfig.json`,
  ];
  const fwgen = (...extra: string[]) =>
    execa('node', ['--conditions=source', '--import', 'tsx', 'cli/bin.ts', ...flags, ...extra], {
      cwd: REPO,
      reject: false,
    });
  return { ...p, fwgen };
}

const PAST = new Date('2020-01-01T00:00:00Z');

describe('fwgen (subprocess)', { timeout: 60_000 }, () => {
  it('writes the bindings, then --check finds them current and leaves the mtime alone', async () => {
    const { dir, rel, fwgen } = project();
    const first = await fwgen();
    expect([first.exitCode, first.stdout, first.stderr]).toEqual([
      0,
      `fwgen: wrote ${rel}/app/bindings.ts (1 controller, 2 handlers)`,
      '',
    ]);
    expect(readFileSync(join(dir, 'app/bindings.ts'), 'utf8')).toContain("path: '/users/:id',");
    utimesSync(join(dir, 'app/bindings.ts'), PAST, PAST);
    const check = await fwgen('--check');
    expect([check.exitCode, check.stdout]).toEqual([
      0,
      `fwgen: ${rel}/app/bindings.ts is up to date`,
    ]);
    expect(statSync(join(dir, 'app/bindings.ts')).mtime).toEqual(PAST);
  });

  it('exits 1 from --check naming the handler that changed', async () => {
    const { dir, rel, fwgen } = project();
    expect((await fwgen()).exitCode).toBe(0);
    writeFileSync(join(dir, 'app/users.ts'), USERS.replace("@Get('/:id')", "@Get('/:id/profile')"));
    const check = await fwgen('--check');
    expect([check.exitCode, check.stderr]).toEqual([
      1,
      `fwgen: ${rel}/app/bindings.ts is stale:\n` +
        '  changed: UserController.get (GET /users/:id/profile, was GET /users/:id)\n' +
        'Run fwgen without --check to update it.',
    ]);
  });

  it('exits 2 printing both diagnostics with file:line:col, code and frame', async () => {
    const { rel, fwgen } = project(USERS_WITH_ERRORS);
    const result = await fwgen();
    expect([result.exitCode, result.stdout, result.stderr]).toEqual([
      2,
      '',
      `${rel}/app/users.ts:6:8 - error FW0202: UserController.list parameter 'limit' of type number ` +
        "names no route key of 'GET /users' (it has none); rename it to a key, or take `q: Values` for query values\n" +
        '  6 |   list(limit: number): number {\n' +
        '    |        ^\n' +
        '\n' +
        `${rel}/app/users.ts:10:3 - error FW0102: route GET /users of UserController.again duplicates ` +
        'UserController.list at app/users.ts:5; change the path or the method of one of them\n' +
        "  10 |   @Get('/')\n" +
        '     |   ^\n' +
        '\n' +
        'fwgen: 2 errors in 1 file',
    ]);
  });
});
