// The packages an app uses only for some features are imported when the feature is first used,
// not when fw is (runtime/http/lazy-ws-server.ts, multipart.ts, static/send-file.ts): a process
// that serves plain HTTP starts without loading them. Shown for real by running fw where ws,
// busboy and @fastify/send cannot be resolved: the app starts, listens and answers; a form is
// then the first thing that needs busboy.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { execa } from 'execa';
import { describe, expect, it, onTestFinished } from 'vitest';
import { installRuntime } from '../../support/runtime-install.js';

const require = createRequire(import.meta.url);

const MAIN = `import { BINDINGS_VERSION, createApp } from 'fw/runtime/index.ts';
class Users {}
const bindings = {
  version: BINDINGS_VERSION,
  controllers: [
    {
      type: Users,
      name: 'Users',
      interceptors: [],
      handlers: [
        { name: 'get', method: 'GET', path: '/users/:id', params: [], interceptors: [], invoke: () => ({ id: 1 }) },
        { name: 'upload', method: 'POST', path: '/users', params: [{ index: 0, name: 'files', type: 'fw/core#UploadedFiles', optional: false }], interceptors: [], invoke: () => ({ ok: true }) },
      ],
    },
  ],
};
const app = createApp({ bindings, health: { path: '/health' } });
const { port } = await app.listen({ port: 0, host: '127.0.0.1' });
const base = \`http://127.0.0.1:\${port}\`;
const user = await fetch(\`\${base}/users/1\`);
console.log('GET /users/1:', user.status, await user.text());
console.log('GET /health/live:', (await fetch(\`\${base}/health/live\`)).status);
const form = new FormData();
form.set('name', 'ada');
console.log('POST /users (a form):', (await fetch(\`\${base}/users\`, { method: 'POST', body: form })).status);
await app.close();
`;

describe('fw installed without ws, busboy and @fastify/send', () => {
  it('starts, listens and answers an app without gateways, forms or static files', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fw-lazy-packages-'));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    installRuntime(dir, [], ['ws', 'busboy', '@fastify/send']);
    writeFileSync(join(dir, 'main.mts'), MAIN);
    const tsx = pathToFileURL(require.resolve('tsx')).href;
    const run = await execa('node', ['--import', tsx, 'main.mts'], { cwd: dir, reject: false });

    expect(run.stderr).toBe('');
    const said = run.stdout.split('\n').filter((line) => !line.startsWith('{'));
    expect(said).toEqual([
      'GET /users/1: 200 {"id":1}',
      'GET /health/live: 200',
      // The first form needs busboy, which is missing here: a 500, logged, and fw still serves.
      'POST /users (a form): 500',
    ]);
    const logged = run.stdout.split('\n').filter((line) => line.startsWith('{'));
    expect(logged.some((line) => line.includes("Cannot find package 'busboy'"))).toBe(true);
  }, 30_000);
});
