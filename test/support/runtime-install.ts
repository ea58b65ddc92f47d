/**
 * fw as an application installs it, from its TypeScript sources: `node_modules/fw` holding
 * `runtime/`, beside links to fw's dependencies (as package.json lists them, and those the build
 * bundles into `dist/`, which the sources import) and to `extra`
 * packages. Whatever else an app could have (a broker client, swagger-ui-dist) cannot be resolved
 * there, so a test sees what a missing optional package does.
 */
import { cpSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BUNDLED } from '../../scripts/bundled.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const require = createRequire(import.meta.url);

/**
 * Installs fw's runtime sources and its dependencies into `dir/node_modules`, but for those in
 * `omit` (so that an app there shows it never needs them).
 */
export function installRuntime(
  dir: string,
  extra: readonly string[] = [],
  omit: readonly string[] = [],
): void {
  const fw = join(dir, 'node_modules', 'fw');
  cpSync(join(ROOT, 'runtime'), join(fw, 'runtime'), { recursive: true });
  writeFileSync(join(fw, 'package.json'), '{"name":"fw","type":"module"}');
  const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  };
  const deps = [...Object.keys(manifest.dependencies), ...BUNDLED, ...extra].filter(
    (d) => !omit.includes(d),
  );
  for (const dep of deps) {
    const link = join(dir, 'node_modules', dep);
    mkdirSync(dirname(link), { recursive: true }); // a scope's folder, such as @fastify
    symlinkSync(dirname(require.resolve(`${dep}/package.json`)), link);
  }
}
