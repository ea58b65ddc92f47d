#!/usr/bin/env node
/** `create-fw` (`npm create fw@latest <folder>`): the only code that sets the exit code. */
import { main } from './main.js';

process.exitCode = main(process.argv.slice(2), {
  cwd: process.cwd(),
  stdout: process.stdout,
  stderr: process.stderr,
});
