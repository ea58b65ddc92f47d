/**
 * The synthetic fw project of the generation benchmark: `controllers` files under `src/`, one
 * controller each with `handlers` handlers (get, list, create, update, remove, then GETs on
 * `/:id/sub<k>`), per-file body types and a shared `dto.ts`; with `services` (the default), the
 * controllers take services in their constructors, over shared services, repositories and
 * providers (`synth-services.ts`). `synth-tsoa.ts` writes the same API for tsoa, without the
 * services. Run alone: `node --conditions=source --import tsx bench/fwgen/synth.ts [dir]`.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  controllerShared,
  fwControllerDeps,
  fwServiceFiles,
  type GraphSize,
  graphCounts,
  graphSize,
} from './synth-services.js';

/** How big the synthetic project is. */
export interface SynthSize {
  readonly controllers: number;
  readonly handlers: number;
  /**
   * Whether fw's controllers take services in their constructors (tsoa's project has none).
   * @default true
   */
  readonly services?: boolean;
}

/** One handler of a synthetic controller. */
export type HandlerPlan =
  | { readonly kind: 'get' | 'list' | 'create' | 'update' | 'remove' }
  | { readonly kind: 'sub'; readonly k: number };

/** The repository root (this file is `bench/fwgen/synth.ts`). */
export const REPO = resolve(fileURLToPath(import.meta.url), '../../..');
/** Where the benchmark writes everything it generates (gitignored). */
export const WORK = join(REPO, 'bench/fwgen/.work');

const BASE: HandlerPlan[] = [
  { kind: 'get' },
  { kind: 'list' },
  { kind: 'create' },
  { kind: 'update' },
  { kind: 'remove' },
];

/** The handlers of every controller: the five CRUD ones first, then sub-resource GETs. */
export function plan(handlers: number): HandlerPlan[] {
  const subs = Array.from({ length: Math.max(0, handlers - BASE.length) }, (_, i) => ({
    kind: 'sub' as const,
    k: i + 1,
  }));
  return [...BASE, ...subs].slice(0, handlers);
}

/** The body and result types of controller `n`, the same text in both projects. */
export function dtoTypes(n: number): string {
  return `/** What a client sends to create a res${n}. */
export interface CreateRes${n} {
  name: string;
  qty: number;
  status: Status;
  tags: string[];
  address: Address;
  note?: string;
  dims: { width: number; height?: number };
}

/** What a client sends to replace a res${n}. */
export interface UpdateRes${n} {
  name: string;
  status: 'draft' | 'active' | 'archived';
  items: { sku: string; qty: number }[];
  address?: Address;
  note?: string;
  enabled: boolean;
}

/** A res${n} as the API returns it. */
export interface Res${n} {
  id: number;
  name: string;
  status: Status;
  tags: string[];
}
`;
}

/** The shared types every controller imports. */
export const SHARED_DTO = `/** Shared by every synthetic controller. */
export type Status = 'draft' | 'active' | 'archived';

/** A postal address. */
export interface Address {
  street: string;
  city: string;
  zip?: string;
  lines: string[];
}
`;

/**
 * One handler of controller `n`. `svc` says what the controller holds: nothing (the handlers
 * answer by themselves), its service, or its service and a shared one. The answers' types are
 * the same either way, so the bindings differ only by the graph.
 */
