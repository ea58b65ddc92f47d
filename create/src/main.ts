/** The scaffolder's command: checks the command line, writes the app, says what to type next. */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseRequest, USAGE, USAGE_LINE, UsageError } from './args.js';
import { scaffold } from './scaffold.js';

/** Where the command writes; a test passes its own. */
export interface Io {
  readonly cwd: string;
  readonly stdout: { write(text: string): unknown };
  readonly stderr: { write(text: string): unknown };
}

/** The template folder and this package's version, beside `src/` and `dist/` alike. */
const TEMPLATE = fileURLToPath(new URL('../template', import.meta.url));
const VERSION = (
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
    version: string;
  }
).version;

/** Runs `create-fw argv`; answers the exit code: 0 created, 2 a usage error. */
export function main(argv: readonly string[], io: Io): number {
  let request: ReturnType<typeof parseRequest>;
  try {
    request = parseRequest(argv, io.cwd, VERSION);
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    io.stderr.write(`create-fw: ${err.message}\n${USAGE_LINE}\n`);
    return 2;
  }
  if (request === 'help') {
    io.stdout.write(`${USAGE}\n`);
    return 0;
  }
  scaffold(TEMPLATE, request);
  io.stdout.write(
    `create-fw: created ${request.name} in ${request.folder} (fw ${request.fw}, fwgen ${request.fwgen})

  cd ${request.folder}
  npm install
  npm start     # builds (fwgen, then tsc) and serves http://127.0.0.1:3000
  npm test      # fwgen --check, tsc --noEmit, vitest
`,
  );
  return 0;
}
