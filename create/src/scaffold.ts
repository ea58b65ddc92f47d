/**
 * Writes the app: the template folder copied as it is, except its package.json (the app's name and
 * the specs of fw and fwgen), its README (the app's name) and `gitignore`, which npm would not pack
 * under its real name.
 */
import { cpSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { Request } from './args.js';

/** Files of the template folder that serve this repository only and are not copied. */
const REPOSITORY_ONLY = new Set(['tsconfig.repo.json']);

/** The template's package.json, as far as the scaffolder changes it. */
interface Manifest {
  name: string;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
}

/** Copies `template` into the request's folder (made if missing) and fills in the app's specifics. */
export function scaffold(template: string, request: Request): void {
  mkdirSync(request.target, { recursive: true });
  cpSync(template, request.target, {
    recursive: true,
    filter: (source) => !REPOSITORY_ONLY.has(basename(source)),
  });
  renameSync(join(request.target, 'gitignore'), join(request.target, '.gitignore'));

  const manifestPath = join(request.target, 'package.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
  manifest.name = request.name;
  manifest.dependencies['fw'] = request.fw;
  manifest.devDependencies['fwgen'] = request.fwgen;
  writeFileSync(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`);

  const readmePath = join(request.target, 'README.md');
  const readme = readFileSync(readmePath, 'utf8');
  writeFileSync(readmePath, readme.replaceAll('{{name}}', request.name));
}
