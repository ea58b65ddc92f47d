import { mkdirSync, mkdtempSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createAnalyzer } from '../../../cli/analyze/index.js';
import type { Analysis } from '../../../cli/analyzer.js';
import { ROOT } from './support.js';

// A project outside the repository, where `fw` resolves through node_modules/fw -> the repository.
const dir = mkdtempSync(join(tmpdir(), 'fwgen-update-'));
const src = join(dir, 'src');
mkdirSync(join(dir, 'node_modules'));
mkdirSync(join(dir, 'shared'));
mkdirSync(src);
symlinkSync(ROOT, join(dir, 'node_modules', 'fw'), 'dir');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const users = join(src, 'users.ts');
const orders = join(src, 'orders.ts');
const dto = join(dir, 'shared', 'dto.ts');
const out = join(src, 'bindings.ts');

const controller = (name: string, prefix: string, methods: string) => `
import { Controller, Get, Post } from 'fw';
import type { NewUser } from '../shared/dto.js';

@Controller('${prefix}')
export class ${name} {
${methods}
}
`;
const get = (name: string) =>
  `  @Get('/${name}')\n  ${name}(): string {\n    return '${name}';\n  }\n`;
const post = '  @Post()\n  create(body: NewUser): string {\n    return body.name;\n  }\n';

writeFileSync(dto, 'export interface NewUser {\n  name: string;\n}\n');
writeFileSync(users, controller('UserController', '/users', get('list') + post));
const analyzer = createAnalyzer({ root: dir, tsconfig: join(ROOT, 'tsconfig.json'), src, out });

const routes = (analysis: Analysis) =>
  analysis.model.controllers.flatMap((c) => c.handlers.map((h) => `${c.name}.${h.name} ${h.path}`));

describe('analyzer: update() after files change on disk', () => {
  it('analyses the project as first loaded', () => {
    const analysis = analyzer.analyze();
    expect(analysis.diagnostics).toEqual([]);
    expect(routes(analysis)).toEqual([
      'UserController.list /users/list',
      'UserController.create /users',
    ]);
    expect(analysis.model.types.map((t) => t.id)).toEqual(['shared/dto#NewUser']);
  });

  it('re-reads an edited file', () => {
    writeFileSync(users, controller('UserController', '/people', get('list') + get('count')));
    analyzer.update([users]);
    expect(routes(analyzer.analyze())).toEqual([
      'UserController.list /people/list',
      'UserController.count /people/count',
    ]);
  });

  it('adds a new file under src', () => {
    writeFileSync(orders, controller('OrderController', '/orders', get('all')));
    analyzer.update([orders]);
    expect(routes(analyzer.analyze())).toContain('OrderController.all /orders/all');
  });

  it('re-reads a changed dependency outside src', () => {
    writeFileSync(users, controller('UserController', '/people', post));
    writeFileSync(dto, 'export interface NewUser {\n  name: string;\n  age?: number;\n}\n');
    analyzer.update([users, dto]);
    const [type] = analyzer.analyze().model.types;
    expect(type?.shape).toEqual({
      kind: 'object',
      properties: [
        { name: 'name', optional: false, shape: { kind: 'string' } },
        { name: 'age', optional: true, shape: { kind: 'number' } },
      ],
    });
  });

  it('never reads the output module, even when told it changed', () => {
    writeFileSync(out, controller('Generated', '/people', post));
    analyzer.update([out]);
    expect(analyzer.analyze().model.controllers.map((c) => c.name)).toEqual([
      'OrderController',
      'UserController',
    ]);
  });

  it('forgets a deleted file', () => {
    unlinkSync(orders);
    analyzer.update([orders]);
    expect(routes(analyzer.analyze())).toEqual(['UserController.create /people']);
  });

  it('reports problems introduced by an edit, and their fix', () => {
    writeFileSync(users, controller('UserController', '/people', get('list') + get('list')));
    analyzer.update([users]);
    expect(analyzer.analyze().diagnostics.map((d) => [d.code, d.at.file, d.at.line])).toEqual([
      ['FW0102', 'src/users.ts', 11],
    ]);
    writeFileSync(users, controller('UserController', '/people', get('list')));
    analyzer.update([users]);
    expect(analyzer.analyze().diagnostics).toEqual([]);
  });
});
