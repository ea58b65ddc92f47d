// Watch mode keeps the analysis of the files an edit cannot reach: after every edit of a sequence,
// what it writes (bindings and OpenAPI document) or reports is what a fresh fwgen run gives, and
// the types an edit did not change keep their text.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadEngine } from '../../cli/engine.js';
import { Generator, type WriteResult } from '../../cli/generate.js';
import { resolveProject } from '../../cli/project.js';
import { parseSections } from '../../cli/sections.js';
import { removeDir, tempDir, writeFiles } from './support/temp.js';

const dir = tempDir(true);
afterAll(() => removeDir(dir));

const controller = (
  name: string,
  body: string,
  imports = '',
) => `import { Controller, Get, Post } from 'fw';
${imports}
@Controller('/${name}')
export class ${name[0]?.toUpperCase()}${name.slice(1)}Controller {
${body}
}
`;

const USERS_BODY = `  constructor(readonly users: UserService) {}

  @Get('/:id')
  get(id: number): User {
    return this.users.find(id);
  }

  @Post('/')
  create(body: NewUser): User {
    return { id: 1, name: body.name };
  }`;
const USERS_IMPORTS = `import type { NewUser } from './dto.js';
import type { UserService } from './user.service.js';

/** A user as the API returns it. */
export interface User {
  id: number;
  name: string;
}
`;
const ORDERS_BODY = `  constructor(readonly orders: OrderService) {}

  @Get('/')
  list(): Order[] {
    return [];
  }

  @Post('/')
  create(body: Order): Order {
    return body;
  }`;
const ORDERS_IMPORTS = `import type { Address } from './dto.js';
import type { OrderService } from './order.service.js';

export interface Order {
  id: number;
  to: Address;
}
`;

writeFiles(dir, {
  'tsconfig.json': `${JSON.stringify({ extends: '../../../tsconfig.json', include: ['.'] }, null, 2)}\n`,
  'app/dto.ts':
    'export interface Address {\n  city: string;\n}\n\nexport interface NewUser {\n  name: string;\n  address: Address;\n}\n',
  'app/users.ts': controller('users', USERS_BODY, USERS_IMPORTS),
  'app/orders.ts': controller('orders', ORDERS_BODY, ORDERS_IMPORTS),
  'app/user.service.ts':
    "import type { User } from './users.js';\n\nexport class UserService {\n  find(id: number): User {\n    return { id, name: 'x' };\n  }\n}\n",
  'app/order.service.ts': 'export class OrderService {}\n',
  'app/clock.ts':
    "import { provider } from 'fw';\n\nexport interface Clock {\n  now(): number;\n}\n\nexport const clock = provider((): Clock => ({ now: () => Date.now() }));\n",
});
const project = resolveProject(
  { src: join(dir, 'app'), out: join(dir, 'app/bindings.ts'), openapi: join(dir, 'openapi.json') },
  dir,
);
const engine = await loadEngine();
/** The generator a watch session keeps: one analyzer, updated after each edit. */
const watching = new Generator(engine.createAnalyzer(project), engine.render, project);

/** Applies an edit (path → new text, or null to delete) and runs the watching generator. */
async function edit(files: Record<string, string | null>): Promise<WriteResult> {
  const changed: string[] = [];
  for (const [path, text] of Object.entries(files)) {
    const full = join(dir, 'app', path);
    if (text === null) rmSync(full);
    else writeFileSync(full, text);
    changed.push(full);
  }
  watching.analyzer.update(changed);
  return watching.write();
}

/** Expects the files written to be what a fresh run generates, or its diagnostics to be the same. */
async function expectSameAsFresh(result: WriteResult): Promise<void> {
  const fresh = new Generator(engine.createAnalyzer(project), engine.render, project);
  const checked = await fresh.check();
  if (result.status === 'failed') {
    expect(checked.status).toBe('failed');
    expect(result.diagnostics).toEqual(checked.status === 'failed' ? checked.diagnostics : []);
    return;
  }
  expect(checked.status).toBe('current');
  if (checked.status === 'current') {
    expect(checked.documents.map((d) => d.status)).toEqual(['current']);
  }
}

const bindings = () => readFileSync(project.out, 'utf8');
const users = (body: string, imports = USERS_IMPORTS) => controller('users', body, imports);
/** `users.ts` after the rename of `NewUser`. */
const renamed = (text: string) => text.replace('NewUser', 'CreateUser');
const orders = (body: string, imports = ORDERS_IMPORTS) => controller('orders', body, imports);
const HANDLER =
  "\n\n  @Get('/count')\n  count(): { total: number } {\n    return { total: 0 };\n  }";

