/**
 * The service graph behind the synthetic controllers: which services, repositories and
 * providers each controller needs, as data both projects share (`synth.ts` writes it for fw,
 * `bench/startup/nest-synth.ts` for NestJS), and the fw sources of its classes and providers.
 *
 * For `c` controllers: one service per controller, `ceil(c / 4)` shared services, `ceil(c / 10)`
 * repositories, and three providers: `config` (an `AppConfig` interface), `clock` (a `Clock`
 * interface) and `cache` (a `Cache` interface, made from the config). Every even controller also
 * takes a shared service; every third service takes a shared service; a shared service takes one
 * or two repositories and the clock; a repository takes the config, and every fourth one the
 * cache. The longest chain: controller → service → shared service → repository → cache → config.
 */

/** How many of each class the graph has for a number of controllers. */
export interface GraphSize {
  readonly controllers: number;
  readonly shared: number;
  readonly repos: number;
}

/** The graph's size for `controllers` controllers. */
export function graphSize(controllers: number): GraphSize {
  return {
    controllers,
    shared: Math.max(1, Math.ceil(controllers / 4)),
    repos: Math.max(1, Math.ceil(controllers / 10)),
  };
}

/** The shared service controller `n` takes besides its own service, if any. */
export function controllerShared(n: number, g: GraphSize): number | undefined {
  return n % 2 === 0 ? (n / 2) % g.shared : undefined;
}

/** The repository service `n` takes. */
export function serviceRepo(n: number, g: GraphSize): number {
  return n % g.repos;
}

/** The shared service service `n` takes, if any. */
export function serviceShared(n: number, g: GraphSize): number | undefined {
  return n % 3 === 0 ? (n * 7) % g.shared : undefined;
}

/** The repositories shared service `j` takes: one, and a second for odd `j`. */
export function sharedRepos(j: number, g: GraphSize): number[] {
  return j % 2 === 1 ? [j % g.repos, (j * 3 + 1) % g.repos] : [j % g.repos];
}

/** Whether repository `k` takes the cache as well as the config. */
export function repoTakesCache(k: number): boolean {
  return k % 4 === 0;
}

/** The number of classes and providers in the graph, for the reports. */
export function graphCounts(g: GraphSize): string {
  const services = g.controllers + g.shared;
  return `${g.controllers} controllers, ${services} services (${g.controllers} own + ${g.shared} shared), ${g.repos} repositories, 3 providers (config, clock, cache: interfaces)`;
}

/** Files of the fw project, path under `src/` → source. */
export type Files = Map<string, string>;

const CONFIG = `import { provider } from 'fw';

/** What the app reads from its environment. */
export interface AppConfig {
  readonly region: string;
  readonly pageSize: number;
  readonly cacheSize: number;
  readonly dbUrl: string;
}

/** The configuration, read once. */
export const config = provider(
  (): AppConfig => ({
    region: process.env['REGION'] ?? 'eu',
    pageSize: 50,
    cacheSize: 1000,
    dbUrl: process.env['DB_URL'] ?? 'memory://',
  }),
);
`;

const CLOCK = `import { provider } from 'fw';

/** The time, replaceable in tests. */
export interface Clock {
  now(): number;
}

/** The system clock. */
export const clock = provider((): Clock => ({ now: () => Date.now() }));
`;

const CACHE = `import { provider } from 'fw';
import type { AppConfig } from '../config.js';

/** A string cache. */
export interface Cache {
  get(key: string): string | undefined;
  set(key: string, value: string): void;
  delete(key: string): void;
}

class MemoryCache implements Cache {
  readonly #entries = new Map<string, string>();
  readonly #max: number;
  constructor(max: number) {
    this.#max = max;
  }
  get(key: string): string | undefined {
    return this.#entries.get(key);
  }
  set(key: string, value: string): void {
    if (this.#entries.size >= this.#max) this.#entries.clear();
    this.#entries.set(key, value);
  }
  delete(key: string): void {
    this.#entries.delete(key);
  }
}

/** An in-memory cache sized by the configuration. */
export const cache = provider((c: AppConfig): Cache => new MemoryCache(c.cacheSize));
`;

const ROW = `import type { Status } from '../dto.js';

/** A stored row. */
export interface Row {
  id: number;
  name: string;
  status: Status;
  tags: string[];
}
`;

/** A constructor that stores each parameter in a `#private` field of the same name. */
function ctor(params: readonly (readonly [name: string, type: string])[]): string {
  const fields = params.map(([name, type]) => `  readonly #${name}: ${type};`);
  const args = params.map(([name, type]) => `${name}: ${type}`).join(', ');
  const sets = params.map(([name]) => `    this.#${name} = ${name};`);
  return [...fields, `  constructor(${args}) {`, ...sets, '  }'].join('\n');
}

