/**
 * The start-up benchmark's synthetic app for NestJS 11: the API of `bench/fwgen/synth.ts` and
 * the service graph of `bench/fwgen/synth-services.ts`, written as Nest users write them and laid
 * out as `nest new` lays a project out. One feature module per controller (`res<n>/`: the
 * controller, its service, its DTO classes), all imported by `AppModule`, over one `@Global()`
 * `SharedModule` that provides and exports the repositories, the shared services and the three
 * providers (tokens with factories, as Nest cannot inject an interface). Every class is an
 * `@Injectable()` taking its dependencies by constructor, resolved from the `design:paramtypes`
 * metadata that `emitDecoratorMetadata` writes; bodies are class-validator DTOs through a global
 * `ValidationPipe`. Compiled to CommonJS by tsc with the options `nest new` writes.
 */
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { type HandlerPlan, plan, type SynthSize } from '../fwgen/synth.js';
import {
  controllerShared,
  type Files,
  type GraphSize,
  graphSize,
  repoTakesCache,
  serviceRepo,
  serviceShared,
  sharedRepos,
} from '../fwgen/synth-services.js';

/** `tsconfig.json` of `nest new` (Nest 11), without source maps, declarations and incremental. */
const TSCONFIG = {
  compilerOptions: {
    module: 'nodenext',
    moduleResolution: 'nodenext',
    resolvePackageJsonExports: true,
    esModuleInterop: true,
    isolatedModules: true,
    removeComments: true,
    emitDecoratorMetadata: true,
    experimentalDecorators: true,
    allowSyntheticDefaultImports: true,
    target: 'ES2023',
    rootDir: './src',
    outDir: './dist',
    types: ['node'],
    skipLibCheck: true,
    strictNullChecks: true,
    forceConsistentCasingInFileNames: true,
    noImplicitAny: false,
    strictBindCallApply: false,
    noFallthroughCasesInSwitch: false,
  },
  include: ['src'],
};

const MAIN = `import { ValidationPipe } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { AddressInfo } from 'node:net';
import { AppModule } from './app.module';

async function bootstrap() {
  const app = await NestFactory.create(AppModule, { logger: ['error', 'warn'] });
  app.useGlobalPipes(new ValidationPipe({ whitelist: true, transform: true }));
  app.enableShutdownHooks();
  await app.listen(Number(process.env.PORT ?? 0), '127.0.0.1');
  const { port } = app.getHttpServer().address() as AddressInfo;
  if (process.send) process.send({ port });
  else console.log(\`listening on 127.0.0.1:\${port}\`);
}
void bootstrap();
`;

const DTO = `import { IsArray, IsNumber, IsOptional, IsString } from 'class-validator';

export const STATUSES = ['draft', 'active', 'archived'] as const;
export type Status = (typeof STATUSES)[number];

export class Address {
  @IsString() street!: string;
  @IsString() city!: string;
  @IsOptional() @IsString() zip?: string;
  @IsArray() @IsString({ each: true }) lines!: string[];
}

export class Dims {
  @IsNumber() width!: number;
  @IsOptional() @IsNumber() height?: number;
}

export class Item {
  @IsString() sku!: string;
  @IsNumber() qty!: number;
}
`;

const CONFIG = `export interface AppConfig {
  readonly region: string;
  readonly pageSize: number;
  readonly cacheSize: number;
  readonly dbUrl: string;
}

export const CONFIG = 'CONFIG';

export function loadConfig(): AppConfig {
  return {
    region: process.env.REGION ?? 'eu',
    pageSize: 50,
    cacheSize: 1000,
    dbUrl: process.env.DB_URL ?? 'memory://',
  };
}
`;

const CLOCK = `export interface Clock {
  now(): number;
}

export const CLOCK = 'CLOCK';

export const systemClock: Clock = { now: () => Date.now() };
`;

