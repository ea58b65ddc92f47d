/**
 * The synthetic project of `synth.ts` written for tsoa: the same routes, parameters and body types
 * with tsoa's decorators, and a `tsoa.json` for both commands the benchmark times: `tsoa routes`
 * (the express routes file with its validation models, the work of fwgen's bindings) and
 * `tsoa spec-and-routes` (that file and `out/swagger.json`, OpenAPI 3.0: the work of fwgen with
 * `--openapi`).
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { dtoTypes, type HandlerPlan, plan, SHARED_DTO, type SynthSize } from './synth.js';

/** The `@Queries()` model of the list endpoints, next to the shared types. */
const LIST_QUERY = `
/** The query of every list endpoint. */
export interface ListQuery {
  page?: number;
  size?: number;
  name?: string;
}
`;

function tsoaHandler(n: number, h: HandlerPlan): string {
  switch (h.kind) {
    case 'get':
      return `  @Get('{id}')
  public async get(@Path() id: number, @Request() req: ExRequest): Promise<Res${n}> {
    return { id, name: req.header('x-user') ?? 'anonymous', status: 'active', tags: [] };
  }`;
    case 'list':
      return `  @Get()
  public async list(@Queries() query: ListQuery): Promise<Res${n}[]> {
    const page = query.page ?? 1;
    const size = query.size ?? 20;
    return [{ id: page * size, name: query.name ?? '', status: 'draft', tags: [] }];
  }`;
    case 'create':
      return `  @SuccessResponse(201, 'Created')
  @Post()
  public async create(@Body() body: CreateRes${n}): Promise<{ id: number; name: string }> {
    this.setStatus(201);
    this.setHeader('Location', '/res${n}/1');
    return { id: 1, name: body.name };
  }`;
    case 'update':
      return `  @Put('{id}')
  public async update(@Path() id: number, @Body() body: UpdateRes${n}): Promise<Res${n}> {
    return { id, name: body.name, status: body.status, tags: body.items.map((i) => i.sku) };
  }`;
    case 'remove':
      return `  @Delete('{id}')
  public async remove(@Path() id: number): Promise<{ deleted: number }> {
    return { deleted: id };
  }`;
    case 'sub':
      return `  @Get('{id}/sub${h.k}')
  public async sub${h.k}(
    @Path() id: number,
    @Query() filter?: string,
  ): Promise<{ id: number; sub: number; filter: string }> {
    return { id, sub: ${h.k}, filter: filter ?? '' };
  }`;
  }
}

/** The tsoa source of controller `n`. */
export function tsoaController(n: number, size: SynthSize): string {
  const handlers = plan(size.handlers).map((h) => tsoaHandler(n, h));
  return `import type { Request as ExRequest } from 'express';
import {
  Body,
  Controller,
  Delete,
  Get,
  Path,
  Post,
  Put,
  Queries,
  Query,
  Request,
  Route,
  SuccessResponse,
} from '@tsoa/runtime';
import type { Address, ListQuery, Status } from './dto';

${dtoTypes(n)}
@Route('res${n}')
export class Res${n}Controller extends Controller {
${handlers.join('\n\n')}
}
`;
}

/**
 * Compiler options for tsoa's program (tsoa reads these, not tsconfig.json). tsoa hands them to
 * `ts.createProgram` unparsed, so enum options (`target`, `module`) cannot be written as strings:
 * only booleans here; the defaults resolve modules the node10 way, as the imports need.
 */
const COMPILER_OPTIONS = {
  experimentalDecorators: true,
  esModuleInterop: true,
  strict: true,
  skipLibCheck: true,
};

/** The `info.description` of both tools' documents. */
export const DESCRIPTION = "The fwgen benchmark's synthetic API.";

/**
 * `tsoa.json`: express routes, extra body properties dropped as fw does. `spec` is read by
 * `tsoa routes` too (it must be there) but written only by `tsoa spec-and-routes`:
 * `out/swagger.json`, OpenAPI 3.0.0, the newest tsoa 6.6 writes (`specVersion` is 2 or 3).
 * `name`, `version` and `description` are given, as fwgen gets `--title`, `--api-version` and
 * `--description`, so neither tool looks for a package.json.
 */
const TSOA_CONFIG = {
  controllerPathGlobs: ['src/**/*Controller.ts'],
  noImplicitAdditionalProperties: 'silently-remove-extras',
  spec: {
    outputDirectory: 'out',
    specVersion: 3,
    name: 'fwgen-bench',
    version: '1.0.0',
    description: DESCRIPTION,
  },
  routes: { routesDir: 'out', middleware: 'express' },
  compilerOptions: COMPILER_OPTIONS,
};

/**
 * Writes the tsoa project into `project` (emptied first). Its imports (`@tsoa/runtime`, express
 * types) resolve from a `node_modules` in a parent folder: the benchmark's tsoa install.
 */
export function writeTsoaProject(project: string, size: SynthSize): void {
  rmSync(project, { recursive: true, force: true });
  mkdirSync(join(project, 'src'), { recursive: true });
  const json = (v: unknown) => `${JSON.stringify(v, null, 2)}\n`;
  writeFileSync(join(project, 'tsoa.json'), json(TSOA_CONFIG));
  const tsconfig = {
    compilerOptions: { ...COMPILER_OPTIONS, target: 'es2022', module: 'commonjs', noEmit: true },
    include: ['src', 'out'],
  };
  writeFileSync(join(project, 'tsconfig.json'), json(tsconfig));
  writeFileSync(join(project, 'src/dto.ts'), SHARED_DTO + LIST_QUERY);
  for (let n = 0; n < size.controllers; n++) {
    writeFileSync(join(project, 'src', `res${n}Controller.ts`), tsoaController(n, size));
  }
}
