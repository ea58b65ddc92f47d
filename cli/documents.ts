/**
 * The files a run writes beside the bindings, rendered from the same model: the API documents
 * (`--openapi`, `--asyncapi`, see `cli/api-documents/`), whose `info` is read from the nearest
 * package.json of the project root unless `--title`/`--api-version`/`--description` say
 * otherwise, and the typed client and event publisher (`--client`, `--client-events`, see
 * `cli/client/` and `cli/client-events/`).
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { asyncApiDocument } from './api-documents/asyncapi.js';
import { documentFormat, formatDocument } from './api-documents/format.js';
import { openApiDocument } from './api-documents/openapi.js';
import type { DocumentInfo } from './api-documents/shared.js';
import { renderClient } from './client/render.js';
import { renderClientEvents } from './client-events/render.js';
import { type AppModel, assertNever } from './ir.js';
import { type DocumentOutput, display, type Project } from './project.js';

/** One rendered document: where it goes and its text. */
export interface RenderedDocument {
  readonly path: string;
  readonly content: string;
}

/**
 * Throws, naming the flag, when a document's file has no known extension or is another output's
 * file, before anything is analysed.
 */
export function checkDocumentPaths(project: Project): void {
  const seen = new Map<string, string>([[project.out, '--out']]);
  for (const { kind, path } of project.documents ?? []) {
    const flag = `--${kind}`;
    if (kind === 'client' || kind === 'client-events') {
      if (!/\.[cm]?ts$/.test(path) || path.endsWith('.d.ts')) {
        throw new Error(
          `${flag} ${display(project, path)}: name the module .ts (it is TypeScript)`,
        );
      }
    } else {
      try {
        documentFormat(path);
      } catch {
        throw new Error(
          `${flag} ${display(project, path)}: name the file .json, .yaml or .yml (the format follows the extension)`,
        );
      }
    }
    const other = seen.get(path);
    if (other !== undefined) {
      throw new Error(`${flag} ${display(project, path)} is also the file of ${other}`);
    }
    seen.set(path, flag);
  }
}

/**
 * Every file the project asks for beside the bindings, rendered from `model`; the documents'
 * `info` is read only when an API document is asked for.
 */
export function renderDocuments(project: Project, model: AppModel): RenderedDocument[] {
  const outputs = project.documents ?? [];
  let info: DocumentInfo | undefined;
  const infoOnce = (): DocumentInfo => {
    info ??= documentInfo(project);
    return info;
  };
  return outputs.map((output) => ({
    path: output.path,
    content: contentOf(output, model, infoOnce),
  }));
}

function contentOf(output: DocumentOutput, model: AppModel, info: () => DocumentInfo): string {
  switch (output.kind) {
    case 'openapi':
      return formatDocument(openApiDocument(model, info()), output.path);
    case 'asyncapi':
      return formatDocument(asyncApiDocument(model, info()), output.path);
    case 'client':
      return renderClient(model);
    case 'client-events':
      return renderClientEvents(model);
    default:
      return assertNever(output.kind);
  }
}

/** The fields of package.json a document's `info` is read from. */
interface PackageInfo {
  readonly name?: unknown;
  readonly version?: unknown;
  readonly description?: unknown;
}

/**
 * The documents' `info`: `--title`, `--api-version` and `--description` when given, else `name`,
 * `version` and `description` of the nearest package.json at or above the project root. Throws naming the file
 * and the flag to pass when a title or version is found nowhere.
 */
export function documentInfo(project: Project): DocumentInfo {
  const found = nearestPackage(project.root);
  const pkg: PackageInfo = found?.json ?? {};
  const missing = (field: string, flag: string): Error =>
    new Error(
      `The API documents need a ${field === 'name' ? 'title' : 'version'}: ${
        found === undefined
          ? `there is no package.json at or above ${display(project, project.root)}`
          : `${display(project, found.path)} has no "${field}"`
      }; pass ${flag}`,
    );
  const title = project.title ?? text(pkg.name);
  if (title === undefined) throw missing('name', '--title');
  const version = project.apiVersion ?? text(pkg.version);
  if (version === undefined) throw missing('version', '--api-version');
  const description = project.description ?? text(pkg.description);
  return { title, version, ...(description !== undefined && { description }) };
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/** The first package.json from `dir` up to the file system's root, parsed. */
function nearestPackage(dir: string): { path: string; json: PackageInfo } | undefined {
  for (let at = dir; ; at = dirname(at)) {
    const path = join(at, 'package.json');
    let source: string | undefined;
    try {
      source = readFileSync(path, 'utf8');
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT' && code !== 'ENOTDIR') throw err;
    }
    if (source !== undefined) {
      try {
        const json: unknown = JSON.parse(source);
        return { path, json: typeof json === 'object' && json !== null ? json : {} };
      } catch (err) {
        throw new Error(
          `Cannot read ${path} for the API documents' info: ${(err as Error).message}`,
        );
      }
    }
    if (dirname(at) === at) return undefined;
  }
}
