// A binding left stale by a changed parameter type fails `tsc`: each invoker argument is cast to
// the type its resolver produces, not to `never`. The real fwgen and the real tsc, on a temp project.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { execa } from 'execa';
import { afterEach, describe, expect, it } from 'vitest';
import { tempProject } from './support/project.js';
import { REPO, removeDir, writeFiles } from './support/temp.js';

const DTO = `export interface CreateUser {
  name: string;
}

export interface RenameUser {
  id: number;
  newName: string;
}
`;

const users = (id: string, body: string) => `import { Controller, Get, Post } from 'fw';
import type { Pagination } from 'fw/query';
import type { ${body} } from './dto.js';

@Controller('/users')
export class UserController {
  @Get('/')
  list(page: Pagination): number {
    return page.page;
  }

  @Get('/:id')
  get(id: ${id}): string {
    return String(id);
  }

  @Post('/')
  create(body: ${body}): string {
    return JSON.stringify(body);
  }
}
`;

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) removeDir(dir);
});

describe('a stale binding', { timeout: 300_000 }, () => {
  it('fails tsc in the bindings file until fwgen runs again', async () => {
    const { dir, rel } = tempProject(users('number', 'CreateUser'));
    dirs.push(dir);
    // tsc finds no inputs by `include: ['.']` in a folder whose name starts with a dot.
    const tsconfig = { extends: '../../../tsconfig.json', include: ['app'] };
    writeFiles(dir, { 'app/dto.ts': DTO, 'tsconfig.json': JSON.stringify(tsconfig) });
    const out = `${rel}/app/bindings.ts`;
    const fwgen = async () => {
      const flags = ['--src', `${rel}/app`, '--out', out, '--project', `${rel}/tsconfig.json`];
      const run = execa(
        'node',
        ['--conditions=source', '--import', 'tsx', 'cli/bin.ts', ...flags],
        {
          cwd: REPO,
          reject: false,
        },
      );
      expect((await run).exitCode).toBe(0);
    };
    const tsc = () =>
      execa('node', ['node_modules/typescript/bin/tsc', '-p', `${rel}/tsconfig.json`, '--noEmit'], {
        cwd: REPO,
        reject: false,
      });

    await fwgen();
    const first = await tsc();
    expect([first.exitCode, first.stdout]).toEqual([0, '']);

    // The route key becomes a string and the body another DTO; fwgen is not run.
    writeFileSync(join(dir, 'app/users.ts'), users('string', 'RenameUser'));
    const stale = await tsc();
    expect(stale.exitCode).not.toBe(0);
    const errors = stale.stdout.split('\n').filter((line) => line.includes('error TS'));
    expect(errors).toHaveLength(2);
    for (const error of errors) expect(error.startsWith(`${out}(`)).toBe(true);
    expect(stale.stdout).toContain("'number' is not assignable to parameter of type 'string'");
    expect(stale.stdout).toContain(
      "'CreateUser' is not assignable to parameter of type 'RenameUser'",
    );

    await fwgen();
    const fresh = await tsc();
    expect([fresh.exitCode, fresh.stdout]).toEqual([0, '']);
  });
});