const CACHE = `import type { AppConfig } from '../config';

export interface Cache {
  get(key: string): string | undefined;
  set(key: string, value: string): void;
  delete(key: string): void;
}

export const CACHE = 'CACHE';

class MemoryCache implements Cache {
  private readonly entries = new Map<string, string>();
  constructor(private readonly max: number) {}
  get(key: string): string | undefined {
    return this.entries.get(key);
  }
  set(key: string, value: string): void {
    if (this.entries.size >= this.max) this.entries.clear();
    this.entries.set(key, value);
  }
  delete(key: string): void {
    this.entries.delete(key);
  }
}

export function makeCache(config: AppConfig): Cache {
  return new MemoryCache(config.cacheSize);
}
`;

const ROW = `import type { Status } from '../dto';

export interface Row {
  id: number;
  name: string;
  status: Status;
  tags: string[];
}
`;

function repo(k: number): string {
  const withCache = repoTakesCache(k);
  return `import { Inject, Injectable } from '@nestjs/common';
import { type AppConfig, CONFIG } from '../config';
${withCache ? "import { type Cache, CACHE } from '../infra/cache';\n" : ''}import type { Row } from './row';

@Injectable()
export class Repo${k} {
  private readonly rows = new Map<number, Row>();

  constructor(
    @Inject(CONFIG) private readonly config: AppConfig,${withCache ? '\n    @Inject(CACHE) private readonly cache: Cache,' : ''}
  ) {}

  find(id: number): Row {
    return this.rows.get(id) ?? { id, name: \`t${k}-\${id}\`, status: 'active', tags: [this.config.region] };
  }

  list(page: number, size: number): Row[] {
    const n = Math.min(size, this.config.pageSize);
    return [...this.rows.values()].slice((page - 1) * n, page * n);
  }

  save(row: Row): Row {
    this.rows.set(row.id, row);
${withCache ? `    this.cache.delete(\`t${k}:\${row.id}\`);\n` : ''}    return row;
  }

  remove(id: number): boolean {
    return this.rows.delete(id);
  }

  nextId(): number {
    return this.rows.size + 1;
  }
}
`;
}

function shared(j: number, g: GraphSize): string {
  const repos = sharedRepos(j, g);
  const imports = [...new Set(repos)]
    .map((k) => `import { Repo${k} } from '../repos/repo${k}';`)
    .join('\n');
  const audit = repos.length > 1 ? `\n    private readonly audit: Repo${repos[1]},` : '';
  return `import { Inject, Injectable } from '@nestjs/common';
import { type Clock, CLOCK } from '../infra/clock';
${imports}

@Injectable()
export class Shared${j}Service {
  constructor(
    private readonly repo: Repo${repos[0]},
    @Inject(CLOCK) private readonly clock: Clock,${audit}
  ) {}

