/**
 * Which package a file outside the project belongs to: an npm package under `node_modules`, or a
 * workspace package reached through a link there (TypeScript reads it at its real path). A type
 * declared in one is named by the package: `@acme/types/index#Order`.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

/** A package and where its files are. */
export interface PackageHome {
  readonly name: string;
  readonly dir: string;
}

const byDir = new Map<string, PackageHome | undefined>();

/** The package holding `file` (an absolute path with `/`), or undefined when none names it. */
export function packageOf(file: string): PackageHome | undefined {
  const parts = file.split('/');
  const at = parts.lastIndexOf('node_modules');
  if (at >= 0 && at + 1 < parts.length - 1) {
    const scoped = parts[at + 1]?.startsWith('@') === true && at + 2 < parts.length - 1;
    const end = scoped ? at + 3 : at + 2;
    return { name: parts.slice(at + 1, end).join('/'), dir: parts.slice(0, end).join('/') };
  }
  return nearestNamed(dirname(file));
}

/** The nearest `package.json` at or above `dir` that has a name. */
function nearestNamed(dir: string): PackageHome | undefined {
  if (byDir.has(dir)) return byDir.get(dir);
  let found: PackageHome | undefined;
  const manifest = join(dir, 'package.json');
  const name = existsSync(manifest) ? nameIn(manifest) : undefined;
  if (name !== undefined) found = { name, dir };
  else if (dirname(dir) !== dir) found = nearestNamed(dirname(dir));
  byDir.set(dir, found);
  return found;
}

function nameIn(manifest: string): string | undefined {
  try {
    const { name } = JSON.parse(readFileSync(manifest, 'utf8')) as { name?: unknown };
    return typeof name === 'string' && name !== '' ? name : undefined;
  } catch {
    return undefined;
  }
}

/** A module's id in its package: `@acme/types/index` for `…/@acme/types/index.d.ts`. */
export function packageModuleId(home: PackageHome, file: string): string {
  const path = relative(home.dir, file).split('\\').join('/');
  return `${home.name}/${path.replace(/(\.d)?\.[cm]?[jt]sx?$/, '')}`;
}
