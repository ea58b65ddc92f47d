// The broker client libraries are optional peers of fw (runtime/transport/shared/optional-package.ts):
// without one, importing the transport still works, and `start()` fails with FW_ERR_PACKAGE_MISSING
// naming the package to install, not Node's ERR_MODULE_NOT_FOUND. The packages are hidden for
// real: fw's runtime sources run from a directory where they cannot be resolved.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { execa } from 'execa';
import { FwError } from 'fw';
import { expect, it, onTestFinished } from 'vitest';
import { importOptional } from '../../runtime/transport/shared/optional-package.js';
import { installRuntime } from '../support/runtime-install.js';

const require = createRequire(import.meta.url);

/** fw's runtime sources beside its dependencies and `extra` packages, outside the repository. */
function installWithout(extra: readonly string[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'fw-broker-client-'));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  installRuntime(dir, extra);
  return dir;
}

/** Starts an app on each transport; prints `<name>: <code>: <message>` for each failure. */
const SCRIPT = `import { BINDINGS_VERSION, createApp } from 'fw/runtime/index.ts';
import { natsTransport } from 'fw/runtime/entries/nats.ts';
import { rabbitmqTransport } from 'fw/runtime/entries/rabbitmq.ts';
const bindings = { version: BINDINGS_VERSION, controllers: [] };
const logger = { error() {}, warn() {}, info() {} };
const transports = {
  rabbitmq: rabbitmqTransport({ url: 'amqp://guest:guest@127.0.0.1:5672', group: 'fw-missing' }),
  nats: natsTransport({ url: 'nats://127.0.0.1:4222', group: 'fw-missing' }),
};
for (const [name, transport] of Object.entries(transports)) {
  const app = createApp({ bindings, transport, logger });
  try {
    await app.start();
    console.log(\`\${name}: started\`);
  } catch (err) {
    console.log(\`\${name}: \${err.code}: \${err.message}\`);
  }
  await app.close();
}
`;

async function run(dir: string): Promise<string> {
  writeFileSync(join(dir, 'main.mts'), SCRIPT);
  const tsx = pathToFileURL(require.resolve('tsx')).href;
  const ran = await execa('node', ['--import', tsx, 'main.mts'], { cwd: dir, reject: false });
  expect(ran.stderr).toBe('');
  return ran.stdout;
}

const missing = (feature: string, pkg: string) => {
  const { code, message } = new FwError('FW_ERR_PACKAGE_MISSING', {
    feature,
    package: pkg,
    reason: 'is not installed',
  });
  return `${code}: ${message}`;
};

it('names amqplib and @nats-io/transport-node when neither library is installed', async () => {
  const said = await run(installWithout([]));
  expect(said).toBe(
    `rabbitmq: ${missing('rabbitmqTransport()', 'amqplib')}\n` +
      `nats: ${missing('natsTransport()', '@nats-io/transport-node')}`,
  );
}, 30_000);

it('names @nats-io/jetstream when only it is missing', async () => {
  const said = await run(installWithout(['@nats-io/transport-node']));
  expect(said.split('\n')[1]).toBe(`nats: ${missing('natsTransport()', '@nats-io/jetstream')}`);
}, 30_000);

it('rejects as it is a failure other than the package itself missing', async () => {
  const inner = Object.assign(new Error("Cannot find package 'buffer-more-ints' imported from x"), {
    code: 'ERR_MODULE_NOT_FOUND',
  });
  await expect(
    importOptional('rabbitmqTransport()', 'amqplib', () => Promise.reject(inner)),
  ).rejects.toBe(inner);
});
