/**
 * A small fw application copied into `test/cli/.tmp-*` (inside the repository, so `fw` resolves
 * by package self-reference), for the end-to-end tests that run the real analyzer and emitter.
 */
import { relative } from 'node:path';
import { REPO, tempDir, writeFiles } from './temp.js';

/** `app/users.ts`: a controller with two handlers. */
export const USERS = `import { Controller, Get } from 'fw';

@Controller('/users')
export class UserController {
  @Get('/')
  list(): string[] {
    return [];
  }

  @Get('/:id')
  get(id: number): number {
    return id;
  }
}
`;

/** `app/users.ts` with two errors: a primitive that names no route key, and a duplicate route. */
export const USERS_WITH_ERRORS = `import { Controller, Get } from 'fw';

@Controller('/users')
export class UserController {
  @Get('/')
  list(limit: number): number {
    return limit;
  }

  @Get('/')
  again(): string {
    return 'again';
  }
}
`;

/** A temporary project: its folder, and that folder relative to the repository root. */
export function tempProject(users = USERS): { dir: string; rel: string } {
  const dir = tempDir(true);
  writeFiles(dir, {
    'tsconfig.json': `${JSON.stringify({ extends: '../../../tsconfig.json', include: ['.'] }, null, 2)}\n`,
    'app/users.ts': users,
  });
  return { dir, rel: relative(REPO, dir) };
}
