// The object graph fwgen reads from constructors and providers: what is created, in what order,
// from what, and every wiring mistake with its code, place and chain.
import { describe, expect, it } from 'vitest';
import type { Analysis } from '../../../cli/analyzer.js';
import { analyzeApp } from './support.js';

/** `name(args)` per instance, in the model's order: what the generated `build` will create. */
function created(analysis: Analysis): string[] {
  expect(analysis.diagnostics).toEqual([]);
  const names = new Map((analysis.model.instances ?? []).map((n) => [n.id, n.name]));
  return (analysis.model.instances ?? []).map((n) => {
    const args = n.args.map((id) => (id === null ? 'undefined' : names.get(id)));
    const how = n.create.kind === 'class' ? 'new ' : `${n.create.ref.name}:`;
    return `${how}${n.name}(${args.join(', ')})${n.root ? ' root' : ''}`;
  });
}

/** Diagnostics as `file:line:col CODE message`. */
function problems(analysis: Analysis): string[] {
  return analysis.diagnostics.map(
    (d) => `${d.at.file}:${d.at.line}:${d.at.column} ${d.code} ${d.message}`,
  );
}

const CONTROLLER = (deps: string, imports = '') => `
import { Controller, Get } from 'fw';
${imports}
@Controller('/x')
export class XController {
  constructor(${deps}) {}

  @Get()
  get(): string {
    return 'x';
  }
}
`;

describe('the object graph', () => {
  it('creates a chain in dependency order, each instance once, from classes and providers', () => {
    const analysis = analyzeApp(
      {
        'config.ts': `import { provider } from 'fw';
export interface AppConfig { url: string }
export const config = provider((): AppConfig => ({ url: 'x' }));`,
        'db.ts': `import { provider } from 'fw';
import type { AppConfig } from './config.js';
export interface Database { url: string }
export const db = provider(async (c: AppConfig): Promise<Database> => ({ url: c.url }));`,
        'services.ts': `import type { Database } from './db.js';
import type { AppConfig } from './config.js';
export class UserRepo { constructor(readonly db: Database) {} }
export class UserService { constructor(readonly repo: UserRepo, readonly config: AppConfig) {} }
export class Unused { constructor(readonly repo: UserRepo) {} }`,
        'x.ts': CONTROLLER(
          'readonly users: UserService, readonly repo: UserRepo',
          "import type { UserRepo, UserService } from './services.js';",
        ),
      },
      false,
    );
    expect(created(analysis)).toEqual([
      'config:AppConfig()',
      'db:Database(AppConfig)',
      'new UserRepo(Database)',
      'new UserService(UserRepo, AppConfig)',
      'new XController(UserService, UserRepo) root',
    ]);
    const db = analysis.model.instances?.find((n) => n.name === 'Database');
    expect(db?.create).toEqual({
      kind: 'provider',
      ref: { from: 'file', module: 'app/db.ts', name: 'db' },
      async: true,
    });
    expect(db?.id).toBe('app/db#Database');
  });

  it('matches types by resolved symbol: aliases, re-exports and namespace imports are one type', () => {
    const analysis = analyzeApp(
      {
        'mail.ts': `import { provider } from 'fw';
export interface Mailer { send(to: string): void }
export const mailer = provider((): Mailer => ({ send() {} }));`,
        'index.ts': `export type { Mailer as Postman } from './mail.js';`,
        'alias.ts': `import type { Mailer } from './mail.js';
export type Courier = Mailer;`,
        'x.ts': CONTROLLER(
          'readonly a: Postman, readonly b: Courier, readonly c: mail.Mailer',
          `import type { Postman } from './index.js';
import type { Courier } from './alias.js';
import type * as mail from './mail.js';`,
        ),
      },
      false,
    );
    expect(created(analysis)).toEqual([
      'mailer:Mailer()',
      'new XController(Mailer, Mailer, Mailer) root',
    ]);
  });

  it('keeps two interfaces of one name in two files apart, and each generic instantiation apart', () => {
    const analysis = analyzeApp(
      {
        'a.ts': `import { provider } from 'fw';
export interface Config { a: string }
export const configA = provider((): Config => ({ a: 'a' }));`,
        'b.ts': `export interface Config { b: string }`,
        'repo.ts': `import { provider } from 'fw';
export interface User { id: number }
export interface Order { id: number }
export class Repo<T> { constructor(readonly table: string) {} find(): T | undefined { return undefined; } }
export const users = provider((): Repo<User> => new Repo<User>('users'));`,
        'x.ts': CONTROLLER(
          'readonly a: A, readonly b: B, readonly users: Repo<User>, readonly orders: Repo<Order>',
          `import type { Config as A } from './a.js';
import type { Config as B } from './b.js';
import type { Order, Repo, User } from './repo.js';`,
        ),
      },
      false,
    );
    expect(problems(analysis)).toEqual([
      'app/x.ts:8:30 FW0402 XController → Config: no provider for Config, an interface; add one: `export const config = provider((): Config => …)`',
      'app/x.ts:8:73 FW0402 XController → Repo<Order>: no provider for Repo<Order>, and class Repo (app/repo.ts:4) is generic: fw cannot choose its type arguments; add one: `export const repoOrder = provider((): Repo<Order> => …)`',
    ]);
  });

  it('passes an optional parameter its instance when one can be made, else undefined', () => {
    const analysis = analyzeApp(
      {
        'deps.ts': `export class Clock {}
export interface Tracer { span(): void }`,
        'x.ts': CONTROLLER(
          'readonly clock?: Clock, readonly tracer?: Tracer, readonly log: (s: string) => void = () => {}',
          "import type { Clock, Tracer } from './deps.js';",
        ),
      },
      false,
    );
    expect(created(analysis)).toEqual([
      'new Clock()',
      'new XController(Clock, undefined, undefined) root',
    ]);
  });

  it('creates @Injectable() classes and route interceptors as roots, and nothing no root needs', () => {
    const analysis = analyzeApp(
      {
        'auth.ts': `import type { Interceptor } from 'fw/core';
import { Injectable } from 'fw';
export class Sessions {}
export class AuthInterceptor implements Interceptor { constructor(readonly sessions: Sessions) {} }
@Injectable()
export class GlobalTiming implements Interceptor {}
export class NeverNeeded {}`,
        'x.ts': `import { Controller, Get, UseInterceptors } from 'fw';
import { AuthInterceptor } from './auth.js';
@Controller('/x')
@UseInterceptors(AuthInterceptor)
export class XController {
  @Get()
  get(): string {
    return 'x';
  }
}`,
      },
      false,
    );
    expect(created(analysis)).toEqual([
      'new Sessions()',
      'new AuthInterceptor(Sessions) root',
      'new GlobalTiming() root',
      'new XController() root',
    ]);
  });

  it('takes a provider for a class instead of its constructor', () => {
    const analysis = analyzeApp(
      {
        'store.ts': `import { provider } from 'fw';
export class Store { constructor(readonly path: string) {} }
export const store = provider((): Store => new Store('/tmp/store'));`,
        'x.ts': CONTROLLER('readonly store: Store', "import type { Store } from './store.js';"),
      },
      false,
    );
    expect(created(analysis)).toEqual(['store:Store()', 'new XController(Store) root']);
  });

  it('follows an inherited constructor', () => {
    const analysis = analyzeApp(
      {
        'base.ts': `export class Db {}
export class Base { constructor(readonly db: Db) {} }
export class Child extends Base {}`,
        'x.ts': CONTROLLER('readonly child: Child', "import type { Child } from './base.js';"),
      },
      false,
    );
    expect(created(analysis)).toEqual(['new Db()', 'new Child(Db)', 'new XController(Child) root']);
  });
});

