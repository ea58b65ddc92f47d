// An edit to a decorator without running fwgen again leaves bindings that tsc and tsx accept: the
// app then refuses to start (FW_ERR_STALE_BINDINGS) until fwgen runs. The real fwgen on a temp
// project, and the app run by tsx in a child process, in both decorator modes
// (test/runtime/app/stale-bindings.test.ts starts the regenerated ones in both).
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { execa } from 'execa';
import { afterEach, describe, expect, it } from 'vitest';
import { tempProject } from './support/project.js';
import { REPO, removeDir, writeFiles } from './support/temp.js';

const ORDERS = `import { Controller, Delete, EventConsumer, Get, OnEvent, OnMessage, Post, Put, WebSocketGateway } from 'fw';

@Controller('/orders')
export class OrderController {
  @Get('/:id')
  get(id: number): { id: number } {
    return { id };
  }

  @Post()
  place(): { placed: boolean } {
    return { placed: true };
  }
}

@EventConsumer({ broadcast: true })
export class OrderFeed {
  @OnEvent('order.placed')
  placed(): void {}
}

@WebSocketGateway('/ws/orders')
export class OrderSocket {
  @OnMessage()
  message(): void {}
}
`;

// Starts the app: prints `started` and the status of one request (or `emitted` after one
// event), or the code and message `createApp` threw.
const MAIN = `import { createApp, FwError } from 'fw';
import { bindings } from './app/bindings.js';

const [method, target] = process.argv.slice(2);
try {
  const app = createApp({ bindings });
  if (method === 'EVENT') {
    await app.emit(target, {});
    console.log('started emitted');
  } else {
    const res = await app.inject({ method, url: target });
    console.log('started', res.status);
  }
  await app.close();
} catch (err) {
  if (!(err instanceof FwError)) throw err;
  console.log(err.code + ': ' + err.message);
}
`;

const STALE =
  'FW_ERR_STALE_BINDINGS: The bindings are stale: the decorators say otherwise. Run fwgen again ' +
  'as you generated them (e.g. npx fwgen --src src --out src/bindings.ts) — ';

type Edit = [
  name: string,
  {
    from: string;
    to: string;
    /** The difference createApp names. */
    differences: string;
    /** What the app answers once fwgen ran again. */
    served: [method: string, target: string, answer: string];
  },
];

// Each edit applies to the source as the ones before it left it.
const EDITS: Edit[] = [
  [
    'a route renamed, its path and its key',
    {
      from: "@Get('/:id')\n  get(id: number): { id: number } {\n    return { id };",
      to: "@Get('/by-id/:orderId')\n  get(orderId: number): { id: number } {\n    return { id: orderId };",
      differences:
        'OrderController.get: bindings GET /orders/:id, decorator GET /orders/by-id/:orderId, which has no :id (app/orders.ts:5)',
      served: ['GET', '/orders/by-id/7', 'started 200'],
    },
  ],
  [
    'a route key renamed',
    {
      from: "@Get('/by-id/:orderId')\n  get(orderId: number): { id: number } {\n    return { id: orderId };",
      to: "@Get('/by-id/:ref')\n  get(ref: number): { id: number } {\n    return { id: ref };",
      differences:
        'OrderController.get: bindings GET /orders/by-id/:orderId, decorator GET /orders/by-id/:ref, which has no :orderId (app/orders.ts:5)',
      served: ['GET', '/orders/by-id/7', 'started 200'],
    },
  ],
  [
    'an HTTP method changed',
    {
      from: '@Post()',
      to: '@Put()',
      differences:
        'OrderController.place: bindings POST /orders, decorator PUT /orders (app/orders.ts:10)',
      served: ['PUT', '/orders', 'started 200'],
    },
  ],
  [
    'an event renamed',
    {
      from: "@OnEvent('order.placed')",
      to: "@OnEvent('order.created')",
      differences:
        'OrderFeed.placed: bindings event order.placed, decorator event order.created (app/orders.ts:18)',
      served: ['EVENT', 'order.created', 'started emitted'],
    },
  ],
  [
    'a gateway path changed',
    {
      from: "@WebSocketGateway('/ws/orders')",
      to: "@WebSocketGateway('/ws/feed')",
      differences:
        'OrderSocket.message: bindings WebSocket /ws/orders, decorator WebSocket /ws/feed (app/orders.ts:24)',
      served: ['PUT', '/orders', 'started 200'],
    },
  ],
  [
    'a handler added',
    {
      from: '  @Put()',
      to: "  @Delete('/:id')\n  remove(id: number): number {\n    return id;\n  }\n\n  @Put()",
      differences:
        'OrderController.remove: decorator DELETE /orders/:id, the bindings have no such handler (app/orders.ts:3)',
      served: ['DELETE', '/orders/3', 'started 200'],
    },
  ],
  [
    "a consumer's broadcast option changed",
    {
      from: '@EventConsumer({ broadcast: true })',
      to: "@EventConsumer({ group: 'audit' })",
      differences:
        "OrderFeed: bindings delivery { broadcast: true }, decorator delivery { group: 'audit' } (app/orders.ts:21)",
      served: ['EVENT', 'order.created', 'started emitted'],
    },
  ],
];

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) removeDir(dir);
});

