/**
 * The harness of the toolchain suite: fresh apps in a temp folder outside the repository, with `fw`
 * and `fwgen` installed from the packed tarballs (never linked), and the build tools at the versions
 * this repository locks. Each app is started as users start it and asked over a real socket.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { execa, type ResultPromise } from 'execa';
import { inject } from 'vitest';

/** The repository's root. */
export const REPO = join(import.meta.dirname, '../..');
const TEMPLATE = join(import.meta.dirname, 'app');

declare module 'vitest' {
  export interface ProvidedContext {
    /** Absolute paths of the packed tarballs, made once by `pack.ts`. */
    tarballs: Tarballs;
  }
}

/** The tarballs `pack.ts` made for this run (absolute paths), and the temp folder of the apps. */
export interface Tarballs {
  readonly fw: string;
  readonly fwgen: string;
  readonly create: string;
  readonly root: string;
}

/** The tarballs `pack.ts` made for this run, and the temp folder every app goes in. */
export function tarballs(): Tarballs {
  return inject('tarballs');
}

/** The version of `name` this repository has installed (its lockfile's), for the apps' installs. */
export function lockedVersion(name: string): string {
  const manifest = join(REPO, 'node_modules', name, 'package.json');
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
}

/** A fresh app folder with the template's sources, its own package.json, nothing installed. */
export interface FreshApp {
  readonly dir: string;
  /** Runs `command` in the app's folder; resolves with its result, never rejects on exit codes. */
  run(command: string, args: readonly string[]): Promise<RunResult>;
  /** Installs `deps` (and `devDeps`) with npm, from the tarballs and the registry's cache. */
  install(
    deps: readonly string[],
    devDeps?: readonly string[],
    flags?: readonly string[],
  ): Promise<void>;
}

/** What a finished command printed. */
export interface RunResult {
  readonly exitCode: number | undefined;
  readonly stdout: string;
  readonly stderr: string;
}

/** Copies the template app into `<root>/<name>`, a folder outside the repository. */
export function freshApp(name: string): FreshApp {
  const dir = join(tarballs().root, name);
  if (!relative(REPO, dir).startsWith('..')) throw new Error(`${dir} is inside the repository`);
  cpSync(TEMPLATE, dir, { recursive: true });
  writeFileSync(
    join(dir, 'package.json'),
    `${JSON.stringify({ name: `fw-toolchain-${name}`, private: true, type: 'module' }, null, 2)}\n`,
  );
  return appAt(dir);
}

/** The app in `dir`, a folder outside the repository that holds its package.json. */
export function appAt(dir: string): FreshApp {
  if (!relative(REPO, dir).startsWith('..')) throw new Error(`${dir} is inside the repository`);
  const run = async (command: string, args: readonly string[]): Promise<RunResult> => {
    const r = await execa(command, args, { cwd: dir, reject: false, env: { NO_COLOR: '1' } });
    return { exitCode: r.exitCode, stdout: String(r.stdout), stderr: String(r.stderr) };
  };
  return {
    dir,
    run,
    async install(deps, devDeps = [], flags = []) {
      const npm = (list: readonly string[], extra: readonly string[]) =>
        run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', ...extra, ...list]);
      for (const [list, extra] of [
        [deps, flags],
        [devDeps, ['--save-dev', ...flags]],
      ] as const) {
        if (list.length === 0) continue;
        const r = await npm(list, extra);
        if (r.exitCode !== 0) throw new Error(`npm install in ${dir} failed:\n${r.stderr}`);
      }
    },
  };
}

/** A started server: its port, what it printed so far, and how to stop it. */
export interface Served {
  readonly port: number;
  /**
   * Resolves once the output holds `text` (at most 10 s): a log line written after its response
   * was sent. Under tsx, fw's source map is read at the first stack printed, which takes a while.
   */
  printed(text: string): Promise<void>;
  /** Stops the process (SIGTERM, which the app answers by closing) and resolves with its output. */
  stop(): Promise<string>;
}

/** How {@link serve} starts a command. */
export interface ServeOptions {
  /** Added to the environment. */
  readonly env?: Readonly<Record<string, string>>;
  /**
   * Start it in a process group of its own and stop the whole group, as Ctrl+C in a terminal
   * does: `npm start` does not pass SIGTERM on to the script it runs, which would outlive it.
   */
  readonly group?: boolean;
}

/** Starts `command` in `app`'s folder and waits for its `listening on http://127.0.0.1:<port>`. */
export async function serve(
  app: FreshApp,
  command: string,
  args: readonly string[],
  options: ServeOptions = {},
): Promise<Served> {
  const group = options.group === true;
  const child: ResultPromise = execa(command, args, {
    cwd: app.dir,
    reject: false,
    all: true,
    detached: group,
    env: { NO_COLOR: '1', ...options.env },
  });
  let output = '';
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no port after 90 s:\n${output}`)), 90_000);
    child.all?.on('data', (chunk: Buffer) => {
      output += String(chunk);
      const m = /listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(output);
      if (m !== null) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    });
    void child.then((r) => {
      clearTimeout(timer);
      reject(new Error(`${command} exited ${String(r.exitCode)} before listening:\n${output}`));
    });
  });
  return {
    port,
    async printed(text) {
      for (const start = Date.now(); !output.includes(text) && Date.now() - start < 10_000; ) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    async stop() {
      if (group && child.pid !== undefined) process.kill(-child.pid, 'SIGTERM');
      else child.kill('SIGTERM');
      await child;
      return output;
    },
  };
}

/** The JSON lines of `output` (a log), each parsed; other lines are skipped. */
export function jsonLines(output: string): Record<string, unknown>[] {
  return output.split('\n').flatMap((line) => {
    if (!line.startsWith('{')) return [];
    try {
      return [JSON.parse(line) as Record<string, unknown>];
    } catch {
      return [];
    }
  });
}

/** Creates the folder every app of this run goes in (removed by `pack.ts` when the run ends). */
export function tempRoot(): string {
  return mkdtempSync(join(tmpdir(), 'fw-toolchains-'));
}

/** Removes a folder and everything in it. */
export function removeDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}