function fwHandler(n: number, h: HandlerPlan, svc: 'none' | 'service' | 'shared'): string {
  const on = svc !== 'none';
  switch (h.kind) {
    case 'get':
      return `  @Get('/:id')
  get(id: number, ctx: ControllerContext): Res${n} {
${
  on
    ? "    return this.#service.find(id, ctx.get<string>('auth.user') ?? 'anonymous');"
    : "    return { id, name: ctx.get<string>('auth.user') ?? 'anonymous', status: 'active', tags: [] };"
}
  }`;
    case 'list':
      return `  @Get('/')
  list(q: Values, page: Pagination): Res${n}[] {
${
  on
    ? "    return this.#service.list(page.page, page.size, q.get('name'));"
    : `    const name = q.get('name');
    return [{ id: page.page * page.size, name, status: 'draft', tags: [] }];`
}
  }`;
    case 'create':
      return `  @Post('/')
  create(body: CreateRes${n}) {
${
  on
    ? `    const row = this.#service.create(body);
    return reply({ id: row.id, name: row.name }, { status: 201, headers: { Location: '/res${n}/1' } });`
    : `    return reply({ id: 1, name: body.name }, { status: 201, headers: { Location: '/res${n}/1' } });`
}
  }`;
    case 'update':
      return `  @Put('/:id')
  update(id: number, body: UpdateRes${n}): Res${n} {
${
  on
    ? '    return this.#service.update(id, body);'
    : '    return { id, name: body.name, status: body.status, tags: body.items.map((i) => i.sku) };'
}
  }`;
    case 'remove':
      return `  @Delete('/:id')
  remove(id: number) {
    return reply({ deleted: ${on ? 'this.#service.remove(id) ? id : 0' : 'id'} }, { status: 200 });
  }`;
    case 'sub':
      return `  @Get('/:id/sub${h.k}')
  sub${h.k}(id: number, q: Values): { id: number; sub: number; filter: string } {
    return { id, sub: ${h.k}, filter: q.get('filter')${svc === 'shared' ? ` || this.#shared.stamp(id, 'sub${h.k}')` : ''} };
  }`;
  }
}

/**
 * The source of controller `n`. `edit` > 0 adds a handler `GET /:id/edit<edit>`: the watch
 * benchmark's change to one file, different each time.
 */
export function fwController(n: number, size: SynthSize, edit = 0): string {
  const g = size.services === false ? undefined : graphSize(size.controllers);
  const svc =
    g === undefined ? 'none' : controllerShared(n, g) === undefined ? 'service' : 'shared';
  const deps = g === undefined ? { imports: '', members: '' } : fwControllerDeps(n, g);
  const handlers = plan(size.handlers).map((h) => fwHandler(n, h, svc));
  if (edit > 0) {
    handlers.push(`  @Get('/:id/edit${edit}')
  edit${edit}(id: number): { id: number; edit: number } {
    return { id, edit: ${edit} };
  }`);
  }
  return `import { Controller, Delete, Get, Post, Put, reply } from 'fw';
import type { ControllerContext } from 'fw/core';
import type { Pagination, Values } from 'fw/query';
import type { Address, Status } from './dto.js';
${deps.imports}
${dtoTypes(n)}
@Controller('/res${n}')
export class Res${n}Controller {
${deps.members}${handlers.join('\n\n')}
}
`;
}

/** Where one fw controller lives in its project. */
export function fwControllerFile(project: string, n: number): string {
  return join(project, 'src', `res${n}.ts`);
}

/** Writes the sources of the fw project (controllers, `dto.ts`, the services) into `src`. */
export function writeFwSources(src: string, size: SynthSize): void {
  const files = new Map([['dto.ts', SHARED_DTO]]);
  if (size.services !== false) {
    for (const [path, text] of fwServiceFiles(graphSize(size.controllers))) files.set(path, text);
  }
  for (let n = 0; n < size.controllers; n++) files.set(`res${n}.ts`, fwController(n, size));
  for (const [path, text] of files) {
    mkdirSync(dirname(join(src, path)), { recursive: true });
    writeFileSync(join(src, path), text);
  }
}

/**
 * Writes the fw project into `project` (emptied first): `tsconfig.json` extending the repo's, so
 * `fw` resolves to the repo's sources by package self-reference, and `src/`.
 */
export function writeFwProject(project: string, size: SynthSize): void {
  rmSync(project, { recursive: true, force: true });
  mkdirSync(join(project, 'src'), { recursive: true });
  const base = relative(project, join(REPO, 'tsconfig.json')).split('\\').join('/');
  const tsconfig = { extends: base, include: ['src'] };
  writeFileSync(join(project, 'tsconfig.json'), `${JSON.stringify(tsconfig, null, 2)}\n`);
  writeFwSources(join(project, 'src'), size);
}

/** One line on what the fw project holds, for the reports. */
export function describeFwProject(size: SynthSize): string {
  const handlers = `${size.controllers} files of ${size.handlers} handlers + dto.ts, ${size.controllers * size.handlers} handlers`;
  if (size.services === false) return `${handlers}; no services`;
  const g: GraphSize = graphSize(size.controllers);
  return `${handlers}; service graph: ${graphCounts(g)}`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dir = resolve(process.argv[2] ?? join(WORK, 'fw-sample'));
  writeFwProject(dir, { controllers: 200, handlers: 10, services: true });
  process.stdout.write(`wrote ${dir}\n`);
}
