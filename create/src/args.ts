/**
 * The scaffolder's command line, checked before anything is written: one target folder that is
 * missing or empty, a valid package name, and the specs of `fw` and `fwgen` the app depends on.
 */
import { readdirSync, statSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { parseArgs } from 'node:util';

/** A command line the scaffolder refuses, with the sentence it prints. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/** What to create, and where. */
export interface Request {
  /** The folder as the user typed it, for messages. */
  readonly folder: string;
  /** The folder, absolute. */
  readonly target: string;
  /** The app's package name: `--name`, or the folder's own name. */
  readonly name: string;
  /** The dependency specs of `fw` and `fwgen` (a version, a range, a tarball, a `file:` path). */
  readonly fw: string;
  readonly fwgen: string;
}

/** The line printed under a usage error. */
export const USAGE_LINE =
  'Usage: npm create fw@latest <folder>   (create-fw --help lists the options)';

/** The command line's help, printed by `--help` and after a usage error. */
export const USAGE = `Usage: npm create fw@latest <folder> [-- --name <name> --fw <spec> --fwgen <spec>]
       create-fw <folder> [--name <name>] [--fw <spec>] [--fwgen <spec>]

Creates an fw app in <folder>, which must not exist or be empty.

Options:
  --name <name>    the app's package name (default: the folder's name)
  --fw <spec>      what the app's package.json names for fw (default: this version of create-fw)
  --fwgen <spec>   the same for fwgen: a version, a range, a tarball or a file: path
  -h, --help       print this help`;

/**
 * npm's rule for a new package's name: lowercase, URL-safe, optionally scoped, not starting with a
 * dot or an underscore, at most 214 characters (validate-npm-package-name).
 */
const PACKAGE_NAME = /^(?:@[a-z0-9-~][a-z0-9-._~]*\/)?[a-z0-9-~][a-z0-9-._~]*$/;
const RESERVED = new Set(['node_modules', 'favicon.ico']);

/** Why `name` cannot name a package, or `undefined` when it can. */
export function invalidName(name: string): string | undefined {
  if (name.length > 214) return 'is longer than 214 characters';
  if (RESERVED.has(name)) return 'is reserved by npm';
  if (!PACKAGE_NAME.test(name)) {
    return "must be lowercase letters, digits, '-', '.', '_' and '~', not start with '.' or '_'";
  }
  return undefined;
}

/** The request `argv` asks for, `'help'` for `--help`; throws {@link UsageError} otherwise. */
export function parseRequest(
  argv: readonly string[],
  cwd: string,
  version: string,
): Request | 'help' {
  const { values, positionals } = readArgs(argv);
  if (values.help === true) return 'help';
  if (positionals.length === 0) {
    throw new UsageError('name the folder to create the app in: npm create fw@latest <folder>');
  }
  if (positionals.length > 1) {
    throw new UsageError(
      `one folder expected, got ${positionals.length}: ${positionals.join(' ')}; options go after --`,
    );
  }
  const folder = positionals[0] as string;
  const target = resolve(cwd, folder);
  const name = values.name ?? basename(target);
  const why = invalidName(name);
  if (why !== undefined) {
    const fix = values.name === undefined ? '; pass --name <name> to name the app otherwise' : '';
    throw new UsageError(`the app's name '${name}' ${why}${fix}`);
  }
  checkTarget(folder, target);
  return {
    folder,
    target,
    name,
    fw: spec('--fw', values.fw, version),
    fwgen: spec('--fwgen', values.fwgen, version),
  };
}

function readArgs(argv: readonly string[]) {
  try {
    return parseArgs({
      args: [...argv],
      allowPositionals: true,
      options: {
        name: { type: 'string' },
        fw: { type: 'string' },
        fwgen: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
}

function spec(option: string, given: string | undefined, version: string): string {
  if (given === undefined) return version;
  if (given.trim() === '') {
    throw new UsageError(`${option} needs a spec: a version, a tarball or a path`);
  }
  return given;
}

/** The target must not exist, or be an empty folder: the scaffolder never overwrites a file. */
function checkTarget(folder: string, target: string): void {
  const stat = statSync(target, { throwIfNoEntry: false });
  if (stat === undefined) return;
  if (!stat.isDirectory()) throw new UsageError(`${folder} already exists and is not a folder`);
  if (readdirSync(target).length > 0) {
    throw new UsageError(`${folder} already exists and is not empty; choose another folder`);
  }
}
