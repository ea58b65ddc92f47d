// Every way users build an fw app, each from the packed tarballs in a fresh app outside the
// repository: tsc (strict, skipLibCheck: false) then node; tsx; an esbuild bundle run by node on its
// own; Vitest with app.inject. Each generates its bindings with the installed fwgen and serves real
// requests; the failing one is logged once, as a JSON line with its method, path, status, request
// id and duration. Then the production install: fw alone, measured against its budget.
import { cpSync, existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type FreshApp, freshApp, jsonLines, lockedVersion, serve, tarballs } from './support.js';

/**
 * The budget of a production install (`npm install --omit=dev`) of an app that uses only the
 * runtime, in bytes of files: fw and everything it pulls in. 1.7 MB when it was set (2026-11-25),
 * against 23.6 MB when fw shipped the generator inside the runtime package.
 */
const PRODUCTION_BUDGET_BYTES = 3_000_000;

const ESBUILD_BANNER =
  "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);";

const tools = (...names: string[]) => names.map((name) => `${name}@${lockedVersion(name)}`);

/** Installs fw and fwgen from the tarballs, with `devTools` at the repository's versions. */
async function appWith(name: string, devTools: readonly string[]): Promise<FreshApp> {
  const app = freshApp(name);
  await app.install([tarballs().fw], [tarballs().fwgen, ...tools(...devTools)]);
  return app;
}

/** Runs the installed fwgen on the app's sources: it writes the bindings, then finds them current. */
async function generate(app: FreshApp): Promise<void> {
  const write = await app.run('npx', ['fwgen', '--src', 'src', '--out', 'src/bindings.ts']);
  expect([write.exitCode, write.stdout]).toEqual([
    0,
    'fwgen: wrote src/bindings.ts (1 controller, 3 handlers)',
  ]);
  const check = await app.run('npx', [
    'fwgen',
    '--src',
    'src',
    '--out',
    'src/bindings.ts',
    '--check',
  ]);
  expect([check.exitCode, check.stdout]).toEqual([0, 'fwgen: src/bindings.ts is up to date']);
}

/**
 * Asks a served app for a note, creates one, and makes one request fail; answers the JSON log line
 * of the failure, which must be there once.
 */
async function exercise(
  app: FreshApp,
  command: string,
  args: readonly string[],
  requestId: string,
): Promise<Record<string, unknown>> {
  const server = await serve(app, command, args);
  const base = `http://127.0.0.1:${server.port}`;
  let output: string;
  try {
    const read = await fetch(`${base}/notes/1`);
    expect([read.status, await read.json()]).toEqual([200, { id: 1, text: 'hello' }]);
    const created = await fetch(`${base}/notes`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'buy milk' }),
    });
    expect([created.status, await created.json()]).toEqual([201, { id: 2, text: 'buy milk' }]);
    const failed = await fetch(`${base}/notes/failing/now`, {
      headers: { 'x-request-id': requestId },
    });
    expect(failed.status).toBe(500);
    expect(failed.headers.get('x-request-id')).toBe(requestId);
    expect(await failed.json()).toMatchObject({ status: 500, detail: 'Internal Server Error' });
  } finally {
    output = await server.stop();
  }
  const failures = jsonLines(output).filter((line) => line['requestId'] === requestId);
  expect(failures).toHaveLength(1);
  const line = failures[0] as Record<string, unknown>;
  expect(line).toMatchObject({
    level: 50,
    method: 'GET',
    path: '/notes/failing/now',
    status: 500,
    requestId,
    err: { message: 'the database is down' },
  });
  expect(line['durationMs']).toEqual(expect.any(Number));
  console.log(`${basename(command)} ${args.join(' ')}: ${JSON.stringify(line)}`);
  return line;
}

function bytesUnder(dir: string): number {
  return readdirSync(dir).reduce((sum, entry) => {
    const path = join(dir, entry);
    const stat = statSync(path);
    return sum + (stat.isDirectory() ? bytesUnder(path) : stat.size);
  }, 0);
}