describe('wiring mistakes', () => {
  it('reports a cycle once, with the whole chain and the root that reached it', () => {
    const analysis = analyzeApp(
      {
        'cycle.ts': `export class UserService { constructor(readonly audit: AuditLog) {} }
export class AuditLog { constructor(readonly users: UserService) {} }`,
        'x.ts': CONTROLLER(
          'readonly users: UserService, readonly audit: AuditLog',
          "import type { AuditLog, UserService } from './cycle.js';",
        ),
      },
      false,
    );
    expect(problems(analysis)).toEqual([
      'app/cycle.ts:2:37 FW0401 a dependency cycle: UserService → AuditLog → UserService (reached from XController); each needs the next to be created first: break it by passing one of them what it needs later (a method, or an event), or by moving the shared part into a class of its own',
    ]);
    expect(analysis.model.instances).toBeUndefined();
  });

  it('reports a cycle that runs through a provider', () => {
    const analysis = analyzeApp(
      {
        'p.ts': `import { provider } from 'fw';
import type { Service } from './s.js';
export interface Config { a: string }
export const config = provider((s: Service): Config => ({ a: String(s) }));`,
        's.ts': `import type { Config } from './p.js';
export class Service { constructor(readonly config: Config) {} }`,
        'x.ts': CONTROLLER('readonly s: Service', "import type { Service } from './s.js';"),
      },
      false,
    );
    expect(problems(analysis).map((p) => p.split(';')[0])).toEqual([
      'app/p.ts:4:33 FW0401 a dependency cycle: Service → Config → Service (reached from XController)',
    ]);
  });

  it('names why a class cannot be made, and the provider to add', () => {
    const analysis = analyzeApp(
      {
        'deps.ts': `import { EventEmitter } from 'node:events';
class Hidden {}
export { EventEmitter };
export class Private { private constructor() {} }
export class Overloaded {
  constructor();
  constructor(a: string);
  constructor(a?: string) { void a; }
}
export class Needs { constructor(readonly hidden: Hidden, readonly emitter: EventEmitter) {} }`,
        'x.ts': CONTROLLER(
          'readonly p: Private, readonly o: Overloaded, readonly n: Needs, readonly s: string',
          "import type { Needs, Overloaded, Private } from './deps.js';",
        ),
      },
      false,
    );
    expect(problems(analysis)).toEqual([
      'app/deps.ts:10:34 FW0402 XController → Needs → Hidden: no provider for Hidden, and class Hidden (app/deps.ts:2) is not exported by its name from app/deps.ts; export it, or add one: `export const hidden = provider((): Hidden => …)`',
      'app/deps.ts:10:59 FW0402 XController → Needs → EventEmitter<DefaultEventMap>: no provider for EventEmitter<DefaultEventMap>, and class EventEmitter<DefaultEventMap> is declared in a package, which fw does not construct; add one: `export const eventEmitterDefaultEventMap = provider((): EventEmitter<DefaultEventMap> => …)`',
      'app/x.ts:6:15 FW0402 XController → Private: no provider for Private, and the constructor of Private (app/deps.ts:4) is not public; add one: `export const private_ = provider((): Private => …)`',
      'app/x.ts:6:36 FW0402 XController → Overloaded: no provider for Overloaded, and the constructor of Overloaded (app/deps.ts:5) is overloaded; add one: `export const overloaded = provider((): Overloaded => …)`',
      'app/x.ts:6:79 FW0402 XController → string: no provider for string, a primitive; add one: `export const string = provider((): string => …)`',
    ]);
  });

  it('reports every provider it cannot use, and both of two providers for one type', () => {
    const analysis = analyzeApp(
      {
        'p.ts': `import { provider } from 'fw';
export interface Clock { now(): number }
export const systemClock = provider((): Clock => ({ now: () => Date.now() }));
export const fixedClock = provider((): Clock => ({ now: () => 0 }));
const hidden = provider((): Clock => ({ now: () => 1 }));
export let later = provider((): Clock => ({ now: () => 2 }));
function make(): Clock { return { now: () => 3 }; }
export const byName = provider(make);
export const untyped = provider((c): Clock => c);
export const settings = provider(() => ({ verbose: true }));
export const anything = provider((): unknown => 1);
export const shapeless = provider((): { a: number } => ({ a: 1 }));
void hidden;`,
      },
      false,
    );
    expect(problems(analysis).map((p) => p.slice(0, p.indexOf(';')))).toEqual([
      'app/p.ts:3:14 FW0403 two providers for Clock: systemClock and fixedClock (app/p.ts:4)',
      'app/p.ts:4:14 FW0403 two providers for Clock: fixedClock and systemClock (app/p.ts:3)',
      'app/p.ts:5:7 FW0405 provider hidden is not an exported `const` of app/p.ts',
      'app/p.ts:6:12 FW0405 provider later is not an exported `const` of app/p.ts',
      'app/p.ts:8:32 FW0405 provider byName: pass the function itself, so fwgen can read its parameters and return type: `provider((c: AppConfig): Database => …)',
      "app/p.ts:9:34 FW0405 provider untyped parameter 'c' has no type",
      'app/p.ts:10:34 FW0404 provider settings has no written return type',
      'app/p.ts:11:38 FW0404 provider anything returns `unknown`, which says nothing to match by',
      'app/p.ts:12:39 FW0404 provider shapeless returns `{ a: number }`, which has no name to match by',
    ]);
  });

  it('reports constructor parameters it cannot read, with every other problem in the same run', () => {
    const analysis = analyzeApp(
      {
        'deps.ts': `export interface Mailer { send(): void }
export class Untyped { constructor(x) { void x; } }
export class Rest { constructor(...all: string[]) { void all; } }`,
        'x.ts': CONTROLLER(
          'readonly u: Untyped, readonly r: Rest, readonly m: Mailer',
          "import type { Mailer, Rest, Untyped } from './deps.js';",
        ),
      },
      false,
    );
    expect(problems(analysis).map((p) => p.slice(0, p.indexOf(';')))).toEqual([
      "app/deps.ts:2:36 FW0406 Untyped constructor parameter 'x' has no type annotation",
      "app/deps.ts:3:33 FW0406 Rest constructor parameter 'all' is a rest parameter",
      'app/x.ts:6:54 FW0402 XController → Mailer: no provider for Mailer, an interface',
    ]);
  });

  it('reports an @Injectable() class that cannot be made at the class', () => {
    const analysis = analyzeApp(
      {
        'x.ts': `import { Injectable } from 'fw';
@Injectable()
export abstract class Job {}`,
      },
      false,
    );
    expect(problems(analysis).map((p) => p.slice(0, p.indexOf(';')))).toEqual([
      'app/x.ts:2:1 FW0402 Job: no provider for Job, and class Job (app/x.ts:2) is abstract',
    ]);
  });
});