describe('an app whose decorators changed after fwgen ran', { timeout: 300_000 }, () => {
  it('refuses to start under tsx, in both decorator modes, until fwgen runs again', async () => {
    const { dir, rel } = tempProject();
    dirs.push(dir);
    rmSync(join(dir, 'app/users.ts'));
    const app = `${rel}/app`;
    // tsc finds no inputs by `include: ['.']` in a folder whose name starts with a dot; tsx reads
    // the decorator mode from the tsconfig it is given.
    const tsconfig = { extends: '../../../tsconfig.json', include: ['app'] };
    const legacy = {
      extends: './tsconfig.json',
      compilerOptions: { experimentalDecorators: true },
    };
    writeFiles(dir, {
      'tsconfig.json': JSON.stringify(tsconfig),
      'app/orders.ts': ORDERS,
      'main.ts': MAIN,
      'tsconfig.legacy.json': JSON.stringify(legacy),
    });
    const fwgen = async () => {
      const flags = [
        '--src',
        app,
        '--out',
        `${app}/bindings.ts`,
        '--project',
        `${rel}/tsconfig.json`,
      ];
      const run = execa(
        'node',
        ['--conditions=source', '--import', 'tsx', 'cli/bin.ts', ...flags],
        { cwd: REPO, reject: false },
      );
      const { exitCode, stderr } = await run;
      expect([exitCode, stderr]).toEqual([0, '']);
    };
    const start = async (
      served: readonly string[],
      tsconfig = 'tsconfig.json',
    ): Promise<string> => {
      const run = execa(
        'node',
        ['--conditions=source', '--import', 'tsx', `${rel}/main.ts`, ...served.slice(0, 2)],
        { cwd: REPO, reject: false, env: { TSX_TSCONFIG_PATH: `${rel}/${tsconfig}` } },
      );
      const { exitCode, stdout, stderr } = await run;
      expect([exitCode, stderr]).toEqual([0, '']);
      return stdout;
    };

    await fwgen();
    expect(await start(['GET', '/orders/7'])).toBe('started 200');
    let source = ORDERS;
    for (const [name, edit] of EDITS) {
      expect(source, name).toContain(edit.from);
      source = source.replace(edit.from, edit.to);
      writeFileSync(join(dir, 'app/orders.ts'), source);
      const message = STALE + edit.differences;
      expect(await start(edit.served), name).toBe(message);
      expect(await start(edit.served, 'tsconfig.legacy.json'), name).toBe(message);

      await fwgen();
      expect(await start(edit.served), name).toBe(edit.served[2]);
    }
    expect(readFileSync(join(dir, 'app/bindings.ts'), 'utf8')).toContain("path: '/ws/feed'");
  });
});