describe('fwgen --watch: a sequence of edits, each compared with a fresh run', () => {
  it('writes what a fresh run writes at the start', { timeout: 60_000 }, async () => {
    expect((await watching.write()).status).toBe('written');
    await expectSameAsFresh(await watching.write());
  });

  it('after a controller edit', { timeout: 60_000 }, async () => {
    await expectSameAsFresh(await edit({ 'users.ts': users(USERS_BODY + HANDLER) }));
    expect(bindings()).toContain("path: '/users/count'");
  });

  it('after a controller edit, keeps the text of the types it did not change', {
    timeout: 60_000,
  }, async () => {
    const before = parseSections(bindings())?.validators;
    const refund =
      "\n\n  @Post('/:id/refund')\n  refund(id: number, body: Refund): User {\n    return { id, name: body.reason };\n  }";
    const imports = `${USERS_IMPORTS}\nexport interface Refund {\n  reason: string;\n}\n`;
    await expectSameAsFresh(
      await edit({ 'users.ts': users(USERS_BODY + HANDLER + refund, imports) }),
    );
    const after = parseSections(bindings())?.validators;
    expect(after?.get('app/users#Refund')).toContain('function checkRefund(');
    for (const id of ['app/orders#Order', 'app/dto#Address', 'app/dto#NewUser']) {
      expect(after?.get(id)).toBeDefined();
      expect(after?.get(id)).toBe(before?.get(id));
    }
    await expectSameAsFresh(await edit({ 'users.ts': users(USERS_BODY + HANDLER) }));
  });

  it('after an edit of a DTO that another controller uses', { timeout: 60_000 }, async () => {
    const dto = readFileSync(join(dir, 'app/dto.ts'), 'utf8');
    await expectSameAsFresh(
      await edit({ 'dto.ts': dto.replace('city: string;', 'city: string;\n  zip?: string;') }),
    );
    expect(bindings()).toContain('zip');
  });

  it('after a type is renamed in its file and where it is used', { timeout: 60_000 }, async () => {
    const dto = readFileSync(join(dir, 'app/dto.ts'), 'utf8');
    await expectSameAsFresh(
      await edit({
        'dto.ts': renamed(dto),
        'users.ts': users(renamed(USERS_BODY + HANDLER), renamed(USERS_IMPORTS)),
      }),
    );
    expect(bindings()).toContain('CreateUser');
    expect(bindings()).not.toContain('NewUser');
  });

  it('after a handler is deleted', { timeout: 60_000 }, async () => {
    await expectSameAsFresh(
      await edit({ 'orders.ts': orders(ORDERS_BODY.split('\n\n  @Post')[0] ?? '') }),
    );
    expect(bindings()).not.toContain(
      "name: 'create',\n          method: 'POST',\n          path: '/orders'",
    );
  });

  it('after a file is added', { timeout: 60_000 }, async () => {
    const items = "  @Get('/')\n  all(): string[] {\n    return [];\n  }";
    await expectSameAsFresh(await edit({ 'items.ts': controller('items', items) }));
    expect(bindings()).toContain('ItemsController');
  });

  it('after a service takes a new dependency', { timeout: 60_000 }, async () => {
    const service =
      "import type { Clock } from './clock.js';\n\nexport class OrderService {\n  constructor(readonly clock: Clock) {}\n}\n";
    await expectSameAsFresh(await edit({ 'order.service.ts': service }));
    expect(bindings()).toMatch(/new OrderService\(clock\w*\(\)\)/);
  });

  it('after a controller changes a type that a service imports', { timeout: 60_000 }, async () => {
    const imports = renamed(USERS_IMPORTS).replace(
      'name: string;',
      'name: string;\n  email?: string;',
    );
    await expectSameAsFresh(
      await edit({ 'users.ts': users(renamed(USERS_BODY + HANDLER), imports) }),
    );
    expect(bindings()).toContain('email');
  });

  it('after a controller edit that the graph reads', { timeout: 60_000 }, async () => {
    const body = renamed(USERS_BODY + HANDLER).replace(
      'constructor(readonly users: UserService) {}',
      'constructor(\n    readonly users: UserService,\n    readonly clock: Clock,\n  ) {}',
    );
    const imports = `${renamed(USERS_IMPORTS)}import type { Clock } from './clock.js';\n`;
    await expectSameAsFresh(await edit({ 'users.ts': users(body, imports) }));
    expect(bindings()).toMatch(/new UsersController\(userService\(\), clock\w*\(\)\)/);
  });

  it('after a file that declares a global type changes', { timeout: 60_000 }, async () => {
    // A module of an ES package declares a global type in `declare global`, as tsc requires.
    const levels = (values: string) =>
      `export {};\n\ndeclare global {\n  type Level = ${values};\n}\n`;
    const dto = readFileSync(join(dir, 'app/dto.ts'), 'utf8');
    await expectSameAsFresh(
      await edit({
        'levels.ts': levels("'low' | 'high'"),
        'dto.ts': dto.replace('city: string;', 'city: string;\n  level: Level;'),
      }),
    );
    await expectSameAsFresh(await edit({ 'levels.ts': levels("'low' | 'high' | 'top'") }));
    expect(bindings()).toContain("'top'");
  });

  it('reports what a fresh run reports after an edit with a mistake', {
    timeout: 60_000,
  }, async () => {
    const wrong = ORDERS_BODY.replace('list(): Order[]', 'list(limit: number): Order[]');
    const result = await edit({ 'orders.ts': orders(wrong) });
    expect(result.status).toBe('failed');
    await expectSameAsFresh(result);
  });

  it('after the mistake is fixed and a file deleted', { timeout: 60_000 }, async () => {
    await expectSameAsFresh(await edit({ 'orders.ts': orders(ORDERS_BODY), 'items.ts': null }));
    expect(bindings()).not.toContain('ItemsController');
  });
});
