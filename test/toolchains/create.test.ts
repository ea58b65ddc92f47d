// `npm create fw@latest my-app` as a new user types it, from the packed create-fw tarball, with
// the app's fw and fwgen pointed at the packed tarballs: the app it writes installs, passes its own
// `npm test` (fwgen --check, tsc --noEmit, Vitest) and answers over HTTP once `npm start` built it.
// Each step's time is printed, the figures docs/deploy.md gives.
import { createServer } from 'node:net';
import { join } from 'node:path';
import { execa } from 'execa';
import { expect, it } from 'vitest';
import { appAt, serve, tarballs } from './support.js';

/** A port free on 127.0.0.1 right now, for the app's `PORT`. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** Runs `step`, prints how long it took, and answers its result. */
async function timed<T>(label: string, step: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await step();
  console.log(`${label}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return result;
}

it('npm create fw writes an app whose npm test passes and whose npm start serves', async () => {
  const { fw, fwgen, create, root } = tarballs();
  const created = await timed('npm create fw@latest my-app', () =>
    execa(
      'npm',
      [
        'exec',
        '--yes',
        `--package=${create}`,
        '--',
        'create-fw',
        'my-app',
        '--fw',
        `file:${fw}`,
        '--fwgen',
        `file:${fwgen}`,
      ],
      { cwd: root, reject: false, env: { NO_COLOR: '1' } },
    ),
  );
  expect(created.exitCode, String(created.stderr)).toBe(0);
  expect(created.stdout).toMatch(/^create-fw: created my-app in my-app /);

  const app = appAt(join(root, 'my-app'));
  const install = await timed('npm install', () =>
    app.run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline']),
  );
  expect(install.exitCode, install.stderr).toBe(0);

  const test = await timed('npm test', () => app.run('npm', ['test']));
  expect(test.exitCode, `${test.stdout}\n${test.stderr}`).toBe(0);
  expect(test.stdout).toContain('fwgen: src/bindings.ts is up to date');
  expect(test.stdout).toMatch(/Tests\s+3 passed/);

  const port = await freePort();
  const server = await timed('npm start (until it listens)', () =>
    serve(app, 'npm', ['start'], { env: { PORT: String(port) }, group: true }),
  );
  try {
    expect(server.port).toBe(port);
    const base = `http://127.0.0.1:${port}`;
    const list = await fetch(`${base}/notes`);
    expect([list.status, await list.json()]).toEqual([200, [{ id: 1, text: 'hello' }]]);
    const posted = await fetch(`${base}/notes`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'buy milk' }),
    });
    expect([posted.status, await posted.json()]).toEqual([201, { id: 2, text: 'buy milk' }]);
    expect(posted.headers.get('location')).toBe('/notes/2');
  } finally {
    await server.stop();
  }
}, 400_000);
