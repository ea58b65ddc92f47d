// Every way users build an fw app, each from the packed tarballs in a fresh app outside the
// repository: tsc (strict, skipLibCheck: false; TypeScript 6 and 7) then node; tsx; an esbuild
// bundle run by node on its own; Vitest with app.inject; a stack through fw's source maps. Each generates its bindings with the
// installed fwgen and serves real requests; the failing one is logged once, as a JSON line with its
// method, path, status, request id and duration. Then the production install: fw alone, measured
// against its budget.
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { appWith, exercise, generate, tools } from './exercise.js';
import { freshApp, jsonLines, REPO, tarballs } from './support.js';

/**
 * The budget of a production install (`npm install --omit=dev`) of an app that uses only the
 * runtime, in bytes of files: fw and everything it pulls in. 1.7 MB when it was set (2026-11-25),
 * against 23.6 MB when fw shipped the generator inside the runtime package.
 */
const PRODUCTION_BUDGET_BYTES = 3_000_000;

/**
 * The TypeScript `npm install typescript` gives a new user: 7, the native port, whose `tsc` is a Go
 * binary. The repository itself builds with 6 (fwgen reads sources through ts-morph, which brings
 * its own compiler), so this one version is pinned here rather than taken from the lockfile.
 */
const TYPESCRIPT_7 = '7.0.2';

const ESBUILD_BANNER =
  "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);";

function bytesUnder(dir: string): number {
  return readdirSync(dir).reduce((sum, entry) => {
    const path = join(dir, entry);
    const stat = statSync(path);
    return sum + (stat.isDirectory() ? bytesUnder(path) : stat.size);
  }, 0);
}

describe('toolchains, from the packed tarballs', () => {
  it('tsc (strict, skipLibCheck: false) compiles the app, and node serves it', async () => {
    const app = await appWith('tsc', tools('typescript', '@types/node'));
    await generate(app);
    const tsc = await app.run('npx', ['tsc', '-p', 'tsconfig.json']);
    expect([tsc.exitCode, tsc.stdout]).toEqual([0, '']);
    await exercise(app, 'node', ['dist/main.js'], 'toolchain-tsc-1');
  });

  it("TypeScript 7's tsc (strict, skipLibCheck: false) compiles the app, and node serves it", async () => {
    const app = await appWith('typescript-7', [
      `typescript@${TYPESCRIPT_7}`,
      ...tools('@types/node'),
    ]);
    await generate(app);
    const version = await app.run('npx', ['tsc', '--version']);
    expect(version.stdout).toBe(`Version ${TYPESCRIPT_7}`);
    const tsc = await app.run('npx', ['tsc', '-p', 'tsconfig.json']);
    expect([tsc.exitCode, tsc.stdout]).toEqual([0, '']);
    await exercise(app, 'node', ['dist/main.js'], 'toolchain-typescript-7-1');
  });

  // The broker clients are optional peers: an app imports a transport before it installs one, and
  // its tsc must not fail on fw's declarations naming the client's types.
  it('tsc (skipLibCheck: false) compiles an app importing both transports, with no broker client installed', async () => {
    const app = await appWith('transports', tools('typescript', '@types/node'));
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
    const app = await appWith('tsx', tools('tsx'));
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
    const app = await appWith('esbuild', tools('esbuild'));
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

  // fw ships bundled (scripts/bundle.ts) with source maps that carry their sources: a stack read
  // with --enable-source-maps names fw's TypeScript file and the line of the throw.
  it("an error thrown inside fw names fw's source file and line under --enable-source-maps", async () => {
    const app = freshApp('source-maps');
    await app.install([tarballs().fw]);
    writeFileSync(
      join(app.dir, 'stack.mjs'),
      [
        "import { createApp } from 'fw';",
        'try {',
        '  createApp({ bindings: {} });',
        '} catch (error) {',
        '  console.log(error.stack);',
        '}',
        '',
      ].join('\n'),
    );
    const mapped = await app.run('node', ['--enable-source-maps', 'stack.mjs']);
    expect(mapped.exitCode, mapped.stderr).toBe(0);
    expect(mapped.stdout).toMatch(/^FwError: The bindings have format version undefined/);
    const frame = /\n\s+at \S+ \((.*)\/node_modules\/fw\/(runtime\/[\w/.-]+\.ts):(\d+):\d+\)/.exec(
      mapped.stdout,
    );
    expect(frame, mapped.stdout).not.toBeNull();
    const [, root, file, line] = frame as unknown as [string, string, string, string];
    expect(root).toBe(app.dir);
    const source = readFileSync(join(REPO, file), 'utf8').split('\n');
    expect(source[Number(line) - 1]).toContain("new FwError('FW_ERR_BINDINGS_VERSION'");
    // Without the flag the same frame is in the shipped JavaScript.
    const plain = await app.run('node', ['stack.mjs']);
    expect(plain.stdout).toMatch(/\n\s+at \S+ \(file:\/\/.*\/node_modules\/fw\/dist\/runtime\//);
    console.log(`--enable-source-maps: ${mapped.stdout.split('\n').slice(0, 3).join(' | ')}`);
  });

  it('Vitest runs a test of the app through app.inject, and the failure is logged there too', async () => {
    const app = await appWith('vitest', tools('vitest'));
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