function repo(k: number): string {
  const withCache = repoTakesCache(k);
  const params: [string, string][] = [['config', 'AppConfig']];
  if (withCache) params.push(['cache', 'Cache']);
  return `import type { AppConfig } from '../config.js';
${withCache ? "import type { Cache } from '../infra/cache.js';\n" : ''}import type { Row } from './row.js';

/** The rows of table t${k}, kept in memory. */
export class Repo${k} {
  readonly #rows = new Map<number, Row>();
${ctor(params)}

  find(id: number): Row {
    return this.#rows.get(id) ?? { id, name: \`t${k}-\${id}\`, status: 'active', tags: [this.#config.region] };
  }

  list(page: number, size: number): Row[] {
    const n = Math.min(size, this.#config.pageSize);
    return [...this.#rows.values()].slice((page - 1) * n, page * n);
  }

  save(row: Row): Row {
    this.#rows.set(row.id, row);
${withCache ? `    this.#cache.delete(\`t${k}:\${row.id}\`);\n` : ''}    return row;
  }

  remove(id: number): boolean {
    return this.#rows.delete(id);
  }

  nextId(): number {
    return this.#rows.size + 1;
  }
}
`;
}

function shared(j: number, g: GraphSize): string {
  const repos = sharedRepos(j, g);
  const imports = [...new Set(repos)]
    .map((k) => `import type { Repo${k} } from '../repos/repo${k}.js';`)
    .join('\n');
  const params: [string, string][] = [
    ['repo', `Repo${repos[0]}`],
    ['clock', 'Clock'],
  ];
  if (repos.length > 1) params.push(['audit', `Repo${repos[1]}`]);
  return `import type { Clock } from '../infra/clock.js';
${imports}

/** Shared domain logic ${j}: stamps and tags. */
export class Shared${j}Service {
${ctor(params)}

  stamp(id: number, action: string): string {
    return \`\${action}:\${id}@\${this.#clock.now()}\`;
  }

  tags(id: number): string[] {
    return this.#repo.find(id).tags${repos.length > 1 ? '.concat(this.#audit.find(id).tags)' : ''};
  }
}
`;
}

function service(n: number, g: GraphSize): string {
  const r = serviceRepo(n, g);
  const s = serviceShared(n, g);
  const params: [string, string][] = [['repo', `Repo${r}`]];
  if (s !== undefined) params.push(['shared', `Shared${s}Service`]);
  return `import type { Repo${r} } from './repos/repo${r}.js';
import type { CreateRes${n}, Res${n}, UpdateRes${n} } from './res${n}.js';
${s === undefined ? '' : `import type { Shared${s}Service } from './shared/shared${s}.service.js';\n`}
/** The business logic of res${n}. */
export class Res${n}Service {
${ctor(params)}

  find(id: number, user: string): Res${n} {
    const row = this.#repo.find(id);
    return { ...row, name: \`\${row.name} for \${user}\` };
  }

  list(page: number, size: number, name: string): Res${n}[] {
    return this.#repo.list(page, size).filter((r) => name === '' || r.name.includes(name));
  }

  create(body: CreateRes${n}): Res${n} {
    return this.#repo.save({ id: this.#repo.nextId(), name: body.name, status: body.status, tags: body.tags });
  }

  update(id: number, body: UpdateRes${n}): Res${n} {
    const tags = body.items.map((i) => i.sku);
${s === undefined ? '' : "    tags.push(this.#shared.stamp(id, 'update'));\n"}    return this.#repo.save({ id, name: body.name, status: body.status, tags });
  }

  remove(id: number): boolean {
    return this.#repo.remove(id);
  }
}
`;
}

/** Every file of the graph but the controllers, path under `src/` → source. */
export function fwServiceFiles(g: GraphSize): Files {
  const files: Files = new Map([
    ['config.ts', CONFIG],
    ['infra/clock.ts', CLOCK],
    ['infra/cache.ts', CACHE],
    ['repos/row.ts', ROW],
  ]);
  for (let k = 0; k < g.repos; k++) files.set(`repos/repo${k}.ts`, repo(k));
  for (let j = 0; j < g.shared; j++) files.set(`shared/shared${j}.service.ts`, shared(j, g));
  for (let n = 0; n < g.controllers; n++) files.set(`res${n}.service.ts`, service(n, g));
  return files;
}

/** What controller `n` adds for its services: imports, and fields with the constructor. */
export function fwControllerDeps(n: number, g: GraphSize): { imports: string; members: string } {
  const s = controllerShared(n, g);
  const params: [string, string][] = [['service', `Res${n}Service`]];
  if (s !== undefined) params.push(['shared', `Shared${s}Service`]);
  const imports = [
    `import type { Res${n}Service } from './res${n}.service.js';`,
    ...(s === undefined
      ? []
      : [`import type { Shared${s}Service } from './shared/shared${s}.service.js';`]),
  ].join('\n');
  return { imports: `${imports}\n`, members: `${ctor(params)}\n\n` };
}
