/**
 * `fwgen --src <dir> --out <file> [--project <tsconfig>] [--openapi <file>] [--asyncapi <file>]
 * [--client <file>] [--client-events <file>] [--check] [--watch]` (API.md section 8).
 * Parses the flags with commander (never letting it exit), then writes, checks or watches, and
 * returns the exit code: 0 written or up to date, 1 `--check` found the output missing or stale,
 * 2 diagnostics, usage errors or any other failure.
 */
import { createRequire } from 'node:module';
import { Command, CommanderError, Option } from 'commander';
import { formatMissing, formatStale, formatStaleDocument } from './check.js';
import { checkDocumentPaths } from './documents.js';
import { type Engine, loadEngine } from './engine.js';
import { counts, errorLine, formatDiagnostics, formatWarnings } from './format.js';
import { Generator } from './generate.js';
import type { Io } from './io.js';
import { display, type Project, resolveProject } from './project.js';
import { watch } from './watch.js';

/** fwgen's flags after parsing. */
export interface CliOptions {
  /** The folder whose `.ts` files (recursively, not `.d.ts`) are searched for controllers. Required. */
  readonly src: string;
  /** The module to write. Required. */
  readonly out: string;
  /** The tsconfig the application compiles with; its folder is the project root. @default 'tsconfig.json' */
  readonly project: string;
  /** Also write the OpenAPI 3.1 document of the HTTP routes here (`.json`, `.yaml` or `.yml`). */
  readonly openapi?: string;
  /** Also write the AsyncAPI 3.0 document of the consumers and gateways here. */
  readonly asyncapi?: string;
  /** Also write the typed client of the HTTP routes and gateways here (a `.ts` module). */
  readonly client?: string;
  /** Also write the typed publisher of the app's events here (a `.ts` module, Node only). */
  readonly clientEvents?: string;
  /** The documents' `info.title`. @default the nearest package.json's `name` */
  readonly title?: string;
  /** The documents' `info.version`. @default the nearest package.json's `version` */
  readonly apiVersion?: string;
  /** The documents' `info.description`. @default the nearest package.json's `description` */
  readonly description?: string;
  /** Write nothing; exit 1 when an output is missing or stale. Not with `--watch`. @default false */
  readonly check?: boolean;
  /** Generate, then regenerate whenever a file under `--src` or the tsconfig changes. @default false */
  readonly watch?: boolean;
}

/** What `main` uses besides its streams; tests pass a fake engine. */
export interface MainDeps {
  /** @default loadEngine, the real analyzer and emitter */
  readonly engine?: () => Promise<Engine>;
}

/** The exit codes of fwgen. */
export const EXIT = { ok: 0, stale: 1, error: 2 } as const;

const USAGE =
  '--src <dir> --out <file> [--project <tsconfig>] [--openapi <file>] [--asyncapi <file>] [--client <file>] [--client-events <file>] [--check] [--watch]';
const FOOTER = `
Paths resolve against the current directory. A document is JSON or YAML by its extension; its
info comes from the nearest package.json of the project unless --title, --api-version or
--description is given.
Exit codes: 0 written or up to date, 1 --check found an output missing or stale, 2 diagnostics or
a usage error.`;

/** Runs fwgen with `argv` (without `node` and the script) and returns the exit code. */
export async function main(argv: readonly string[], io: Io, deps: MainDeps = {}): Promise<number> {
  let options: CliOptions;
  try {
    options = program(io)
      .parse([...argv], { from: 'user' })
      .opts<CliOptions>();
  } catch (err) {
    if (err instanceof CommanderError) return err.exitCode === 0 ? EXIT.ok : EXIT.error;
    throw err;
  }
  const project = resolveProject(options, io.cwd);
  try {
    checkDocumentPaths(project);
    const engine = await (deps.engine ?? loadEngine)();
    if (options.watch) return await watchUntilStopped(options, project, engine, io);
    const generator = new Generator(engine.createAnalyzer(project), engine.render, project);
    return options.check
      ? await check(generator, project, io)
      : await write(generator, project, io);
  } catch (err) {
    io.stderr.write(`${errorLine(err)}\n`);
    return EXIT.error;
  }
}

