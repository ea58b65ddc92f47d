// The cast of a body, payload or Query<T> parameter: its annotation with each name imported from
// where the controller's file imports it, or none when the bindings cannot name it.
import { describe, expect, it } from 'vitest';
import type { Analysis } from '../../../cli/analyzer.js';
import { analyzeApp, handlerOf } from './support.js';

const DTO = `export interface CreateUser { name: string }
export interface Page<T> { items: T[]; total: number }
export interface Item { id: number }
`;

const USERS = `import { Controller, Get, Post } from 'fw';
import type * as q from 'fw/query';
import * as dto from './dto.js';
import type { CreateUser as Made, Page } from './dto.js';

interface Hidden { y: string }
export interface Filter { tag?: string }
export interface Stamped<T> { at: T; note: string }

@Controller('/users')
export class Users {
  @Post('/a') viaNamespace(body: dto.CreateUser): void {}
  @Post('/b') renamed(body?: Made): void {}
  @Post('/c') generic(body: Page<dto.Item>): void {}
  @Post('/d') hidden(body: Page<Hidden>): void {}
  @Post('/e') global(body: Stamped<Date>): void {}
  @Get('/f') query(filter: q.Query<Filter>): void {}
}
`;

let cached: Analysis | undefined;
const analysis = (): Analysis =>
  (cached ??= analyzeApp({ 'dto.ts': DTO, 'users.ts': USERS }, false));
const castOf = (handler: string) => handlerOf(analysis(), 'Users', handler).params[0]?.cast;
const dto = (name: string) => ({ from: 'file', module: 'app/dto.ts', name });

describe('invoker casts in the model', { timeout: 60_000 }, () => {
  it('finds no problem', () => {
    expect(analysis().diagnostics).toEqual([]);
  });

  it('imports a name written through `import * as` from that module', () => {
    expect(castOf('viaNamespace')).toEqual([dto('CreateUser')]);
    expect(castOf('generic')).toEqual([dto('Page'), '<', dto('Item'), '>']);
  });

  it('imports a renamed import by the name its module exports', () => {
    expect(castOf('renamed')).toEqual([dto('CreateUser')]);
  });

  it("writes a global as is and imports the controller file's own exported types from it", () => {
    const users = (name: string) => ({ from: 'file', module: 'app/users.ts', name });
    expect(castOf('global')).toEqual([users('Stamped'), '<Date>']);
    expect(castOf('query')).toEqual([
      { from: 'package', module: 'fw/query', name: 'Query' },
      '<',
      users('Filter'),
      '>',
    ]);
  });

  it('has no cast when a name in the type is not exported', () => {
    expect(castOf('hidden')).toBeUndefined();
  });
});
