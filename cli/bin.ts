#!/usr/bin/env node
/** `fwgen`: the bindings generator (API.md section 8). The only code that sets the exit code. */
import { main } from './main.js';

process.exitCode = await main(process.argv.slice(2), {
  cwd: process.cwd(),
  stdout: process.stdout,
  stderr: process.stderr,
});
