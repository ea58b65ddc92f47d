#!/usr/bin/env node
/**
 * `fwgen`: the bindings generator (API.md section 8). The name is reserved in package.json; the
 * generator itself is issue 3. Until then it says so and exits with the usage-error code.
 */
process.stderr.write(
  'fwgen: the generator is not implemented yet (issue 3); write bindings by hand\n',
);
process.exitCode = 2;
