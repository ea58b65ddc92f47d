// A binding left stale fails `tsc` in the bindings file: a changed parameter type through the
// invoker's casts, a changed body, payload or answer type through the bindings' freshness lines
// (`Fresh<Compared<…>>`). The real fwgen and the real tsc, on a temp project.
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

/** A temp project with `files` beside `app/users.ts`, and fwgen and tsc run on it. */
function project(usersTs: string, files: Record<string, string>) {
  const { dir, rel } = tempProject(usersTs);
  dirs.push(dir);
  // tsc finds no inputs by `include: ['.']` in a folder whose name starts with a dot.
  const tsconfig = { extends: '../../../tsconfig.json', include: ['app'] };
  writeFiles(dir, { ...files, 'tsconfig.json': JSON.stringify(tsconfig) });
  const out = `${rel}/app/bindings.ts`;
  const fwgen = async () => {
    const flags = ['--src', `${rel}/app`, '--out', out, '--project', `${rel}/tsconfig.json`];
    const run = execa('node', ['--conditions=source', '--import', 'tsx', 'cli/bin.ts', ...flags], {
      cwd: REPO,
      reject: false,
    });
    expect((await run).exitCode).toBe(0);
  };
  const tsc = () =>
    execa('node', ['node_modules/typescript/bin/tsc', '-p', `${rel}/tsconfig.json`, '--noEmit'], {
      cwd: REPO,
      reject: false,
    });
  return { dir, out, fwgen, tsc };
}

/** The `error TS` lines of a tsc run. */
function errorsOf(stdout: string): string[] {
  return stdout.split('\n').filter((line) => line.includes('error TS'));
}

describe('a stale binding', { timeout: 300_000 }, () => {
  it('fails tsc in the bindings file until fwgen runs again', async () => {
    const { dir, out, fwgen, tsc } = project(users('number', 'CreateUser'), { 'app/dto.ts': DTO });

    await fwgen();
    const first = await tsc();
    expect([first.exitCode, first.stdout]).toEqual([0, '']);

    // The route key becomes a string and the body another DTO; fwgen is not run.
    writeFileSync(join(dir, 'app/users.ts'), users('string', 'RenameUser'));
    const stale = await tsc();
    expect(stale.exitCode).not.toBe(0);
    const errors = errorsOf(stale.stdout);
    expect(errors).toHaveLength(3);
    for (const error of errors) expect(error.startsWith(`${out}(`)).toBe(true);
    expect(stale.stdout).toContain("'number' is not assignable to parameter of type 'string'");
    expect(stale.stdout).toContain(
      "'CreateUser' is not assignable to parameter of type 'RenameUser'",
    );
    expect(stale.stdout).toContain(
      '"stale: UserController.create(body) is not the type fwgen read; run fwgen"',
    );

    await fwgen();
    const fresh = await tsc();
    expect([fresh.exitCode, fresh.stdout]).toEqual([0, '']);
  });
});

/** The body and answer types before (`false`) and after (`true`) they change, one change each. */
const dtos = (changed: boolean) => `export interface PlaceOrder {
  sku: string;${changed ? '\n  color: string;' : ''}
}

export interface Placed {
  id: number;
  sku: string;${changed ? '\n  color: string;' : ''}
}

export interface NoteOrder {
  sku: string;${changed ? '\n  note?: string;' : ''}
}

export interface CancelOrder {
  id: number;${changed ? '' : '\n  reason: string;'}
}

export interface Resize {
  id: number;
  qty: ${changed ? 'string' : 'number'};
}

export interface Address {
  city: string;
  zip: ${changed ? 'number' : 'string'};
}

export interface Shipment {
  id: number;
  to: Address;
}

export interface Status {
  id: number;${changed ? '\n  updatedAt: string;' : ''}
}
`;

const orders = (changed: boolean) => `import { Controller, Get, Post } from 'fw';
import type {
  Address,
  CancelOrder,
  NoteOrder,
  PlaceOrder,
  Placed,
  Resize,
  Shipment,
  Status,
} from './dto.js';

/** An answer with an accessor and a method, which fwgen's shape leaves out: never stale. */
export class Badge {
  readonly id: number = 1;

  get label(): string {
    return \`#\${this.id}\`;
  }

  describe(): string {
    return this.label;
  }
}

@Controller('/orders')
export class OrderController {
  @Get('/badge')
  badge(): Badge {
    return new Badge();
  }

  @Post('/')
  place(body: PlaceOrder): Placed {
    return { id: 1, sku: body.sku${changed ? ', color: body.color' : ''} };
  }

  @Post('/note')
  note(body: NoteOrder): string {
    return body.sku;
  }

  @Post('/cancel')
  cancel(body: CancelOrder): number {
    return body.id;
  }

  @Post('/resize')
  resize(body: Resize): string {
    return String(body.qty);
  }

  @Post('/ship')
  ship(body: Shipment): string {
    const to: Address = body.to;
    return to.city;
  }

  @Get('/status')
  status(): Status {
    return { id: 1${changed ? ", updatedAt: 'now'" : ''} };
  }
}
`;

describe('a stale body, payload or answer type', { timeout: 300_000 }, () => {
  it('fails tsc on its line of the bindings, naming it, until fwgen runs again', async () => {
    const { dir, out, fwgen, tsc } = project(users('number', 'CreateUser'), {
      'app/dto.ts': DTO,
      'app/order-dto.ts': dtos(false),
      'app/orders.ts': orders(false).replace("'./dto.js'", "'./order-dto.js'"),
    });
    await fwgen();
    const first = await tsc();
    expect([first.exitCode, first.stdout]).toEqual([0, '']);

    // Each type changes in one way, the handlers follow, and fwgen is not run: tsc and the
    // run-time checks would otherwise pass, with the old validator dropping `color`.
    writeFiles(dir, {
      'app/order-dto.ts': dtos(true),
      'app/orders.ts': orders(true).replace("'./dto.js'", "'./order-dto.js'"),
    });
    const stale = await tsc();
    expect(stale.exitCode).not.toBe(0);
    const errors = errorsOf(stale.stdout);
    for (const error of errors) {
      expect(error.startsWith(`${out}(`)).toBe(true);
      expect(error).toMatch(
        /error TS2344: Type '"stale: .+ is not the type fwgen read; run fwgen"'/,
      );
    }
    const stales = errors.map((e) => /"stale: (.+) is not the type fwgen read/.exec(e)?.[1]);
    expect(stales.sort()).toEqual(
      [
        // A required property added to a body type and to its answer's type.
        'OrderController.place(body)',
        'the answer of OrderController.place',
        // An optional property added, a property removed, a property retyped.
        'OrderController.note(body)',
        'OrderController.cancel(body)',
        'OrderController.resize(body)',
        // A property of a named type inside the body, which has a line of its own.
        'OrderController.ship(body)',
        'Address',
        // A property added to an answer's type.
        'the answer of OrderController.status',
      ].sort(),
    );

    await fwgen();
    const fresh = await tsc();
    expect([fresh.exitCode, fresh.stdout]).toEqual([0, '']);
  });
});