describe('toolchains, from the packed tarballs', () => {
  it('tsc (strict, skipLibCheck: false) compiles the app, and node serves it', async () => {
    const app = await appWith('tsc', ['typescript', '@types/node']);
    await generate(app);
    const tsc = await app.run('npx', ['tsc', '-p', 'tsconfig.json']);
    expect([tsc.exitCode, tsc.stdout]).toEqual([0, '']);
    await exercise(app, 'node', ['dist/main.js'], 'toolchain-tsc-1');
  });

  // The broker clients are optional peers: an app imports a transport before it installs one, and
  // its tsc must not fail on fw's declarations naming the client's types.
  it('tsc (skipLibCheck: false) compiles an app importing both transports, with no broker client installed', async () => {
    const app = await appWith('transports', ['typescript', '@types/node']);
    for (const name of ['amqplib', '@nats-io/jetstream', '@nats-io/transport-node', 'redis']) {
      expect(existsSync(join(app.dir, 'node_modules', name)), name).toBe(false);
    }
    writeFileSync(
      join(app.dir, 'brokers.ts'),
      [
        "import { createApp, type Bindings } from 'fw';",
        "import { rabbitmqTransport, type RabbitMqTransportOptions } from 'fw/transport/rabbitmq';",
        "import { natsTransport, type NatsTransportOptions } from 'fw/transport/nats';",
        "const rabbit: RabbitMqTransportOptions = { url: 'amqp://127.0.0.1:5672', group: 'notes' };",
        "const nats: NatsTransportOptions = { url: 'nats://127.0.0.1:4222', group: 'notes' };",
        'export const apps = (bindings: Bindings) => [',
        '  createApp({ bindings, transport: rabbitmqTransport(rabbit) }),',
        '  createApp({ bindings, transport: natsTransport(nats) }),',
        '];',
        '',
      ].join('\n'),
    );
    const compilerOptions = {
      target: 'ES2022',
      module: 'NodeNext',
      moduleResolution: 'NodeNext',
      types: ['node'],
      strict: true,
      skipLibCheck: false,
      noEmit: true,
    };
    const config = { compilerOptions, files: ['brokers.ts'] };
    writeFileSync(join(app.dir, 'tsconfig.brokers.json'), JSON.stringify(config));
    const tsc = await app.run('npx', ['tsc', '-p', 'tsconfig.brokers.json']);
    expect([tsc.exitCode, tsc.stdout]).toEqual([0, '']);
  });

  it('tsx runs the app from its sources; a bare decorator is refused by fwgen and inert at run time', async () => {
    const app = await appWith('tsx', ['tsx']);
    await generate(app);
    await exercise(app, join(app.dir, 'node_modules/.bin/tsx'), ['src/main.ts'], 'toolchain-tsx-1');

    const bare = await app.run('npx', ['fwgen', '--src', 'bare', '--out', 'bare/bindings.ts']);
    expect(bare.exitCode).toBe(2);
    expect(bare.stderr).toMatch(/^bare\/notes\.ts:5:1 - error FW01\d\d: .*call it/m);
    expect(bare.stderr).toMatch(/^bare\/notes\.ts:7:3 - error FW01\d\d: .*call it: `@Get\(\)`/m);
    const run = await app.run(join(app.dir, 'node_modules/.bin/tsx'), ['bare/run.ts']);
    expect([run.exitCode, run.stdout]).toEqual([0, '["still a method"]']);
  });

  it('esbuild bundles the app into one file that node runs with no node_modules beside it', async () => {
    const app = await appWith('esbuild', ['esbuild']);
    await generate(app);
    const bundle = await app.run('npx', [
      'esbuild',
      'src/main.ts',
      '--bundle',
      '--platform=node',
      '--format=esm',
      '--target=node20',
      `--banner:js=${ESBUILD_BANNER}`,
      '--outfile=dist/main.mjs',
    ]);
    expect(bundle.exitCode, bundle.stderr).toBe(0);
    const deployed = join(tarballs().root, 'esbuild-deployed');
    mkdirSync(deployed);
    cpSync(join(app.dir, 'dist/main.mjs'), join(deployed, 'main.mjs'));
    const alone = { ...app, dir: deployed };
    await exercise(alone, 'node', ['main.mjs'], 'toolchain-esbuild-1');
  });

  it('Vitest runs a test of the app through app.inject, and the failure is logged there too', async () => {
    const app = await appWith('vitest', ['vitest']);
    await generate(app);
    const vitest = await app.run('npx', ['vitest', 'run']);
    expect(vitest.exitCode, `${vitest.stdout}\n${vitest.stderr}`).toBe(0);
    expect(vitest.stdout).toMatch(/Tests\s+1 passed/);
    const failures = jsonLines(`${vitest.stdout}\n${vitest.stderr}`).filter(
      (line) => line['status'] === 500,
    );
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatchObject({
      level: 50,
      method: 'GET',
      path: '/notes/failing/now',
      err: { message: 'the database is down' },
    });
    expect(failures[0]?.['requestId']).toEqual(expect.any(String));
    console.log(`vitest run: ${JSON.stringify(failures[0])}`);
  });

  it('a production install of an app on the runtime alone stays within its budget and serves', async () => {
    const app = freshApp('production');
    await app.install([tarballs().fw], [], ['--omit=dev']);
    const modules = join(app.dir, 'node_modules');
    const installed = readdirSync(modules).filter((name) => !name.startsWith('.'));
    expect(installed).not.toEqual(expect.arrayContaining(['ts-morph']));
    expect(installed).not.toContain('typescript');
    expect(installed).not.toContain('handlebars');
    const bytes = bytesUnder(modules);
    console.log(`production install: ${bytes} bytes in ${installed.length} packages`);
    expect(bytes).toBeLessThan(PRODUCTION_BUDGET_BYTES);

    // The app the tsc test built runs from this install: nothing else is needed in production.
    const built = join(tarballs().root, 'tsc', 'dist');
    cpSync(built, join(app.dir, 'dist'), { recursive: true });
    await exercise(app, 'node', ['dist/main.js'], 'toolchain-production-1');
  });
});