function program(io: Io): Command {
  const { version } = createRequire(import.meta.url)('fwgen/package.json') as { version: string };
  return new Command('fwgen')
    .usage(USAGE)
    .description('Generates the bindings module of an fw application from its controllers.')
    .requiredOption('--src <dir>', 'folder whose .ts files are searched for controllers')
    .requiredOption('--out <file>', 'the TypeScript module to write (it exports `bindings`)')
    .option('--project <tsconfig>', 'the tsconfig; its folder is the project root', 'tsconfig.json')
    .option('--openapi <file>', 'also write the OpenAPI 3.1 document (.json, .yaml or .yml)')
    .option('--asyncapi <file>', 'also write the AsyncAPI 3.0 document (.json, .yaml or .yml)')
    .option('--client <file>', 'also write the typed client of the routes and gateways (.ts)')
    .option('--client-events <file>', "also write the typed publisher of the app's events (.ts)")
    .option('--title <title>', "the documents' info.title (default: package.json's name)")
    .option(
      '--api-version <version>',
      "the documents' info.version (default: package.json's version)",
    )
    .option('--description <text>', "the documents' info.description (default: package.json's)")
    .addOption(
      new Option('--check', 'write nothing; exit 1 if an output is missing or stale').conflicts(
        'watch',
      ),
    )
    .option('--watch', 'regenerate whenever a file under --src or the tsconfig changes')
    .version(version, '-V, --version', 'print the version')
    .helpOption('-h, --help', 'print this help')
    .addHelpText('after', FOOTER)
    .allowExcessArguments(false)
    .exitOverride()
    .configureOutput({
      writeOut: (text) => io.stdout.write(text),
      writeErr: (text) => io.stderr.write(text),
      outputError: (text, write) => write(usageError(text)),
      getOutHelpWidth: () => 100,
      getErrHelpWidth: () => 100,
      getOutHasColors: () => false,
      getErrHasColors: () => false,
    });
}

/** `fwgen: <commander's message>`, the usage line, and where to read more. */
function usageError(text: string): string {
  const message = text.trim().replace(/^error: /, '');
  return `fwgen: ${message}\nUsage: fwgen ${USAGE}\nRun fwgen --help for what each flag does.\n`;
}

async function write(generator: Generator, project: Project, io: Io): Promise<number> {
  const result = await generator.write();
  const out = display(project, project.out);
  if (result.status === 'failed') {
    io.stderr.write(formatDiagnostics(result.diagnostics, project));
    return EXIT.error;
  }
  io.stdout.write(
    result.status === 'written'
      ? `fwgen: wrote ${out} (${counts(result.model)})\n`
      : `fwgen: ${out} is up to date\n`,
  );
  for (const d of result.documents) {
    const path = display(project, d.path);
    io.stdout.write(d.written ? `fwgen: wrote ${path}\n` : `fwgen: ${path} is up to date\n`);
  }
  io.stderr.write(formatWarnings(result.warnings, project));
  return EXIT.ok;
}

async function check(generator: Generator, project: Project, io: Io): Promise<number> {
  const result = await generator.check();
  if (result.status === 'failed') {
    io.stderr.write(formatDiagnostics(result.diagnostics, project));
    return EXIT.error;
  }
  const out = display(project, project.out);
  io.stderr.write(formatWarnings(result.warnings, project));
  let code: number = EXIT.ok;
  if (result.status === 'current') io.stdout.write(`fwgen: ${out} is up to date\n`);
  else {
    io.stderr.write(
      result.status === 'stale' ? formatStale(out, result.report) : formatMissing(out),
    );
    code = EXIT.stale;
  }
  for (const d of result.documents) {
    const path = display(project, d.path);
    if (d.status === 'current') io.stdout.write(`fwgen: ${path} is up to date\n`);
    else {
      io.stderr.write(
        d.status === 'missing' ? formatMissing(path) : formatStaleDocument(path, d.lines ?? ''),
      );
      code = EXIT.stale;
    }
  }
  return code;
}

async function watchUntilStopped(
  options: CliOptions,
  project: Project,
  engine: Engine,
  io: Io,
): Promise<number> {
  const { openapi, asyncapi, client, clientEvents, title, apiVersion, description } = options;
  const watcher = watch({
    openapi,
    asyncapi,
    client,
    clientEvents,
    title,
    apiVersion,
    description,
    src: project.src,
    out: project.out,
    project: project.tsconfig,
    cwd: io.cwd,
    engine,
    stdout: io.stdout,
    stderr: io.stderr,
  });
  const signals = io.signals ?? process;
  const stop = (): void => void watcher.close();
  signals.once('SIGINT', stop);
  signals.once('SIGTERM', stop);
  try {
    await watcher.ready;
    await watcher.closed;
    return EXIT.ok;
  } finally {
    signals.off('SIGINT', stop);
    signals.off('SIGTERM', stop);
    await watcher.close();
  }
}
