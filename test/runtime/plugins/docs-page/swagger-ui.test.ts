// Swagger UI's files come from the optional package swagger-ui-dist (runtime/docs/swagger-ui.ts),
// looked up only when createApp is given `docs`: without the package, an app without docs starts
// and one with docs fails createApp with FW_ERR_PACKAGE_MISSING. The package is hidden for real,
// by resolving from (or running fw in) a directory where it is not installed.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { execa } from 'execa';
import { FwError } from 'fw';
import { describe, expect, it, onTestFinished } from 'vitest';
import { swaggerUiFiles } from '../../../../runtime/plugins/docs-page/swagger-ui.js';
import { installRuntime } from '../../../support/runtime-install.js';

const require = createRequire(import.meta.url);

/** A directory outside the repository, so that no node_modules above it holds swagger-ui-dist. */
function scratch(): string {
  const dir = mkdtempSync(join(tmpdir(), 'fw-swagger-ui-'));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** Node's own resolution, from a module in `dir`. */
const resolverIn = (dir: string) => createRequire(join(dir, 'app.js')).resolve;

const MISSING = (reason: string) =>
  new FwError('FW_ERR_PACKAGE_MISSING', {
    feature: 'createApp({ docs })',
    package: 'swagger-ui-dist',
    reason,
  });

describe('the files of swagger-ui-dist', () => {
  it('are read from the installed package, the four served and no other', () => {
    const files = swaggerUiFiles();
    expect([...files.keys()].sort()).toEqual([
      'favicon-16x16.png',
      'favicon-32x32.png',
      'swagger-ui-bundle.js',
      'swagger-ui.css',
    ]);
    expect(swaggerUiFiles()).toBe(files);
  });

  it('FW_ERR_PACKAGE_MISSING when the package cannot be resolved', () => {
    const dir = scratch();
    expect(() => swaggerUiFiles(resolverIn(dir))).toThrow(
      MISSING('is not installed (swagger-ui-dist/package.json cannot be resolved)'),
    );
  });

  it('FW_ERR_PACKAGE_MISSING naming the file an incomplete install lacks', () => {
    const dir = scratch();
    const pkg = join(dir, 'node_modules', 'swagger-ui-dist');
    mkdirSync(pkg, { recursive: true });
    writeFileSync(join(pkg, 'package.json'), '{"name":"swagger-ui-dist","version":"5.0.0"}');
    expect(() => swaggerUiFiles(resolverIn(dir))).toThrow(
      MISSING(`has no swagger-ui-bundle.js in ${pkg} (an incomplete install)`),
    );
  });
});

describe('fw installed without swagger-ui-dist', () => {
  it('starts an app without docs, and fails createApp({ docs }) with FW_ERR_PACKAGE_MISSING', async () => {
    // fw's runtime sources beside its dependencies, where no swagger-ui-dist can be found.
    const dir = scratch();
    installRuntime(dir);
    writeFileSync(
      join(dir, 'main.mts'),
      `import { BINDINGS_VERSION, createApp } from 'fw/runtime/index.ts';
const bindings = { version: BINDINGS_VERSION, controllers: [] };
const app = createApp({ bindings });
const { port } = await app.listen({ port: 0, host: '127.0.0.1' });
console.log('without docs:', (await fetch(\`http://127.0.0.1:\${port}/docs\`)).status);
await app.close();
try {
  createApp({ bindings, docs: { path: '/docs', openapi: { openapi: '3.1.0' } } });
} catch (err) {
  console.log(\`with docs: \${err.code}: \${err.message}\`);
}
`,
    );
    const tsx = pathToFileURL(require.resolve('tsx')).href;
    const run = await execa('node', ['--import', tsx, 'main.mts'], { cwd: dir, reject: false });

    expect(run.stderr).toBe('');
    // The app's own log lines are JSON; the script's lines are not.
    const said = run.stdout.split('\n').filter((line) => !line.startsWith('{'));
    expect(said.join('\n')).toBe(
      'without docs: 404\n' +
        `with docs: FW_ERR_PACKAGE_MISSING: ${MISSING('is not installed (swagger-ui-dist/package.json cannot be resolved)').message}`,
    );
  }, 30_000);
});
