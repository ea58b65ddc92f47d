/**
 * Global setup of the toolchain suite: packs `fw`, `fwgen` and `create-fw` from the built `dist/` folders (run
 * `npm run build` first; `npm run test:packages` does) into a temp folder outside the repository,
 * where every app of the run is made. `FW_KEEP_TOOLCHAINS=1` keeps that folder for a look after.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { execa } from 'execa';
import type { TestProject } from 'vitest/node';
import { REPO, removeDir, tempRoot } from './support.js';

export default async function setup(project: TestProject): Promise<() => void> {
  const root = tempRoot();
  const packs = join(root, 'packs');
  mkdirSync(packs);
  const pack = async (...workspace: string[]) => {
    const { stdout } = await execa('npm', ['pack', '--pack-destination', packs, ...workspace], {
      cwd: REPO,
    });
    return join(packs, stdout.trim().split('\n').at(-1) as string);
  };
  const fw = await pack();
  const fwgen = await pack('--workspace', 'cli');
  const create = await pack('--workspace', 'create');
  project.provide('tarballs', { fw, fwgen, create, root });
  return () => {
    if (process.env['FW_KEEP_TOOLCHAINS'] === '1') console.log(`toolchain apps kept in ${root}`);
    else removeDir(root);
  };
}
