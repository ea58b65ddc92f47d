/**
 * The generator's only writes: a file is replaced atomically (a temporary file in the same folder,
 * then a rename) and only when its content differs, so an unchanged file keeps its mtime and a
 * watcher (a dev server, fwgen --watch itself) sees no event.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/** The file's text, or `undefined` when it does not exist. */
export async function readIfExists(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
}

/** Whether `path` names a temporary file that {@link writeIfChanged} creates for `target`. */
export function isTempFileOf(target: string, path: string): boolean {
  const prefix = join(dirname(target), `.${basename(target)}.`);
  return path.startsWith(prefix) && path.endsWith('.tmp');
}

/**
 * Writes `content` to `path` unless the file already holds exactly it, creating the folder if
 * needed. Returns whether it wrote.
 */
export async function writeIfChanged(path: string, content: string): Promise<boolean> {
  if ((await readIfExists(path)) === content) return false;
  const dir = dirname(path);
  await mkdir(dir, { recursive: true });
  const temp = join(dir, `.${basename(path)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  try {
    await writeFile(temp, content);
    await rename(temp, path);
  } catch (err) {
    await rm(temp, { force: true });
    throw err;
  }
  return true;
}
