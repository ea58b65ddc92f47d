/**
 * Where one fwgen run reads and writes: every path absolute, resolved once from the flags, and
 * how those paths are shown (relative to the working directory, with `/` separators).
 */
import { dirname, relative, resolve, sep } from 'node:path';
import type { AnalyzerOptions } from './analyzer.js';

/**
 * What fwgen can write beside the bindings: the API documents, the typed client (`--client`) and
 * the typed event publisher (`--client-events`).
 */
export type DocumentKind = 'openapi' | 'asyncapi' | 'client' | 'client-events';

/**
 * One file to write beside the bindings: which, and where (absolute; an API document `.json`,
 * `.yaml` or `.yml`, a client `.ts`).
 */
export interface DocumentOutput {
  readonly kind: DocumentKind;
  readonly path: string;
}

/** The resolved paths of a run; the analyzer's options plus the directory paths are shown from. */
export interface Project extends AnalyzerOptions {
  /** The working directory: relative flags resolve against it and printed paths are relative to it. */
  readonly cwd: string;
  /**
   * The files to write beside the bindings, in flag order (OpenAPI, AsyncAPI, client, event
   * publisher); none unless one of their flags is given.
   */
  readonly documents?: readonly DocumentOutput[];
  /** `--title`: the documents' `info.title`, instead of package.json's `name`. */
  readonly title?: string;
  /** `--api-version`: the documents' `info.version`, instead of package.json's `version`. */
  readonly apiVersion?: string;
  /** `--description`: the documents' `info.description`, instead of package.json's. */
  readonly description?: string;
}

/** The path flags as given on the command line. */
export interface PathFlags {
  readonly src: string;
  readonly out: string;
  /** @default 'tsconfig.json' */
  readonly project?: string;
  /** The OpenAPI 3.1 document to write. */
  readonly openapi?: string;
  /** The AsyncAPI 3.0 document to write. */
  readonly asyncapi?: string;
  /** The typed client module to write. */
  readonly client?: string;
  /** The typed event publisher module to write. */
  readonly clientEvents?: string;
  readonly title?: string;
  readonly apiVersion?: string;
  readonly description?: string;
}

/** Resolves the flags against `cwd`; the project root is the tsconfig's directory. */
export function resolveProject(flags: PathFlags, cwd: string): Project {
  const tsconfig = resolve(cwd, flags.project ?? 'tsconfig.json');
  const documents: DocumentOutput[] = [];
  if (flags.openapi !== undefined)
    documents.push({ kind: 'openapi', path: resolve(cwd, flags.openapi) });
  if (flags.asyncapi !== undefined) {
    documents.push({ kind: 'asyncapi', path: resolve(cwd, flags.asyncapi) });
  }
  if (flags.client !== undefined)
    documents.push({ kind: 'client', path: resolve(cwd, flags.client) });
  if (flags.clientEvents !== undefined) {
    documents.push({ kind: 'client-events', path: resolve(cwd, flags.clientEvents) });
  }
  return {
    cwd,
    root: dirname(tsconfig),
    tsconfig,
    src: resolve(cwd, flags.src),
    out: resolve(cwd, flags.out),
    ...(documents.length > 0 && { documents }),
    ...(flags.title !== undefined && { title: flags.title }),
    ...(flags.apiVersion !== undefined && { apiVersion: flags.apiVersion }),
    ...(flags.description !== undefined && { description: flags.description }),
  };
}

/** `path` (absolute) as printed: relative to the working directory, `/`-separated. */
export function display(project: Project, path: string): string {
  const rel = relative(project.cwd, path);
  return rel === '' ? '.' : rel.split(sep).join('/');
}

/** A model path (relative to the project root) as printed. */
export function displayModelPath(project: Project, file: string): string {
  return display(project, resolve(project.root, file));
}

/** The out file relative to the project root, as the emitter takes it. */
export function outFromRoot(project: Project): string {
  return relative(project.root, project.out).split(sep).join('/');
}
