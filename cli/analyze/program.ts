/**
 * The TypeScript program fwgen analyses, built on the compiler API directly: the roots are the
 * sources under src and the probe, and module resolution brings in what they import (fw's
 * declarations, the application's other files, the packages they use), never every file the
 * tsconfig includes. Parsed files are kept between programs, so after a change (watch mode) only
 * the changed files are parsed again and TypeScript reuses the rest of the old program.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { getLibFiles, libFolderInMemoryPath } from '@ts-morph/common';
import { ts } from 'ts-morph';
import { isWithin, type SourceRoots } from './project-files.js';

/** The bundled TypeScript's `lib.*.d.ts`, served from memory (the package ships no lib folder). */
const LIB_FILES: ReadonlyMap<string, string> = new Map(
  getLibFiles().map((lib) => [join(libFolderInMemoryPath, lib.fileName), lib.text]),
);

/**
 * Declarations whose doc comments fwgen never reads: TypeScript's libs and `@types/*`.
 * @types/node is mostly doc comments; leaving them unparsed takes a fifth off the parse.
 */
function skipsDocs(file: string): boolean {
  return file.startsWith(libFolderInMemoryPath) || file.includes('/node_modules/@types/');
}

/** A program over a fixed tsconfig whose root files and file contents change between runs. */
export class ProgramHost implements SourceRoots {
  readonly #options: ts.CompilerOptions;
  readonly #host: ts.CompilerHost;
  readonly #roots = new Set<string>();
  /** Files held in memory instead of on disk (the probe). */
  readonly #memory = new Map<string, string>();
  /** Parsed files by absolute path, reused until the path changes. */
  readonly #parsed = new Map<string, ts.SourceFile>();
  /** The program over the current files; undefined after a change until asked for again. */
  #program: ts.Program | undefined;
  /** The last program built, which the next one reuses. */
  #last: ts.Program | undefined;

  /** Reads the tsconfig's compiler options; throws when it cannot be read. */
  constructor(tsconfig: string) {
    if (!existsSync(tsconfig)) throw new Error(`File not found: ${tsconfig}`);
    let unreadable: string | undefined;
    const parsed = ts.getParsedCommandLineOfConfigFile(tsconfig, undefined, {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        unreadable = ts.flattenDiagnosticMessageText(d.messageText, ' ');
      },
    });
    if (parsed === undefined || unreadable !== undefined) {
      throw new Error(unreadable ?? `cannot read ${tsconfig}`);
    }
    this.#options = parsed.options;
    this.#host = this.#createHost(parsed.options);
  }

  /** The program over the current roots and files. */
  program(): ts.Program {
    if (this.#program !== undefined) return this.#program;
    this.#program = ts.createProgram({
      rootNames: [...this.#roots].sort(),
      options: this.#options,
      host: this.#host,
      ...(this.#last === undefined ? {} : { oldProgram: this.#last }),
    });
    this.#last = this.#program;
    return this.#program;
  }

  /** Whether `file` is a root or a file the last program loaded. */
  has(file: string): boolean {
    return this.#roots.has(file) || this.#parsed.has(file) || this.#memory.has(file);
  }

  /** Adds a root file read from disk. */
  addRoot(file: string): void {
    if (this.#roots.has(file)) return;
    this.#roots.add(file);
    this.#changed();
  }

  /** Adds (or replaces) a root file whose text lives in memory. */
  addMemoryRoot(file: string, text: string): void {
    this.#memory.set(file, text);
    this.#parsed.delete(file);
    this.#roots.add(file);
    this.#changed();
  }

  /** Reads `file` again from disk at the next program. */
  refresh(file: string): void {
    if (this.#parsed.delete(file)) this.#changed();
  }

  /** Forgets every root and parsed file at or under `path` (deleted from disk). */
  remove(path: string): void {
    for (const file of [...this.#roots]) {
      if (isWithin(file, path) && !this.#memory.has(file)) this.#roots.delete(file);
    }
    for (const file of [...this.#parsed.keys()]) {
      if (isWithin(file, path) && !this.#memory.has(file)) this.#parsed.delete(file);
    }
    this.#changed();
  }

  #changed(): void {
    this.#program = undefined;
  }

  #createHost(options: ts.CompilerOptions): ts.CompilerHost {
    const host = ts.createCompilerHost(options, true);
    const readFile = host.readFile.bind(host);
    const fileExists = host.fileExists.bind(host);
    const read = (file: string): string | undefined =>
      LIB_FILES.get(file) ?? this.#memory.get(file) ?? readFile(file);
    host.getDefaultLibLocation = () => libFolderInMemoryPath;
    host.getDefaultLibFileName = (o) => join(libFolderInMemoryPath, ts.getDefaultLibFileName(o));
    host.fileExists = (file) => LIB_FILES.has(file) || this.#memory.has(file) || fileExists(file);
    host.readFile = read;
    host.getSourceFile = (fileName, target) => {
      const file = resolve(fileName);
      const kept = this.#parsed.get(file);
      if (kept !== undefined) return kept;
      const text = read(file);
      if (text === undefined) return undefined;
      const languageVersion = typeof target === 'object' ? target : { languageVersion: target };
      const parsed = ts.createSourceFile(
        fileName,
        text,
        {
          ...languageVersion,
          jsDocParsingMode: skipsDocs(file)
            ? ts.JSDocParsingMode.ParseNone
            : ts.JSDocParsingMode.ParseAll,
        },
        true,
      );
      this.#parsed.set(file, parsed);
      return parsed;
    };
    const directoryExists = host.directoryExists?.bind(host);
    host.directoryExists = (dir) =>
      dir === libFolderInMemoryPath || (directoryExists?.(dir) ?? true);
    return host;
  }
}
