/** Temporary folders: under the OS temp dir for fakes, inside the repository for the real `fw`. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root. */
export const REPO = join(dirname(fileURLToPath(import.meta.url)), '../../..');

/** A new empty folder; inside `test/cli/.tmp-*` (gitignored) when `inRepo`, so `fw` resolves. */
export function tempDir(inRepo = false): string {
  if (!inRepo) return mkdtempSync(join(tmpdir(), 'fwgen-'));
  return mkdtempSync(join(REPO, 'test/cli/.tmp-'));
}

/** Writes `files` (path → text) under `dir`, creating folders. */
export function writeFiles(dir: string, files: Record<string, string>): void {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
}

/** Removes `dir` and everything in it. */
export function removeDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}
