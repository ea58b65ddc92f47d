/**
 * `fwgen --src <dir> --out <file> [--project <tsconfig>] [--check] [--watch]` (API.md section 8).
 * Parses the flags with commander (never letting it exit), then writes, checks or watches, and
 * returns the exit code: 0 written or up to date, 1 `--check` found the output missing or stale,
 * 2 diagnostics, usage errors or any other failure.
 */
import { createRequire } from 'node:module';
import { Command, CommanderError, Option } from 'commander';
import { formatMissing, formatStale } from './check.js';
import { type Engine, loadEngine } from './engine.js';
import { counts, errorLine, formatDiagnostics } from './format.js';
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
  /** Write nothing; exit 1 when `--out` is missing or stale. Not with `--watch`. @default false */
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

const USAGE = '--src <dir> --out <file> [--project <tsconfig>] [--check] [--watch]';
const FOOTER = `
Paths resolve against the current directory. Exit codes: 0 written or up to date, 1 --check found
the output missing or stale, 2 diagnostics or a usage error.`;

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
    const engine = await (deps.engine ?? loadEngine)();
    if (options.watch) return await watchUntilStopped(project, engine, io);
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
    .addOption(
      new Option('--check', 'write nothing; exit 1 if --out is missing or stale').conflicts(
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
  return EXIT.ok;
}

async function check(generator: Generator, project: Project, io: Io): Promise<number> {
  const result = await generator.check();
  const out = display(project, project.out);
  switch (result.status) {
    case 'failed':
      io.stderr.write(formatDiagnostics(result.diagnostics, project));
      return EXIT.error;
    case 'current':
      io.stdout.write(`fwgen: ${out} is up to date\n`);
      return EXIT.ok;
    case 'missing':
      io.stderr.write(formatMissing(out));
      return EXIT.stale;
    case 'stale':
      io.stderr.write(formatStale(out, result.report));
      return EXIT.stale;
  }
}

async function watchUntilStopped(project: Project, engine: Engine, io: Io): Promise<number> {
  const watcher = watch({
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