  stamp(id: number, action: string): string {
    return \`\${action}:\${id}@\${this.clock.now()}\`;
  }

  tags(id: number): string[] {
    return this.repo.find(id).tags${repos.length > 1 ? '.concat(this.audit.find(id).tags)' : ''};
  }
}
`;
}

function sharedModule(g: GraphSize): string {
  const repos = Array.from({ length: g.repos }, (_, k) => `Repo${k}`);
  const shareds = Array.from({ length: g.shared }, (_, j) => `Shared${j}Service`);
  const classes = [...repos, ...shareds];
  return `import { Global, Module } from '@nestjs/common';
import { CONFIG, loadConfig } from './config';
import { CACHE, makeCache } from './infra/cache';
import { CLOCK, systemClock } from './infra/clock';
${repos.map((r, k) => `import { ${r} } from './repos/repo${k}';`).join('\n')}
${shareds.map((s, j) => `import { ${s} } from './shared/shared${j}.service';`).join('\n')}

@Global()
@Module({
  providers: [
    { provide: CONFIG, useFactory: loadConfig },
    { provide: CLOCK, useValue: systemClock },
    { provide: CACHE, useFactory: makeCache, inject: [CONFIG] },
${classes.map((c) => `    ${c},`).join('\n')}
  ],
  exports: [CONFIG, CLOCK, CACHE, ${classes.join(', ')}],
})
export class SharedModule {}
`;
}

function dtos(n: number): string {
  return `import { Type } from 'class-transformer';
import {
  IsArray,
  IsBoolean,
  IsDefined,
  IsIn,
  IsNumber,
  IsOptional,
  IsString,
  ValidateNested,
} from 'class-validator';
import { Address, Dims, Item, STATUSES, type Status } from '../dto';

export class CreateRes${n} {
  @IsString() name!: string;
  @IsNumber() qty!: number;
  @IsIn(STATUSES) status!: Status;
  @IsArray() @IsString({ each: true }) tags!: string[];
  @IsDefined() @ValidateNested() @Type(() => Address) address!: Address;
  @IsOptional() @IsString() note?: string;
  @IsDefined() @ValidateNested() @Type(() => Dims) dims!: Dims;
}

export class UpdateRes${n} {
  @IsString() name!: string;
  @IsIn(STATUSES) status!: Status;
  @IsArray() @ValidateNested({ each: true }) @Type(() => Item) items!: Item[];
  @IsOptional() @ValidateNested() @Type(() => Address) address?: Address;
  @IsOptional() @IsString() note?: string;
  @IsBoolean() enabled!: boolean;
}

export interface Res${n} {
  id: number;
  name: string;
  status: Status;
  tags: string[];
}
`;
}

function service(n: number, g: GraphSize): string {
  const r = serviceRepo(n, g);
  const s = serviceShared(n, g);
  return `import { Injectable } from '@nestjs/common';
import { Repo${r} } from '../repos/repo${r}';
${s === undefined ? '' : `import { Shared${s}Service } from '../shared/shared${s}.service';\n`}import type { CreateRes${n}, Res${n}, UpdateRes${n} } from './res${n}.dto';

@Injectable()
export class Res${n}Service {
  constructor(
    private readonly repo: Repo${r},${s === undefined ? '' : `\n    private readonly shared: Shared${s}Service,`}
  ) {}

  find(id: number, user: string): Res${n} {
    const row = this.repo.find(id);
    return { ...row, name: \`\${row.name} for \${user}\` };
  }

  list(page: number, size: number, name: string): Res${n}[] {
    return this.repo.list(page, size).filter((r) => name === '' || r.name.includes(name));
  }

  create(body: CreateRes${n}): Res${n} {
    return this.repo.save({ id: this.repo.nextId(), name: body.name, status: body.status, tags: body.tags });
  }

  update(id: number, body: UpdateRes${n}): Res${n} {
    const tags = body.items.map((i) => i.sku);
${s === undefined ? '' : "    tags.push(this.shared.stamp(id, 'update'));\n"}    return this.repo.save({ id, name: body.name, status: body.status, tags });
  }

  remove(id: number): boolean {
    return this.repo.remove(id);
  }
}
`;
}

function handler(n: number, h: HandlerPlan, withShared: boolean): string {
  switch (h.kind) {
    case 'get':
      return `  @Get(':id')
  get(@Param('id', ParseIntPipe) id: number, @Headers('x-user') user?: string): Res${n} {
    return this.service.find(id, user ?? 'anonymous');
  }`;
    case 'list':
      return `  @Get()
  list(
    @Query('name', new DefaultValuePipe('')) name: string,
    @Query('page', new DefaultValuePipe(1), ParseIntPipe) page: number,
    @Query('size', new DefaultValuePipe(20), ParseIntPipe) size: number,
  ): Res${n}[] {
    return this.service.list(page, size, name);
  }`;
    case 'create':
      return `  @Post()
  @Header('Location', '/res${n}/1')
  create(@Body() body: CreateRes${n}): { id: number; name: string } {
    const row = this.service.create(body);
    return { id: row.id, name: row.name };
  }`;
    case 'update':
      return `  @Put(':id')
  update(@Param('id', ParseIntPipe) id: number, @Body() body: UpdateRes${n}): Res${n} {
    return this.service.update(id, body);
  }`;
    case 'remove':
      return `  @Delete(':id')
  remove(@Param('id', ParseIntPipe) id: number): { deleted: number } {
    return { deleted: this.service.remove(id) ? id : 0 };
  }`;
    case 'sub':
      return `  @Get(':id/sub${h.k}')
  sub${h.k}(
    @Param('id', ParseIntPipe) id: number,
    @Query('filter') filter?: string,
  ): { id: number; sub: number; filter: string } {
    return { id, sub: ${h.k}, filter: filter || ${withShared ? `this.shared.stamp(id, 'sub${h.k}')` : "''"} };
  }`;
  }
}

function controller(n: number, size: SynthSize, g: GraphSize): string {
  const s = controllerShared(n, g);
  const handlers = plan(size.handlers).map((h) => handler(n, h, s !== undefined));
  return `import {
  Body,
  Controller,
  DefaultValuePipe,
  Delete,
  Get,
  Header,
  Headers,
  Param,
  ParseIntPipe,
  Post,
  Put,
  Query,
} from '@nestjs/common';
${s === undefined ? '' : `import { Shared${s}Service } from '../shared/shared${s}.service';\n`}import { CreateRes${n}, type Res${n}, UpdateRes${n} } from './res${n}.dto';
import { Res${n}Service } from './res${n}.service';

@Controller('res${n}')
export class Res${n}Controller {
  constructor(
    private readonly service: Res${n}Service,${s === undefined ? '' : `\n    private readonly shared: Shared${s}Service,`}
  ) {}

${handlers.join('\n\n')}
}
`;
}

function featureModule(n: number): string {
  return `import { Module } from '@nestjs/common';
import { Res${n}Controller } from './res${n}.controller';
import { Res${n}Service } from './res${n}.service';

@Module({ controllers: [Res${n}Controller], providers: [Res${n}Service] })
export class Res${n}Module {}
`;
}

function appModule(g: GraphSize): string {
  const modules = Array.from({ length: g.controllers }, (_, n) => `Res${n}Module`);
  return `import { Module } from '@nestjs/common';
${modules.map((m, n) => `import { ${m} } from './res${n}/res${n}.module';`).join('\n')}
import { SharedModule } from './shared.module';

@Module({
  imports: [
    SharedModule,
${modules.map((m) => `    ${m},`).join('\n')}
  ],
})
export class AppModule {}
`;
}

/** Every source file of the Nest app, path under `src/` → source. */
export function nestFiles(size: SynthSize): Files {
  const g = graphSize(size.controllers);
  const files: Files = new Map([
    ['main.ts', MAIN],
    ['app.module.ts', appModule(g)],
    ['shared.module.ts', sharedModule(g)],
    ['dto.ts', DTO],
    ['config.ts', CONFIG],
    ['infra/clock.ts', CLOCK],
    ['infra/cache.ts', CACHE],
    ['repos/row.ts', ROW],
  ]);
  for (let k = 0; k < g.repos; k++) files.set(`repos/repo${k}.ts`, repo(k));
  for (let j = 0; j < g.shared; j++) files.set(`shared/shared${j}.service.ts`, shared(j, g));
  for (let n = 0; n < g.controllers; n++) {
    const dir = `res${n}/res${n}`;
    files.set(`${dir}.dto.ts`, dtos(n));
    files.set(`${dir}.service.ts`, service(n, g));
    files.set(`${dir}.controller.ts`, controller(n, size, g));
    files.set(`${dir}.module.ts`, featureModule(n));
  }
  return files;
}

/**
 * Writes the Nest project into `project` (emptied first): `src/`, `tsconfig.json`, a
 * `package.json` that makes its output CommonJS, and `node_modules` linked to `peers`, the
 * benchmark's install of the peers (bench/peers/node_modules).
 */
export function writeNestProject(project: string, size: SynthSize, peers: string): void {
  rmSync(project, { recursive: true, force: true });
  for (const [path, text] of nestFiles(size)) {
    mkdirSync(dirname(join(project, 'src', path)), { recursive: true });
    writeFileSync(join(project, 'src', path), text);
  }
  const json = (v: unknown) => `${JSON.stringify(v, null, 2)}\n`;
  writeFileSync(join(project, 'tsconfig.json'), json(TSCONFIG));
  writeFileSync(
    join(project, 'package.json'),
    json({ name: 'startup-nest', private: true, type: 'commonjs' }),
  );
  symlinkSync(peers, join(project, 'node_modules'), 'dir');
}
